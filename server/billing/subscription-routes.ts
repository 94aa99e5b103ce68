/**
 * A member's subscriptions (issue 44 §3; spec §2 /mypage/plans, /mypage/subscription/{id} and its
 * pages, §3 Subscription, §7 Subscription calls):
 *
 * - GET /zapi/internal/mypage/plans/screen-data → {subscriptions}: each with its status group,
 *   whether it is renewing, its end (when cancelling) and what the member may do now;
 * - GET /zapi/internal/mypage/subscription/{id}[/payment-method|/withdraw[/complete]]/screen-data →
 *   the one subscription, the member's methods to choose from and the plan's cancellation survey;
 * - POST /zapi/subscription/{id}/re-settlement {} — retry a held payment now;
 * - POST /zapi/subscription/{id}/change-payment-method {paymentMethodId};
 * - POST /zapi/subscription/{id}/withdraw {survey: the cancellation survey's answers} — cancel at the next
 *   settlement day;
 * - POST /zapi/subscription/{id}/withdraw/cancel {} — continue the plan after all.
 *
 * Another member's subscription, or an id that is none, is one that does not exist: the calls answer
 * 404, the pages go on to the member's list.
 */

import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { translatorFor } from "../../locales/language.ts";
import type { PurchasePaymentChoice } from "../../schemas/form-definition.ts";
import { buildSubscriptionPaymentMethodForm } from "../../schemas/forms/subscription.ts";
import { buildSurveyForm, fromSurveyAnswers, toSurveyAnswers } from "../../schemas/forms/survey.ts";
import { japanDay } from "../../schemas/japan-time.ts";
import {
  cancellationEndsAt,
  isRenewing,
  type SubscriptionAction,
  type SubscriptionActionRefusal,
  subscriptionStatusGroup,
} from "../../schemas/subscription-status.ts";
import type { ChangePaymentMethodRequest } from "../../schemas/types/change-payment-method-request.gen.ts";
import type { EmptyRequest } from "../../schemas/types/empty-request.gen.ts";
import type { Subscription as SubscriptionEntity } from "../../schemas/types/subscription.gen.ts";
import type { SubscriptionScreenData } from "../../schemas/types/subscription-screen-data.gen.ts";
import type { SubscriptionSummary } from "../../schemas/types/subscription-summary.gen.ts";
import type { SubscriptionWithdrawRequest } from "../../schemas/types/subscription-withdraw-request.gen.ts";
import type { SubscriptionsScreenData } from "../../schemas/types/subscriptions-screen-data.gen.ts";
import type { Survey } from "../../schemas/types/survey.gen.ts";
import type { ApiEnv } from "../api/context.ts";
import { campaignTexts, methodChoice } from "../commerce/purchase-routes.ts";
import { paymentMethods } from "../db/schema.ts";
import { requireMemberAccount } from "../identity/member.ts";
import { apiError } from "../kit/messages.ts";
import { checkRequest, REQUEST_SCHEMAS } from "../kit/request-schemas.ts";
import { readJsonBody, requestLanguage, validateRequestData } from "../kit/validation.ts";
import { listPaymentMethods, toAccountPaymentMethod } from "../payments/payment-methods.ts";
import { type CataloguePlan, planNameOf } from "../store/catalogue-source.ts";
import { billingNotifier } from "./billing-notices.ts";
import { cycleAmount } from "./renewals.ts";
import {
  actionRefusal,
  changePaymentMethod,
  findSubscription,
  listSubscriptions,
  purchaseQuoteOf,
  requestCancellation,
  retrySettlement,
  type Subscription,
  type SubscriptionChange,
  undoCancellation,
  undoPlanChange,
} from "./subscriptions.ts";

type ApiContext = Context<ApiEnv>;

const MYPAGE_PLANS_PATH = "/mypage/plans";
const ACTIONS: readonly SubscriptionAction[] = [
  "cancel",
  "undoCancel",
  "retry",
  "changePaymentMethod",
  "changePlan",
  "undoPlanChange",
];
const NO_SURVEY: Survey = { surveyName: "", questions: [] };

