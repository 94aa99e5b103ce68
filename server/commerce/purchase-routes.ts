/**
 * The purchase calls of spec §7 (issue 43 §4–5):
 *
 * - POST /zapi/purchase/verify/{planId} {paymentMethodId, campaignCode, survey} → the order verify
 *   result of spec §3 with its `purchaseToken`; the token also goes in a short-lived HttpOnly
 *   cookie, from which the confirm page reads the quote again;
 * - POST /zapi/purchase/form/{planId}, the same, after a new method was registered on the form;
 * - POST /zapi/purchase/{planId} {purchaseToken, tds2infoToken, tds2infoTokenKey, place} → the
 *   charge and the contract, exactly once: `{orderId}`; the page goes on to its own completion
 *   page (the store's, or the sign-up's). A spent token is 409 and charges nothing. When the card's
 *   issuer challenges, `{redirectTo}` sends the member to the challenge, which comes back to
 *   {place's base}/{planId}/return?state=…;
 * - POST /zapi/purchase/return/{planId} {state} → how the challenge ended: `{orderId}`, or the
 *   refusal with its message.
 */

import { type Context, Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Translate } from "../../locales/i18n.ts";
import { translatorFor } from "../../locales/language.ts";
import type { PurchasePaymentChoice } from "../../schemas/form-definition.ts";
import {
  buildPurchaseForm,
  fromPurchasePayload,
  PAY_WITH_CODE,
  toPurchasePayload,
} from "../../schemas/forms/purchase.ts";
import { isNativeAppAgent } from "../../schemas/native-app.ts";
import { methodLabel } from "../../schemas/payment-method-label.ts";
import type { OrderQuote } from "../../schemas/types/order-quote.gen.ts";
import type { OrderVerifyResult } from "../../schemas/types/order-verify-result.gen.ts";
import type { AccountPaymentMethod } from "../../schemas/types/payment-method.gen.ts";
import type { PurchaseRequest } from "../../schemas/types/purchase-request.gen.ts";
import type { PurchaseReturnRequest } from "../../schemas/types/purchase-return-request.gen.ts";
import type { SurveyAnswers } from "../../schemas/types/survey-answers.gen.ts";
import type { ApiEnv } from "../api/context.ts";
import { requireMemberAccount } from "../identity/member.ts";
import type { ApiError } from "../kit/errors.ts";
import { apiError, retryLaterError } from "../kit/messages.ts";
import { asRecord, checkRequest, REQUEST_SCHEMAS } from "../kit/request-schemas.ts";
import { PURCHASE_VERIFY_RATE, takeRate, throttleKey } from "../kit/throttle.ts";
import { readJsonBody, requestLanguage, validateRequestData } from "../kit/validation.ts";
import { sendMailAfterAnswer } from "../mail/send-mail.ts";
import { listPaymentMethods } from "../payments/payment-methods.ts";
import type { Failure } from "../payments/provider.ts";
import { type Campaign, planNameOf } from "../store/catalogue-source.ts";
import {
  completePurchaseAction,
  PURCHASE_TOKEN_LIFETIME_MS,
  type PurchaseRefusal,
  purchase,
  quoteOfOrder,
  verifyPurchase,
} from "./purchases.ts";

type ApiContext = Context<ApiEnv>;
type PurchasePlace = NonNullable<PurchaseRequest["place"]>;

/** Carries the token from the verify to the confirm page (HttpOnly: the page's script never reads it). */
export const PURCHASE_TOKEN_COOKIE = "ptok";

export function purchaseTokenCookie(c: ApiContext): string | undefined {
  return getCookie(c, PURCHASE_TOKEN_COOKIE);
}

interface VerifyRequest {
  paymentMethodId?: string | null;
  campaignCode?: string | null;
  survey?: SurveyAnswers;
}

/** The campaign's name and description in the request's language (spec §3 Order verify result). */
export function campaignTexts(c: ApiContext, campaignId: string | null) {
  const campaign: Campaign | undefined = campaignId
    ? c
        .get("deps")
        .catalogue.current()
        .campaigns.find((candidate) => candidate.campaignId === campaignId)
    : undefined;
  if (!campaign) return { campaignName: null, campaignDescription: null };
  const en = requestLanguage(c) === "en";
  return {
    campaignName: (en && campaign.campaignNameEn) || campaign.campaignName,
    campaignDescription: (en && campaign.campaignDescriptionEn) || campaign.campaignDescription || null,
  };
}

