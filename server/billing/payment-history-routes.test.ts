/**
 * GET /zapi/account/payment-history/{page} (issue 45 §1; spec §3 Payment history item, §7, §9):
 * the charges of the last 12 months, newest first, with plan, method and the tax in each; paging
 * bounds; bad page numbers are 400 and nothing else; another member's charges never show.
 */

import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { taxBreakdown } from "../../schemas/consumption-tax.ts";
import { japanMidnight } from "../../schemas/japan-time.ts";
import paymentHistorySchema from "../../schemas/payment-history.schema.json" with { type: "json" };
import paymentMethodSchema from "../../schemas/payment-method.schema.json" with { type: "json" };
import { createAjv } from "../../schemas/validation.ts";
import { createTestApi, type TestApi, TestBrowser } from "../../tests/api-harness.ts";
import { type Subscriber, subscribe, subscriber } from "../../tests/subscription-fixtures.ts";
import { charges, orders } from "../db/schema.ts";
import { runBillingPass } from "./renewals.ts";

let t: TestApi;
beforeEach(async () => {
  // 2026-06-10 12:00 in Japan.
  t = await createTestApi({ startAt: "2026-06-10T03:00:00Z" });
});
afterEach(() => t.close());

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown>;
}

async function signedIn(): Promise<Subscriber & { on: TestBrowser }> {
  const who = await subscriber(t);
  const on = new TestBrowser(t);
  const login = await on.post("/zapi/login", {
    emailUserId: who.email,
    password: who.password,
    loginMethod: "Password",
  });
  expect(login.status).toBe(200);
  return { ...who, on };
}

/** A charge of the subscription as the billing run records one, at `at`. */
async function charged(
  who: Subscriber,
  contractId: string,
  at: string,
  amount = 990,
  status: "succeeded" | "failed" | "pending" = "succeeded",
  cycleDay = at.slice(0, 10),
) {
  const tax = taxBreakdown(amount);
  const [row] = await t.db
    .insert(charges)
    .values({
      accountId: who.accountId,
      idempotencyKey: `test:${randomUUID()}`,
      contractId,
      planId: "standard-monthly",
      paymentMethodId: who.methodId,
      amount,
      taxAmount: tax.taxAmount,
      taxRate: tax.taxRate,
      status,
      cycleDay,
      createdAt: new Date(at),
    })
    .returning({ id: charges.id });
  return row?.id ?? "";
}

const page = (who: { on: TestBrowser }, n: string | number) =>
  who.on.get(`/zapi/account/payment-history/${n}`);

