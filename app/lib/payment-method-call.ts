/**
 * What a post of /mypage/payment-method asks the API for (routes/mypage-payment-method.tsx): the
 * page's script names an intent; a post without the script carries only the chosen type, which is
 * enough for PayPal and the carriers. Pure, so that it is tested on its own.
 */
import { isPaymentMethodType, paymentFlowOf } from "../../schemas/forms/payment.ts";
import type { ApiCallInit } from "./zapi.server.ts";

/** The intent of a saved method's delete button. */
export const DELETE_INTENT = "delete";

export type PaymentMethodPost = Record<string, unknown>;

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * The API call a post asks for, or null for a post the page never makes. `returnTo` (a plan's
 * purchase form, checked by the caller) goes with every registration, so that the API sends the
 * member back there once the method is saved.
 */
export function paymentMethodCall(
  post: PaymentMethodPost,
  returnTo: string | null = null,
): { path: string; init: ApiCallInit; about: "register" | "delete" } | "needsScript" | null {
  // The HTML form without the script posts only the chosen type: PayPal and carriers work so too.
  const intent = text(post.intent) || (post.paymentMethodType ? "choose" : "");
  const type = post.paymentMethodType;
  if (intent === "registerCard") {
    const { token, tokenKey, tds2infoToken, tds2infoTokenKey } = post;
    const body = {
      token: text(token),
      tokenKey: text(tokenKey),
      tds2infoToken: text(tds2infoToken),
      tds2infoTokenKey: text(tds2infoTokenKey),
      ...(returnTo ? { returnTo } : {}),
    };
    return {
      path: "/zapi/account/payment-method/credit",
      init: { method: "POST", body },
      about: "register",
    };
  }
  const flow = isPaymentMethodType(type) ? paymentFlowOf(type) : null;
  if (intent === "paypal" || (intent === "choose" && flow === "paypal")) {
    const query = returnTo ? `?${new URLSearchParams({ returnTo })}` : "";
    return {
      path: `/zapi/account/payment-method/paypal${query}`,
      init: { method: "GET" },
      about: "register",
    };
  }
  if ((intent === "link" || intent === "choose") && flow === "redirectLink") {
    const body = { paymentMethodType: type, ...(returnTo ? { returnTo } : {}) };
    return { path: "/zapi/account/payment-method/link", init: { method: "POST", body }, about: "register" };
  }
  if (intent === "choose" && flow === "card") return "needsScript";
  if (intent === DELETE_INTENT && text(post.accountPaymentMethodId)) {
    const path = `/zapi/account/payment-method/${encodeURIComponent(text(post.accountPaymentMethodId))}`;
    return { path, init: { method: "DELETE" }, about: "delete" };
  }
  return null;
}