/** A quote as spec §3 "Order verify result" names it. */
export function verifyResult(c: ApiContext, quote: OrderQuote): OrderVerifyResult {
  return {
    billingAmount: quote.billingAmount,
    amountDueNow: quote.amountDueNow,
    firstPaymentDay: quote.firstPaymentDay,
    isReContract: quote.isReContract,
    campaignId: quote.campaignId,
    campaignType: quote.campaignType,
    freeDays: quote.freeDays,
    // The last free day (YYYY-MM-DD), so the page needs no calendar arithmetic of its own.
    freeUntilDay: quote.subscription?.trialEndDay ?? null,
    discountContinuationCount: quote.discountContinuationCount,
    subscriptionExpiration: quote.subscriptionExpiration,
    campaignEndDate: quote.campaignEndDate,
    entitlementExpiration: quote.entitlementExpiration,
    ...campaignTexts(c, quote.campaignId),
    change: changeView(c, quote.change ?? null),
  };
}

/** A change's quote as the member reads it: both plans named in the request's language. */
function changeView(c: ApiContext, change: OrderQuote["change"]): OrderVerifyResult["change"] {
  if (!change) return null;
  const catalogue = c.get("deps").catalogue.current();
  const language = requestLanguage(c);
  return {
    subscriptionId: change.subscriptionId,
    fromPlanName: planNameOf(catalogue, change.fromPlanId, language),
    toPlanName: planNameOf(catalogue, change.toPlanId, language),
    timing: change.timing,
    effectiveDay: change.effectiveDay,
    periodEndDay: change.periodEndDay,
    unusedDays: change.unusedDays,
    periodDays: change.periodDays,
    credit: change.credit,
    newPlanForUnusedDays: change.newPlanForUnusedDays,
    nextPaymentDay: change.nextPaymentDay,
    nextPaymentAmount: change.nextPaymentAmount,
    campaignCarries: change.campaignCarries,
  };
}

/** A saved method as the purchase form lists it, in the request's language. */
export function methodChoice(method: AccountPaymentMethod, t: Translate): PurchasePaymentChoice {
  const card = method.SbpsCreditInfo;
  const label = methodLabel(method, t);
  if (!card) return { value: method.accountPaymentMethodId, label };
  return {
    value: method.accountPaymentMethodId,
    label,
    hint: t("mypage.paymentMethodPage.expiry", {
      month: card.expireDate.slice(4, 6),
      year: card.expireDate.slice(0, 4),
    }),
  };
}

/**
 * What may pay on the purchase form: the member's saved methods (with store payment), then the
 * payment code when the store offers campaign codes as a payment method.
 */
export async function purchasePaymentChoices(
  c: ApiContext,
  accountId: string,
): Promise<PurchasePaymentChoice[]> {
  const { db, store } = c.get("deps");
  const { settings } = store.current();
  const t = await translatorFor(requestLanguage(c));
  const saved = settings.features.isStorePaymentAvailable ? await listPaymentMethods(db, accountId) : [];
  const choices = saved.map((method) => methodChoice(method, t));
  if ((settings.storePaymentMethods ?? []).includes(PAY_WITH_CODE)) {
    choices.push({ value: PAY_WITH_CODE, label: t("plans.payWithCode"), hint: t("plans.payWithCodeHint") });
  }
  return choices;
}

/** What the member reads for a payment the provider refused. */
function paymentFailed(c: ApiContext, failure: Failure) {
  if (failure.retryable)
    return apiError(c, 503, "PAYMENT_PROVIDER_UNAVAILABLE", "purchase.providerUnavailable");
  // A 3-D Secure token that is missing, spent or not the browser's fails the authentication too.
  if (failure.kind === "authentication" || failure.kind === "token")
    return apiError(c, 400, "THREE_D_SECURE_FAILED", "purchase.threeDSecureFailed");
  return apiError(c, 400, "PAYMENT_DECLINED", "purchase.declined");
}

