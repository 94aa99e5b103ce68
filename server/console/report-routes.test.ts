/**
 * The business reports: revenue to the yen what the month's charges less its refunds add up to (a
 * fixture of renewals, a purchase, a ¥0 cycle and a refund), subscribers at past month ends as the
 * records say they were, contracts and trials converted, renewals held and recovered; each report's
 * CSV in UTF-8 with a byte order mark and the page's totals; finance and owners only.
 */
import { randomUUID } from "node:crypto";
import { and, eq, gte, lt } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { reportTable } from "../../schemas/console-reports.ts";
import { taxBreakdown } from "../../schemas/consumption-tax.ts";
import { japanMidnight } from "../../schemas/japan-time.ts";
import type { SubscriptionStatus } from "../../schemas/subscription-status.ts";
import type { ConsoleReportsScreenData } from "../../schemas/types/console-reports-screen-data.gen.ts";
import { createTestApi, insertAccount, type TestApi } from "../../tests/api-harness.ts";
import { signedInStaff } from "../../tests/console-harness.ts";
import { charges, contracts, refunds } from "../db/schema.ts";
import { groupAt, lastTwelveMonths } from "./business-reports.ts";

let t: TestApi;
let accountId: string;
beforeEach(async () => {
  // Noon in Japan, 10 June 2026.
  t = await createTestApi({ startAt: "2026-06-10T03:00:00Z" });
  accountId = (await insertAccount(t)).accountId;
});
afterEach(() => t.close());

/** 09:00 in Japan on a day. */
const at = (day: string) => new Date(japanMidnight(day).getTime() + 9 * 3_600_000);

async function subscription(fields: {
  created: string;
  status: SubscriptionStatus;
  trialEndDay?: string;
  cancelled?: string;
  cancelRequested?: string;
}): Promise<string> {
  const [row] = await t.db
    .insert(contracts)
    .values({
      accountId,
      planId: "standard-monthly",
      planType: "subscription",
      subscriptionStatus: fields.status,
      anchorDay: 1,
      nextSettlementDay: "2026-07-01",
      trialEndDay: fields.trialEndDay ?? null,
      createdAt: at(fields.created),
      cancelledAt: fields.cancelled ? at(fields.cancelled) : null,
      cancelRequestedAt: fields.cancelRequested ? at(fields.cancelRequested) : null,
    })
    .returning({ id: contracts.id });
  return row?.id ?? "";
}

async function charge(fields: {
  day: string;
  amount: number;
  status?: "succeeded" | "failed";
  contractId?: string;
  cycleDay?: string;
}): Promise<string> {
  const tax = taxBreakdown(fields.amount);
  const [row] = await t.db
    .insert(charges)
    .values({
      accountId,
      idempotencyKey: `test:${randomUUID()}`,
      contractId: fields.contractId ?? null,
      planId: "standard-monthly",
      amount: fields.amount,
      taxAmount: tax.taxAmount,
      taxRate: tax.taxRate,
      status: fields.status ?? "succeeded",
      cycleDay: fields.cycleDay ?? null,
      createdAt: at(fields.day),
    })
    .returning({ id: charges.id });
  return row?.id ?? "";
}

async function refund(chargeId: string, amount: number, day: string) {
  const tax = taxBreakdown(amount);
  await t.db.insert(refunds).values({
    idempotencyKey: `test:${randomUUID()}`,
    chargeId,
    accountId,
    amount,
    taxAmount: tax.taxAmount,
    taxRate: tax.taxRate,
    status: "succeeded",
    reason: "test",
    issuerName: "ソラミル株式会社",
    planName: "スタンダード",
    chargedAt: at(day),
    createdAt: at(day),
    settledAt: at(day),
  });
}

