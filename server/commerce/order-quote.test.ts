import { describe, expect, it } from "vitest";
import orderQuoteSchema from "../../schemas/order-quote.schema.json" with { type: "json" };
import { createAjv } from "../../schemas/validation.ts";
import type { Campaign, CataloguePlan } from "../store/catalogue-source.ts";
import { discountedPrice, quoteOrder } from "./order-quote.ts";

// 2027-01-31 10:00 in Japan.
const NOW = new Date("2027-01-31T01:00:00Z");

const monthly: CataloguePlan = {
  planId: "monthly",
  planName: "月額",
  planType: "subscription",
  price: 990,
  renewSpanUnit: "months",
  renewSpan: 1,
};
const trial: CataloguePlan = { ...monthly, planId: "trial", freeTrialDays: 31 };
const rental: CataloguePlan = {
  planId: "rental",
  planName: "レンタル",
  planType: "rental",
  price: 440,
  viewingPeriodDays: 2,
};

const campaign = (overrides: Partial<Campaign>): Campaign => ({
  campaignId: "c",
  code: "CODE",
  campaignName: "キャンペーン",
  campaignType: "discountRate",
  planIds: ["monthly", "trial", "rental"],
  ...overrides,
});

describe("discountedPrice", () => {
  it("takes a rate off rounding the discount down, an amount off never below zero, a payment code all", () => {
    expect(discountedPrice(990, campaign({ discountRate: 50 }))).toBe(495);
    expect(discountedPrice(999, campaign({ discountRate: 50 }))).toBe(500);
    expect(discountedPrice(440, campaign({ campaignType: "discountAmount", discountAmount: 300 }))).toBe(140);
    expect(discountedPrice(200, campaign({ campaignType: "discountAmount", discountAmount: 300 }))).toBe(0);
    expect(discountedPrice(990, campaign({ campaignType: "payment" }))).toBe(0);
    expect(discountedPrice(990, null)).toBe(990);
  });
});