/** The catalogue's renewal span in the units of spec §3 (a 12-month span is a year). */
function spanOf(plan: CataloguePlan | undefined): Pick<SubscriptionEntity, "renewSpan" | "renewSpanUnit"> {
  const span = plan?.renewSpan ?? 1;
  switch (plan?.renewSpanUnit ?? "months") {
    case "days":
      return { renewSpan: span, renewSpanUnit: "day" };
    case "weeks":
      return { renewSpan: span, renewSpanUnit: "week" };
    default:
      return span % 12 === 0
        ? { renewSpan: span / 12, renewSpanUnit: "year" }
        : { renewSpan: span, renewSpanUnit: "month" };
  }
}

export async function summaryOf(c: ApiContext, row: Subscription): Promise<SubscriptionSummary> {
  const { db, catalogue: source, now } = c.get("deps");
  const catalogue = source.current();
  const en = requestLanguage(c) === "en";
  const plan = catalogue.plans.find((candidate) => candidate.planId === row.planId);
  const status = row.subscriptionStatus ?? "CANCELLED";
  const group = subscriptionStatusGroup(status);
  const quote = await purchaseQuoteOf(db, row.id);
  const campaignEndDate = quote?.campaignEndDate ?? null;
  const { campaignName } = campaignTexts(c, row.campaignId);
  const [method] = row.paymentMethodId
    ? await db.select().from(paymentMethods).where(eq(paymentMethods.id, row.paymentMethodId))
    : [];
  const actions = Object.fromEntries(
    await Promise.all(
      ACTIONS.map(async (action) => [action, await actionRefusal(db, row, action, now())] as const),
    ),
  ) as Record<SubscriptionAction, SubscriptionActionRefusal | null>;
  const today = japanDay(now());
  return {
    subscription: {
      subscriptionId: row.id,
      subscriptionStatus: status,
      nextSettlementDay: row.nextSettlementDay,
      planName: planNameOf(catalogue, row.planId, requestLanguage(c)),
      planDescription: (en && plan?.planDescriptionEn) || plan?.planDescription || null,
      ...spanOf(plan),
      originalPrice: plan?.price ?? 0,
      billingAmount: plan ? cycleAmount(row, plan, catalogue) : 0,
      campaign: campaignName ? { campaignName } : null,
      campaignApplicablePeriod:
        campaignName && campaignEndDate
          ? { startDate: japanDay(row.createdAt), endDate: campaignEndDate }
          : null,
      firstPaymentDay: quote?.firstPaymentDay ?? null,
      accountPaymentMethod: method && !method.deletedAt ? await toAccountPaymentMethod(db, method) : null,
      salesLimit: plan?.salesLimit ?? null,
      isWithdraw: group === "cancelRequested",
      freeTrialDays: plan?.freeTrialDays ?? null,
      paymentLimitCount: null,
    },
    statusGroup: group,
    renewing: isRenewing(status, row.nextSettlementDay, today),
    endsAt:
      group === "cancelRequested" && row.nextSettlementDay
        ? cancellationEndsAt(row.nextSettlementDay)
        : group === "cancelled" && row.cancelledAt
          ? row.cancelledAt.toISOString()
          : null,
    trialEndDay: row.trialEndDay,
    pendingChange: pendingChangeOf(c, row),
    actions,
  };
}

/** The plan change waiting for its day, as the member reads it (ADR 0042). */
function pendingChangeOf(c: ApiContext, row: Subscription): SubscriptionSummary["pendingChange"] {
  if (!row.pendingPlanId || !row.pendingChangeDay) return null;
  const catalogue = c.get("deps").catalogue.current();
  const plan = catalogue.plans.find((candidate) => candidate.planId === row.pendingPlanId);
  return {
    planName: planNameOf(catalogue, row.pendingPlanId, requestLanguage(c)),
    day: row.pendingChangeDay,
    amount: plan ? cycleAmount(row, plan, catalogue) : 0,
  };
}

