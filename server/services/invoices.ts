/**
 * Qualified invoices (適格請求書, 消費税法 57条の4; issue 45 §2; spec §3 Invoice): a member's
 * charge that took money can be invoiced, to an addressee the member names, any number of times;
 * each issue writes a self-contained copy (issued_invoices) and the page shows that copy, so what
 * the member printed is what the store keeps (ADR 0033).
 */
import { and, eq, gt, sql } from "drizzle-orm";
import type { AccountPaymentMethod } from "../../schemas/types/payment-method.gen.ts";
import type { Db } from "../db/database.ts";
import {
  charges,
  contracts,
  type InvoiceHonorific,
  issuedInvoices,
  orders,
  paymentMethods,
} from "../db/schema.ts";
import { toAccountPaymentMethod } from "./payment-methods.ts";
import { isUuid } from "./tokens.ts";

export interface InvoiceableCharge {
  chargeId: string;
  createdAt: Date;
  planId: string;
  amount: number;
  taxAmount: number;
  taxRate: number;
  method: AccountPaymentMethod | null;
}

/**
 * The member's charge `chargeId` when it can be invoiced: theirs, taken (succeeded) and of more
 * than ¥0 (a cycle a payment code paid has nothing to invoice). Anything else — another member's,
 * a declined one, not an id at all — is null, which the API answers as not found.
 */
export async function invoiceableCharge(
  db: Db,
  accountId: string,
  chargeId: string,
): Promise<InvoiceableCharge | null> {
  if (!isUuid(chargeId)) return null;
  const [found] = await db
    .select({
      chargeId: charges.id,
      createdAt: charges.createdAt,
      // A renewal names its subscription, a purchase its order: either names the plan.
      planId: sql<string>`COALESCE(${contracts.planId}, ${orders.planId}, '')`,
      amount: charges.amount,
      taxAmount: charges.taxAmount,
      taxRate: charges.taxRate,
      method: paymentMethods,
    })
    .from(charges)
    .leftJoin(contracts, eq(contracts.id, charges.contractId))
    .leftJoin(orders, eq(orders.id, charges.orderId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, charges.paymentMethodId))
    .where(
      and(
        eq(charges.id, chargeId),
        eq(charges.accountId, accountId),
        eq(charges.status, "succeeded"),
        gt(charges.amount, 0),
      ),
    );
  if (!found) return null;
  const { method, ...charge } = found;
  return { ...charge, method: method ? await toAccountPaymentMethod(db, method) : null };
}

export type IssuedInvoice = typeof issuedInvoices.$inferSelect;

export interface InvoiceIssue {
  accountId: string;
  charge: InvoiceableCharge;
  issuer: { name: string; nameEn: string | null; registrationNumber: string | null };
  plan: { name: string; nameEn: string | null };
  addressee: string | null;
  honorific: InvoiceHonorific;
  contactEmail: string | null;
  now: Date;
}

/** Issues an invoice for the charge: writes its copy and returns it. */
export async function issueInvoice(db: Db, issue: InvoiceIssue): Promise<IssuedInvoice> {
  const { charge } = issue;
  const [copy] = await db
    .insert(issuedInvoices)
    .values({
      accountId: issue.accountId,
      chargeId: charge.chargeId,
      issuerName: issue.issuer.name,
      issuerNameEn: issue.issuer.nameEn,
      registrationNumber: issue.issuer.registrationNumber,
      addressee: issue.addressee,
      honorific: issue.honorific,
      planName: issue.plan.name,
      planNameEn: issue.plan.nameEn,
      // The method as it was: the copy stays right after the card is replaced or removed.
      paymentMethod: charge.method && { ...charge.method, isContractUsed: false },
      amount: charge.amount,
      taxAmount: charge.taxAmount,
      taxRate: charge.taxRate,
      contactEmail: issue.contactEmail,
      chargedAt: charge.createdAt,
      issuedAt: issue.now,
    })
    .returning();
  if (!copy) throw new Error("the invoice copy was not written");
  return copy;
}

/** The copy `invoiceId` of the member's invoice for `chargeId`; null when there is none such. */
export async function issuedInvoiceOf(
  db: Db,
  accountId: string,
  chargeId: string,
  invoiceId: string,
): Promise<IssuedInvoice | null> {
  if (!isUuid(invoiceId) || !isUuid(chargeId)) return null;
  const [copy] = await db
    .select()
    .from(issuedInvoices)
    .where(
      and(
        eq(issuedInvoices.id, invoiceId),
        eq(issuedInvoices.accountId, accountId),
        eq(issuedInvoices.chargeId, chargeId),
      ),
    );
  return copy ?? null;
}
