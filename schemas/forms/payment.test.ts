import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FieldUiSchema } from "../form-definition.ts";
import creditRequest from "../requests/payment-method-credit-request.schema.json" with { type: "json" };
import linkRequest from "../requests/payment-method-link-request.schema.json" with { type: "json" };
import { errorsOf } from "../test-helpers.ts";
import {
  buildCardForm,
  buildInvoiceAddresseeForm,
  buildPaymentMethodForm,
  PAYMENT_RETURN_PATTERN,
  paymentFlowOf,
  paymentReturnPath,
} from "./payment.ts";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-04-15T03:00:00Z"));
});
afterEach(() => vi.useRealTimers());

const card = { cardNumber: "4111 1111 1111 1111", expiryMonth: "12", expiryYear: "28", securityCode: "123" };

describe("buildPaymentMethodForm", () => {
  const form = buildPaymentMethodForm(
    { types: ["SbpsCredit", "CampaignCode", "PaypalRest", "SbpsDocomo"] },
    "test",
  );

  it("offers the store's types with translated names, and keeps submit disabled until one is chosen", () => {
    expect(form.schema.properties?.paymentMethodType).toMatchObject({
      enum: ["SbpsCredit", "CampaignCode", "PaypalRest", "SbpsDocomo"],
    });
    expect(form.uiSchema.paymentMethodType as FieldUiSchema).toMatchObject({
      "ui:widget": "paymentMethodType",
      "ui:enumNames": [
        "field.paymentMethodTypes.SbpsCredit",
        "field.paymentMethodTypes.CampaignCode",
        "field.paymentMethodTypes.PaypalRest",
        "field.paymentMethodTypes.SbpsDocomo",
      ],
    });
    expect(form.uiSchema["ui:options"]).toEqual({ submitDisabledUntil: "filled" });
    expect(errorsOf(form, {})).toEqual([
      { field: "paymentMethodType", message: "お支払い方法を選択してください。" },
    ]);
    expect(errorsOf(form, { paymentMethodType: "PaypalNvp" })).toEqual([
      { field: "paymentMethodType", message: "お支払い方法を選択してください。" },
    ]);
  });

  it("asks for the card with the card type", () => {
    expect(errorsOf(form, { paymentMethodType: "SbpsCredit", ...card })).toEqual([]);
    expect(errorsOf(form, { paymentMethodType: "SbpsCredit" }).map(({ field }) => field)).toEqual([
      "cardNumber",
      "expiryMonth",
      "expiryYear",
      "securityCode",
    ]);
  });

  it("asks for the campaign code with the campaign-code type", () => {
    expect(errorsOf(form, { paymentMethodType: "CampaignCode", campaignCode: " SPRING2026 " })).toEqual([]);
    expect(errorsOf(form, { paymentMethodType: "CampaignCode" })).toEqual([
      { field: "campaignCode", message: "キャンペーンコードを入力してください" },
    ]);
  });

  it("asks nothing more for PayPal and carrier types, and refuses the fields of another type", () => {
    expect(errorsOf(form, { paymentMethodType: "PaypalRest" })).toEqual([]);
    expect(errorsOf(form, { paymentMethodType: "SbpsDocomo", campaignCode: "SPRING2026" })).toEqual([
      { field: "campaignCode", message: "この項目は入力できません。" },
    ]);
  });

  it("has no branch for a type the store does not offer", () => {
    const paypalOnly = buildPaymentMethodForm({ types: ["PaypalRest"] }, "test");
    expect(paypalOnly.schema.allOf).toBeUndefined();
    expect(paypalOnly.uiSchema["ui:order"]).toEqual(["paymentMethodType"]);
  });
});

describe("buildCardForm", () => {
  it("needs a valid number, an expiry not in the past and a security code", () => {
    const form = buildCardForm({}, "test");
    expect(errorsOf(form, card)).toEqual([]);
    expect(errorsOf(form, { ...card, expiryMonth: "03", expiryYear: "26" })).toEqual([
      { field: "expiryMonth", message: "有効期限が切れています。" },
    ]);
  });
});

describe("buildInvoiceAddresseeForm", () => {
  const form = buildInvoiceAddresseeForm({}, "test");

  it("needs the addressee only when the member chose to specify one", () => {
    expect(errorsOf(form, {})).toEqual([]);
    expect(errorsOf(form, { specifyAddressee: false })).toEqual([]);
    expect(errorsOf(form, { specifyAddressee: true })).toEqual([
      { field: "addressee", message: "宛名を入力してください" },
    ]);
    expect(errorsOf(form, { specifyAddressee: true, addressee: "あ".repeat(101) })).toEqual([
      { field: "addressee", message: "宛名は100文字以内で入力してください" },
    ]);
    expect(
      errorsOf(form, { specifyAddressee: true, addressee: "株式会社ソラミル", honorific: "group" }),
    ).toEqual([]);
  });

  it("offers the honorifics none, 様 and 御中", () => {
    expect(errorsOf(form, { specifyAddressee: true, addressee: "山田", honorific: "殿" })).toEqual([
      { field: "honorific", message: "選択肢の中から選択してください。" },
    ]);
  });
});

describe("paymentFlowOf", () => {
  it("tells how each type is registered", () => {
    expect(paymentFlowOf("SbpsCredit")).toBe("card");
    expect(paymentFlowOf("CampaignCode")).toBe("campaignCode");
    expect(paymentFlowOf("PaypalNvp")).toBe("paypal");
    expect(paymentFlowOf("PaypalRest")).toBe("paypal");
    for (const carrier of [
      "SbpsAuSimple",
      "SbpsAuone",
      "SbpsDocomo",
      "SbpsPaypay",
      "SbpsSoftbank",
      "SbpsSoftbankYahoo",
    ] as const) {
      expect(paymentFlowOf(carrier)).toBe("redirectLink");
    }
  });
});

describe("paymentReturnPath", () => {
  it("keeps a plan's purchase form, in the store or in sign-up", () => {
    expect(paymentReturnPath("/plans/standard-monthly")).toBe("/plans/standard-monthly");
    expect(paymentReturnPath("/signup/plans/premiere_pass-2")).toBe("/signup/plans/premiere_pass-2");
  });

  it("drops anything else: other sites, other pages, paths that climb, queries, non-strings", () => {
    for (const value of [
      "https://evil.example/plans/x",
      "//evil.example/plans/x",
      "/\\evil.example/plans/x",
      "/mypage",
      "/plans",
      "/plans/",
      "/plans/../mypage",
      "/plans/x/confirm",
      "/plans/x?returnTo=//evil",
      "/plans/x\n",
      `/plans/${"x".repeat(65)}`,
      "",
      null,
      ["/plans/x"],
    ]) {
      expect(paymentReturnPath(value), String(value)).toBeNull();
    }
  });

  it("is the rule the registration requests are validated with", () => {
    expect(creditRequest.properties.returnTo.pattern).toBe(PAYMENT_RETURN_PATTERN);
    expect(linkRequest.properties.returnTo.pattern).toBe(PAYMENT_RETURN_PATTERN);
  });
});