/** The member's saved methods as the method form lists them, the one paying now first. */
async function paymentChoicesFor(c: ApiContext, accountId: string, current: string | null) {
  const { db } = c.get("deps");
  const t = await translatorFor(requestLanguage(c));
  const methods = await listPaymentMethods(db, accountId);
  const choices: PurchasePaymentChoice[] = methods.map((method) => methodChoice(method, t));
  return choices.sort((a, b) => Number(b.value === current) - Number(a.value === current));
}

async function subscriptionOr404(c: ApiContext, accountId: string): Promise<Subscription> {
  const found = await findSubscription(c.get("deps").db, accountId, c.req.param("subscriptionId") ?? "");
  if (!found) throw await apiError(c, 404, "SUBSCRIPTION_NOT_FOUND", "subscription.notFound");
  return found;
}

/** Where a subscription's pages send the member back: /withdraw when the cancel came from there. */
function returnToOf(c: ApiContext): "/withdraw" | null {
  return c.req.query("returnTo") === "/withdraw" ? "/withdraw" : null;
}

/**
 * GET …/screen-data of /mypage/subscription/{id} and each of its pages: all they draw from. A
 * subscription that is not the member's (or no id at all) sends the page on to the member's list.
 */
async function subscriptionScreenData(c: ApiContext) {
  const account = await requireMemberAccount(c);
  const row = await findSubscription(c.get("deps").db, account.id, c.req.param("subscriptionId") ?? "");
  if (!row) return c.json({ redirectTo: MYPAGE_PLANS_PATH });
  const plan = c
    .get("deps")
    .catalogue.current()
    .plans.find((candidate) => candidate.planId === row.planId);
  return c.json<SubscriptionScreenData>({
    ...(await summaryOf(c, row)),
    paymentChoices: await paymentChoicesFor(c, account.id, row.paymentMethodId),
    survey: plan?.cancellationSurvey ?? null,
    returnTo: returnToOf(c),
  });
}

export const mypagePlansScreenData = new Hono<ApiEnv>().get("/screen-data", async (c) => {
  const account = await requireMemberAccount(c);
  const rows = await listSubscriptions(c.get("deps").db, account.id);
  return c.json<SubscriptionsScreenData>({
    subscriptions: await Promise.all(rows.map((row) => summaryOf(c, row))),
  });
});

export const mypageSubscriptionScreenData = new Hono<ApiEnv>()
  .get("/:subscriptionId/screen-data", subscriptionScreenData)
  .get("/:subscriptionId/:page{payment-method|withdraw}/screen-data", subscriptionScreenData)
  .get("/:subscriptionId/:page{payment-method|withdraw}/complete/screen-data", subscriptionScreenData);

/** Each refusal with its status and message (spec §4 Cancellation, §8 Subscription cancel, My page). */
function refusalError(
  c: ApiContext,
  refusal: SubscriptionActionRefusal | "notFound" | "methodInvalid" | "busy",
) {
  switch (refusal) {
    case "notFound":
      return apiError(c, 404, "SUBSCRIPTION_NOT_FOUND", "subscription.notFound");
    case "renewing":
      return apiError(c, 409, "SUBSCRIPTION_RENEWING", "subscription.renewing");
    case "notCancellable":
      return apiError(c, 409, "SUBSCRIPTION_ALREADY_CANCELLED", "subscription.alreadyCancelled");
    case "notCancelRequested":
      return apiError(c, 409, "SUBSCRIPTION_NOT_CANCEL_REQUESTED", "subscription.notCancelRequested");
    case "noPaymentMethod":
      return apiError(c, 400, "NO_PAYMENT_METHOD", "subscription.noPaymentMethod");
    case "notOnHold":
      return apiError(c, 409, "SUBSCRIPTION_NOT_ON_HOLD", "subscription.notOnHold");
    case "notChangeable":
      return apiError(c, 409, "PAYMENT_METHOD_UNCHANGEABLE", "subscription.methodUnchangeable");
    case "planNotChangeable":
      return apiError(c, 409, "PLAN_NOT_CHANGEABLE", "purchase.planNotChangeable");
    case "changePending":
      return apiError(c, 409, "PLAN_CHANGE_PENDING", "purchase.planChangePending");
    case "noPendingChange":
      return apiError(c, 409, "NO_PENDING_PLAN_CHANGE", "subscription.noPendingChange");
    case "methodInvalid":
      return apiError(c, 400, "PAYMENT_METHOD_INVALID", "subscription.methodInvalid");
    case "busy":
      return apiError(c, 409, "SUBSCRIPTION_BUSY", "subscription.busy");
  }
}

