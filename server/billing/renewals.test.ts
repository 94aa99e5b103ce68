/**
 * The billing run (issue 44 §2) walked with an injected clock: subscriptions through a year,
 * every charge, amount and status checked; the reaper after a process died mid-charge.
 */
import { and, asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addDays } from "../../schemas/billing-calendar.ts";
import { japanMidnight } from "../../schemas/japan-time.ts";
import { createTestApi, demoCatalogue, type TestApi } from "../../tests/api-harness.ts";
import {
  subscriber as makeSubscriber,
  subscribe as makeSubscription,
  type Subscriber,
  type SubscriptionFields,
} from "../../tests/subscription-fixtures.ts";
import { accounts, charges, contracts, sandboxCharges } from "../db/schema.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { failNextCharge } from "../payments/sandbox/processor.ts";
import { type Catalogue, staticCatalogue } from "../store/catalogue-source.ts";
import { startBillingLoop } from "./billing-loop.ts";
import { billingNotifier } from "./billing-notices.ts";
import {
  type BillingDeps,
  type BillingLine,
  methodNeededBy,
  REAP_AFTER_MS,
  runBillingPass,
} from "./renewals.ts";

let t: TestApi;
let catalogue: Catalogue;

beforeEach(async () => {
  t = await createTestApi({ startAt: "2026-04-01T03:00:00Z" });
  catalogue = { ...demoCatalogue(), version: "test" };
});
afterEach(() => t.close());

function deps(payments: PaymentProvider = t.deps.payments, notices: BillingLine[] = []): BillingDeps {
  return { db: t.db, payments, catalogue: () => catalogue, notify: async (line) => void notices.push(line) };
}

const subscriber = (card?: string) => makeSubscriber(t, card);
const subscribe = (who: Subscriber, planId: string, fields: SubscriptionFields) =>
  makeSubscription(t, who, planId, fields);

/** One pass at 00:05 Japan time of `day`. */
async function passOn(day: string, billing: BillingDeps = deps()) {
  t.clock.set(new Date(japanMidnight(day).getTime() + 5 * 60_000));
  return runBillingPass(billing, t.clock.now());
}

/** A pass every day from `from` to `to` (inclusive), as the server's loop would run them. */
async function walk(from: string, to: string, billing: BillingDeps = deps()): Promise<BillingLine[]> {
  const lines: BillingLine[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) lines.push(...(await passOn(day, billing)).lines);
  return lines;
}

async function contract(id: string) {
  const [row] = await t.db.select().from(contracts).where(eq(contracts.id, id));
  if (!row) throw new Error("gone");
  return row;
}

/** The contract's charges, oldest first: [cycle day, amount, status]. */
async function chargesOf(id: string) {
  const rows = await t.db
    .select()
    .from(charges)
    .where(eq(charges.contractId, id))
    .orderBy(asc(charges.createdAt), asc(charges.idempotencyKey));
  return rows.map((row) => [row.cycleDay, row.amount, row.status] as const);
}

async function providerCharges(who: Subscriber) {
  const rows = await t.db.select().from(sandboxCharges).where(eq(sandboxCharges.methodRef, who.methodRef));
  return rows.map((row) => [row.amount, row.status] as const);
}

