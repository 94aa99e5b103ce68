/**
 * Refunds of a member's charge by staff, and the qualified return invoice each one is (適格返還請求書,
 * 消費税法 57条の4 ③). A refund is asked with an idempotency key: its row is written, pending, under
 * the charge's lock before the provider is asked, so the same key — the button pressed twice, a
 * retry after a timeout, another process — gives back once, and two refunds of one charge asked at
 * once never give back more than was taken. The provider is asked with the same key, so a refund
 * left pending by a crash is finished by asking again (ADR 0046).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { taxBreakdown } from "../../schemas/consumption-tax.ts";
import type { Db } from "../db/database.ts";
import { charges, refunds } from "../db/schema.ts";
import { isUuid } from "../kit/tokens.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { type InvoiceIssuer, invoiceNumberOf } from "./invoices.ts";

export type Refund = typeof refunds.$inferSelect;

export interface RefundAsk {
  accountId: string;
  chargeId: string;
  /** Integer yen, tax included. */
  amount: number;
  idempotencyKey: string;
  /** Who asked (null: a script on the server). */
  staffId: string | null;
  reason: string;
  issuer: InvoiceIssuer;
  planNames: (planId: string) => { name: string; nameEn: string | null };
  now: Date;
}

/**
 * What asking came to: the refund made (or found made by an earlier ask of the key), the provider's
 * refusal, or a refusal before the provider was asked — a charge that is not the member's or not
 * refundable, more than is left (with what is), or a key used for another refund. `made`: this ask
 * wrote the refund; `settled`: this ask recorded the provider's answer (the member is told once).
 */
export type RefundResult =
  | { status: "succeeded" | "failed" | "pending"; refund: Refund; made: boolean; settled: boolean }
  | { status: "notFound" }
  | { status: "exceedsLeft"; left: number }
  | { status: "keyReused" };

/** Refunds that count against a charge: made, or being made. */
const COUNTED = ["pending", "succeeded"] as const;

/** What is left to refund of each charge: its amount less the refunds made or being made. */
export async function refundedOf(db: Db, chargeIds: readonly string[]): Promise<Map<string, number>> {
  if (chargeIds.length === 0) return new Map();
  const rows = await db
    .select({ chargeId: refunds.chargeId, refunded: sql<string>`sum(${refunds.amount})` })
    .from(refunds)
    .where(and(inArray(refunds.chargeId, [...chargeIds]), inArray(refunds.status, [...COUNTED])))
    .groupBy(refunds.chargeId);
  return new Map(rows.flatMap((row) => (row.chargeId ? [[row.chargeId, Number(row.refunded)]] : [])));
}