/** The store of the fixture: a spring of renewals, a purchase, a ¥0 cycle, trials and a refund. */
async function fixture() {
  // Renewing since March: April paid, May declined then paid the next day (held, recovered).
  const renewing = await subscription({ created: "2026-03-15", status: "ONGOING_CONTRACT" });
  await charge({ day: "2026-03-15", amount: 990, contractId: renewing });
  await charge({ day: "2026-04-15", amount: 990, contractId: renewing, cycleDay: "2026-04-15" });
  await charge({
    day: "2026-05-15",
    amount: 990,
    status: "failed",
    contractId: renewing,
    cycleDay: "2026-05-15",
  });
  await charge({ day: "2026-05-16", amount: 990, contractId: renewing, cycleDay: "2026-05-15" });
  // Declined on 29 April, paid on 2 May: on hold at April's end, running at May's.
  const heldOverMonthEnd = await subscription({ created: "2026-03-29", status: "ONGOING_CONTRACT" });
  await charge({
    day: "2026-04-29",
    amount: 990,
    status: "failed",
    contractId: heldOverMonthEnd,
    cycleDay: "2026-04-29",
  });
  await charge({ day: "2026-05-02", amount: 990, contractId: heldOverMonthEnd, cycleDay: "2026-04-29" });
  // A cycle a payment code paid: ¥0, a renewal all the same.
  const paidByCode = await subscription({ created: "2026-04-01", status: "ONGOING_CONTRACT" });
  await charge({ day: "2026-05-01", amount: 0, contractId: paidByCode, cycleDay: "2026-05-01" });
  // A purchase, ¥500 of it refunded in May.
  const purchase = await charge({ day: "2026-05-20", amount: 1500 });
  await refund(purchase, 500, "2026-05-25");
  // Trials ending in May: one goes on paid, one is cancelled at its end.
  const converted = await subscription({
    created: "2026-04-10",
    status: "TRIAL_TO_PAID",
    trialEndDay: "2026-05-10",
  });
  await charge({ day: "2026-05-10", amount: 990, contractId: converted, cycleDay: "2026-05-10" });
  await subscription({
    created: "2026-04-12",
    status: "CANCELLED",
    trialEndDay: "2026-05-12",
    cancelRequested: "2026-05-01",
    cancelled: "2026-05-12",
  });
  // Cancelling since 28 May; a trial started in June.
  await subscription({ created: "2026-02-01", status: "CANCEL_REQUEST", cancelRequested: "2026-05-28" });
  await subscription({ created: "2026-06-05", status: "NEW_TRIAL_CONTRACT", trialEndDay: "2026-07-05" });
}

async function reports(): Promise<ConsoleReportsScreenData> {
  const finance = await signedInStaff(t, "finance@example.jp", "finance");
  const answer = await finance.get("/zapi/console/reports/screen-data");
  expect(answer.status).toBe(200);
  return (await answer.json()) as ConsoleReportsScreenData;
}