describe("renewal billing through a year (issue 44 §2)", () => {
  it("a free trial becomes paid on its first payment day (TRIAL_TO_PAID), then renews monthly on the anchor day", async () => {
    const who = await subscriber();
    // Bought on 2026-04-01 with the 31-day trial: first payment 2026-05-02 (spec §9).
    const id = await subscribe(who, "standard-monthly", {
      status: "NEW_TRIAL_CONTRACT",
      nextSettlementDay: "2026-05-02",
      anchorDay: 2,
      trialEndDay: "2026-05-01",
    });
    await walk("2026-04-01", "2026-05-01");
    expect(await chargesOf(id)).toEqual([]);
    expect((await contract(id)).subscriptionStatus).toBe("NEW_TRIAL_CONTRACT");

    const [first] = (await passOn("2026-05-02")).lines;
    expect(first).toMatchObject({
      outcome: "renewed",
      status: "TRIAL_TO_PAID",
      amount: 990,
      cycleDay: "2026-05-02",
    });
    expect(await contract(id)).toMatchObject({
      subscriptionStatus: "TRIAL_TO_PAID",
      nextSettlementDay: "2026-06-02",
    });

    await walk("2026-05-03", "2027-04-01");
    const months = ["05", "06", "07", "08", "09", "10", "11", "12"].map((m) => `2026-${m}-02`);
    const paidDays = [...months, "2027-01-02", "2027-02-02", "2027-03-02"];
    expect(await chargesOf(id)).toEqual(paidDays.map((day) => [day, 990, "succeeded"]));
    expect(await contract(id)).toMatchObject({
      subscriptionStatus: "ONGOING_CONTRACT",
      nextSettlementDay: "2027-04-02",
    });
    // Each charge is the provider's too, once.
    expect(await providerCharges(who)).toEqual(paidDays.map(() => [990, "succeeded"]));
  });

  it("an anchor on the 31st: 31 Jan → 28 Feb → 31 Mar → 30 Apr → 31 May, never from the clamped date", async () => {
    const who = await subscriber();
    const id = await subscribe(who, "standard-monthly", {
      status: "NEW_CONTRACT",
      nextSettlementDay: "2027-01-31",
      anchorDay: 31,
    });
    const lines = await walk("2027-01-30", "2027-05-31");
    expect(lines.map((line) => line.cycleDay)).toEqual([
      "2027-01-31",
      "2027-02-28",
      "2027-03-31",
      "2027-04-30",
      "2027-05-31",
    ]);
    expect(await contract(id)).toMatchObject({
      subscriptionStatus: "ONGOING_CONTRACT",
      nextSettlementDay: "2027-06-30",
    });
  });

  it("an annual plan renews after 12 months; a subscription is due from 00:00 Japan time, not before", async () => {
    const who = await subscriber();
    const id = await subscribe(who, "standard-annual", {
      status: "NEW_CONTRACT",
      nextSettlementDay: "2027-04-01",
      anchorDay: 1,
    });
    // 23:59 Japan on the day before (14:59 UTC): not due.
    t.clock.set("2027-03-31T14:59:00Z");
    expect((await runBillingPass(deps(), t.clock.now())).lines).toEqual([]);
    t.clock.set("2027-03-31T15:00:00Z");
    expect((await runBillingPass(deps(), t.clock.now())).lines).toMatchObject([
      { outcome: "renewed", amount: 9900 },
    ]);
    expect((await contract(id)).nextSettlementDay).toBe("2028-04-01");
  });

  it.each([
    ["a 10-day span", 10, "days", ["2026-05-01", "2026-05-11", "2026-05-21", "2026-05-31", "2026-06-10"]],
    ["a 2-week span", 2, "weeks", ["2026-05-01", "2026-05-15", "2026-05-29", "2026-06-12", "2026-06-26"]],
    ["a 1-day span", 1, "days", ["2026-05-01", "2026-05-02", "2026-05-03", "2026-05-04", "2026-05-05"]],
  ] as const)(
    "%s renews by days counted from the last cycle, across month ends",
    async (_name, span, unit, days) => {
      const monthly = catalogue.plans.find((plan) => plan.planId === "standard-monthly");
      if (!monthly) throw new Error("no monthly plan");
      catalogue = {
        ...catalogue,
        plans: [
          ...catalogue.plans,
          { ...monthly, planId: "short-span", renewSpan: span, renewSpanUnit: unit },
        ],
      };
      const who = await subscriber();
      const id = await subscribe(who, "short-span", {
        status: "NEW_CONTRACT",
        nextSettlementDay: days[0],
        anchorDay: 1,
      });
      const lines = await walk(days[0], addDays(days[4], -1));
      expect(lines.map((line) => [line.cycleDay, line.outcome, line.amount])).toEqual(
        days.slice(0, 4).map((day) => [day, "renewed", 990]),
      );
      expect(await chargesOf(id)).toEqual(days.slice(0, 4).map((day) => [day, 990, "succeeded"]));
      expect((await contract(id)).nextSettlementDay).toBe(days[4]);
    },
  );

  it("a declined renewal holds the subscription; it is retried the next day and recovers (HOLD → HOLD_RELEASED)", async () => {
    const who = await subscriber();
    const notices: BillingLine[] = [];
    const id = await subscribe(who, "standard-monthly", {
      status: "ONGOING_CONTRACT",
      nextSettlementDay: "2026-06-15",
      anchorDay: 15,
    });
    expect(await failNextCharge(t.db, who.methodRef)).toBe(true);
    const [declined] = (await passOn("2026-06-15", deps(undefined, notices))).lines;
    expect(declined).toMatchObject({ outcome: "declined", status: "HOLD", amount: 990 });
    expect(await contract(id)).toMatchObject({
      subscriptionStatus: "HOLD",
      nextSettlementDay: "2026-06-16",
      heldCycleDay: "2026-06-15",
    });
    // The same day again: not retried before the next day.
    t.clock.advance(3 * 3_600_000);
    expect((await runBillingPass(deps(), t.clock.now())).lines).toEqual([]);

    const [recovered] = (await passOn("2026-06-16", deps(undefined, notices))).lines;
    expect(recovered).toMatchObject({ outcome: "renewed", status: "HOLD_RELEASED", cycleDay: "2026-06-15" });
    // The anchor is kept: the next cycle is counted from the 15th, not from the day it was paid.
    expect(await contract(id)).toMatchObject({ nextSettlementDay: "2026-07-15", heldCycleDay: null });
    expect(await chargesOf(id)).toEqual([
      ["2026-06-15", 990, "failed"],
      ["2026-06-15", 990, "succeeded"],
    ]);
    expect(await providerCharges(who)).toEqual([
      [990, "failed"],
      [990, "succeeded"],
    ]);
    expect(notices.map((notice) => notice.outcome)).toEqual(["declined", "renewed"]);

    await passOn("2026-07-15");
    expect((await contract(id)).subscriptionStatus).toBe("ONGOING_CONTRACT");
  });

  it("a trial whose first payment is declined is TRIAL_HOLD, and TRIAL_HOLD_RELEASED once paid", async () => {
    const who = await subscriber();
    const id = await subscribe(who, "standard-monthly", {
      status: "NEW_TRIAL_CONTRACT",
      nextSettlementDay: "2026-05-02",
      anchorDay: 2,
      trialEndDay: "2026-05-01",
    });
    await failNextCharge(t.db, who.methodRef);
    await passOn("2026-05-02");
    expect((await contract(id)).subscriptionStatus).toBe("TRIAL_HOLD");
    await passOn("2026-05-03");
    expect(await contract(id)).toMatchObject({
      subscriptionStatus: "TRIAL_HOLD_RELEASED",
      nextSettlementDay: "2026-06-02",
    });
  });

  it("a card declined every day is retried daily until the next cycle's day, then the subscription ends", async () => {
    const who = await subscriber("4000000000000341");
    const notices: BillingLine[] = [];
    const id = await subscribe(who, "standard-monthly", {
      status: "ONGOING_CONTRACT",
      nextSettlementDay: "2026-06-25",
      anchorDay: 25,
    });
    await walk("2026-06-25", "2026-08-10", deps(undefined, notices));
    const attempts = await chargesOf(id);
    // The 25th of June and every day after it up to the 24th of July; the retry due on the 25th ends it.
    expect(attempts).toHaveLength(30);
    expect(
      attempts.every(
        ([day, amount, status]) => day === "2026-06-25" && amount === 990 && status === "failed",
      ),
    ).toBe(true);
    expect(await contract(id)).toMatchObject({ subscriptionStatus: "CANCELLED", heldCycleDay: null });
    expect(notices.at(-1)).toMatchObject({ outcome: "ended", status: "CANCELLED" });
    expect(notices.filter((notice) => notice.outcome === "ended")).toHaveLength(1);
  });

  it("counts a campaign's discounted cycles down, then charges the full price", async () => {
    const who = await subscriber();
    // HALF3 bought with no trial: the first half-price cycle was paid at the purchase.
    const id = await subscribe(who, "standard-monthly", {
      status: "NEW_CONTRACT",
      nextSettlementDay: "2026-05-01",
      anchorDay: 1,
      campaignId: "half-price-3",
      campaignCyclesLeft: 2,
    });
    await walk("2026-05-01", "2026-08-01");
    expect(await chargesOf(id)).toEqual([
      ["2026-05-01", 495, "succeeded"],
      ["2026-06-01", 495, "succeeded"],
      ["2026-07-01", 990, "succeeded"],
      ["2026-08-01", 990, "succeeded"],
    ]);
    expect((await contract(id)).campaignCyclesLeft).toBe(0);
  });

  it("a cycle a payment code pays costs nothing; the next one, with no method to charge, is held", async () => {
    const who = await subscriber();
    const id = await subscribe(who, "standard-monthly", {
      status: "NEW_CONTRACT",
      nextSettlementDay: "2026-05-01",
      anchorDay: 1,
      campaignId: "gift-code-2026",
      campaignCyclesLeft: 1,
      withoutMethod: true,
    });
    await passOn("2026-05-01");
    await passOn("2026-06-01");
    expect(await chargesOf(id)).toEqual([
      ["2026-05-01", 0, "succeeded"],
      ["2026-06-01", 990, "failed"],
    ]);
    expect(await contract(id)).toMatchObject({ subscriptionStatus: "HOLD", nextSettlementDay: "2026-06-02" });
    expect(await providerCharges(who)).toEqual([]);
  });

  it("a cancellation ends the subscription on its day, uncharged; forceStopRenewDate ends renewals", async () => {
    const who = await subscriber();
    const cancelling = await subscribe(who, "standard-monthly", {
      status: "CANCEL_REQUEST",
      nextSettlementDay: "2026-05-10",
      anchorDay: 10,
    });
    catalogue = {
      ...catalogue,
      plans: catalogue.plans.map((plan) =>
        plan.planId === "standard-annual"
          ? { ...plan, forceStopRenewDate: "2027-06-30T23:59:59+09:00" }
          : plan,
      ),
    };
    const stopping = await subscribe(who, "standard-annual", {
      status: "ONGOING_CONTRACT",
      nextSettlementDay: "2026-07-01",
      anchorDay: 1,
    });
    const lines = await walk("2026-05-09", "2027-07-02");
    expect(lines.map((line) => [line.contractId, line.cycleDay, line.outcome, line.detail])).toEqual([
      [cancelling, "2026-05-10", "ended", "CANCELLATION_DUE"],
      [stopping, "2026-07-01", "renewed", null],
      [stopping, "2027-07-01", "ended", "RENEWAL_STOPPED"],
    ]);
    expect(await chargesOf(cancelling)).toEqual([]);
    expect((await contract(cancelling)).subscriptionStatus).toBe("CANCELLED");
    expect((await contract(stopping)).subscriptionStatus).toBe("CANCELLED");
  });

  it("catches up: a run that was stopped for three months charges each missed cycle once, in turn", async () => {
    const who = await subscriber();
    const id = await subscribe(who, "standard-monthly", {
      status: "ONGOING_CONTRACT",
      nextSettlementDay: "2026-05-20",
      anchorDay: 20,
    });
    const report = await passOn("2026-08-01");
    expect(report.totals).toMatchObject({ renewed: 3, declined: 0 });
    expect((await chargesOf(id)).map(([day]) => day)).toEqual(["2026-05-20", "2026-06-20", "2026-07-20"]);
    expect((await passOn("2026-08-01")).lines).toEqual([]);
  });

  it("leaves a subscription whose plan left the catalogue alone, and says so", async () => {
    const who = await subscriber();
    const id = await subscribe(who, "standard-monthly", {
      status: "ONGOING_CONTRACT",
      nextSettlementDay: "2026-05-20",
      anchorDay: 20,
    });
    catalogue = { ...catalogue, plans: catalogue.plans.filter((plan) => plan.planId !== "standard-monthly") };
    const report = await passOn("2026-05-20");
    expect(report.lines).toMatchObject([
      { contractId: id, outcome: "skipped", detail: "PLAN_NOT_IN_CATALOGUE" },
    ]);
    expect(await chargesOf(id)).toEqual([]);
  });
});

