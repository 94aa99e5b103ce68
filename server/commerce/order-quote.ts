/**
 * What a purchase will cost and when (issue 43 §4; spec §3 Order verify result, §9): pure, so the
 * verify call, the purchase call and the tests compute one thing.
 *
 * - A subscription's free days are the campaign's (a "free" campaign) or else the plan's trial,
 *   which a member who held the plan before does not get again. Free days count today as the
 *   first: the first payment falls on today + free days (spec §9 "free trial days plus 1 day").
 * - Without free days the first payment is today. The anchor day is the first payment's day.
 * - A discount (rate, amount, or a payment code's 100 %) applies to the first
 *   `discountContinuationCount` paid cycles (one when absent).
 * - A purchase or rental is paid today and may be watched for its viewing period from now.
 */
import { addDays, dayOfMonth, settlementDay } from "../../schemas/billing-calendar.ts";
import { japanDay } from "../../schemas/japan-time.ts";
import type { OrderQuote } from "../../schemas/types/order-quote.gen.ts";
import type { Campaign, CataloguePlan } from "../store/catalogue-source.ts";

/** The price of one cycle under a campaign's discount. */
export function discountedPrice(price: number, campaign: Campaign | null): number {
  if (!campaign) return price;
  switch (campaign.campaignType) {
    case "payment":
      return 0;
    case "discountRate":
      return price - Math.floor((price * (campaign.discountRate ?? 0)) / 100);
    case "discountAmount":
      return Math.max(0, price - (campaign.discountAmount ?? 0));
    case "free":
      return price;
  }
}

/**
 * The days a new subscription runs before its first charge: the plan's trial (a first contract
 * only) and a "free" code's days — the longer of the two, or their sum when the code says it adds
 * to the trial. A code never leaves the member with fewer days than the trial alone.
 */
export function freeDaysOf(plan: CataloguePlan, campaign: Campaign | null, isReContract: boolean): number {
  const trial = isReContract ? 0 : (plan.freeTrialDays ?? 0);
  if (campaign?.campaignType !== "free") return trial;
  const codeDays = campaign.freeDays ?? 0;
  return campaign.freeDaysAddToTrial ? trial + codeDays : Math.max(trial, codeDays);
}

export function quoteOrder(
  plan: CataloguePlan,
  campaign: Campaign | null,
  now: Date,
  isReContract: boolean,
): OrderQuote {
  const today = japanDay(now);
  const common = {
    isReContract,
    campaignId: campaign?.campaignId ?? null,
    campaignType: campaign?.campaignType ?? null,
  };
  const discounted = discountedPrice(plan.price, campaign);
  const discountCycles =
    campaign && campaign.campaignType !== "free" ? (campaign.discountContinuationCount ?? 1) : 0;

  if (plan.planType !== "subscription") {
    const entitlement = new Date(now.getTime() + (plan.viewingPeriodDays ?? 0) * 86_400_000);
    return {
      ...common,
      billingAmount: discounted,
      amountDueNow: discounted,
      firstPaymentDay: today,
      freeDays: null,
      discountContinuationCount: campaign ? 1 : null,
      campaignEndDate: null,
      subscriptionExpiration: null,
      entitlementExpiration: entitlement.toISOString(),
      subscription: null,
    };
  }

  const span = plan.renewSpan ?? 1;
  const unit = plan.renewSpanUnit ?? "months";
  const freeDays = freeDaysOf(plan, campaign, isReContract);
  const firstPaymentDay = addDays(today, freeDays);
  const anchorDay = dayOfMonth(firstPaymentDay);
  const paidNow = freeDays === 0;
  // The last discounted cycle ends the day before the settlement after it.
  const campaignEndDate =
    campaign?.campaignType === "free"
      ? addDays(firstPaymentDay, -1)
      : discountCycles > 0
        ? addDays(settlementDay(firstPaymentDay, discountCycles, span, unit, anchorDay), -1)
        : null;
  const billingAmount = discountCycles > 0 ? discounted : plan.price;
  return {
    ...common,
    billingAmount,
    amountDueNow: paidNow ? billingAmount : 0,
    firstPaymentDay,
    freeDays: freeDays || null,
    discountContinuationCount: discountCycles || null,
    campaignEndDate,
    subscriptionExpiration: plan.forceStopRenewDate ?? null,
    entitlementExpiration: null,
    subscription: {
      status: freeDays > 0 ? "NEW_TRIAL_CONTRACT" : isReContract ? "RE_CONTRACT" : "NEW_CONTRACT",
      anchorDay,
      nextSettlementDay: paidNow ? settlementDay(firstPaymentDay, 1, span, unit, anchorDay) : firstPaymentDay,
      trialEndDay: freeDays > 0 ? addDays(firstPaymentDay, -1) : null,
      // A discount paid for now has used one cycle.
      campaignCyclesLeft: Math.max(0, discountCycles - (paidNow && discountCycles > 0 ? 1 : 0)),
    },
  };
}
