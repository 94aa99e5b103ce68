/** Payment forms: method selection (spec §4 Payment method selection), card entry, invoice addressee. */
import type { FieldSpec } from "../rules.ts";
import {
  campaignCodeField,
  cardExpiryMonthField,
  cardExpiryYearField,
  cardNumberField,
  invoiceAddresseeField,
  securityCodeField,
} from "../rules.ts";
import type { PaymentMethodType } from "../types/payment-method.gen.ts";
import { type ConditionalFields, composeForm, type FormField } from "./compose.ts";
import { memoizeByVersion } from "./memoize.ts";

/** Every payment method type of spec §3, in the spec's order. */
export const PAYMENT_METHOD_TYPES: readonly PaymentMethodType[] = [
  "CampaignCode",
  "PaypalNvp",
  "PaypalRest",
  "SbpsAuSimple",
  "SbpsAuone",
  "SbpsCredit",
  "SbpsDocomo",
  "SbpsPaypay",
  "SbpsSoftbank",
  "SbpsSoftbankYahoo",
];

export function isPaymentMethodType(value: unknown): value is PaymentMethodType {
  return PAYMENT_METHOD_TYPES.includes(value as PaymentMethodType);
}

export const CARD_TYPE = "SbpsCredit" satisfies PaymentMethodType;
export const CAMPAIGN_CODE_TYPE = "CampaignCode" satisfies PaymentMethodType;
/** PayPal's two integrations; the REST one first, where a store offers both. */
export const PAYPAL_TYPES: readonly PaymentMethodType[] = ["PaypalRest", "PaypalNvp"];

/**
 * How a chosen type is registered (spec §7): the card through the provider's token script
 * (POST /payment-method/credit), a campaign code with the purchase, PayPal through
 * GET /payment-method/paypal, and every carrier type through POST /payment-method/link.
 */
export type PaymentFlow = "card" | "campaignCode" | "paypal" | "redirectLink";

export function paymentFlowOf(type: PaymentMethodType): PaymentFlow {
  if (type === CARD_TYPE) return "card";
  if (type === CAMPAIGN_CODE_TYPE) return "campaignCode";
  return PAYPAL_TYPES.includes(type) ? "paypal" : "redirectLink";
}

/**
 * Where a registration started from a purchase form goes back to (issue 43): that plan's form,
 * and nowhere else, so that the parameter cannot send the member off the site or into my page.
 * The plan id has the catalogue's pattern (schemas/catalogue/plan-catalogue.schema.json).
 */
export const PAYMENT_RETURN_PATTERN = "^/(signup/)?plans/[A-Za-z0-9_-]{1,64}$";
const PAYMENT_RETURN = new RegExp(PAYMENT_RETURN_PATTERN);

/** `value` when it is a plan's purchase form, else null (absent, foreign or malformed). */
export function paymentReturnPath(value: unknown): string | null {
  return typeof value === "string" && PAYMENT_RETURN.test(value) ? value : null;
}

/** The card fields, shared by the card entry form and the card branch of the method selection. */
function cardFields(): FormField[] {
  return [
    { name: "cardNumber", spec: cardNumberField(), required: true },
    { name: "expiryMonth", spec: cardExpiryMonthField("expiryYear"), required: true },
    { name: "expiryYear", spec: cardExpiryYearField(), required: true },
    { name: "securityCode", spec: securityCodeField("cardNumber"), required: true },
  ];
}

/**
 * Card entry. The numbers never reach our API: the provider's token script turns them into a
 * token in the browser, so this form is validated only there.
 */
export const buildCardForm = memoizeByVersion((_input: Record<string, never>) =>
  composeForm({ id: "payment.card", fields: cardFields() }),
);

function paymentMethodTypeField(types: readonly PaymentMethodType[]): FieldSpec {
  const message = "validation.paymentMethod.required";
  return {
    schema: {
      title: "field.paymentMethodType",
      type: "string",
      enum: [...types],
      errorMessage: { enum: message },
    },
    ui: {
      "ui:widget": "paymentMethodType",
      "ui:options": { labelKey: true, enumNamesKeys: true },
      "ui:enumNames": types.map((type) => `field.paymentMethodTypes.${type}`),
    },
    requiredMessage: message,
  };
}

export interface PaymentMethodFormInput {
  /** The store's payment methods offered on this screen, in display order. */
  types: PaymentMethodType[];
}

/**
 * Choose a type and its sub-form shows: card fields for the card type, the campaign code for the
 * campaign type, nothing more for PayPal and the carrier (redirect-link) types. Submit stays
 * disabled until a type is chosen.
 */
export const buildPaymentMethodForm = memoizeByVersion(({ types }: PaymentMethodFormInput) => {
  const conditional: ConditionalFields[] = [];
  if (types.includes(CARD_TYPE))
    conditional.push({ when: { field: "paymentMethodType", values: [CARD_TYPE] }, fields: cardFields() });
  if (types.includes(CAMPAIGN_CODE_TYPE)) {
    conditional.push({
      when: { field: "paymentMethodType", values: [CAMPAIGN_CODE_TYPE] },
      fields: [{ name: "campaignCode", spec: campaignCodeField(), required: true }],
    });
  }
  return composeForm({
    id: "payment.method",
    fields: [{ name: "paymentMethodType", spec: paymentMethodTypeField(types), required: true }],
    conditional,
    uiOptions: { submitDisabledUntil: "filled" },
  });
});

export const HONORIFICS = ["none", "person", "group"] as const;
export type Honorific = (typeof HONORIFICS)[number];

/**
 * The invoice dialog: tick "specify addressee" to enter the addressee (then required) and choose
 * an honorific (none, 様, 御中).
 */
export const buildInvoiceAddresseeForm = memoizeByVersion((_input: Record<string, never>) =>
  composeForm({
    id: "invoice.addressee",
    fields: [
      {
        name: "specifyAddressee",
        spec: {
          schema: { title: "field.specifyAddressee", type: "boolean", default: false },
          ui: { "ui:widget": "checkbox", "ui:options": { labelKey: true } },
          requiredMessage: "validation.generic.required",
        },
        required: false,
      },
    ],
    conditional: [
      {
        when: { field: "specifyAddressee", values: [true] },
        fields: [
          { name: "addressee", spec: invoiceAddresseeField(), required: true },
          {
            name: "honorific",
            spec: {
              schema: { title: "field.honorific", type: "string", enum: [...HONORIFICS], default: "none" },
              ui: {
                "ui:widget": "radio",
                "ui:options": { labelKey: true, enumNamesKeys: true },
                "ui:enumNames": HONORIFICS.map((honorific) => `field.honorificOptions.${honorific}`),
              },
              requiredMessage: "validation.input.selectRequired",
            },
            required: false,
          },
        ],
      },
    ],
  }),
);
