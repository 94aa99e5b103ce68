/**
 * What a member does to a subscription (issue 44 §3; spec §4 Cancellation, §7 Subscription calls):
 * cancel (it runs to its next settlement day, then ends), continue the plan after all, change the
 * method that pays it, retry a held payment. Each decides under the subscription's row lock, by
 * the one table of schemas/subscription-status.ts, so a billing pass and a member's two tabs never
 * both change it.
 */

import { and, desc, eq, isNull } from "drizzle-orm";
import { addDays, dayOfMonth } from "../../schemas/billing-calendar.ts";
import { japanDay } from "../../schemas/japan-time.ts";
import {
  hasEnded,
  nextSubscriptionStatus,
  type SubscriptionAction,
  type SubscriptionActionRefusal,
  subscriptionActionRefusal,
  subscriptionStatusGroup,
} from "../../schemas/subscription-status.ts";
import type { OrderQuote } from "../../schemas/types/order-quote.gen.ts";
import type { SurveyAnswers } from "../../schemas/types/survey-answers.gen.ts";
import { subscriptionNotEnded } from "../commerce/contracts.ts";
import type { Db } from "../db/database.ts";
import { contracts, orders, paymentMethods } from "../db/schema.ts";
import { isUuid } from "../kit/tokens.ts";
import { findPaymentMethod } from "../payments/payment-methods.ts";
import { type BillingDeps, type BillingLine, retryHeldCycle } from "./renewals.ts";

export type Subscription = typeof contracts.$inferSelect;

/** The member's own subscription (any status), or null — another member's is null too. */
export async function findSubscription(
  db: Db,
  accountId: string,
  subscriptionId: string,
): Promise<Subscription | null> {
  if (!isUuid(subscriptionId)) return null;
  const [row] = await db
    .select()
    .from(contracts)
    .where(
      and(
        eq(contracts.id, subscriptionId),
        eq(contracts.accountId, accountId),
        eq(contracts.planType, "subscription"),
      ),
    );
  return row ?? null;
}

/** A subscription that has not ended: renewing, on hold, in its trial, or cancelled but not yet over. */
export function inForce(accountId: string) {
  return and(
    eq(contracts.accountId, accountId),
    eq(contracts.planType, "subscription"),
    subscriptionNotEnded(),
  );
}

/** The member's subscriptions in force, newest first: what blocks a withdrawal (spec §4). */
export function subscriptionsInForce(db: Db, accountId: string): Promise<Subscription[]> {
  return db.select().from(contracts).where(inForce(accountId)).orderBy(desc(contracts.createdAt));
}

/** The member's subscriptions, those in force first, newest first. */
export async function listSubscriptions(db: Db, accountId: string): Promise<Subscription[]> {
  const rows = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.accountId, accountId), eq(contracts.planType, "subscription")))
    .orderBy(desc(contracts.createdAt));
  const ended = (row: Subscription) => row.subscriptionStatus !== null && hasEnded(row.subscriptionStatus);
  return [...rows.filter((row) => !ended(row)), ...rows.filter(ended)];
}

/** The quote the subscription was bought at (its first payment day, its campaign's last day). */
export async function purchaseQuoteOf(db: Db, subscriptionId: string): Promise<OrderQuote | null> {
  const [order] = await db
    .select({ quote: orders.quote })
    .from(orders)
    .where(and(eq(orders.contractId, subscriptionId), eq(orders.status, "completed")))
    .limit(1);
  return order?.quote ?? null;
}

/** Whether a registered method (not removed) pays the subscription's next renewal. */
async function hasPaymentMethod(db: Db, subscription: Subscription): Promise<boolean> {
  if (!subscription.paymentMethodId) return false;
  const [method] = await db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, subscription.paymentMethodId), isNull(paymentMethods.deletedAt)));
  return method !== undefined;
}

/** Why the member may not take `action` on the subscription at `now`, or null. */
export async function actionRefusal(
  db: Db,
  subscription: Subscription,
  action: SubscriptionAction,
  now: Date,
): Promise<SubscriptionActionRefusal | null> {
  if (!subscription.subscriptionStatus) return "notCancellable";
  return subscriptionActionRefusal(
    {
      status: subscription.subscriptionStatus,
      nextSettlementDay: subscription.nextSettlementDay,
      hasPaymentMethod: await hasPaymentMethod(db, subscription),
      hasPendingChange: subscription.pendingPlanId !== null,
    },
    action,
    japanDay(now),
  );
}