describe("a plan change scheduled for the next settlement day (ADR 0042)", () => {
  it("charges the new plan on its day and starts its span, once, with two passes at the same moment", async () => {
    const who = await subscriber();
    const id = await subscribe(who, "standard-monthly", {
      status: "ONGOING_CONTRACT",
      nextSettlementDay: "2026-05-31",
      anchorDay: 31,
      periodAmount: 990,
      pendingChange: { planId: "standard-annual", day: "2026-05-31" },
    });
    await walk("2026-05-01", "2026-05-30");
    expect(await chargesOf(id)).toEqual([]);
    t.clock.set(japanMidnight("2026-05-31"));
    const notices: BillingLine[] = [];
    const [a, b] = await Promise.all([
      runBillingPass(deps(undefined, notices), t.clock.now()),
      runBillingPass(deps(undefined, notices), t.clock.now()),
    ]);
    expect([...a.lines, ...b.lines]).toMatchObject([
      { outcome: "renewed", planId: "standard-annual", amount: 9900, cycleDay: "2026-05-31" },
    ]);
    expect(await providerCharges(who)).toEqual([[9900, "succeeded"]]);
    expect(await contract(id)).toMatchObject({
      planId: "standard-annual",
      pendingPlanId: null,
      pendingChangeDay: null,
      nextSettlementDay: "2027-05-31",
      periodAmount: 9900,
    });
    // The member is told, once.
    expect(notices.filter((line) => line.changedFromPlanId === "standard-monthly")).toHaveLength(1);
    // The charge names the plan it paid for, whatever the contract becomes later.
    const [charge] = await t.db.select().from(charges).where(eq(charges.contractId, id));
    expect(charge?.planId).toBe("standard-annual");
    await walk("2026-06-01", "2027-05-30");
    expect(await chargesOf(id)).toEqual([["2026-05-31", 9900, "succeeded"]]);
  });

  it("starts the new plan at a trial's end, with no trial of its own", async () => {
    const who = await subscriber();
    const id = await subscribe(who, "standard-monthly", {
      status: "NEW_TRIAL_CONTRACT",
      nextSettlementDay: "2026-05-02",
      anchorDay: 2,
      trialEndDay: "2026-05-01",
      pendingChange: { planId: "standard-annual", day: "2026-05-02" },
    });
    await walk("2026-04-01", "2026-05-02");
    expect(await chargesOf(id)).toEqual([["2026-05-02", 9900, "succeeded"]]);
    expect(await contract(id)).toMatchObject({
      planId: "standard-annual",
      subscriptionStatus: "TRIAL_TO_PAID",
      nextSettlementDay: "2027-05-02",
    });
  });

  it("keeps a held change for the retry, and drops a campaign that does not name the new plan", async () => {
    const who = await subscriber();
    catalogue = {
      ...catalogue,
      campaigns: [
        ...catalogue.campaigns,
        {
          campaignId: "monthly-half",
          code: "MONTHLYHALF",
          campaignName: "月額半額",
          campaignType: "discountRate",
          discountRate: 50,
          discountContinuationCount: 6,
          planIds: ["standard-monthly"],
        },
      ],
    };
    const id = await subscribe(who, "standard-monthly", {
      status: "ONGOING_CONTRACT",
      nextSettlementDay: "2026-05-20",
      anchorDay: 20,
      campaignId: "monthly-half",
      campaignCyclesLeft: 3,
      pendingChange: { planId: "standard-annual", day: "2026-05-20" },
    });
    await failNextCharge(t.db, who.methodRef);
    expect((await passOn("2026-05-20")).lines).toMatchObject([
      { outcome: "declined", planId: "standard-annual", amount: 9900 },
    ]);
    expect(await contract(id)).toMatchObject({
      planId: "standard-monthly",
      pendingPlanId: "standard-annual",
    });
    expect((await passOn("2026-05-21")).lines).toMatchObject([{ outcome: "renewed", amount: 9900 }]);
    expect(await contract(id)).toMatchObject({
      planId: "standard-annual",
      campaignId: null,
      campaignCyclesLeft: 0,
      nextSettlementDay: "2027-05-20",
    });
  });
});

