/**
 * The purchase form (spec §2 /plans/{planId}, §7 POST /zapi/purchase/verify/{planId}): what pays —
 * a saved method or the payment code —, a campaign code (required when the code pays), and the
 * plan's survey. Its payload is {paymentMethodId, campaignCode, survey}.
 */
import type { PurchasePaymentChoice } from "../form-definition.ts";
import { campaignCodeField, purchasePaymentField } from "../rules.ts";
import type { Survey } from "../types/survey.gen.ts";
import type { SurveyAnswers } from "../types/survey-answers.gen.ts";
import { composeForm, type FormField } from "./compose.ts";
import { memoizeByVersion } from "./memoize.ts";
import { fromSurveyAnswers, surveyFields, toSurveyAnswers } from "./survey.ts";

/** The choice that pays with the campaign code itself (a 100 % "payment" code). */
export const PAY_WITH_CODE = "CampaignCode";

export interface PurchaseFormInput {
  choices: PurchasePaymentChoice[];
  survey: Survey | null;
  /** A change of the member's subscription (ADR 0042): it takes no campaign code. */
  planChange?: boolean;
}

export const buildPurchaseForm = memoizeByVersion(({ choices, survey, planChange }: PurchaseFormInput) => {
  const method: FormField = { name: "paymentMethodId", spec: purchasePaymentField(choices), required: true };
  const surveyed = survey ? surveyFields(survey) : [];
  const uiOptions = { submitDisabledUntil: "filled" } as const;
  if (planChange) return composeForm({ id: "purchase", fields: [method, ...surveyed], uiOptions });
  const campaignCode: FormField = { name: "campaignCode", spec: campaignCodeField(), required: false };
  return composeForm({
    id: "purchase",
    fields: [method, campaignCode, ...surveyed],
    conditional: [
      {
        when: { field: "paymentMethodId", values: [PAY_WITH_CODE] },
        fields: [],
        alsoRequired: [campaignCode],
      },
    ],
    uiOptions,
  });
});

export interface PurchasePayload {
  paymentMethodId: string | null;
  campaignCode: string | null;
  survey: SurveyAnswers;
}

/** The request body of spec §7 from the form's (normalised) data. */
export function toPurchasePayload(survey: Survey | null, data: Record<string, unknown>): PurchasePayload {
  const method = typeof data.paymentMethodId === "string" ? data.paymentMethodId : null;
  return {
    paymentMethodId: method === PAY_WITH_CODE ? null : method,
    campaignCode: typeof data.campaignCode === "string" ? data.campaignCode : null,
    survey: survey ? toSurveyAnswers(survey, data) : [],
  };
}

/** The form's data from a request body, for the API to check it with the same form. */
export function fromPurchasePayload(body: {
  paymentMethodId?: string | null;
  campaignCode?: string | null;
  survey?: SurveyAnswers;
}): Record<string, unknown> {
  return {
    paymentMethodId: body.paymentMethodId || PAY_WITH_CODE,
    ...(body.campaignCode ? { campaignCode: body.campaignCode } : {}),
    ...fromSurveyAnswers(body.survey ?? []),
  };
}

/** A 3-D Secure token as tds2.js gives it: opaque, put in by the page, never typed. */
function threeDSecureField(title: string): FormField["spec"] {
  return {
    schema: { title, type: "string", maxLength: 4096 },
    ui: { "ui:widget": "hidden", "ui:options": { labelKey: true, normalize: "raw" } },
    // Never required: a page without JavaScript sends none, and the API says what that means.
    requiredMessage: "validation.generic.required",
  };
}

/**
 * The confirm page's button: the token it spends comes from the screen data (spec §4 Purchase).
 * For a card, the page puts the browser's 3-D Secure token in the two hidden fields on submit
 * (app/components/plans/three-d-secure-form.tsx); the API charges the card with it.
 */
export const buildPurchaseConfirmForm = memoizeByVersion((_input: Record<string, never>) =>
  composeForm({
    id: "purchase.confirm",
    fields: [
      { name: "tds2infoToken", spec: threeDSecureField("field.threeDSecureToken"), required: false },
      { name: "tds2infoTokenKey", spec: threeDSecureField("field.threeDSecureTokenKey"), required: false },
    ],
  }),
);