export type SubscriptionChange =
  | { ok: true; subscription: Subscription }
  | { ok: false; refusal: SubscriptionActionRefusal | "notFound" | "methodInvalid" };

/** The member's subscription, its row locked for the rest of the transaction; null when not theirs. */
async function lockSubscription(
  tx: Db,
  accountId: string,
  subscriptionId: string,
): Promise<Subscription | null> {
  const [row] = await tx
    .select()
    .from(contracts)
    .where(
      and(
        eq(contracts.id, subscriptionId),
        eq(contracts.accountId, accountId),
        eq(contracts.planType, "subscription"),
      ),
    )
    .for("update");
  return row ?? null;
}

/**
 * Changes the subscription in one transaction holding its row: `change` runs only when the table
 * allows `action` at `now` (decided under the lock).
 */
async function changeLocked(
  db: Db,
  accountId: string,
  subscriptionId: string,
  action: SubscriptionAction,
  now: Date,
  change: (tx: Db, subscription: Subscription) => Promise<Partial<Subscription> | "methodInvalid">,
): Promise<SubscriptionChange> {
  if (!isUuid(subscriptionId)) return { ok: false, refusal: "notFound" };
  return db.transaction(async (tx) => {
    const row = await lockSubscription(tx, accountId, subscriptionId);
    if (!row) return { ok: false, refusal: "notFound" };
    const refusal = await actionRefusal(tx, row, action, now);
    if (refusal) return { ok: false, refusal };
    const columns = await change(tx, row);
    if (columns === "methodInvalid") return { ok: false, refusal: "methodInvalid" };
    return writeLocked(tx, row, columns, now);
  });
}

/** Writes the locked subscription's changed columns. */
async function writeLocked(
  tx: Db,
  row: Subscription,
  columns: Partial<Subscription>,
  now: Date,
): Promise<SubscriptionChange> {
  const [updated] = await tx
    .update(contracts)
    .set({ ...columns, updatedAt: now })
    .where(eq(contracts.id, row.id))
    .returning();
  if (!updated) throw new Error(`subscription ${row.id} vanished under its lock`);
  return { ok: true, subscription: updated };
}

/**
 * POST …/withdraw: cancels at the next settlement day, keeping the answers to the plan's survey.
 * A plan change waiting for that day goes: nothing changes into an ended subscription.
 */
export function requestCancellation(
  db: Db,
  accountId: string,
  subscriptionId: string,
  surveyAnswers: SurveyAnswers,
  now: Date,
): Promise<SubscriptionChange> {
  return changeLocked(db, accountId, subscriptionId, "cancel", now, async (_tx, row) => ({
    subscriptionStatus: row.subscriptionStatus
      ? nextSubscriptionStatus(row.subscriptionStatus, "cancelRequested")
      : null,
    cancelRequestedAt: now,
    cancellationSurveyAnswers: surveyAnswers,
    pendingPlanId: null,
    pendingChangeDay: null,
  }));
}

/**
 * Support ends a member's subscription at once (the member asked, by telephone or mail): access
 * ends now, whatever its state short of ended — a cancelling or held one too.
 */
export function endNow(
  db: Db,
  accountId: string,
  subscriptionId: string,
  now: Date,
): Promise<SubscriptionChange> {
  if (!isUuid(subscriptionId)) return Promise.resolve({ ok: false, refusal: "notFound" });
  return db.transaction(async (tx) => {
    const row = await lockSubscription(tx, accountId, subscriptionId);
    if (!row) return { ok: false, refusal: "notFound" };
    const ended = row.subscriptionStatus && nextSubscriptionStatus(row.subscriptionStatus, "ended");
    if (!ended) return { ok: false, refusal: "notCancellable" };
    return writeLocked(
      tx,
      row,
      {
        subscriptionStatus: ended,
        cancelledAt: now,
        cancelRequestedAt: row.cancelRequestedAt ?? now,
        heldCycleDay: null,
        pendingPlanId: null,
        pendingChangeDay: null,
      },
      now,
    );
  });
}

/** The most free days support gives at once. */
export const MAX_FREE_DAYS = 90;

/**
 * Support gives free days: the next payment moves `days` later, the anchor with it so the periods
 * after keep their length; a trial's end moves too, and a plan change waiting for that day. Not
 * for a held subscription (its day is a retry) or an ended one.
 */