describe("the day a subscription without a method needs one", () => {
  async function neededBy(fields: Partial<SubscriptionFields>, stopAt?: string) {
    const who = await subscriber();
    const base = {
      status: "ONGOING_CONTRACT",
      nextSettlementDay: "2026-04-20",
      anchorDay: 20,
      withoutMethod: true,
    };
    const id = await subscribe(who, "standard-monthly", { ...base, ...fields } as SubscriptionFields);
    const [row] = await t.db.select().from(contracts).where(eq(contracts.id, id));
    const half = catalogue.campaigns.find((campaign) => campaign.campaignId === "half-price-3");
    if (!row || !half) throw new Error("fixture");
    // Two cycles free, then the plan's price: the first paid renewal is the third.
    const twoFree = { ...half, campaignId: "two-free", discountRate: 100, discountContinuationCount: 2 };
    const plans = catalogue.plans.map((plan) =>
      plan.planId === "standard-monthly" && stopAt ? { ...plan, forceStopRenewDate: stopAt } : plan,
    );
    const current = { ...catalogue, plans, campaigns: [...catalogue.campaigns, twoFree] };
    const plan = plans.find((candidate) => candidate.planId === "standard-monthly");
    if (!plan) throw new Error("fixture");
    return methodNeededBy(row, plan, current);
  }

  it("is the first settlement that costs money, after a campaign's free cycles", async () => {
    expect(await neededBy({})).toBe("2026-04-20");
    expect(await neededBy({ campaignId: "two-free", campaignCyclesLeft: 2 })).toBe("2026-06-20");
    expect(await neededBy({ campaignId: "half-price-3", campaignCyclesLeft: 3 })).toBe("2026-04-20");
  });

  it("is none with a method, while cancelling, or when renewals stop before a paid one", async () => {
    expect(await neededBy({ withoutMethod: false })).toBeNull();
    expect(await neededBy({ status: "CANCEL_REQUEST" })).toBeNull();
    expect(
      await neededBy({ campaignId: "two-free", campaignCyclesLeft: 2 }, "2026-06-01T00:00:00+09:00"),
    ).toBeNull();
  });
});

