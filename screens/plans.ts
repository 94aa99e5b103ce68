/**
 * Buying a plan (spec §2 Plans and purchase, §4 Purchase; issue 43 §4): the purchase form, the
 * confirmation of the verified quote, and the completion with the plan's message. /plans itself
 * is a route of its own (app/routes/plans.tsx).
 */
import type { ScreenDefinition } from "./screen-definition.ts";

/** /plans/{planId}: the plan, what pays, a campaign code and the plan's survey → verify. */
export const planPurchase = {
  id: "plans-planId",
  paths: ["/plans/:planId"],
  layout: "account",
  access: "member",
  backTo: "/plans",
  titleKey: "plans.purchaseTitle",
  screenData: "plans/:planId",
  intro: "planToBuy",
  forms: [
    {
      builder: "purchase",
      submit: { method: "POST", path: "/zapi/purchase/verify/:planId", payload: "purchase" },
      submitLabelKey: "plans.toConfirm",
      successTo: "/plans/:planId/confirm",
      errors: {
        CAMPAIGN_NOT_APPLICABLE: { field: "campaignCode" },
        CAMPAIGN_NOT_FULL_DISCOUNT: { field: "campaignCode" },
        NO_PAYMENT_METHOD: { field: "paymentMethodId" },
        PAYMENT_METHOD_INVALID: { field: "paymentMethodId" },
      },
    },
  ],
} as const satisfies ScreenDefinition;

/** /plans/{planId}/confirm: amount and date, periods, viewing period, notes → the purchase. */
export const planPurchaseConfirm = {
  id: "plans-planId-confirm",
  paths: ["/plans/:planId/confirm"],
  layout: "account",
  access: "member",
  backTo: "/plans",
  titleKey: "plans.confirmTitle",
  screenData: "plans/:planId/confirm",
  intro: "purchaseQuote",
  forms: [
    {
      builder: "purchaseConfirm",
      submit: {
        method: "POST",
        path: "/zapi/purchase/:planId",
        bodyFromScreenData: { purchaseToken: "purchaseToken" },
      },
      submitLabelKey: "plans.purchase",
      successTo: "/plans/:planId/complete",
    },
  ],
} as const satisfies ScreenDefinition;

/** /plans/{planId}/complete: the plan's completion message. */
export const planPurchaseComplete = {
  id: "plans-planId-complete",
  paths: ["/plans/:planId/complete"],
  layout: "account",
  access: "member",
  titleKey: "plans.completeTitle",
  screenData: "plans/:planId/complete",
  content: "purchaseComplete",
  forms: [],
  hideMenu: true,
  links: [
    { to: "/plans", labelKey: "plans.toPlans" },
    { to: "/mypage", labelKey: "screens.common.toMyPage" },
  ],
} as const satisfies ScreenDefinition;
