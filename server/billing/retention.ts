/**
 * What the store keeps after a member withdraws, and for how long (ADR 0033; issue 45 §3): the
 * orders, charges and contracts — the books — and every invoice copy, without the member; each
 * for 7 years after the filing deadline of the business year it falls in. The purge runs beside
 * the billing run (server/billing/billing-loop.ts).
 */
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { charges, contracts, issuedInvoices, orders, refunds } from "../db/schema.ts";

/**
 * 帳簿・請求書の写しの保存期間 (法人税法施行規則 59条, 消費税法 30条・57条の4 ⑥): 7 years from the
 * day after the tax return deadline of the business year. The store's business year is not ours to
 * know, so the count starts from the latest that deadline can be for a record: its business year
 * ends at most 12 months after it, and the deadline (with the usual one-month extension) comes 3
 * months after that — 8 years and 3 months after the record, never fewer than the law's 7.
 */
export const RETENTION_MONTHS = 7 * 12 + 12 + 3;

/** Records made before this instant are past their retention at `now`. */
export function retentionCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - RETENTION_MONTHS);
  return cutoff;
}

export interface PurgeReport {
  invoices: number;
  returnInvoices: number;
  charges: number;
  orders: number;
  contracts: number;
}

/**
 * Deletes what is past its retention: invoice copies issued and refunds made before the cutoff, and of withdrawn
 * members the charges, orders and contracts made before it — an order or a contract only once no
 * kept charge (or order) still names it. A member's own records stay while the member does.
 */
export async function purgeExpiredRecords(db: Db, now: Date): Promise<PurgeReport> {
  const cutoff = retentionCutoff(now);
  return db.transaction(async (tx) => {
    const invoices = await tx
      .delete(issuedInvoices)
      .where(lt(issuedInvoices.issuedAt, cutoff))
      .returning({ id: issuedInvoices.id });
    // A refund is its return invoice: kept as long as an invoice copy, from the day it was made.
    const returnInvoices = await tx
      .delete(refunds)
      .where(lt(refunds.createdAt, cutoff))
      .returning({ id: refunds.id });
    const purgedCharges = await tx
      .delete(charges)
      .where(and(isNull(charges.accountId), lt(charges.createdAt, cutoff)))
      .returning({ id: charges.id });
    const purgedOrders = await tx
      .delete(orders)
      .where(
        and(
          isNull(orders.accountId),
          lt(orders.createdAt, cutoff),
          sql`NOT EXISTS (SELECT 1 FROM ${charges} WHERE ${charges.orderId} = ${orders.id})`,
        ),
      )
      .returning({ id: orders.id });
    const purgedContracts = await tx
      .delete(contracts)
      .where(
        and(
          isNull(contracts.accountId),
          lt(contracts.createdAt, cutoff),
          sql`NOT EXISTS (SELECT 1 FROM ${charges} WHERE ${charges.contractId} = ${contracts.id})`,
          sql`NOT EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.contractId} = ${contracts.id})`,
        ),
      )
      .returning({ id: contracts.id });
    return {
      invoices: invoices.length,
      returnInvoices: returnInvoices.length,
      charges: purgedCharges.length,
      orders: purgedOrders.length,
      contracts: purgedContracts.length,
    };
  });
}

/**
 * At withdrawal, inside its transaction: the invoice copies keep what an invoice must show (the
 * addressee the member wrote on it) and lose the contact e-mail, which it need not.
 */
export async function forgetMemberOnInvoices(tx: Pick<Db, "update">, accountId: string): Promise<void> {
  await tx.update(issuedInvoices).set({ contactEmail: null }).where(eq(issuedInvoices.accountId, accountId));
}