describe("exactly once when a process dies mid-charge: the reaper asks the provider", () => {
  // The run logs the provider's silence; here it is expected.
  beforeEach(() => void vi.spyOn(console, "error").mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  /** The provider as a process that died right after (or right before) the charge left it. */
  function dyingAfterCharge(real: PaymentProvider, sent: boolean): PaymentProvider {
    return {
      ...real,
      async charge(request) {
        if (sent) await real.charge(request);
        throw new Error("the process died");
      },
    };
  }

  it("a charge the provider took is settled from its record, never charged again", async () => {
    const who = await subscriber();
    const id = await subscribe(who, "standard-monthly", {
      status: "ONGOING_CONTRACT",
      nextSettlementDay: "2026-05-20",
      anchorDay: 20,
    });
    const died = await passOn("2026-05-20", deps(dyingAfterCharge(t.deps.payments, true)));
    expect(died.lines).toMatchObject([{ outcome: "unsettled", detail: "NO_ANSWER" }]);
    expect(await chargesOf(id)).toEqual([["2026-05-20", 990, "pending"]]);

    // A pass soon after: the charge is too young to reap, and its cycle is not claimed again.
    t.clock.advance(REAP_AFTER_MS / 2);
    expect((await runBillingPass(deps(), t.clock.now())).lines).toEqual([]);

    t.clock.advance(REAP_AFTER_MS);
    const reaped = await runBillingPass(deps(), t.clock.now());
    expect(reaped.lines).toMatchObject([{ outcome: "renewed", reaped: true, status: "ONGOING_CONTRACT" }]);
    expect(await chargesOf(id)).toEqual([["2026-05-20", 990, "succeeded"]]);
    expect(await providerCharges(who)).toEqual([[990, "succeeded"]]);
    expect((await contract(id)).nextSettlementDay).toBe("2026-06-20");
  });

  it("a charge the provider never received is marked not sent and made under a new key", async () => {
    const who = await subscriber();
    const id = await subscribe(who, "standard-monthly", {
      status: "ONGOING_CONTRACT",
      nextSettlementDay: "2026-05-20",
      anchorDay: 20,
    });
    await passOn("2026-05-20", deps(dyingAfterCharge(t.deps.payments, false)));
    t.clock.advance(REAP_AFTER_MS + 60_000);
    const report = await runBillingPass(deps(), t.clock.now());
    expect(report.lines.map((line) => [line.outcome, line.detail, line.reaped])).toEqual([
      ["unsettled", "NOT_SENT", true],
      ["renewed", null, false],
    ]);
    expect(await chargesOf(id)).toEqual([
      ["2026-05-20", 990, "failed"],
      ["2026-05-20", 990, "succeeded"],
    ]);
    expect(await providerCharges(who)).toEqual([[990, "succeeded"]]);
    const keys = await t.db
      .select({ key: charges.idempotencyKey })
      .from(charges)
      .where(and(eq(charges.contractId, id)))
      .orderBy(asc(charges.createdAt));
    expect(keys.map((row) => row.key.split(":").at(-1))).toEqual(["1", "2"]);
  });

  it("an answer that could not be recorded leaves the charge pending for the reaper; the pass goes on", async () => {
    const [first, second] = [await subscriber(), await subscriber()];
    const ids = [];
    for (const who of [first, second]) {
      ids.push(
        await subscribe(who, "standard-monthly", {
          status: "ONGOING_CONTRACT",
          nextSettlementDay: "2026-05-20",
          anchorDay: 20,
        }),
      );
    }
    // The database refuses the first settlement (a deadlock, a dropped connection): the claim's
    // own transaction went through, the first settlement's does not.
    let transactions = 0;
    const flaky = new Proxy(t.db, {
      get(target, key, receiver) {
        if (key !== "transaction") return Reflect.get(target, key, receiver);
        return (work: Parameters<typeof t.db.transaction>[0]) => {
          transactions += 1;
          if (transactions === 2) return Promise.reject(new Error("deadlock detected"));
          return target.transaction(work);
        };
      },
    });
    const report = await passOn("2026-05-20", { ...deps(), db: flaky });
    expect(report.lines.map((line) => [line.outcome, line.detail]).sort()).toEqual([
      ["renewed", null],
      ["unsettled", "NOT_RECORDED"],
    ]);
    const left = report.lines.find((line) => line.outcome === "unsettled");
    expect(await chargesOf(left?.contractId ?? "")).toEqual([["2026-05-20", 990, "pending"]]);

    // The reaper settles it from the provider's record: charged once, by the provider's count too.
    t.clock.advance(REAP_AFTER_MS + 60_000);
    const reaped = await runBillingPass(deps(), t.clock.now());
    expect(reaped.lines).toMatchObject([{ contractId: left?.contractId, outcome: "renewed", reaped: true }]);
    for (const [index, who] of [first, second].entries()) {
      expect(await chargesOf(ids[index] ?? "")).toEqual([["2026-05-20", 990, "succeeded"]]);
      expect(await providerCharges(who)).toEqual([[990, "succeeded"]]);
    }
  });

  it("two passes at the same moment charge each due subscription once", async () => {
    const members = await Promise.all([subscriber(), subscriber(), subscriber()]);
    for (const who of members) {
      await subscribe(who, "standard-monthly", {
        status: "ONGOING_CONTRACT",
        nextSettlementDay: "2026-05-20",
        anchorDay: 20,
      });
    }
    t.clock.set(japanMidnight("2026-05-20"));
    const [a, b] = await Promise.all([
      runBillingPass(deps(), t.clock.now()),
      runBillingPass(deps(), t.clock.now()),
    ]);
    expect(a.totals.renewed + b.totals.renewed).toBe(3);
    for (const who of members) expect(await providerCharges(who)).toEqual([[990, "succeeded"]]);
  });
});

/** The server's notifier, mailing into the test's outbox. */
const mailingNotifier = () =>
  billingNotifier({
    db: t.db,
    mailer: t.outbox.mailer,
    store: t.store,
    catalogue: staticCatalogue(catalogue),
    publicOrigin: "https://soramiru.example.jp",
    now: () => t.clock.now(),
  });

describe("mails to the member (issue 44 §4)", () => {
  it("mails the first decline of a cycle (not each retry) and the end, in the language of the last sign-in", async () => {
    const who = await subscriber("4000000000000341");
    await t.db.update(accounts).set({ language: "en" }).where(eq(accounts.id, who.accountId));
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, who.accountId));
    await subscribe(who, "standard-monthly", {
      status: "ONGOING_CONTRACT",
      nextSettlementDay: "2026-06-25",
      anchorDay: 25,
    });
    const notify = mailingNotifier();
    await walk("2026-06-25", "2026-07-30", { ...deps(), notify });
    const subjects = t.outbox.mails
      .filter((mail) => mail.to === account?.contactEmail)
      .map((mail) => mail.subject);
    expect(subjects).toEqual([
      expect.stringContaining("We could not take your renewal payment"),
      expect.stringContaining("Your subscription has ended"),
    ]);
    const [declined] = t.outbox.mails;
    expect(declined?.text).toContain('"Standard (monthly)" (¥990, tax included)');
    expect(declined?.text).toContain("26 Jun 2026");
    expect(declined?.text).toMatch(/https:\/\/soramiru\.example\.jp\/mypage\/subscription\/[\w-]+/);
  });

  it("mails a scheduled plan change once, on the day it takes effect, with what was paid and the next day", async () => {
    const who = await subscriber();
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, who.accountId));
    await subscribe(who, "standard-monthly", {
      status: "ONGOING_CONTRACT",
      nextSettlementDay: "2026-06-25",
      anchorDay: 25,
      pendingChange: { planId: "standard-annual", day: "2026-06-25" },
    });
    const notify = mailingNotifier();
    await walk("2026-06-24", "2026-07-26", { ...deps(), notify });
    const mails = t.outbox.mails.filter((mail) => mail.to === account?.contactEmail);
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringContaining("プランの変更が完了しました"),
    ]);
    expect(mails[0]?.text).toContain(
      "「スタンダードプラン（月額）」から「スタンダードプラン（年額）」に変更し、¥9,900(税込)をお支払いいただきました。次回のお支払いは2027年6月25日です。",
    );
  });

  it("writes in Japanese to a member who has not signed in since the language was kept", async () => {
    const who = await subscriber();
    await subscribe(who, "standard-monthly", {
      status: "CANCEL_REQUEST",
      nextSettlementDay: "2026-05-10",
      anchorDay: 10,
    });
    const notify = mailingNotifier();
    await passOn("2026-05-10", { ...deps(), notify });
    expect(t.outbox.mails).toHaveLength(1);
    expect(t.outbox.mails[0]?.subject).toContain("ご契約終了のお知らせ");
    expect(t.outbox.mails[0]?.text).toContain("解約のお手続きにより");
  });
});

