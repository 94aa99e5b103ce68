import { describe, expect, it } from "vitest";
import { taxBreakdown } from "../../schemas/consumption-tax.ts";
import type { Campaign, CataloguePlan, PlanGroup } from "../store/catalogue-source.ts";
import { type ChangingSubscription, isDearerPerDay, planChangeTerms } from "./plan-change.ts";

const plan = (planId: string, price: number, renewSpan = 1): CataloguePlan => ({
  planId,
  planName: planId,
  planType: "subscription",
  planGroup: "standard",
  price,
  renewSpanUnit: "months",
  renewSpan,
});
const monthly = plan("standard-monthly", 990);
const annual = plan("standard-annual", 9900, 12);
const premium = plan("premium-monthly", 1490);
const immediate: PlanGroup = { planGroupId: "standard", upgrade: "immediate" };
const waits: PlanGroup = { planGroupId: "standard", upgrade: "nextSettlement" };

const paidMonthly = (overrides: Partial<ChangingSubscription> = {}): ChangingSubscription => ({
  status: "ONGOING_CONTRACT",
  anchorDay: 31,
  nextSettlementDay: "2027-02-28",
  periodAmount: 990,
  campaign: null,
  campaignCyclesLeft: 0,
  ...overrides,
});

describe("a plan change (ADR 0042)", () => {
  it("upgrades now on a month-end anchor: ADR 0042's worked example, to the yen", () => {
    // Period 31 Jan – 28 Feb (28 days); on 10 Feb, 18 days are unused.
    const terms = planChangeTerms({
      from: monthly,
      to: premium,
      group: immediate,
      subscription: paidMonthly(),
      today: "2027-02-10",
    });
    expect(terms).toMatchObject({
      timing: "now",
      effectiveDay: "2027-02-10",
      periodStartDay: "2027-01-31",
      periodEndDay: "2027-02-28",
      periodDays: 28,
      unusedDays: 18,
      credit: 636, // 990 × 18 / 28 = 636.43
      newPlanForUnusedDays: 957, // 1490 × 18 / 28 = 957.86
      amountDueNow: 321,
      nextPaymentDay: "2027-02-28",
      nextPaymentAmount: 1490,
      periodAmountAfter: 1490,
    });
    expect(taxBreakdown(terms.amountDueNow)).toMatchObject({ taxAmount: 29 });
  });

  it("credits what the period cost, a discounted one too, never the list price", () => {
    const terms = planChangeTerms({
      from: monthly,
      to: premium,
      group: immediate,
      subscription: paidMonthly({ periodAmount: 495 }),
      today: "2027-02-10",
    });
    expect(terms.credit).toBe(318); // 495 × 18 / 28 = 318.21
    expect(terms.amountDueNow).toBe(957 - 318);
  });

  it("moves from annual to monthly (dearer per day) now, prorating the new plan over its own month", () => {
    // Bought 1 Apr 2026, 365 days; on 1 Oct 2026, 182 are unused.
    const terms = planChangeTerms({
      from: annual,
      to: monthly,
      group: immediate,
      subscription: paidMonthly({ anchorDay: 1, nextSettlementDay: "2027-04-01", periodAmount: 9900 }),
      today: "2026-10-01",
    });
    expect(terms).toMatchObject({
      timing: "now",
      periodStartDay: "2026-04-01",
      periodDays: 365,
      unusedDays: 182,
      credit: 4936, // 9900 × 182 / 365 = 4936.44
      newPlanForUnusedDays: 6006, // 990 × 182 / 30 (April 2026 has 30 days)
      amountDueNow: 1070,
      nextPaymentDay: "2027-04-01",
      nextPaymentAmount: 990,
    });
  });

  it("waits for the next settlement day going to a plan cheaper per day, charging nothing now", () => {
    expect(isDearerPerDay(monthly, annual, "2027-01-31", 31)).toBe(false);
    const terms = planChangeTerms({
      from: monthly,
      to: annual,
      group: immediate,
      subscription: paidMonthly(),
      today: "2027-02-10",
    });
    expect(terms).toMatchObject({
      timing: "nextSettlement",
      effectiveDay: "2027-02-28",
      credit: 0,
      amountDueNow: 0,
      nextPaymentDay: "2027-02-28",
      nextPaymentAmount: 9900,
    });
  });

  it("waits too when the group's upgrade does, or on a plan of the same price per day", () => {
    const dearer = planChangeTerms({
      from: monthly,
      to: premium,
      group: waits,
      subscription: paidMonthly(),
      today: "2027-02-10",
    });
    expect(dearer).toMatchObject({ timing: "nextSettlement", amountDueNow: 0, nextPaymentAmount: 1490 });
    const same = planChangeTerms({
      from: monthly,
      to: plan("standard-monthly-b", 990),
      group: immediate,
      subscription: paidMonthly(),
      today: "2027-02-10",
    });
    expect(same.timing).toBe("nextSettlement");
  });

  it("during a free trial, takes effect when the trial ends, with the new plan's full price", () => {
    const terms = planChangeTerms({
      from: monthly,
      to: premium,
      group: immediate,
      subscription: paidMonthly({
        status: "NEW_TRIAL_CONTRACT",
        periodAmount: null,
        nextSettlementDay: "2027-01-01",
      }),
      today: "2026-12-15",
    });
    expect(terms).toMatchObject({
      timing: "nextSettlement",
      effectiveDay: "2027-01-01",
      amountDueNow: 0,
      nextPaymentAmount: 1490,
    });
  });

  it("keeps a campaign's discount only when its campaign names the new plan", () => {
    const half: Campaign = {
      campaignId: "half",
      code: "HALF",
      campaignName: "半額",
      campaignType: "discountRate",
      discountRate: 50,
      planIds: ["standard-monthly", "premium-monthly"],
    };
    const naming = planChangeTerms({
      from: monthly,
      to: premium,
      group: waits,
      subscription: paidMonthly({ campaign: half, campaignCyclesLeft: 2 }),
      today: "2027-02-10",
    });
    expect(naming).toMatchObject({ campaignCarries: true, nextPaymentAmount: 745 });
    const notNaming = planChangeTerms({
      from: monthly,
      to: annual,
      group: waits,
      subscription: paidMonthly({ campaign: half, campaignCyclesLeft: 2 }),
      today: "2027-02-10",
    });
    expect(notNaming).toMatchObject({ campaignCarries: false, nextPaymentAmount: 9900 });
    const spent = planChangeTerms({
      from: monthly,
      to: premium,
      group: waits,
      subscription: paidMonthly({ campaign: half, campaignCyclesLeft: 0 }),
      today: "2027-02-10",
    });
    expect(spent).toMatchObject({ campaignCarries: false, nextPaymentAmount: 1490 });
  });
});
