/**
 * What withdrawal keeps and for how long (issue 45 §3, ADR 0033): the books and the invoice copies
 * stay without the member — the copies without the contact e-mail — the rest goes, the e-mail and
 * user ID are free again; past the retention the purge removes a withdrawn member's records and old
 * invoice copies, and never a member's own.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { taxBreakdown } from "../../schemas/consumption-tax.ts";
import {
  createTestApi,
  insertAccount,
  mailedCode,
  type TestApi,
  TestBrowser,
} from "../../tests/api-harness.ts";
import { type Subscriber, subscribe, subscriber } from "../../tests/subscription-fixtures.ts";
import {
  accounts,
  charges,
  contracts,
  issuedInvoices,
  orders,
  paymentMethods,
  refunds,
} from "../db/schema.ts";
import { purgeExpiredRecords, RETENTION_MONTHS, retentionCutoff } from "./retention.ts";

let t: TestApi;
beforeEach(async () => {
  t = await createTestApi({ startAt: "2026-06-10T03:00:00Z" });
});
afterEach(() => t.close());

async function signedIn(): Promise<Subscriber & { on: TestBrowser }> {
  const who = await subscriber(t, "4242424242424242", { userId: `keeper${randomUUID().slice(0, 6)}` });
  const on = new TestBrowser(t);
  const login = await on.post("/zapi/login", {
    emailUserId: who.email,
    password: who.password,
    loginMethod: "Password",
  });
  expect(login.status).toBe(200);
  return { ...who, on };
}

/** A purchase the member made: its order, contract (ended) and charge, `at`. */
async function bought(who: Subscriber, at: string, amount = 1980) {
  const contractId = await subscribe(t, who, "standard-monthly", {
    status: "CANCELLED",
    nextSettlementDay: "2026-07-01",
    anchorDay: 1,
  });
  await t.db
    .update(contracts)
    .set({ createdAt: new Date(at) })
    .where(eq(contracts.id, contractId));
  const [order] = await t.db
    .insert(orders)
    .values({
      accountId: who.accountId,
      planId: "standard-monthly",
      purchaseTokenHash: randomUUID(),
      contractId,
      paymentMethodId: who.methodId,
      amount,
      status: "completed",
      surveyAnswers: [],
      createdAt: new Date(at),
    })
    .returning({ id: orders.id });
  const tax = taxBreakdown(amount);
  const [charge] = await t.db
    .insert(charges)
    .values({
      accountId: who.accountId,
      idempotencyKey: `purchase:${order?.id}`,
      orderId: order?.id,
      planId: "standard-monthly",
      contractId,
      paymentMethodId: who.methodId,
      amount,
      taxAmount: tax.taxAmount,
      taxRate: tax.taxRate,
      status: "succeeded",
      createdAt: new Date(at),
    })
    .returning({ id: charges.id });
  return { contractId, orderId: order?.id ?? "", chargeId: charge?.id ?? "" };
}

async function withdraw(who: Subscriber & { on: TestBrowser }) {
  const confirmed = await who.on.post("/zapi/account/withdraw/confirm", {
    question_reason: ["price"],
    question_satisfaction: "3",
    consent: true,
  });
  expect(confirmed.status).toBe(200);
  const done = await who.on.request("/zapi/account/withdraw", {
    method: "DELETE",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ pinCode: mailedCode(t.outbox, who.email) }),
  });
  expect(done.status).toBe(200);
}

describe("withdrawal keeps the books and the invoices, not the member (ADR 0033)", () => {
  it("orders, charges, contracts and invoice copies stay without the member; the rest goes", async () => {
    const who = await signedIn();
    const { contractId, orderId, chargeId } = await bought(who, "2026-06-01T00:00:00Z");
    const issued = await who.on.post(`/zapi/account/invoice/${chargeId}`, {
      specifyAddressee: true,
      addressee: "株式会社テスト",
      honorific: "group",
    });
    expect(issued.status).toBe(200);

    await withdraw(who);

    expect(await t.db.select().from(accounts).where(eq(accounts.id, who.accountId))).toEqual([]);
    expect(
      await t.db.select().from(paymentMethods).where(eq(paymentMethods.accountId, who.accountId)),
    ).toEqual([]);
    const [contract] = await t.db.select().from(contracts).where(eq(contracts.id, contractId));
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    const [charge] = await t.db.select().from(charges).where(eq(charges.id, chargeId));
    expect([contract?.accountId, order?.accountId, charge?.accountId]).toEqual([null, null, null]);
    // The method went with the account: the books keep the amounts, not the card.
    expect([contract?.paymentMethodId, order?.paymentMethodId, charge?.paymentMethodId]).toEqual([
      null,
      null,
      null,
    ]);
    expect(charge).toMatchObject({ amount: 1980, taxAmount: 180, taxRate: 10, status: "succeeded" });
    const [copy] = await t.db.select().from(issuedInvoices).where(eq(issuedInvoices.chargeId, chargeId));
    expect(copy).toMatchObject({
      accountId: null,
      contactEmail: null,
      addressee: "株式会社テスト",
      honorific: "group",
      registrationNumber: "T1000012030001",
      amount: 1980,
      taxAmount: 180,
    });
  });

  it("the e-mail and the user ID are free again", async () => {
    const who = await signedIn();
    const [before] = await t.db.select().from(accounts).where(eq(accounts.id, who.accountId));
    await withdraw(who);
    const again = await insertAccount(t, { email: who.email, userId: before?.userId ?? null });
    expect(again.accountId).not.toBe(who.accountId);
    // The new member sees nothing of the old one's payments.
    const on = new TestBrowser(t);
    expect(
      (
        await on.post("/zapi/login", {
          emailUserId: who.email,
          password: again.password,
          loginMethod: "Password",
        })
      ).status,
    ).toBe(200);
    expect(await (await on.get("/zapi/account/payment-history/1")).json()).toMatchObject({ totalCount: 0 });
  });
});

