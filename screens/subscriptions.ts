/**
 * A member's subscriptions (spec §2 /mypage/plans, /mypage/subscription/{id} and its pages; issue
 * 44 §3): the list, one subscription with what may be done to it, changing its payment method,
 * cancelling it (with the plan's cancellation survey), and the completions.
 */
import type { ScreenDefinition } from "./screen-definition.ts";

export const mypagePlans = {
  id: "mypage-plans",
  paths: ["/mypage/plans"],
  layout: "account",
  access: "member",
  titleKey: "mypage.subscription.listTitle",
  screenData: "mypage/plans",
  content: "subscriptionList",
  forms: [],
  links: [{ to: "/plans", labelKey: "plans.seePlans" }],
} as const satisfies ScreenDefinition;

/** The subscription, and its actions: retry and continue post from here (routes/mypage-subscription.tsx). */
export const mypageSubscription = {
  id: "mypage-subscription-subscriptionId",
  paths: ["/mypage/subscription/:subscriptionId"],
  layout: "account",
  access: "member",
  backTo: "/mypage/plans",
  titleKey: "mypage.subscription.detailTitle",
  screenData: "mypage/subscription/:subscriptionId",
  content: "subscriptionDetail",
  forms: [],
} as const satisfies ScreenDefinition;

export const mypageSubscriptionPaymentMethod = {
  id: "mypage-subscription-subscriptionId-payment-method",
  paths: ["/mypage/subscription/:subscriptionId/payment-method"],
  layout: "account",
  access: "member",
  backTo: "/mypage/subscription/:subscriptionId",
  titleKey: "mypage.subscription.paymentMethodTitle",
  leadKey: "mypage.subscription.paymentMethodLead",
  // No facts above the form: form pages stay within their weight (ADR 0020); the page before shows them.
  screenData: "mypage/subscription/:subscriptionId/payment-method",
  forms: [
    {
      builder: "subscriptionPaymentMethod",
      submit: { method: "POST", path: "/zapi/subscription/:subscriptionId/change-payment-method" },
      submitLabelKey: "mypage.subscription.changePaymentMethodSubmit",
      successTo: "/mypage/subscription/:subscriptionId/payment-method/complete",
      errors: { PAYMENT_METHOD_INVALID: { field: "paymentMethodId" } },
    },
  ],
  links: [{ to: "/mypage/payment-method", labelKey: "mypage.subscription.registerPaymentMethod" }],
} as const satisfies ScreenDefinition;

export const mypageSubscriptionPaymentMethodComplete = {
  id: "mypage-subscription-subscriptionId-payment-method-complete",
  paths: ["/mypage/subscription/:subscriptionId/payment-method/complete"],
  layout: "account",
  access: "member",
  hideMenu: true,
  titleKey: "mypage.subscription.paymentMethodCompleteTitle",
  leadKey: "mypage.subscription.paymentMethodCompleteLead",
  screenData: "mypage/subscription/:subscriptionId/payment-method/complete",
  content: "subscriptionSummary",
  forms: [],
  links: [{ to: "/mypage/subscription/:subscriptionId", labelKey: "mypage.subscription.backToSubscription" }],
} as const satisfies ScreenDefinition;

/** Cancelling (spec §2: also reached with ?returnTo=/withdraw from the account's withdrawal). */
export const mypageSubscriptionWithdraw = {
  id: "mypage-subscription-subscriptionId-withdraw",
  paths: ["/mypage/subscription/:subscriptionId/withdraw"],
  layout: "account",
  access: "member",
  backTo: "/mypage/subscription/:subscriptionId",
  titleKey: "mypage.subscription.cancelTitle",
  leadKey: "mypage.subscription.cancelLead",
  screenData: "mypage/subscription/:subscriptionId/withdraw",
  // Which plan ends and when, before the survey and the button.
  intro: "subscriptionEnding",
  forms: [
    {
      builder: "survey",
      submit: { method: "POST", path: "/zapi/subscription/:subscriptionId/withdraw", payload: "survey" },
      submitLabelKey: "mypage.subscription.cancelSubmit",
      irreversible: true,
      successTo: "/mypage/subscription/:subscriptionId/withdraw/complete",
      successKeepsReturnTo: true,
    },
  ],
  // The way back that keeps the plan, beside the danger action.
  links: [{ to: "/mypage/subscription/:subscriptionId", labelKey: "mypage.subscription.keepPlan" }],
} as const satisfies ScreenDefinition;

export const mypageSubscriptionWithdrawComplete = {
  id: "mypage-subscription-subscriptionId-withdraw-complete",
  paths: ["/mypage/subscription/:subscriptionId/withdraw/complete"],
  layout: "account",
  access: "member",
  hideMenu: true,
  titleKey: "mypage.subscription.cancelCompleteTitle",
  leadKey: "mypage.subscription.cancelCompleteLead",
  screenData: "mypage/subscription/:subscriptionId/withdraw/complete",
  content: "subscriptionSummary",
  forms: [],
  links: [
    { to: "/withdraw", labelKey: "mypage.subscription.backToWithdrawal", onlyAsReturnTo: true },
    { to: "/mypage/subscription/:subscriptionId", labelKey: "mypage.subscription.backToSubscription" },
    { to: "/mypage/plans", labelKey: "mypage.subscription.backToList" },
  ],
} as const satisfies ScreenDefinition;
