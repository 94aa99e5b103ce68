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
  titleByScreenData: {
    member: "wording",
    keys: {
      rental: "plans.purchaseTitle_rental",
      purchase: "plans.purchaseTitle_purchase",
      change: "plans.purchaseTitle_change",
    },
  },
  screenData: "plans/:planId",
  intro: "planToBuy",
  forms: [
    {
      builder: "purchase",
      // The method just added, or the only one, is chosen already (server/commerce/plans.ts).
      prefillFrom: "purchaseDefaults",
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
  titleByScreenData: {
    member: "wording",
    keys: {
      rental: "plans.confirmTitle_rental",
      purchase: "plans.confirmTitle_purchase",
      change: "plans.confirmTitle_change",
    },
  },
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
      submitLabelByScreenData: {
        member: "wording",
        keys: {
          rental: "plans.purchase_rental",
          purchase: "plans.purchase_purchase",
          change: "plans.purchase_change",
        },
      },
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
  titleByScreenData: {
    member: "wording",
    keys: {
      rental: "plans.completeTitle_rental",
      purchase: "plans.completeTitle_purchase",
      change: "plans.completeTitle_change",
    },
  },
  screenData: "plans/:planId/complete",
  content: "purchaseComplete",
  forms: [],
  hideMenu: true,
  links: [
    { to: "/plans", labelKey: "plans.toPlans" },
    { to: "/mypage", labelKey: "screens.common.toMyPage" },
  ],
} as const satisfies ScreenDefinition;

/**
 * The sign-up's plan step (spec §4 Sign-up sequence; issue 43 §7): after the registration form, when
 * the store offers it, the new member may take out a plan at once — the same purchase under
 * /signup/plans, in the sign-up's frame with its step bar — or skip to the sign-up's completion.
 */
export const signupPlans = {
  id: "signup-plans",
  paths: ["/signup/plans"],
  layout: "login",
  access: "member",
  titleKey: "plans.signup.title",
  leadKey: "plans.signup.lead",
  screenData: "signup/plans",
  content: "planChoices",
  forms: [],
  links: [{ to: "/signup/complete", labelKey: "plans.signup.skip" }],
} as const satisfies ScreenDefinition;

export const signupPlanPurchase = {
  ...planPurchase,
  id: "signup-plans-planId",
  paths: ["/signup/plans/:planId"],
  layout: "login",
  backTo: "/signup/plans",
  screenData: "signup/plans/:planId",
  forms: [{ ...planPurchase.forms[0], successTo: "/signup/plans/:planId/confirm" }],
  links: [{ to: "/signup/complete", labelKey: "plans.signup.skip" }],
} as const satisfies ScreenDefinition;

/** Back / No goes to the sign-up's plan list (spec §4 Purchase). */
export const signupPlanPurchaseConfirm = {
  ...planPurchaseConfirm,
  id: "signup-plans-planId-confirm",
  paths: ["/signup/plans/:planId/confirm"],
  layout: "login",
  backTo: "/signup/plans",
  screenData: "signup/plans/:planId/confirm",
  forms: [
    {
      ...planPurchaseConfirm.forms[0],
      // A 3-D Secure challenge comes back to the sign-up's pages (server/commerce/purchase-routes.ts).
      submit: { ...planPurchaseConfirm.forms[0].submit, body: { place: "signup" } },
      successTo: "/signup/plans/:planId/complete",
    },
  ],
} as const satisfies ScreenDefinition;

export const signupPlanPurchaseComplete = {
  ...planPurchaseComplete,
  id: "signup-plans-planId-complete",
  paths: ["/signup/plans/:planId/complete"],
  layout: "login",
  screenData: "signup/plans/:planId/complete",
  // Forward, not back: the new member has never been to My Page.
  links: [{ to: "/mypage", labelKey: "screens.common.goToMyPage" }],
} as const satisfies ScreenDefinition;
