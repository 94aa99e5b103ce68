/**
 * GET /zapi/account/payment-history/{page} (spec §7; issue 45 §1) → {data, currentPage, lastPage,
 * perPage, totalCount}: the member's charges of the last 12 months, newest first. A page that is
 * not a whole number from 1 (or absurdly far) is 400 INVALID_PAGE; a page past the last is empty.
 */
import { Hono } from "hono";
import type { PaymentHistoryItem, PaymentHistoryPage } from "../../schemas/types/payment-history.gen.ts";
import type { AccountPaymentMethod } from "../../schemas/types/payment-method.gen.ts";
import type { ApiEnv } from "../api/context.ts";
import { requireMemberAccount } from "../identity/member.ts";
import { apiError } from "../kit/messages.ts";
import { requestLanguage } from "../kit/validation.ts";
import { toAccountPaymentMethod } from "../payments/payment-methods.ts";
import { planNameOf } from "../store/catalogue-source.ts";
import { PAYMENT_HISTORY_MAX_PAGE, PAYMENT_HISTORY_PER_PAGE, paymentHistoryPage } from "./payment-history.ts";
import { refundsOfCharges } from "./refunds.ts";

/** 1, 2, … as the path writes them: no sign, no leading zero, no exponent. */
function pageNumber(text: string | undefined): number | null {
  if (!text || !/^[1-9][0-9]{0,5}$/.test(text)) return null;
  const page = Number(text);
  return page <= PAYMENT_HISTORY_MAX_PAGE ? page : null;
}

export const paymentHistory = new Hono<ApiEnv>().get("/payment-history/:page", async (c) => {
  const account = await requireMemberAccount(c);
  const page = pageNumber(c.req.param("page"));
  if (page === null) throw await apiError(c, 400, "INVALID_PAGE", "paymentHistory.invalidPage");
  const { db, catalogue, now } = c.get("deps");
  const { rows, totalCount } = await paymentHistoryPage(db, account.id, page, now());
  const refunds = await refundsOfCharges(
    db,
    rows.map((row) => row.chargeId),
  );
  const language = requestLanguage(c);
  const methods = new Map<string, Promise<AccountPaymentMethod>>();
  const methodOf = (row: (typeof rows)[number]) => {
    if (!row.method) return Promise.resolve(null);
    const { method } = row;
    const known = methods.get(method.id) ?? toAccountPaymentMethod(db, method);
    methods.set(method.id, known);
    return known;
  };
  const data: PaymentHistoryItem[] = await Promise.all(
    rows.map(async (row) => {
      const given = refunds
        .filter((refund) => refund.chargeId === row.chargeId)
        .map((refund) => ({
          refundId: refund.id,
          refundedAt: (refund.settledAt ?? refund.createdAt).toISOString(),
          amount: refund.amount,
          taxAmount: refund.taxAmount,
        }));
      return {
        earningsId: row.chargeId,
        createdAt: row.createdAt.toISOString(),
        planName: planNameOf(catalogue.current(), row.planId, language),
        accountPaymentMethod: await methodOf(row),
        billingAmount: row.amount,
        netBillingAmount: row.amount - row.taxAmount,
        taxAmount: row.taxAmount,
        ...(given.length > 0 && { refunds: given }),
      };
    }),
  );
  const answer: PaymentHistoryPage = {
    data,
    currentPage: page,
    lastPage: Math.max(1, Math.ceil(totalCount / PAYMENT_HISTORY_PER_PAGE)),
    perPage: PAYMENT_HISTORY_PER_PAGE,
    totalCount,
  };
  return c.json(answer);
});