/** Each refusal with its status and message (spec §8 Purchase and plans). */
async function refusalError(c: ApiContext, refusal: PurchaseRefusal): Promise<ApiError> {
  switch (refusal.code) {
    case "PLAN_NOT_FOUND":
      return apiError(c, 404, "PLAN_NOT_FOUND", "purchase.planNotFound");
    case "PRODUCT_UNAVAILABLE":
      return apiError(c, 409, "PRODUCT_UNAVAILABLE", "purchase.productUnavailable", {
        details: { availability: refusal.availability },
      });
    case "CONTRACT_LIMIT":
      return apiError(c, 409, "CONTRACT_LIMIT", "purchase.contractLimit");
    case "PLAN_GROUP_HELD": {
      const catalogue = c.get("deps").catalogue.current();
      return apiError(c, 409, "PLAN_GROUP_HELD", "purchase.planGroupHeld", {
        params: { plan: planNameOf(catalogue, refusal.heldPlanId, requestLanguage(c)) },
      });
    }
    case "PLAN_CHANGE_REFUSED":
      if (refusal.reason === "renewing")
        return apiError(c, 409, "SUBSCRIPTION_RENEWING", "subscription.renewing");
      if (refusal.reason === "changePending")
        return apiError(c, 409, "PLAN_CHANGE_PENDING", "purchase.planChangePending");
      return apiError(c, 409, "PLAN_NOT_CHANGEABLE", "purchase.planNotChangeable");
    case "CAMPAIGN_NOT_APPLICABLE":
      return apiError(c, 400, "CAMPAIGN_NOT_APPLICABLE", "purchase.campaignNotApplicable");
    case "CAMPAIGN_NOT_FULL_DISCOUNT":
      return apiError(c, 400, "CAMPAIGN_NOT_FULL_DISCOUNT", "purchase.campaignNotFullDiscount");
    case "NO_PAYMENT_METHOD":
      return apiError(c, 400, "NO_PAYMENT_METHOD", "purchase.noPaymentMethod");
    case "PAYMENT_METHOD_INVALID":
      return apiError(c, 400, "PAYMENT_METHOD_INVALID", "purchase.paymentMethodInvalid");
    case "INVALID_SESSION_FLOW":
      return apiError(c, 400, "INVALID_SESSION_FLOW", "purchase.sessionFlow");
    case "DOUBLE_PAYMENT":
      return apiError(c, 409, "DOUBLE_PAYMENT", "purchase.doublePayment");
    case "PURCHASE_TOO_FREQUENT":
      c.header("Retry-After", String(refusal.retryAfterSeconds));
      return apiError(c, 429, "PURCHASE_TOO_FREQUENT", "purchase.tooFrequent", {
        params: { seconds: refusal.retryAfterSeconds },
        details: { retryAfter: refusal.retryAfterSeconds },
      });
    case "THREE_D_SECURE_REQUIRED":
      return apiError(c, 400, "THREE_D_SECURE_REQUIRED", "purchase.threeDSecureRequired");
    case "PAYMENT_FAILED":
      return paymentFailed(c, refusal.failure);
  }
}

/**
 * The body checked with the purchase form the page showed (the same schema: the member's choices
 * live in its uiSchema), and the plan's survey answers in question order (none without a survey).
 */
async function checkedPurchaseForm(c: ApiContext, planId: string, body: VerifyRequest) {
  // Spec §8: nothing chosen to pay is its own refusal, before the form's field rules.
  if (!body.paymentMethodId && !body.campaignCode) throw await refusalError(c, { code: "NO_PAYMENT_METHOD" });
  const { catalogue, store } = c.get("deps");
  const survey = catalogue.current().plans.find((plan) => plan.planId === planId)?.survey ?? null;
  const form = buildPurchaseForm({ choices: [], survey }, store.current().version);
  const data = await validateRequestData(c, form, fromPurchasePayload(body));
  return toPurchasePayload(survey, data);
}

/** Whether the request comes from the store's native app, where plans are not sold (spec §6). */
export function inNativeApp(c: ApiContext): boolean {
  const { settings } = c.get("deps").store.current();
  return isNativeAppAgent(c.req.header("user-agent") ?? "", settings.appUserAgentPattern);
}

async function verify(c: ApiContext) {
  const account = await requireMemberAccount(c);
  if (inNativeApp(c)) throw await apiError(c, 403, "NOT_IN_APP", "purchase.notInApp");
  const body = await checkRequest<VerifyRequest>(
    c,
    REQUEST_SCHEMAS.purchaseVerify,
    asRecord(await readJsonBody(c)),
  );
  const planId = c.req.param("planId") ?? "";
  const payload = await checkedPurchaseForm(c, planId, body);
  const deps = c.get("deps");
  // Paced once the request is well formed, before the plan or the code is looked at: quotes must
  // not become a way to try campaign codes en masse.
  const wait = await takeRate(
    deps.db,
    throttleKey.purchaseVerifyBy(account.id),
    PURCHASE_VERIFY_RATE,
    deps.now(),
  );
  if (wait > 0) throw await retryLaterError(c, "TOO_MANY_ATTEMPTS", wait);
  const now = deps.now();
  const outcome = await verifyPurchase(
    deps.db,
    deps.catalogue.current(),
    {
      accountId: account.id,
      planId,
      paymentMethodId: payload.paymentMethodId,
      campaignCode: payload.campaignCode,
      surveyAnswers: payload.survey.length > 0 ? payload.survey : null,
    },
    now,
  );
  if (!outcome.ok) throw await refusalError(c, outcome.refusal);
  setCookie(c, PURCHASE_TOKEN_COOKIE, outcome.purchaseToken, {
    path: "/",
    sameSite: "Lax",
    secure: deps.secureCookies,
    httpOnly: true,
    maxAge: Math.floor(PURCHASE_TOKEN_LIFETIME_MS / 1000),
  });
  return c.json({ ...verifyResult(c, outcome.quote), purchaseToken: outcome.purchaseToken });
}