describe("quoteOrder (spec §3 Order verify result, §9)", () => {
  it("charges a plain subscription today and renews on the anchor day, clamped to the month", () => {
    const quote = quoteOrder(monthly, null, NOW, false);
    expect(quote).toMatchObject({
      billingAmount: 990,
      amountDueNow: 990,
      firstPaymentDay: "2027-01-31",
      freeDays: null,
      campaignEndDate: null,
      subscription: {
        status: "NEW_CONTRACT",
        anchorDay: 31,
        nextSettlementDay: "2027-02-28",
        trialEndDay: null,
      },
    });
  });

  it("starts a free trial: nothing now, the first payment on today + trial days", () => {
    const quote = quoteOrder(trial, null, NOW, false);
    expect(quote).toMatchObject({
      billingAmount: 990,
      amountDueNow: 0,
      firstPaymentDay: "2027-03-03",
      freeDays: 31,
      subscription: {
        status: "NEW_TRIAL_CONTRACT",
        anchorDay: 3,
        nextSettlementDay: "2027-03-03",
        trialEndDay: "2027-03-02",
      },
    });
  });

  it("gives no second trial to a member who held the plan before", () => {
    const quote = quoteOrder(trial, null, NOW, true);
    expect(quote).toMatchObject({
      amountDueNow: 990,
      freeDays: null,
      subscription: { status: "RE_CONTRACT" },
    });
  });

  it("gives a free campaign's days where they are more than the trial, and says when they end", () => {
    const quote = quoteOrder(trial, campaign({ campaignType: "free", freeDays: 60 }), NOW, false);
    expect(quote).toMatchObject({
      amountDueNow: 0,
      billingAmount: 990,
      freeDays: 60,
      firstPaymentDay: "2027-04-01",
      campaignEndDate: "2027-03-31",
      campaignType: "free",
    });
  });

  it("never gives fewer days than the trial: a 30-day code on a 31-day trial keeps the 31", () => {
    const withCode = quoteOrder(trial, campaign({ campaignType: "free", freeDays: 30 }), NOW, false);
    const without = quoteOrder(trial, null, NOW, false);
    expect(withCode).toMatchObject({ freeDays: 31, firstPaymentDay: without.firstPaymentDay });
  });

  it("adds a code's days to the trial when the code says so; a re-contract has no trial to add to", () => {
    const adding = campaign({ campaignType: "free", freeDays: 30, freeDaysAddToTrial: true });
    expect(quoteOrder(trial, adding, NOW, false)).toMatchObject({
      freeDays: 61,
      firstPaymentDay: "2027-04-02",
    });
    expect(quoteOrder(trial, adding, NOW, true)).toMatchObject({ freeDays: 30 });
    expect(quoteOrder(trial, campaign({ campaignType: "free", freeDays: 30 }), NOW, true)).toMatchObject({
      freeDays: 30,
    });
  });

  it("discounts the first cycles: paid now uses one, the rest are left for renewals", () => {
    const quote = quoteOrder(
      monthly,
      campaign({ discountRate: 50, discountContinuationCount: 3 }),
      NOW,
      false,
    );
    expect(quote).toMatchObject({
      billingAmount: 495,
      amountDueNow: 495,
      discountContinuationCount: 3,
      // Cycles of 31 Jan, 28 Feb and 31 Mar; the fourth payment, 30 Apr, is full price.
      campaignEndDate: "2027-04-29",
      subscription: { campaignCyclesLeft: 2 },
    });
  });

  it("keeps every discounted cycle for after a trial", () => {
    const quote = quoteOrder(trial, campaign({ discountRate: 50, discountContinuationCount: 3 }), NOW, false);
    expect(quote).toMatchObject({
      amountDueNow: 0,
      billingAmount: 495,
      subscription: { campaignCyclesLeft: 3 },
    });
  });

  it("charges a rental today with the viewing period from now", () => {
    const quote = quoteOrder(
      rental,
      campaign({ campaignType: "discountAmount", discountAmount: 300 }),
      NOW,
      false,
    );
    expect(quote).toMatchObject({
      billingAmount: 140,
      amountDueNow: 140,
      firstPaymentDay: "2027-01-31",
      entitlementExpiration: "2027-02-02T01:00:00.000Z",
      subscription: null,
    });
  });

  it("carries the plan's forced end of renewals", () => {
    const ending = { ...monthly, forceStopRenewDate: "2027-12-31T23:59:59+09:00" };
    expect(quoteOrder(ending, null, NOW, false).subscriptionExpiration).toBe("2027-12-31T23:59:59+09:00");
  });
});

describe("the stored quote's schema (schemas/order-quote.schema.json)", () => {
  const validate = createAjv().compile(orderQuoteSchema);

  it("holds every kind of quote the purchase stores", () => {
    const quotes = [
      quoteOrder(monthly, null, NOW, false),
      quoteOrder(trial, null, NOW, false),
      quoteOrder(trial, null, NOW, true),
      quoteOrder(monthly, campaign({ campaignType: "free", freeDays: 30 }), NOW, false),
      quoteOrder(monthly, campaign({ campaignType: "discountRate", discountRate: 50 }), NOW, false),
      quoteOrder(rental, campaign({ campaignType: "discountAmount", discountAmount: 300 }), NOW, false),
      quoteOrder(rental, campaign({ campaignType: "payment" }), NOW, false),
    ];
    for (const quote of quotes) expect(validate(quote), JSON.stringify(validate.errors)).toBe(true);
  });

  it("refuses a quote that is not one: a day that is not a day, a missing field", () => {
    const quote = quoteOrder(monthly, null, NOW, false);
    expect(validate({ ...quote, firstPaymentDay: "2027/01/31" })).toBe(false);
    const { amountDueNow: _left, ...withoutAmount } = quote;
    expect(validate(withoutAmount)).toBe(false);
  });
});