export async function refundCharge(db: Db, provider: PaymentProvider, ask: RefundAsk): Promise<RefundResult> {
  if (!isUuid(ask.chargeId)) return { status: "notFound" };
  const written = await db.transaction(
    async (tx): Promise<RefundResult | { row: Refund; chargeRef: string; made: boolean }> => {
      // The charge's lock orders refunds of it: what is left is read after the last one is written.
      const [charge] = await tx
        .select()
        .from(charges)
        .where(
          and(
            eq(charges.id, ask.chargeId),
            eq(charges.accountId, ask.accountId),
            eq(charges.status, "succeeded"),
          ),
        )
        .for("update");
      if (!charge?.providerRef || charge.amount <= 0) return { status: "notFound" };
      const [earlier] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, ask.idempotencyKey));
      if (earlier) {
        return earlier.chargeId === charge.id && earlier.amount === ask.amount
          ? { row: earlier, chargeRef: charge.providerRef, made: false }
          : { status: "keyReused" };
      }
      const refunded = (await refundedOf(tx, [charge.id])).get(charge.id) ?? 0;
      const left = charge.amount - refunded;
      if (ask.amount > left) return { status: "exceedsLeft", left };
      const tax = taxBreakdown(ask.amount);
      const plan = ask.planNames(charge.planId);
      const [row] = await tx
        .insert(refunds)
        .values({
          idempotencyKey: ask.idempotencyKey,
          chargeId: charge.id,
          accountId: ask.accountId,
          amount: ask.amount,
          taxAmount: tax.taxAmount,
          taxRate: tax.taxRate,
          status: "pending",
          staffId: ask.staffId,
          reason: ask.reason,
          issuerName: ask.issuer.name,
          issuerNameEn: ask.issuer.nameEn,
          issuerAddress: ask.issuer.address,
          issuerAddressEn: ask.issuer.addressEn,
          registrationNumber: ask.issuer.registrationNumber,
          planName: plan.name,
          planNameEn: plan.nameEn,
          chargedAt: charge.createdAt,
          createdAt: ask.now,
        })
        .returning();
      if (!row) throw new Error("the refund was not written");
      return { row, chargeRef: charge.providerRef, made: true };
    },
  );
  if (!("row" in written)) return written;
  const { row, chargeRef, made } = written;
  if (row.status !== "pending") return { status: row.status, refund: row, made: false, settled: false };
  const outcome = await provider.refund({
    chargeRef,
    amount: row.amount,
    idempotencyKey: row.idempotencyKey,
  });
  // A failure a retry may mend leaves the refund pending: the same key finishes it later.
  if (outcome.status === "failed" && outcome.retryable) {
    return { status: "pending", refund: row, made, settled: false };
  }
  const { refund, settled } = await settleRefund(
    db,
    row.id,
    outcome.status === "succeeded"
      ? { status: "succeeded", providerRef: outcome.refund.ref }
      : { status: "failed", failureCode: outcome.code },
    ask.now,
  );
  return { status: refund.status, refund, made, settled };
}

/**
 * Records how the provider answered, once: a succeeded refund gets its return invoice number. An
 * ask of the same key that settled it first wins; this one reads what it wrote.
 */
async function settleRefund(
  db: Db,
  id: string,
  result: { status: "succeeded"; providerRef: string } | { status: "failed"; failureCode: string },
  now: Date,
): Promise<{ refund: Refund; settled: boolean }> {
  return db.transaction(async (tx) => {
    const [pending] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.id, id), eq(refunds.status, "pending")))
      .for("update");
    if (!pending) {
      const [settled] = await tx.select().from(refunds).where(eq(refunds.id, id));
      if (!settled) throw new Error("the refund vanished");
      return { refund: settled, settled: false };
    }
    let returnInvoiceNumber: string | null = null;
    if (result.status === "succeeded") {
      // PGlite and node-postgres both answer { rows }.
      const serial = (await tx.execute(
        sql`select nextval('return_invoice_numbers') as serial`,
      )) as unknown as {
        rows: { serial: string | number }[];
      };
      returnInvoiceNumber = `R${invoiceNumberOf(Number(serial.rows[0]?.serial), now)}`;
    }
    const [settled] = await tx
      .update(refunds)
      .set({ ...result, returnInvoiceNumber, settledAt: now })
      .where(eq(refunds.id, id))
      .returning();
    if (!settled) throw new Error("the refund was not settled");
    return { refund: settled, settled: true };
  });
}

/** The member's refunds of these charges that were made, oldest first. */
export async function refundsOfCharges(db: Db, chargeIds: readonly string[]): Promise<Refund[]> {
  if (chargeIds.length === 0) return [];
  return db
    .select()
    .from(refunds)
    .where(and(inArray(refunds.chargeId, [...chargeIds]), eq(refunds.status, "succeeded")))
    .orderBy(refunds.createdAt);
}

/** The member's refund `refundId` that was made (its return invoice); null when there is none such. */
export async function memberRefund(db: Db, accountId: string, refundId: string): Promise<Refund | null> {
  if (!isUuid(refundId)) return null;
  const [found] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.id, refundId), eq(refunds.accountId, accountId), eq(refunds.status, "succeeded")));
  return found ?? null;
}

/** The member's page of a refund's return invoice. */
export function returnInvoicePath(refundId: string): string {
  return `/mypage/return-invoice/${refundId}`;
}