/** Where each place's purchase pages live: the store's, and the sign-up's plan step. */
const PURCHASE_BASES: Record<PurchasePlace, string> = { store: "/plans", signup: "/signup/plans" };

/**
 * The page a 3-D Secure challenge comes back to, {base}/{planId}/return?state=… — absolute, from
 * the configured origin (never from the request).
 */
function challengeReturnUrl(c: ApiContext, place: PurchasePlace, planId: string, state: string): string {
  const url = new URL(
    `${PURCHASE_BASES[place]}/${encodeURIComponent(planId)}/return`,
    c.get("deps").publicOrigin,
  );
  url.searchParams.set("state", state);
  return url.toString();
}

function forgetPurchaseToken(c: ApiContext) {
  deleteCookie(c, PURCHASE_TOKEN_COOKIE, {
    path: "/",
    sameSite: "Lax",
    secure: c.get("deps").secureCookies,
    httpOnly: true,
  });
}

/**
 * The mail that confirms a change of plan (ADR 0042) to the member's contact address, after the
 * answer: what changes, from when, and what is paid now and next.
 */
function mailPlanChange(
  c: ApiContext,
  account: { contactEmail: string | null },
  quote: OrderQuote | null,
): void {
  const change = quote?.change;
  if (!change || !quote || !account.contactEmail) return;
  const deps = c.get("deps");
  const catalogue = deps.catalogue.current();
  const language = requestLanguage(c);
  sendMailAfterAnswer(
    deps,
    {
      to: account.contactEmail,
      language,
      template: "planChangeConfirmed",
      vars: {
        fromPlanName: planNameOf(catalogue, change.fromPlanId, language),
        toPlanName: planNameOf(catalogue, change.toPlanId, language),
        timing: change.timing,
        effectiveDay: change.effectiveDay,
        amountNow: quote.amountDueNow,
        nextPaymentDay: change.nextPaymentDay,
        nextPaymentAmount: change.nextPaymentAmount,
        subscriptionUrl: `${deps.publicOrigin}/mypage/subscription/${change.subscriptionId}`,
      },
    },
    "the plan change's confirmation",
  );
}

export const purchaseCalls = new Hono<ApiEnv>()
  .post("/verify/:planId", verify)
  .post("/form/:planId", verify)
  /**
   * The member came back from the challenge of the purchase of {planId}: `{orderId}` when the
   * money is in (the page goes on to its completion), else the refusal with its message.
   */
  .post("/return/:planId", async (c) => {
    const account = await requireMemberAccount(c);
    const { state } = await checkRequest<PurchaseReturnRequest>(
      c,
      REQUEST_SCHEMAS.purchaseReturn,
      asRecord(await readJsonBody(c)),
    );
    const deps = c.get("deps");
    const outcome = await completePurchaseAction(
      deps.db,
      deps.payments,
      // The state names the order: only the page of the plan bought takes it.
      { accountId: account.id, planId: c.req.param("planId"), state },
      deps.now,
    );
    if (!outcome.ok) {
      if (outcome.refusal.code === "PAYMENT_ACTION_INVALID") {
        throw await apiError(c, 400, "PAYMENT_ACTION_INVALID", "purchase.actionInvalid");
      }
      throw await refusalError(c, outcome.refusal);
    }
    mailPlanChange(c, account, await quoteOfOrder(deps.db, outcome.orderId));
    return c.json({ orderId: outcome.orderId });
  })
  .post("/:planId", async (c) => {
    const account = await requireMemberAccount(c);
    if (inNativeApp(c)) throw await apiError(c, 403, "NOT_IN_APP", "purchase.notInApp");
    const body = await checkRequest<PurchaseRequest>(
      c,
      REQUEST_SCHEMAS.purchase,
      asRecord(await readJsonBody(c)),
    );
    const planId = c.req.param("planId");
    const deps = c.get("deps");
    const outcome = await purchase(
      deps.db,
      deps.payments,
      deps.catalogue.current(),
      {
        accountId: account.id,
        planId,
        purchaseToken: body.purchaseToken,
        authentication: { tds2Token: body.tds2infoToken, tds2TokenKey: body.tds2infoTokenKey },
        returnUrl: (state) => challengeReturnUrl(c, body.place ?? "store", planId, state),
      },
      deps.now,
    );
    if (!outcome.ok) throw await refusalError(c, outcome.refusal);
    // The token is spent either way; a challenge is answered on the card issuer's page.
    forgetPurchaseToken(c);
    if (outcome.status === "requires_action") return c.json({ redirectTo: outcome.actionUrl });
    mailPlanChange(c, account, outcome.quote);
    return c.json({ orderId: outcome.orderId });
  });