describe("payment history (issue 45 §1)", () => {
  it("an account with no charges has one empty page", async () => {
    const who = await signedIn();
    expect(await json(await page(who, 1))).toEqual({
      data: [],
      currentPage: 1,
      lastPage: 1,
      perPage: 20,
      totalCount: 0,
    });
  });

  it("lists a purchase and the renewals the billing run made, newest first, with plan, method and tax", async () => {
    const who = await signedIn();
    // A purchase of the annual plan a month ago, paid by card.
    const [order] = await t.db
      .insert(orders)
      .values({
        accountId: who.accountId,
        planId: "standard-annual",
        purchaseTokenHash: randomUUID(),
        paymentMethodId: who.methodId,
        amount: 9900,
        status: "completed",
        createdAt: new Date("2026-05-10T03:00:00Z"),
      })
      .returning({ id: orders.id });
    await t.db.insert(charges).values({
      accountId: who.accountId,
      idempotencyKey: `purchase:${order?.id}`,
      orderId: order?.id,
      planId: "standard-annual",
      paymentMethodId: who.methodId,
      amount: 9900,
      taxAmount: 900,
      taxRate: 10,
      status: "succeeded",
      createdAt: new Date("2026-05-10T03:00:00Z"),
    });
    // A monthly subscription renewed by the billing run on 2026-06-20, a day the clock has not
    // reached yet: a charge dated later than now is listed.
    await subscribe(t, who, "standard-monthly", {
      status: "ONGOING_CONTRACT",
      nextSettlementDay: "2026-06-20",
      anchorDay: 20,
    });
    const runAt = new Date(japanMidnight("2026-06-20").getTime() + 60_000);
    const report = await runBillingPass(
      { db: t.db, payments: t.deps.payments, catalogue: () => t.deps.catalogue.current() },
      runAt,
    );
    expect(report.totals.renewed).toBe(1);

    const history = await json(await page(who, 1));
    expect(history).toMatchObject({ currentPage: 1, lastPage: 1, perPage: 20, totalCount: 2 });
    expect(history.data).toEqual([
      {
        earningsId: expect.any(String),
        createdAt: runAt.toISOString(),
        planName: "スタンダードプラン（月額）",
        accountPaymentMethod: expect.objectContaining({
          accountPaymentMethodId: who.methodId,
          SbpsCreditInfo: expect.objectContaining({ cardNumberSuffix: "4242" }),
        }),
        billingAmount: 990,
        netBillingAmount: 900,
        taxAmount: 90,
      },
      expect.objectContaining({
        createdAt: "2026-05-10T03:00:00.000Z",
        planName: "スタンダードプラン（年額）",
        billingAmount: 9900,
        netBillingAmount: 9000,
        taxAmount: 900,
      }),
    ]);
    // The page in the shape spec §3's payment history item and the page read (payment-history.schema.json).
    const ajv = createAjv();
    ajv.addSchema(paymentMethodSchema);
    const validate = ajv.compile(paymentHistorySchema);
    expect(validate(history), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...history, data: [{ ...(history.data as object[])[0], billingAmount: "990" }] })).toBe(
      false,
    );
    // In English, the plan's English name.
    const english = await json(await who.on.get("/zapi/account/payment-history/1?lng=en"));
    expect((english.data as { planName: string }[])[0]?.planName).toBe("Standard (monthly)");
  });

  it("shows twelve months back and no further; declined and pending attempts are not payments", async () => {
    const who = await signedIn();
    const id = await subscribe(t, who, "standard-monthly", {
      status: "ONGOING_CONTRACT",
      nextSettlementDay: "2026-07-01",
      anchorDay: 1,
    });
    // Now is 2026-06-10T03:00Z: a year back is 2025-06-10T03:00Z.
    await charged(who, id, "2025-06-10T02:59:59Z", 990, "succeeded", "2025-06-09");
    const inside = await charged(who, id, "2025-06-10T03:00:00Z");
    await charged(who, id, "2026-06-01T00:00:00Z", 990, "failed");
    await charged(who, id, "2026-06-02T00:00:00Z", 990, "pending");
    const zero = await charged(who, id, "2026-06-03T00:00:00Z", 0);
    const history = await json(await page(who, 1));
    expect((history.data as { earningsId: string }[]).map((row) => row.earningsId)).toEqual([zero, inside]);
    expect((history.data as { billingAmount: number }[])[0]?.billingAmount).toBe(0);
  });

  it("pages by 20: bounds, the last page, and a page past it", async () => {
    const who = await signedIn();
    const id = await subscribe(t, who, "standard-monthly", {
      status: "ONGOING_CONTRACT",
      nextSettlementDay: "2026-07-01",
      anchorDay: 1,
    });
    const ids: string[] = [];
    for (let n = 0; n < 45; n++) {
      ids.push(await charged(who, id, new Date(Date.UTC(2026, 3, 1 + n)).toISOString()));
    }
    const newestFirst = ids.reverse();
    const pages = [];
    for (const n of [1, 2, 3]) pages.push(await json(await page(who, n)));
    expect(pages.map((each) => [each.currentPage, each.lastPage, each.totalCount])).toEqual([
      [1, 3, 45],
      [2, 3, 45],
      [3, 3, 45],
    ]);
    expect(
      pages.flatMap((each) => (each.data as { earningsId: string }[]).map((row) => row.earningsId)),
    ).toEqual(newestFirst);
    expect(await json(await page(who, 4))).toMatchObject({
      data: [],
      currentPage: 4,
      lastPage: 3,
      totalCount: 45,
    });
  });

  it.each(["0", "-1", "01", "1.5", "1e3", "abc", "%20", "100001", "9999999999999999999999"])(
    "refuses page %s with 400 INVALID_PAGE",
    async (bad) => {
      const who = await signedIn();
      const response = await page(who, bad);
      expect(response.status).toBe(400);
      expect(await json(response)).toMatchObject({
        code: "INVALID_PAGE",
        message: "ページの指定が正しくありません。",
      });
    },
  );

  it("never shows another member's charges; a guest gets 401", async () => {
    const [owner, other] = [await signedIn(), await signedIn()];
    const id = await subscribe(t, owner, "standard-monthly", {
      status: "ONGOING_CONTRACT",
      nextSettlementDay: "2026-07-01",
      anchorDay: 1,
    });
    await charged(owner, id, "2026-06-01T00:00:00Z");
    expect((await json(await page(owner, 1))).totalCount).toBe(1);
    expect((await json(await page(other, 1))).totalCount).toBe(0);
    expect((await new TestBrowser(t).get("/zapi/account/payment-history/1")).status).toBe(401);
  });
});
