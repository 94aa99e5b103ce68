import { describe, expect, it } from "vitest";
import { paymentMethodCall } from "./payment-method-call.ts";

describe("paymentMethodCall: the API call a post of /mypage/payment-method makes", () => {
  it("sends only the tokens of a card, never what else the post carries", () => {
    const call = paymentMethodCall({
      intent: "registerCard",
      token: "t",
      tokenKey: "k",
      tds2infoToken: "t2",
      tds2infoTokenKey: "k2",
      cardNumber: "4242424242424242",
    });
    expect(call).toEqual({
      path: "/zapi/account/payment-method/credit",
      init: {
        method: "POST",
        body: { token: "t", tokenKey: "k", tds2infoToken: "t2", tds2infoTokenKey: "k2" },
      },
      about: "register",
    });
  });

  it("takes PayPal and the carriers from the script's intents and from a post without the script", () => {
    for (const post of [
      { intent: "paypal" },
      { paymentMethodType: "PaypalRest" },
      { paymentMethodType: "PaypalNvp" },
    ]) {
      expect(paymentMethodCall(post)).toMatchObject({
        path: "/zapi/account/payment-method/paypal",
        init: { method: "GET" },
      });
    }
    for (const post of [
      { intent: "link", paymentMethodType: "SbpsDocomo" },
      { paymentMethodType: "SbpsPaypay" },
    ]) {
      expect(paymentMethodCall(post)).toMatchObject({
        path: "/zapi/account/payment-method/link",
        init: { method: "POST", body: { paymentMethodType: post.paymentMethodType } },
      });
    }
  });

  it("asks for the script for a card posted without it, and makes no call for anything else", () => {
    expect(paymentMethodCall({ paymentMethodType: "SbpsCredit" })).toBe("needsScript");
    for (const post of [
      {},
      { intent: "link", paymentMethodType: "SbpsCredit" },
      { intent: "link", paymentMethodType: "PaypalRest" },
      { paymentMethodType: "CampaignCode" },
      { paymentMethodType: "Cash" },
      { intent: "delete" },
      { intent: "other" },
    ]) {
      expect(paymentMethodCall(post), JSON.stringify(post)).toBeNull();
    }
  });

  it("deletes by the posted id, encoded into the path", () => {
    expect(paymentMethodCall({ intent: "delete", accountPaymentMethodId: "a/../b" })).toEqual({
      path: "/zapi/account/payment-method/a%2F..%2Fb",
      init: { method: "DELETE" },
      about: "delete",
    });
  });

  it("carries the purchase form to go back to into every registration, and into no deletion", () => {
    const form = "/plans/standard-monthly";
    const card = paymentMethodCall({ intent: "registerCard", token: "t", tokenKey: "k" }, form);
    expect(card !== "needsScript" && card?.init.body).toMatchObject({ returnTo: form });
    expect(paymentMethodCall({ intent: "paypal" }, form)).toMatchObject({
      path: "/zapi/account/payment-method/paypal?returnTo=%2Fplans%2Fstandard-monthly",
    });
    const link = paymentMethodCall({ paymentMethodType: "SbpsDocomo" }, form);
    expect(link !== "needsScript" && link?.init.body).toEqual({
      paymentMethodType: "SbpsDocomo",
      returnTo: form,
    });
    expect(paymentMethodCall({ intent: "delete", accountPaymentMethodId: "a" }, form)).toMatchObject({
      init: { method: "DELETE" },
    });
  });
});