describe("the business reports", () => {
  it("cover the last twelve months in Japan, the month under way ending now", () => {
    const months = lastTwelveMonths(new Date("2026-06-10T03:00:00Z"));
    expect(months.map((month) => month.month)).toEqual([
      "2025-07",
      "2025-08",
      "2025-09",
      "2025-10",
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
    ]);
    expect(months[10]).toEqual({
      month: "2026-05",
      starts: new Date("2026-04-30T15:00:00Z"),
      ends: new Date("2026-05-31T15:00:00Z"),
    });
    expect(months[11]?.ends).toEqual(new Date("2026-06-10T03:00:00Z"));
  });

  it("count a month's revenue as its charges less its refunds, to the yen", async () => {
    await fixture();
    const data = await reports();
    const may = data.revenue.find((row) => row.month === "2026-05");
    // The books of May, added up here without the report's query.
    const [starts, ends] = [japanMidnight("2026-05-01"), japanMidnight("2026-06-01")];
    const taken = await t.db
      .select()
      .from(charges)
      .where(
        and(eq(charges.status, "succeeded"), gte(charges.createdAt, starts), lt(charges.createdAt, ends)),
      );
    const given = await t.db
      .select()
      .from(refunds)
      .where(and(gte(refunds.settledAt, starts), lt(refunds.settledAt, ends)));
    const sum = (rows: { amount: number }[]) => rows.reduce((total, row) => total + row.amount, 0);
    const taxOf = (rows: { taxAmount: number }[]) => rows.reduce((total, row) => total + row.taxAmount, 0);
    expect(may).toEqual({
      month: "2026-05",
      charges: taken.length,
      charged: sum(taken),
      refunds: 1,
      refunded: 500,
      revenue: sum(taken) - sum(given),
      tax: taxOf(taken) - taxOf(given),
      net: sum(taken) - sum(given) - (taxOf(taken) - taxOf(given)),
    });
    // 990 (16th) + 990 (2nd) + 0 + 1,500 + 990 (10th) − 500.
    expect(may?.revenue).toBe(3970);
    expect(may?.tax).toBe(90 + 90 + 0 + 136 + 90 - 45);
    expect(data.revenue.find((row) => row.month === "2026-04")).toMatchObject({
      charges: 1,
      charged: 990,
      revenue: 990,
    });
  });

  it("count subscribers at each month's end as the records say, and today by their statuses", async () => {
    await fixture();
    const data = await reports();
    const month = (name: string) => data.subscribers.byMonth.find((row) => row.month === name);
    expect(month("2026-03")).toEqual({
      month: "2026-03",
      underContract: 3,
      freeTrial: 0,
      cancelRequested: 0,
      hold: 0,
    });
    expect(month("2026-04")).toEqual({
      month: "2026-04",
      underContract: 3,
      freeTrial: 2,
      cancelRequested: 0,
      hold: 1,
    });
    expect(month("2026-05")).toEqual({
      month: "2026-05",
      underContract: 4,
      freeTrial: 0,
      cancelRequested: 1,
      hold: 0,
    });
    expect(data.subscribers.today).toEqual({ underContract: 4, freeTrial: 1, cancelRequested: 1, hold: 0 });
    expect(month("2026-06")).toEqual({ month: "2026-06", ...data.subscribers.today });
    expect(month("2025-07")).toEqual({
      month: "2025-07",
      underContract: 0,
      freeTrial: 0,
      cancelRequested: 0,
      hold: 0,
    });
  });

  it("count new contracts, cancellations, trials converted and renewals held and recovered", async () => {
    await fixture();
    const data = await reports();
    expect(data.contracts.find((row) => row.month === "2026-04")).toEqual({
      month: "2026-04",
      newContracts: 3,
      cancellations: 0,
      trialsEnded: 0,
      trialsConverted: 0,
    });
    expect(data.contracts.find((row) => row.month === "2026-05")).toEqual({
      month: "2026-05",
      newContracts: 0,
      cancellations: 1,
      trialsEnded: 2,
      trialsConverted: 1,
    });
    expect(data.renewals.find((row) => row.month === "2026-04")).toEqual({
      month: "2026-04",
      attempted: 2,
      succeeded: 1,
      held: 1,
      recovered: 1,
    });
    expect(data.renewals.find((row) => row.month === "2026-05")).toEqual({
      month: "2026-05",
      attempted: 3,
      succeeded: 2,
      held: 1,
      recovered: 1,
    });
  });

  it("give each table as a CSV in UTF-8 with a byte order mark, its totals the page's", async () => {
    await fixture();
    const data = await reports();
    const finance = await signedInStaff(t, "finance2@example.jp", "finance");
    const answer = await finance.get("/zapi/console/reports/revenue.csv");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toBe('attachment; filename="revenue-2026-06-10.csv"');
    const bytes = new Uint8Array(await answer.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trimEnd().split("\r\n");
    expect(lines[0]).toBe("月,決済額（税込）,返金額（税込）,売上（税込）,消費税,売上（税抜）");
    expect(lines).toHaveLength(1 + 12 + 1);
    expect(lines).toContain("2026-05,4470,500,3970,361,3609");
    const table = reportTable(data, "revenue");
    expect(lines.at(-1)).toBe(`合計,${table.totals?.join(",")}`);
    // March's first payment, April's renewal, May's, June's nothing.
    expect(table.totals?.[2]).toBe(990 + 990 + 3970);

    const english = await finance.get("/zapi/console/reports/subscribers.csv?lng=en");
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await english.arrayBuffer());
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text.split("\r\n")[0]).toBe("\uFEFFMonth,Active,Free trial,Cancelling,On hold");
    // Counts at a moment add up to nothing: no total row.
    expect(text).not.toContain("Total");
    expect((await finance.get("/zapi/console/reports/nothing.csv")).status).toBe(404);
    expect((await finance.get("/zapi/console/reports/revenue.txt")).status).toBe(404);
  });

  it("are for finance and owners only", async () => {
    const support = await signedInStaff(t, "support@example.jp", "support");
    expect((await support.get("/zapi/console/reports/screen-data")).status).toBe(403);
    expect((await support.get("/zapi/console/reports/revenue.csv")).status).toBe(403);
    const configuration = await signedInStaff(t, "config@example.jp", "configuration");
    expect((await configuration.get("/zapi/console/reports/screen-data")).status).toBe(403);
    const owner = await signedInStaff(t, "owner@example.jp", "owner");
    expect((await owner.get("/zapi/console/reports/screen-data")).status).toBe(200);
  });
});

describe("a subscription's state at an instant", () => {
  const record = {
    id: "c",
    createdAt: at("2026-04-01"),
    cancelledAt: null,
    cancelRequestedAt: null,
    trialEndDay: "2026-04-15",
  };
  it("is in trial until its end day begins, then under contract, held while a decline is unpaid", () => {
    expect(groupAt(record, [], at("2026-03-31"))).toBeNull();
    expect(groupAt(record, [], japanMidnight("2026-04-15"))).toBe("underContract");
    expect(groupAt(record, [], at("2026-04-14"))).toBe("freeTrial");
    const declined = [{ contractId: "c", failedAt: at("2026-04-15"), paidAt: at("2026-04-20") }];
    expect(groupAt(record, declined, at("2026-04-18"))).toBe("hold");
    expect(groupAt(record, declined, at("2026-04-21"))).toBe("underContract");
    expect(groupAt({ ...record, cancelRequestedAt: at("2026-04-16") }, declined, at("2026-04-18"))).toBe(
      "cancelRequested",
    );
    expect(groupAt({ ...record, cancelledAt: at("2026-04-17") }, declined, at("2026-04-18"))).toBeNull();
  });
});
