/**
 * Qualified invoices (適格請求書, 消費税法 57条の4; spec §3 Invoice): a member's charge that took
 * money can be invoiced, to an addressee the member names. A payment has one invoice number for
 * ever, given at its first issue; asking again issues a copy marked as issued again (再発行), with
 * that date and the addressee asked for, under the same number. Each issue writes a self-contained
 * copy (issued_invoices) and the page shows that copy, so what the member printed is what the store
 * keeps, the history of copies with it (ADR 0033).
 */
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { japanToday } from "../../schemas/japan-time.ts";
import type { AccountPaymentMethod } from "../../schemas/types/payment-method.gen.ts";
import type { StoreSettings } from "../../schemas/types/store-settings.gen.ts";
import type { Db } from "../db/database.ts";
import { charges, type InvoiceHonorific, issuedInvoices, paymentMethods } from "../db/schema.ts";
import { isUuid } from "../kit/tokens.ts";
import { toAccountPaymentMethod } from "../payments/payment-methods.ts";

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
      planId: charges.planId,
      amount: charges.amount,
      taxAmount: charges.taxAmount,
      taxRate: charges.taxRate,
      method: paymentMethods,
    })
    .from(charges)
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

/** Who issues an invoice or a return invoice, as the store settings name them at the issue. */
export interface InvoiceIssuer {
  name: string;
  nameEn: string | null;
  registrationNumber: string | null;
  address: string | null;
  addressEn: string | null;
}

/** The store's registered issuer; a store that is not one still gives receipts, in its service's name. */
export function invoiceIssuerOf(settings: StoreSettings): InvoiceIssuer {
  const issuer = settings.invoiceIssuer;
  return issuer
    ? {
        name: issuer.businessName,
        nameEn: issuer.businessNameEn ?? null,
        registrationNumber: issuer.registrationNumber,
        address: issuer.address ?? null,
        addressEn: issuer.addressEn ?? null,
      }
    : {
        name: settings.serviceName,
        nameEn: settings.serviceNameEn ?? null,
        registrationNumber: null,
        address: null,
        addressEn: null,
      };
}

export interface InvoiceIssue {
  accountId: string;
  charge: InvoiceableCharge;
  issuer: InvoiceIssuer;
  plan: { name: string; nameEn: string | null };
  addressee: string | null;
  honorific: InvoiceHonorific;
  contactEmail: string | null;
  now: Date;
}

/** An invoice number: the year of the first issue in Japan and a serial of six digits or more. */
export function invoiceNumberOf(serial: number, firstIssuedAt: Date): string {
  return `${japanToday(firstIssuedAt).year}-${String(serial).padStart(6, "0")}`;
}

/**
 * Issues an invoice for the charge: its first issue numbers the payment; any later one is a copy
 * issued again under the same number. The charge's row is locked while its copies are counted, so
 * two asked at once (another tab, another process) are one first issue and one copy.
 */
export async function issueInvoice(db: Db, issue: InvoiceIssue): Promise<IssuedInvoice> {
  const { charge } = issue;
  return db.transaction(async (tx) => {
    await tx.select({ id: charges.id }).from(charges).where(eq(charges.id, charge.chargeId)).for("update");
    const [latest] = await tx
      .select({ invoiceNumber: issuedInvoices.invoiceNumber, copyNumber: issuedInvoices.copyNumber })
      .from(issuedInvoices)
      .where(eq(issuedInvoices.chargeId, charge.chargeId))
      .orderBy(desc(issuedInvoices.copyNumber))
      .limit(1);
    let invoiceNumber = latest?.invoiceNumber;
    if (!invoiceNumber) {
      // PGlite and node-postgres both answer { rows }.
      const result = (await tx.execute(sql`select nextval('invoice_numbers') as serial`)) as unknown as {
        rows: { serial: string | number }[];
      };
      invoiceNumber = invoiceNumberOf(Number(result.rows[0]?.serial), issue.now);
    }
    const [copy] = await tx
      .insert(issuedInvoices)
      .values({
        accountId: issue.accountId,
        chargeId: charge.chargeId,
        invoiceNumber,
        copyNumber: latest ? latest.copyNumber + 1 : 0,
        issuerName: issue.issuer.name,
        issuerNameEn: issue.issuer.nameEn,
        issuerAddress: issue.issuer.address,
        issuerAddressEn: issue.issuer.addressEn,
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
  });
}

/** When the payment's invoice was first issued (the copy 0 of its number). */
export async function firstIssueOf(db: Db, copy: IssuedInvoice): Promise<Date> {
  if (copy.copyNumber === 0) return copy.issuedAt;
  const [first] = await db
    .select({ issuedAt: issuedInvoices.issuedAt })
    .from(issuedInvoices)
    .where(and(eq(issuedInvoices.invoiceNumber, copy.invoiceNumber), eq(issuedInvoices.copyNumber, 0)));
  return first?.issuedAt ?? copy.issuedAt;
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
