/**
 * Refunds: once per idempotency key (asked again, or at the same moment), never more than is left
 * of the charge (also with two asked at once), the tax inside rounded down once, a return invoice
 * number when made, and a refund left pending by a provider that could not answer finished by the
 * same key.
 */

import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../tests/api-harness.ts";
import { type Subscriber, subscriber, takenCharge } from "../../tests/subscription-fixtures.ts";
import { charges, refunds, sandboxCharges, sandboxRefunds } from "../db/schema.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { type RefundAsk, refundCharge } from "./refunds.ts";

let t: TestApi;
beforeEach(async () => {
  t = await createTestApi({ startAt: "2026-06-10T03:00:00Z" });
});
afterEach(() => t.close());

/** A ¥990 (or `amount`) charge taken from the member's card through the sandbox on 1 June. */
const taken = (who: Subscriber, amount = 990) =>
  takenCharge(t, who, amount, new Date("2026-06-01T00:00:00Z"));

function ask(who: Subscriber, chargeId: string, amount: number, key: string = randomUUID()): RefundAsk {
  return {
    accountId: who.accountId,
    chargeId,
    amount,
    idempotencyKey: key,
    staffId: null,
    reason: "二重請求のため",
    issuer: {
      name: "株式会社サンプル",
      nameEn: "Sample K.K.",
      registrationNumber: "T1234567890123",
      address: null,
      addressEn: null,
    },
    planNames: () => ({ name: "スタンダード（月額）", nameEn: "Standard (monthly)" }),
    now: t.clock.now(),
  };
}

async function sandboxRefunded(providerRef: string) {
  const [row] = await t.db.select().from(sandboxCharges).where(eq(sandboxCharges.ref, providerRef));
  const made = await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.chargeRef, providerRef));
  return { refundedAmount: row?.refundedAmount, refunds: made.length };
}

describe("refunding a charge", () => {
  it("gives back part of it with the tax inside rounded down once, as a numbered return invoice", async () => {
    const who = await subscriber(t);
    const { chargeId, providerRef } = await taken(who);
    const result = await refundCharge(t.db, t.deps.payments, ask(who, chargeId, 500));
    expect(result).toMatchObject({
      status: "succeeded",
      made: true,
      settled: true,
      refund: {
        amount: 500,
        taxAmount: 45,
        taxRate: 10,
        registrationNumber: "T1234567890123",
        planName: "スタンダード（月額）",
        chargedAt: new Date("2026-06-01T00:00:00Z"),
      },
    });
    if (result.status !== "succeeded") return;
    expect(result.refund.returnInvoiceNumber).toMatch(/^R2026-\d{6}$/);
    expect(await sandboxRefunded(providerRef)).toEqual({ refundedAmount: 500, refunds: 1 });
    // The charge as it was: its invoice shows what was paid.
    const [charge] = await t.db.select().from(charges).where(eq(charges.id, chargeId));
    expect(charge).toMatchObject({ amount: 990, taxAmount: 90, status: "succeeded" });
  });

  it("refunds once when the same key is asked again, or three times at once", async () => {
    const who = await subscriber(t);
    const { chargeId, providerRef } = await taken(who);
    const first = await refundCharge(t.db, t.deps.payments, ask(who, chargeId, 500, "press"));
    const again = await refundCharge(t.db, t.deps.payments, ask(who, chargeId, 500, "press"));
    expect(again).toMatchObject({ status: "succeeded", made: false, settled: false });
    if (first.status !== "succeeded" || again.status !== "succeeded") throw new Error("not refunded");
    expect(again.refund.id).toBe(first.refund.id);
    const other = await taken(who);
    const racing = await Promise.all(
      [1, 2, 3].map(() => refundCharge(t.db, t.deps.payments, ask(who, other.chargeId, 300, "race"))),
    );
    expect(racing.every((result) => result.status === "succeeded")).toBe(true);
    expect(racing.filter((result) => "made" in result && result.made)).toHaveLength(1);
    expect(racing.filter((result) => "settled" in result && result.settled)).toHaveLength(1);
    expect(await t.db.select().from(refunds).where(eq(refunds.chargeId, other.chargeId))).toHaveLength(1);
    expect(await sandboxRefunded(other.providerRef)).toEqual({ refundedAmount: 300, refunds: 1 });
    expect(await sandboxRefunded(providerRef)).toEqual({ refundedAmount: 500, refunds: 1 });
  });

  it("never gives back more than is left, also when two staff refund at once", async () => {
    const who = await subscriber(t);
    const { chargeId, providerRef } = await taken(who);
    const both = await Promise.all([
      refundCharge(t.db, t.deps.payments, ask(who, chargeId, 600)),
      refundCharge(t.db, t.deps.payments, ask(who, chargeId, 600)),
    ]);
    expect(both.map((result) => result.status).sort()).toEqual(["exceedsLeft", "succeeded"]);
    expect(both.find((result) => result.status === "exceedsLeft")).toEqual({
      status: "exceedsLeft",
      left: 390,
    });
    expect(await refundCharge(t.db, t.deps.payments, ask(who, chargeId, 391))).toEqual({
      status: "exceedsLeft",
      left: 390,
    });
    expect(await refundCharge(t.db, t.deps.payments, ask(who, chargeId, 390))).toMatchObject({
      status: "succeeded",
    });
    expect(await refundCharge(t.db, t.deps.payments, ask(who, chargeId, 1))).toEqual({
      status: "exceedsLeft",
      left: 0,
    });
    expect(await sandboxRefunded(providerRef)).toEqual({ refundedAmount: 990, refunds: 2 });
  });

  it("refuses another member's charge, a declined one, and a key used for another refund", async () => {
    const who = await subscriber(t);
    const someone = await subscriber(t);
    const { chargeId } = await taken(who);
    expect(await refundCharge(t.db, t.deps.payments, ask(someone, chargeId, 100))).toEqual({
      status: "notFound",
    });
    expect(await refundCharge(t.db, t.deps.payments, ask(who, "not-an-id", 100))).toEqual({
      status: "notFound",
    });
    await t.db.update(charges).set({ status: "failed" }).where(eq(charges.id, chargeId));
    expect(await refundCharge(t.db, t.deps.payments, ask(who, chargeId, 100))).toEqual({
      status: "notFound",
    });
    await t.db.update(charges).set({ status: "succeeded" }).where(eq(charges.id, chargeId));
    await refundCharge(t.db, t.deps.payments, ask(who, chargeId, 100, "k"));
    expect(await refundCharge(t.db, t.deps.payments, ask(who, chargeId, 200, "k"))).toEqual({
      status: "keyReused",
    });
  });

  it("finishes a refund the provider could not answer when the same key is asked again", async () => {
    const who = await subscriber(t);
    const { chargeId, providerRef } = await taken(who);
    const unreachable: PaymentProvider = {
      ...t.deps.payments,
      refund: async () => ({ status: "failed", kind: "invalidRequest", code: "TIMEOUT", retryable: true }),
    };
    expect(await refundCharge(t.db, unreachable, ask(who, chargeId, 500, "k"))).toMatchObject({
      status: "pending",
      made: true,
    });
    // Pending counts against what is left: no second refund can overtake it.
    expect(await refundCharge(t.db, t.deps.payments, ask(who, chargeId, 500))).toEqual({
      status: "exceedsLeft",
      left: 490,
    });
    expect(await refundCharge(t.db, t.deps.payments, ask(who, chargeId, 500, "k"))).toMatchObject({
      status: "succeeded",
      made: false,
      settled: true,
    });
    expect(await sandboxRefunded(providerRef)).toEqual({ refundedAmount: 500, refunds: 1 });
  });
});