describe("the loop in the server (server/billing/billing-loop.ts)", () => {
  it("bills what is due soon after it starts, logs what it did, and stop() waits for a pass under way", async () => {
    const who = await subscriber();
    const id = await subscribe(who, "standard-monthly", {
      status: "ONGOING_CONTRACT",
      nextSettlementDay: "2026-04-01",
      anchorDay: 1,
    });
    const logged: string[] = [];
    const log = {
      log: (text: string) => void logged.push(text),
      error: (text: string) => void logged.push(text),
    };
    const loop = startBillingLoop(deps(), {
      now: () => t.clock.now(),
      firstPassDelayMs: 0,
      intervalMs: 3_600_000,
      log,
    });
    await vi.waitFor(() => expect(logged).toHaveLength(2), { timeout: 10_000 });
    await loop.stop();
    expect(logged[0]).toMatch(
      /^\[billing\] 2026-04-01 {2}renewed +standard-monthly {2}¥990 {2}ONGOING_CONTRACT → ONGOING_CONTRACT {2}contract /,
    );
    expect(logged[1]).toBe("[billing] 1 renewed, 0 declined, 0 ended, 0 unsettled, 0 skipped");
    expect((await contract(id)).nextSettlementDay).toBe("2026-05-01");
  });

  it("runs the purges other rooms hand it beside its own, and logs what went", async () => {
    const logged: string[] = [];
    const log = {
      log: (text: string) => void logged.push(text),
      error: (text: string) => void logged.push(text),
    };
    const purgeOf = vi.fn(async () => 3);
    const loop = startBillingLoop(deps(), {
      now: () => t.clock.now(),
      firstPassDelayMs: 0,
      intervalMs: 3_600_000,
      purges: { oidcModels: purgeOf },
      log,
    });
    await vi.waitFor(() => expect(logged.some((line) => line.startsWith("[housekeeping]"))).toBe(true), {
      timeout: 10_000,
    });
    await loop.stop();
    expect(purgeOf).toHaveBeenCalledWith(t.db, t.clock.now());
    expect(logged.find((line) => line.startsWith("[housekeeping]"))).toContain('"oidcModels":3');
  });
});
