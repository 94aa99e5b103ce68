/**
 * Qualified invoices (issue 45 §2; spec §3 Invoice, §4 Invoice, §5 Invoice addressee, §9):
 *
 * - GET /zapi/internal/mypage/invoice/{earningsId}/screen-data[?invoiceId=] — the charge the
 *   addressee dialog is about, and with `invoiceId` the issued invoice, from its kept copy;
 * - POST /zapi/account/invoice/{earningsId} {specifyAddressee, addressee?, honorific?} — issues
 *   one: validated with the dialog's own schema, written as a copy, then `redirectTo` the page
 *   that shows it.
 *
 * - GET /zapi/internal/mypage/return-invoice/{refundId}/screen-data — a refund made of the member's
 *   charge, as its qualified return invoice (適格返還請求書).
 *
 * A charge that is not the member's, not taken, of ¥0 or not an id at all answers 404 alike, so the
 * answer says nothing about other members' charges; a refund likewise.
 */
import { type Context, Hono } from "hono";
import { buildInvoiceAddresseeForm, type Honorific } from "../../schemas/forms/payment.ts";
import type { Invoice, InvoiceScreenData } from "../../schemas/types/invoice.gen.ts";
import type { ReturnInvoice } from "../../schemas/types/return-invoice.gen.ts";
import type { ApiEnv } from "../api/context.ts";
import type { InvoiceHonorific } from "../db/schema.ts";
import { requireMemberAccount } from "../identity/member.ts";
import { apiError } from "../kit/messages.ts";
import { requestLanguage, validatedJson } from "../kit/validation.ts";
import { planNamesOf } from "../store/catalogue-source.ts";
import type { IssuedInvoice } from "./invoices.ts";
import {
  firstIssueOf,
  type InvoiceableCharge,
  invoiceableCharge,
  invoiceIssuerOf,
  issuedInvoiceOf,
  issueInvoice,
} from "./invoices.ts";
import { memberRefund } from "./refunds.ts";

type ApiContext = Context<ApiEnv>;

async function chargeOr404(c: ApiContext, accountId: string): Promise<InvoiceableCharge> {
  const charge = await invoiceableCharge(c.get("deps").db, accountId, c.req.param("earningsId") ?? "");
  if (!charge) throw await apiError(c, 404, "INVOICE_NOT_FOUND", "invoice.notFound");
  return charge;
}

function logoUrlOf(c: ApiContext): string {
  const { images } = c.get("deps").store.current().settings;
  return (requestLanguage(c) === "en" && images.logoPcEn) || images.logoPc;
}

/** A kept copy as the page shows it, in the request's language. */
function toInvoiceView(c: ApiContext, copy: IssuedInvoice, firstIssuedAt: Date): Invoice {
  const en = requestLanguage(c) === "en";
  return {
    invoiceId: copy.id,
    invoiceNumber: copy.invoiceNumber,
    copyNumber: copy.copyNumber,
    firstIssuedAt: firstIssuedAt.toISOString(),
    orderInfoId: copy.chargeId ?? copy.id,
    issuedAt: copy.issuedAt.toISOString(),
    createdAt: copy.chargedAt.toISOString(),
    issuer: {
      businessName: (en && copy.issuerNameEn) || copy.issuerName,
      address: (en && copy.issuerAddressEn) || copy.issuerAddress,
      invoiceRegistrationNumber: copy.registrationNumber,
      logoUrl: logoUrlOf(c),
    },
    addressee: copy.addressee,
    honorific: copy.honorific,
    planName: (en && copy.planNameEn) || copy.planName,
    accountPaymentMethod: copy.paymentMethod,
    billingAmount: copy.amount,
    netBillingAmount: copy.amount - copy.taxAmount,
    taxAmount: copy.taxAmount,
    taxRate: copy.taxRate,
    contactEmail: copy.contactEmail,
  };
}

export const invoiceScreenData = new Hono<ApiEnv>().get("/:earningsId/screen-data", async (c) => {
  const account = await requireMemberAccount(c);
  const charge = await chargeOr404(c, account.id);
  const names = planNamesOf(c.get("deps").catalogue.current(), charge.planId);
  const answer: InvoiceScreenData = {
    charge: {
      earningsId: charge.chargeId,
      createdAt: charge.createdAt.toISOString(),
      planName: (requestLanguage(c) === "en" && names.nameEn) || names.name,
      billingAmount: charge.amount,
    },
  };
  const invoiceId = c.req.query("invoiceId");
  if (invoiceId !== undefined) {
    const copy = await issuedInvoiceOf(c.get("deps").db, account.id, charge.chargeId, invoiceId);
    if (!copy) throw await apiError(c, 404, "INVOICE_NOT_FOUND", "invoice.notFound");
    answer.invoice = toInvoiceView(c, copy, await firstIssueOf(c.get("deps").db, copy));
  }
  return c.json(answer);
});

export const invoiceCalls = new Hono<ApiEnv>().post("/invoice/:earningsId", async (c) => {
  const account = await requireMemberAccount(c);
  const deps = c.get("deps");
  const { settings, version } = deps.store.current();
  const data = await validatedJson(c, buildInvoiceAddresseeForm({}, version));
  const charge = await chargeOr404(c, account.id);
  const specified = data.specifyAddressee === true;
  const copy = await issueInvoice(deps.db, {
    accountId: account.id,
    charge,
    issuer: invoiceIssuerOf(settings),
    plan: planNamesOf(deps.catalogue.current(), charge.planId),
    addressee: specified ? String(data.addressee) : null,
    honorific: specified
      ? ((data.honorific as Honorific | undefined) ?? "none")
      : ("none" satisfies InvoiceHonorific),
    contactEmail: account.contactEmail,
    now: deps.now(),
  });
  const query = new URLSearchParams({ invoiceId: copy.id });
  return c.json({
    invoiceId: copy.id,
    redirectTo: `/mypage/invoice/${charge.chargeId}?${query}`,
  });
});

export const returnInvoiceScreenData = new Hono<ApiEnv>().get("/:refundId/screen-data", async (c) => {
  const account = await requireMemberAccount(c);
  const refund = await memberRefund(c.get("deps").db, account.id, c.req.param("refundId"));
  if (!refund?.returnInvoiceNumber) throw await apiError(c, 404, "INVOICE_NOT_FOUND", "invoice.notFound");
  const en = requestLanguage(c) === "en";
  return c.json<ReturnInvoice>({
    refundId: refund.id,
    returnInvoiceNumber: refund.returnInvoiceNumber,
    refundedAt: (refund.settledAt ?? refund.createdAt).toISOString(),
    chargedAt: refund.chargedAt.toISOString(),
    orderInfoId: refund.chargeId,
    issuer: {
      businessName: (en && refund.issuerNameEn) || refund.issuerName,
      address: (en && refund.issuerAddressEn) || refund.issuerAddress,
      invoiceRegistrationNumber: refund.registrationNumber,
      logoUrl: logoUrlOf(c),
    },
    planName: (en && refund.planNameEn) || refund.planName,
    amount: refund.amount,
    netAmount: refund.amount - refund.taxAmount,
    taxAmount: refund.taxAmount,
    taxRate: refund.taxRate,
  });
});