async function answer(c: ApiContext, change: SubscriptionChange) {
  if (!change.ok) throw await refusalError(c, change.refusal);
  return c.json(await summaryOf(c, change.subscription));
}

/** The empty body of a call that takes no data: `{}`, checked like any other. */
async function emptyBody(c: ApiContext): Promise<void> {
  await checkRequest<EmptyRequest>(c, REQUEST_SCHEMAS.empty, await readJsonBody(c));
}

export const subscriptionCalls = new Hono<ApiEnv>()
  .post("/:subscriptionId/re-settlement", async (c) => {
    const account = await requireMemberAccount(c);
    await emptyBody(c);
    const deps = c.get("deps");
    const outcome = await retrySettlement(
      {
        db: deps.db,
        payments: deps.payments,
        catalogue: () => deps.catalogue.current(),
        notify: billingNotifier(deps),
      },
      account.id,
      c.req.param("subscriptionId"),
      deps.now(),
    );
    if (outcome.ok) return c.json(await summaryOf(c, await subscriptionOr404(c, account.id)));
    if (outcome.refusal !== "declined") throw await refusalError(c, outcome.refusal);
    if (outcome.line.outcome === "unsettled") {
      throw await apiError(c, 503, "PAYMENT_PROVIDER_UNAVAILABLE", "purchase.providerUnavailable");
    }
    throw await apiError(c, 400, "PAYMENT_DECLINED", "subscription.declined");
  })
  .post("/:subscriptionId/change-payment-method", async (c) => {
    const account = await requireMemberAccount(c);
    const deps = c.get("deps");
    const body = await checkRequest<ChangePaymentMethodRequest>(
      c,
      REQUEST_SCHEMAS.changePaymentMethod,
      await readJsonBody(c),
    );
    // The form's own rule too (the browser checked the same schema).
    await validateRequestData(
      c,
      buildSubscriptionPaymentMethodForm({ choices: [] }, deps.store.current().version),
      body,
    );
    const change = await changePaymentMethod(
      deps.db,
      account.id,
      c.req.param("subscriptionId"),
      body.paymentMethodId,
      deps.now(),
    );
    return answer(c, change);
  })
  .post("/:subscriptionId/withdraw", async (c) => {
    const account = await requireMemberAccount(c);
    const deps = c.get("deps");
    const row = await subscriptionOr404(c, account.id);
    const survey =
      deps.catalogue.current().plans.find((plan) => plan.planId === row.planId)?.cancellationSurvey ?? null;
    const body = await checkRequest<SubscriptionWithdrawRequest>(
      c,
      REQUEST_SCHEMAS.subscriptionWithdraw,
      await readJsonBody(c),
    );
    // The answers checked with the survey's own form (the one the page showed).
    const form = buildSurveyForm({ survey: survey ?? NO_SURVEY }, deps.store.current().version);
    const data = await validateRequestData(c, form, fromSurveyAnswers(body.survey ?? []));
    const change = await requestCancellation(
      deps.db,
      account.id,
      row.id,
      survey ? toSurveyAnswers(survey, data) : [],
      deps.now(),
    );
    return answer(c, change);
  })
  .post("/:subscriptionId/withdraw/cancel", async (c) => {
    const account = await requireMemberAccount(c);
    await emptyBody(c);
    const deps = c.get("deps");
    return answer(c, await undoCancellation(deps.db, account.id, c.req.param("subscriptionId"), deps.now()));
  })
  .post("/:subscriptionId/plan-change/cancel", async (c) => {
    const account = await requireMemberAccount(c);
    await emptyBody(c);
    const deps = c.get("deps");
    return answer(c, await undoPlanChange(deps.db, account.id, c.req.param("subscriptionId"), deps.now()));
  });
