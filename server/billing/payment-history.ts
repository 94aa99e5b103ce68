/**
 * A member's payment history (issue 45 §1; spec §2 /mypage/payment-history, §3 Payment history
 * item, §9 "order history shows at most 1 year"): the charges taken from the member in the last 12
 * months — purchases and renewals alike, a cycle a payment code paid (¥0) too — newest first, a
 * page at a time. Paged by offset over the (account, created_at) index: a page costs the same at
 * the tenth page of a member with 10,000 charges as at the first of a member with 10.
 */
import { and, count, desc, eq, gte, inArray } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { charges, paymentMethods } from "../db/schema.ts";

/** Rows per page. */
export const PAYMENT_HISTORY_PER_PAGE = 20;
/** The highest page number asked of the API: more than any year of charges fills. */
export const PAYMENT_HISTORY_MAX_PAGE = 100_000;

/** How far back the history goes from `now`: 12 months (spec §9), to the millisecond. */
export function historySince(now: Date): Date {
  const since = new Date(now);
  since.setUTCFullYear(since.getUTCFullYear() - 1);
  return since;
}

export interface PaymentHistoryRow {
  chargeId: string;
  createdAt: Date;
  planId: string;
  amount: number;
  taxAmount: number;
  method: typeof paymentMethods.$inferSelect | null;
}

function takenFrom(accountId: string, now: Date) {
  return and(
    eq(charges.accountId, accountId),
    eq(charges.status, "succeeded"),
    gte(charges.createdAt, historySince(now)),
  );
}

/** One page (1-based) of the member's history, and how many rows the whole history has. */
export async function paymentHistoryPage(
  db: Db,
  accountId: string,
  page: number,
  now: Date,
): Promise<{ rows: PaymentHistoryRow[]; totalCount: number }> {
  const [total] = await db.select({ n: count() }).from(charges).where(takenFrom(accountId, now));
  const totalCount = Number(total?.n ?? 0);
  const offset = (page - 1) * PAYMENT_HISTORY_PER_PAGE;
  if (offset >= totalCount) return { rows: [], totalCount };
  const found = await db
    .select({
      chargeId: charges.id,
      createdAt: charges.createdAt,
      planId: charges.planId,
      amount: charges.amount,
      taxAmount: charges.taxAmount,
      methodId: charges.paymentMethodId,
    })
    .from(charges)
    .where(takenFrom(accountId, now))
    .orderBy(desc(charges.createdAt), desc(charges.id))
    .limit(PAYMENT_HISTORY_PER_PAGE)
    .offset(offset);
  // The methods that paid them (removed ones too: the history says what paid), read once.
  const methodIds = [...new Set(found.flatMap((row) => (row.methodId ? [row.methodId] : [])))];
  const methods =
    methodIds.length === 0
      ? []
      : await db.select().from(paymentMethods).where(inArray(paymentMethods.id, methodIds));
  const byId = new Map(methods.map((method) => [method.id, method]));
  return {
    rows: found.map(({ methodId, ...row }) => ({
      ...row,
      method: (methodId && byId.get(methodId)) || null,
    })),
    totalCount,
  };
}
