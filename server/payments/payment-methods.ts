/**
 * A member's saved payment methods (spec §2 /mypage/payment-method, §3 Payment method), the
 * merchant's side of ADR 0028: the processor's reference and a card's brand, last four digits and
 * expiry. Registrations finished on the processor's page wait in payment_actions under a random
 * state that must come back once, to the member who started it.
 */
import { and, asc, desc, eq, gt, inArray, isNull, not, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { AccountPaymentMethod, PaymentMethodType } from "../../schemas/types/payment-method.gen.ts";
import type { Db } from "../db/database.ts";
import { contracts, orders, paymentActions, paymentMethods } from "../db/schema.ts";
import { hashToken, isUuid, randomToken } from "../kit/tokens.ts";
import type { ProviderMethod } from "./provider.ts";

/** A return from the processor's page is accepted this long after the member left. */
export const PAYMENT_ACTION_LIFETIME_MS = 30 * 60 * 1000;

type MethodRow = typeof paymentMethods.$inferSelect;

/**
 * A subscription in force (cancellation pending included) holds its payment method: spec §4, §6
 * say such a method cannot be deleted. A purchase or rental was charged once and holds nothing.
 */
function heldBySubscription(methodId: SQLWrapper | string): SQL<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM ${contracts} WHERE ${contracts.paymentMethodId} = ${methodId} AND ${contracts.subscriptionStatus} IS NOT NULL AND ${contracts.subscriptionStatus} <> 'CANCELLED')`;
}

/** The method's id as the outer row names it (a bare column would be read as the subquery's own id). */
const outerMethodId = sql`${paymentMethods}.${sql.identifier("id")}`;

async function contractUsesMethod(db: Db, methodId: string): Promise<boolean> {
  const [row] = await db
    .select({ used: heldBySubscription(outerMethodId) })
    .from(paymentMethods)
    .where(eq(paymentMethods.id, methodId));
  return row?.used === true;
}

export async function toAccountPaymentMethod(db: Db, row: MethodRow): Promise<AccountPaymentMethod> {
  const method: AccountPaymentMethod = {
    accountPaymentMethodId: row.id,
    paymentMethodType: row.type,
    isContractUsed: await contractUsesMethod(db, row.id),
  };
  if (row.cardBrand && row.cardLast4 && row.cardExpiry) {
    method.SbpsCreditInfo = {
      cardbrandCode: row.cardBrand,
      cardNumberSuffix: row.cardLast4,
      expireDate: row.cardExpiry,
    };
  }
  if (row.accountLabel) method.accountLabel = row.accountLabel;
  return method;
}

/** The member's methods, oldest first (the order they were added in). */
export async function listPaymentMethods(db: Db, accountId: string): Promise<AccountPaymentMethod[]> {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.accountId, accountId), isNull(paymentMethods.deletedAt)))
    .orderBy(asc(paymentMethods.createdAt), asc(paymentMethods.id));
  return Promise.all(rows.map((row) => toAccountPaymentMethod(db, row)));
}

/** How recently a method was registered for a purchase form to take it as the one just added. */
export const JUST_ADDED_MS = 30 * 60 * 1000;

/**
 * The saved method a purchase form starts with: the one registered in the last half hour (the
 * member has just added it, often from the form's own link), else the only one; null when the
 * member has several and must choose.
 */
export async function preselectedMethodId(db: Db, accountId: string, now: Date): Promise<string | null> {
  const newestFirst = await db
    .select({ id: paymentMethods.id, createdAt: paymentMethods.createdAt })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.accountId, accountId), isNull(paymentMethods.deletedAt)))
    .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id))
    .limit(2);
  const [newest] = newestFirst;
  if (!newest) return null;
  if (now.getTime() - newest.createdAt.getTime() < JUST_ADDED_MS) return newest.id;
  return newestFirst.length === 1 ? newest.id : null;
}

export async function savePaymentMethod(db: Db, accountId: string, method: ProviderMethod, now: Date) {
  const [row] = await db
    .insert(paymentMethods)
    .values({
      accountId,
      type: method.type,
      providerRef: method.ref,
      cardBrand: method.card?.brand ?? null,
      cardLast4: method.card?.last4 ?? null,
      cardExpiry: method.card?.expiry ?? null,
      accountLabel: method.account ?? null,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error("the payment method was not stored");
  return row;
}

/** The processor's references of every method the member ever saved (for a withdrawal). */
export async function providerRefsOf(db: Db, accountId: string): Promise<string[]> {
  const rows = await db
    .select({ providerRef: paymentMethods.providerRef })
    .from(paymentMethods)
    .where(eq(paymentMethods.accountId, accountId));
  return rows.map((row) => row.providerRef);
}

/** The member's own method that is not deleted, or null (another member's is null too). */
export async function findPaymentMethod(
  db: Db,
  accountId: string,
  methodId: string,
): Promise<MethodRow | null> {
  // Not a uuid: not a method of ours (and PostgreSQL would refuse the comparison).
  if (!isUuid(methodId)) return null;
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.id, methodId),
        eq(paymentMethods.accountId, accountId),
        isNull(paymentMethods.deletedAt),
      ),
    );
  return row ?? null;
}

export type DeleteOutcome = "deleted" | "notFound" | "inUse";

/** Deletes the member's method unless a contract uses it; the row stays for the history that names it. */
export async function deletePaymentMethod(
  db: Db,
  accountId: string,
  methodId: string,
  now: Date,
): Promise<{ outcome: DeleteOutcome; row: MethodRow | null }> {
  const row = await findPaymentMethod(db, accountId, methodId);
  if (!row) return { outcome: "notFound", row: null };
  // One statement: a subscription that takes the method meanwhile is seen, never left without it.
  const deleted = await db
    .update(paymentMethods)
    .set({ deletedAt: now })
    .where(
      and(
        eq(paymentMethods.id, row.id),
        isNull(paymentMethods.deletedAt),
        not(heldBySubscription(outerMethodId)),
      ),
    )
    .returning({ id: paymentMethods.id });
  if (deleted.length === 1) return { outcome: "deleted", row };
  return { outcome: (await contractUsesMethod(db, row.id)) ? "inUse" : "notFound", row };
}

/**
 * Records what the member finishes on the processor's page — a registration, or the 3-D Secure
 * challenge of a purchase's charge (`orderId`) — under the state of the return URL.
 */
export async function startPaymentAction(
  db: Db,
  input: {
    accountId: string;
    type: PaymentMethodType;
    providerActionRef: string;
    state: string;
    returnTo: string | null;
    orderId?: string;
  },
  now: Date,
): Promise<void> {
  await db.insert(paymentActions).values({
    stateHash: hashToken(input.state),
    accountId: input.accountId,
    type: input.type,
    providerActionRef: input.providerActionRef,
    returnTo: input.returnTo,
    orderId: input.orderId ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + PAYMENT_ACTION_LIFETIME_MS),
  });
}

export function newPaymentActionState(): string {
  return randomToken();
}

/**
 * Takes a returned state, once: the member's own, of what the return page finishes (a
 * registration, or the purchase of `purchaseOfPlan`), unexpired and not taken before; null
 * otherwise (forged, replayed, another member's, another page's or too old) — and then it stays
 * for the right page.
 */
export async function takePaymentAction(
  db: Db,
  accountId: string,
  state: string,
  now: Date,
  purchaseOfPlan: string | null = null,
) {
  const [action] = await db
    .update(paymentActions)
    .set({ finishedAt: now })
    .where(
      and(
        eq(paymentActions.stateHash, hashToken(state)),
        eq(paymentActions.accountId, accountId),
        purchaseOfPlan === null
          ? isNull(paymentActions.orderId)
          : inArray(
              paymentActions.orderId,
              db.select({ id: orders.id }).from(orders).where(eq(orders.planId, purchaseOfPlan)),
            ),
        isNull(paymentActions.finishedAt),
        gt(paymentActions.expiresAt, now),
      ),
    )
    .returning();
  return action ?? null;
}