describe("the purge past the retention (ADR 0033)", () => {
  it("keeps 7 years after the latest filing deadline: 8 years and 3 months after the record", () => {
    expect(RETENTION_MONTHS).toBe(99);
    expect(retentionCutoff(new Date("2035-09-01T00:00:00Z")).toISOString()).toBe("2027-06-01T00:00:00.000Z");
  });

  it("removes a withdrawn member's records and old invoice copies, never a member's own", async () => {
    const gone = await signedIn();
    const old = await bought(gone, "2026-06-01T00:00:00Z");
    const recent = await bought(gone, "2026-06-05T00:00:00Z");
    expect(
      (await gone.on.post(`/zapi/account/invoice/${old.chargeId}`, { specifyAddressee: false })).status,
    ).toBe(200);
    // A refund of it on 8 June: its return invoice outlives the charge, kept from its own date.
    await t.db.insert(refunds).values({
      idempotencyKey: "refund-old",
      chargeId: old.chargeId,
      accountId: gone.accountId,
      amount: 500,
      taxAmount: 45,
      taxRate: 10,
      status: "succeeded",
      reason: "二重請求",
      returnInvoiceNumber: "R2026-000001",
      issuerName: "ソラミル株式会社",
      planName: "スタンダードプラン（月額）",
      chargedAt: new Date("2026-06-01T00:00:00Z"),
      createdAt: new Date("2026-06-08T00:00:00Z"),
    });
    await withdraw(gone);
    const stays = await signedIn();
    const own = await bought(stays, "2026-06-01T00:00:00Z");
    const [ownCopy] = await t.db
      .insert(issuedInvoices)
      .values({
        accountId: stays.accountId,
        chargeId: own.chargeId,
        invoiceNumber: "2026-000001",
        copyNumber: 0,
        issuerName: "ソラミル株式会社",
        honorific: "none",
        planName: "スタンダードプラン（月額）",
        amount: 1980,
        taxAmount: 180,
        taxRate: 10,
        chargedAt: new Date("2026-06-01T00:00:00Z"),
        issuedAt: new Date("2026-06-09T00:00:00Z"),
      })
      .returning({ id: issuedInvoices.id });

    // A day before the old records' time is up: nothing goes.
    const before = await purgeExpiredRecords(t.db, new Date("2034-08-31T00:00:00Z"));
    expect(before).toEqual({ invoices: 0, returnInvoices: 0, charges: 0, orders: 0, contracts: 0 });

    // Past it for the records of 2026-06-01: they go; the copies, issued on 9 and 10 June, not yet.
    const after = await purgeExpiredRecords(t.db, new Date("2034-09-02T00:00:00Z"));
    expect(after).toEqual({ invoices: 0, returnInvoices: 0, charges: 1, orders: 1, contracts: 1 });
    const [keptRefund] = await t.db.select().from(refunds);
    expect(keptRefund).toMatchObject({ chargeId: null, accountId: null, amount: 500 });
    const ids = async <T extends { id: string }>(rows: Promise<T[]>) => (await rows).map((row) => row.id);
    expect(await ids(t.db.select({ id: charges.id }).from(charges))).toEqual(
      expect.arrayContaining([recent.chargeId, own.chargeId]),
    );
    expect(await ids(t.db.select({ id: charges.id }).from(charges))).not.toContain(old.chargeId);
    expect(await ids(t.db.select({ id: orders.id }).from(orders))).not.toContain(old.orderId);
    expect(await ids(t.db.select({ id: contracts.id }).from(contracts))).toEqual(
      expect.arrayContaining([recent.contractId, own.contractId]),
    );

    // The copies go by their own date, whoever they were issued to.
    const later = await purgeExpiredRecords(t.db, new Date("2034-09-11T00:00:00Z"));
    expect(later).toMatchObject({ invoices: 2, returnInvoices: 1, charges: 1 });
    expect(await t.db.select().from(refunds)).toEqual([]);
    expect(await t.db.select().from(issuedInvoices)).toEqual([]);
    expect(ownCopy).toBeDefined();
    // A member's own records stay however old.
    expect(await ids(t.db.select({ id: charges.id }).from(charges))).toEqual([own.chargeId]);
  });
});