export function giveFreeDays(
  db: Db,
  accountId: string,
  subscriptionId: string,
  days: number,
  now: Date,
): Promise<SubscriptionChange> {
  if (!isUuid(subscriptionId)) return Promise.resolve({ ok: false, refusal: "notFound" });
  return db.transaction(async (tx) => {
    const row = await lockSubscription(tx, accountId, subscriptionId);
    if (!row) return { ok: false, refusal: "notFound" };
    const group = row.subscriptionStatus && subscriptionStatusGroup(row.subscriptionStatus);
    if (!row.nextSettlementDay || !group || group === "hold" || group === "cancelled") {
      return { ok: false, refusal: "notCancellable" };
    }
    const day = row.nextSettlementDay;
    const moved = addDays(day, days);
    return writeLocked(
      tx,
      row,
      {
        nextSettlementDay: moved,
        anchorDay: dayOfMonth(moved),
        ...(row.trialEndDay === day && { trialEndDay: moved }),
        ...(row.pendingChangeDay === day && { pendingChangeDay: moved }),
      },
      now,
    );
  });
}

/** POST …/withdraw/cancel: the member continues the plan after all. */
export function undoCancellation(
  db: Db,
  accountId: string,
  subscriptionId: string,
  now: Date,
): Promise<SubscriptionChange> {
  return changeLocked(db, accountId, subscriptionId, "undoCancel", now, async (_tx, row) => ({
    subscriptionStatus: row.subscriptionStatus
      ? nextSubscriptionStatus(row.subscriptionStatus, "cancelUndone")
      : null,
    cancelRequestedAt: null,
  }));
}

/** POST …/plan-change/cancel: a scheduled plan change is dropped; the plan renews as it is (ADR 0042). */
export function undoPlanChange(
  db: Db,
  accountId: string,
  subscriptionId: string,
  now: Date,
): Promise<SubscriptionChange> {
  return changeLocked(db, accountId, subscriptionId, "undoPlanChange", now, async () => ({
    pendingPlanId: null,
    pendingChangeDay: null,
  }));
}

/** POST …/change-payment-method: the member's own registered method pays from the next charge on. */
export function changePaymentMethod(
  db: Db,
  accountId: string,
  subscriptionId: string,
  paymentMethodId: string,
  now: Date,
): Promise<SubscriptionChange> {
  return changeLocked(db, accountId, subscriptionId, "changePaymentMethod", now, async (tx) => {
    const method = await findPaymentMethod(tx, accountId, paymentMethodId);
    return method ? { paymentMethodId: method.id } : "methodInvalid";
  });
}

export type RetryOutcome =
  | { ok: true; line: BillingLine }
  | { ok: false; refusal: SubscriptionActionRefusal | "notFound" | "busy" }
  /** Charged and declined again (or the provider did not answer): the line says which. */
  | { ok: false; refusal: "declined"; line: BillingLine };

/** POST …/re-settlement: a held subscription's cycle charged now (offered unless its day has passed). */
export async function retrySettlement(
  deps: BillingDeps,
  accountId: string,
  subscriptionId: string,
  now: Date,
): Promise<RetryOutcome> {
  const subscription = await findSubscription(deps.db, accountId, subscriptionId);
  if (!subscription) return { ok: false, refusal: "notFound" };
  const refusal = await actionRefusal(deps.db, subscription, "retry", now);
  if (refusal) return { ok: false, refusal };
  // Decided again under the lock: a pass may have settled it meanwhile.
  const today = japanDay(now);
  const line = await retryHeldCycle(deps, subscription.id, now, (locked) =>
    locked.subscriptionStatus
      ? subscriptionActionRefusal(
          {
            status: locked.subscriptionStatus,
            nextSettlementDay: locked.nextSettlementDay,
            hasPaymentMethod: true,
            hasPendingChange: locked.pendingPlanId !== null,
          },
          "retry",
          today,
        ) === null
      : false,
  );
  if (line === "busy") return { ok: false, refusal: "busy" };
  if (line === "refused") {
    const changed = await findSubscription(deps.db, accountId, subscriptionId);
    return {
      ok: false,
      refusal: (changed && (await actionRefusal(deps.db, changed, "retry", now))) || "notOnHold",
    };
  }
  return line.outcome === "renewed" ? { ok: true, line } : { ok: false, refusal: "declined", line };
}
