/**
 * Changing a subscription to another plan of its group (ADR 0042): when the change takes effect
 * and what it costs. Pure, so verify, the purchase, the billing run and the tests compute one thing.
 *
 * - A plan dearer per day, in a group whose upgrade is immediate, on a paid period: the new plan
 *   starts today. The unused part of what the period cost is credited, the new plan's price for
 *   those days charged, each rounded down to the yen, and the difference is due now. The billing
 *   day stays: the next renewal charges the new plan's price on the day the old one would have.
 * - Otherwise (cheaper or as dear per day, an upgrade that waits, or a free trial): the change
 *   takes effect on the next settlement day (the trial's end), where the renewal charges the new
 *   plan and starts its span. Nothing is charged now, and no trial is given again.
 * - A campaign's discount goes on only when its campaign names the new plan.
 */
import { daysBetween, settlementDay } from "../../schemas/billing-calendar.ts";
import { type SubscriptionStatus, subscriptionStatusGroup } from "../../schemas/subscription-status.ts";
import type { Campaign, CataloguePlan, PlanGroup } from "../store/catalogue-source.ts";
import { discountedPrice } from "./order-quote.ts";

/** What the change needs to know of the subscription being changed. */
export interface ChangingSubscription {
  status: SubscriptionStatus;
  anchorDay: number;
  /** The day the current period ends and the next one is charged (YYYY-MM-DD in Japan). */
  nextSettlementDay: string;
  /** What the current period cost (integer yen); null when nothing was paid for it (a trial). */
  periodAmount: number | null;
  campaign: Campaign | null;
  campaignCyclesLeft: number;
}

export interface PlanChangeTerms {
  timing: "now" | "nextSettlement";
  /** The day the new plan takes effect: today, or the next settlement day. */
  effectiveDay: string;
  /** The current period, [start, end): end is the next settlement day. */
  periodStartDay: string;
  periodEndDay: string;
  /** Now only: the days of the period not yet used (today included), of all its days. */
  unusedDays: number;
  periodDays: number;
  /** Now only: the unused part of what the period cost, rounded down. */
  credit: number;
  /** Now only: the new plan's price for the unused days, rounded down. */
  newPlanForUnusedDays: number;
  /** What is charged now: newPlanForUnusedDays − credit (never below 0). */
  amountDueNow: number;
  /** The renewal after the change: its day and what it charges. */
  nextPaymentDay: string;
  nextPaymentAmount: number;
  /** Whether the campaign's discount goes on under the new plan. */
  campaignCarries: boolean;
  /** Now only: what the rest of the period is worth at the new plan's rate, over the whole period (the next change's credit). */
  periodAmountAfter: number | null;
}

function spanOf(plan: CataloguePlan) {
  return { span: plan.renewSpan ?? 1, unit: plan.renewSpanUnit ?? "months" };
}

/** The days of one period of `plan` starting on `day`, counted on `anchorDay`. */
function periodDaysOf(plan: CataloguePlan, day: string, anchorDay: number): number {
  const { span, unit } = spanOf(plan);
  return daysBetween(day, settlementDay(day, 1, span, unit, anchorDay));
}

/** The current period of a subscription of `plan` and what of it is not used yet at `today`. */
export interface UnusedPart {
  /** [periodStartDay, periodEndDay): the end is the next settlement day. */
  periodStartDay: string;
  periodEndDay: string;
  periodDays: number;
  /** The days not yet used, today included (0 on or after the period's end). */
  unusedDays: number;
  /** What the unused days are worth of what the period cost, rounded down to the yen. */
  credit: number;
}

export function unusedPart(
  plan: CataloguePlan,
  subscription: { anchorDay: number; nextSettlementDay: string; periodAmount: number | null },
  today: string,
): UnusedPart {
  const { span, unit } = spanOf(plan);
  const { anchorDay, nextSettlementDay } = subscription;
  const periodStartDay = settlementDay(nextSettlementDay, -1, span, unit, anchorDay);
  const periodDays = daysBetween(periodStartDay, nextSettlementDay);
  const unusedDays = Math.min(periodDays, Math.max(0, daysBetween(today, nextSettlementDay)));
  return {
    periodStartDay,
    periodEndDay: nextSettlementDay,
    periodDays,
    unusedDays,
    credit: Math.floor(((subscription.periodAmount ?? 0) * unusedDays) / periodDays),
  };
}

/** Whether `to` costs more per day than `from`, over periods starting on the same day. */
export function isDearerPerDay(
  from: CataloguePlan,
  to: CataloguePlan,
  periodStartDay: string,
  anchorDay: number,
): boolean {
  const fromDays = periodDaysOf(from, periodStartDay, anchorDay);
  const toDays = periodDaysOf(to, periodStartDay, anchorDay);
  // Cross-multiplied: whole numbers, no rounding.
  return to.price * fromDays > from.price * toDays;
}

export function planChangeTerms(input: {
  from: CataloguePlan;
  to: CataloguePlan;
  group: PlanGroup;
  subscription: ChangingSubscription;
  today: string;
}): PlanChangeTerms {
  const { from, to, group, subscription, today } = input;
  const { anchorDay, nextSettlementDay } = subscription;
  const unused = unusedPart(from, subscription, today);
  const { periodStartDay, periodDays } = unused;
  const campaignCarries =
    subscription.campaign !== null &&
    subscription.campaignCyclesLeft > 0 &&
    subscription.campaign.planIds.includes(to.planId);
  const nextPaymentAmount = campaignCarries ? discountedPrice(to.price, subscription.campaign) : to.price;
  const paid = subscriptionStatusGroup(subscription.status) === "underContract";
  const now =
    group.upgrade === "immediate" &&
    paid &&
    today < nextSettlementDay &&
    isDearerPerDay(from, to, periodStartDay, anchorDay);
  if (!now) {
    return {
      timing: "nextSettlement",
      effectiveDay: nextSettlementDay,
      periodStartDay,
      periodEndDay: nextSettlementDay,
      unusedDays: 0,
      periodDays,
      credit: 0,
      newPlanForUnusedDays: 0,
      amountDueNow: 0,
      nextPaymentDay: nextSettlementDay,
      nextPaymentAmount,
      campaignCarries,
      periodAmountAfter: null,
    };
  }
  const { unusedDays, credit } = unused;
  const newPeriodDays = periodDaysOf(to, periodStartDay, anchorDay);
  const newPlanForUnusedDays = Math.floor((to.price * unusedDays) / newPeriodDays);
  return {
    timing: "now",
    effectiveDay: today,
    periodStartDay,
    periodEndDay: nextSettlementDay,
    unusedDays,
    periodDays,
    credit,
    newPlanForUnusedDays,
    amountDueNow: Math.max(0, newPlanForUnusedDays - credit),
    nextPaymentDay: nextSettlementDay,
    nextPaymentAmount,
    campaignCarries,
    periodAmountAfter: Math.floor((to.price * periodDays) / newPeriodDays),
  };
}
