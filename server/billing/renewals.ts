/**
 * Subscriptions that renew on their own (issue 44 §2; spec §4, §9): the billing run.
 *
 * Each subscription is due from 00:00 Japan time of its settlement day. A pass:
 * 1. reaps: a charge left pending longer than {@link REAP_AFTER_MS} (its process died between
 *    the claim and the answer) is settled by asking the provider what its key came to — never by
 *    charging again blindly;
 * 2. claims due subscriptions in batches with `SELECT … FOR UPDATE SKIP LOCKED` (several processes
 *    on one PostgreSQL take disjoint batches; PGlite runs the same SQL) and, in that transaction,
 *    writes the cycle's charge row: unique per (subscription, cycle) while under way or taken, with
 *    the provider idempotency key `renewal:{contract}:{cycle day}:{attempt}`;
 * 3. charges outside the claiming transaction, then settles charge and subscription together in
 *    one transaction that acts only on a charge still pending (a reaper may have settled it).
 *
 * A cycle's date is the anchor day clamped to the month's length, counted from the anchor
 * (schemas/billing-calendar.ts). A declined charge holds the subscription and it is retried from
 * the next day; a hold that reaches the next cycle's day without recovering ends the subscription.
 */

import { and, count, eq, inArray, isNotNull, isNull, lt, lte, notInArray, or, sql } from "drizzle-orm";
import { addDays, settlementDay } from "../../schemas/billing-calendar.ts";
import { taxBreakdown } from "../../schemas/consumption-tax.ts";
import { japanDay, japanMidnight } from "../../schemas/japan-time.ts";
import {
  isCharged,
  nextSubscriptionStatus,
  type SubscriptionStatus,
  subscriptionStatusGroup,
} from "../../schemas/subscription-status.ts";
import { subscriptionNotEnded } from "../commerce/contracts.ts";
import { discountedPrice } from "../commerce/order-quote.ts";
import { failPendingOrder, settlePaidOrder } from "../commerce/purchases.ts";
import type { Db } from "../db/database.ts";
import { charges, contracts, paymentMethods } from "../db/schema.ts";
import type { ChargeOutcome, PaymentProvider } from "../payments/provider.ts";
import type { Catalogue, CataloguePlan } from "../store/catalogue-source.ts";

/** A charge still pending after this long lost its process: the reaper asks the provider about it. */
export const REAP_AFTER_MS = 10 * 60 * 1000;
/**
 * A purchase's charge still pending after this long is asked about sooner: a member who paid must
 * not wait ten minutes for what they bought after a crash. Only the provider's own record settles
 * it this early (taken or declined); a key the provider has not seen waits for REAP_AFTER_MS, since
 * its process may still be sending it.
 */
export const ORDER_REAP_AFTER_MS = 60 * 1000;
/** Subscriptions claimed per transaction. */
export const CLAIM_BATCH = 50;
/** Charges asked of the provider at once within a batch. */
const CHARGE_CONCURRENCY = 4;

/** The subscription has no charge under way (this pass's claim, another process's, a member's retry). */
const noChargeUnderWay = sql`NOT EXISTS (SELECT 1 FROM ${charges} WHERE ${charges.contractId} = ${contracts.id} AND ${charges.status} = 'pending')`;

/** Failure codes of our own, beside the provider's. */
export const RENEWAL_FAILURES = {
  /** Nothing would pay: the subscription has no registered method (a payment code paid before). */
  noPaymentMethod: "NO_PAYMENT_METHOD",
  /** The reaper found the provider never received the charge: it was not made, and is made again. */
  notSent: "NOT_SENT",
  /** The provider asked for a challenge no member is there to pass. */
  unexpectedAction: "UNEXPECTED_ACTION",
} as const;

export type BillingOutcome =
  /** The cycle is paid (or cost nothing); the subscription runs to its next settlement day. */
  | "renewed"
  /** The charge was declined: on hold, retried from the next day. */
  | "declined"
  /** Cancelled: its cancellation's day came, its hold was given up, or the plan stopped renewing. */
  | "ended"
  /** The provider's answer is not known yet (it did not answer): the reaper settles it later. */
  | "unsettled"
  /** Not billed: its plan is not in the catalogue (an operator's edit to look at). */
  | "skipped";

/** One thing the run did to one subscription (the command prints a line per one). */
export interface BillingLine {
  contractId: string;
  accountId: string;
  planId: string;
  /** The settlement day of the cycle concerned. */
  cycleDay: string;
  outcome: BillingOutcome;
  /** The status the subscription was in, and is in now. */
  previousStatus: SubscriptionStatus;
  status: SubscriptionStatus;
  /** Declined: the day of the next retry. */
  retryDay: string | null;
  /** Renewed: the day of the next settlement. */
  nextSettlementDay: string | null;
  /** Renewed at a scheduled change's plan: the plan it changed from (ADR 0042). */
  changedFromPlanId: string | null;
  /** What was charged (integer yen, tax included), when a charge was made. */
  amount: number | null;
  /** Why: the provider's failure code, or how it ended. */
  detail: string | null;
  /** Settled by the reaper, from the provider's record of an earlier attempt. */
  reaped: boolean;
}

export interface BillingDeps {
  db: Db;
  payments: PaymentProvider;
  catalogue: () => Catalogue;
  /** Told of each line once it is settled (mails to the member); its failures are logged, not thrown. */
  notify?: (line: BillingLine) => Promise<void>;
}

type Contract = typeof contracts.$inferSelect;
type ChargeRow = typeof charges.$inferSelect;

/**
 * What one cycle costs: the plan's price, discounted while the campaign's cycles last and the
 * campaign names the plan (after a plan change, ADR 0042).
 */
export function cycleAmount(contract: Contract, plan: CataloguePlan, catalogue: Catalogue): number {
  if (contract.campaignCyclesLeft <= 0 || !contract.campaignId) return plan.price;
  const campaign = catalogue.campaigns.find((candidate) => candidate.campaignId === contract.campaignId);
  if (!campaign?.planIds.includes(plan.planId)) return plan.price;
  return discountedPrice(plan.price, campaign);
}

/** The plan a cycle is charged at: a scheduled change's from its day on (ADR 0042). */
export function planIdOfCycle(contract: Contract, cycleDay: string): string {
  return contract.pendingPlanId && contract.pendingChangeDay && contract.pendingChangeDay <= cycleDay
    ? contract.pendingPlanId
    : contract.planId;
}

function subscriptionPlan(catalogue: Catalogue, planId: string): CataloguePlan | undefined {
  return catalogue.plans.find((plan) => plan.planId === planId && plan.planType === "subscription");
}

function nextCycleDay(contract: Contract, plan: CataloguePlan, cycleDay: string): string {
  return settlementDay(
    cycleDay,
    1,
    plan.renewSpan ?? 1,
    plan.renewSpanUnit ?? "months",
    contract.anchorDay ?? Number(cycleDay.slice(8)),
  );
}

/**
 * The day of the subscription's first settlement that costs money, when it has no method to charge
 * then (a payment code paid so far): by that day a method must be set or the renewal is declined
 * and the plan ends. Null when nothing is due: a method is set, it is cancelling, or it stops first.
 */
export function methodNeededBy(contract: Contract, plan: CataloguePlan, catalogue: Catalogue): string | null {
  const status = statusOf(contract);
  if (contract.paymentMethodId || !isCharged(status) || !contract.nextSettlementDay) return null;
  const stopsAt = plan.forceStopRenewDate ? Date.parse(plan.forceStopRenewDate) : null;
  let day = contract.nextSettlementDay;
  // The campaign's free cycles cost nothing; the one after them is the first that is charged.
  for (let cyclesLeft = contract.campaignCyclesLeft; ; cyclesLeft -= 1) {
    if (stopsAt !== null && japanMidnight(day).getTime() >= stopsAt) return null;
    if (cycleAmount({ ...contract, campaignCyclesLeft: Math.max(0, cyclesLeft) }, plan, catalogue) > 0)
      return day;
    if (cyclesLeft <= 0) return null;
    day = nextCycleDay(contract, plan, day);
  }
}

/** The day whose cycle is being paid: the held one, else the next settlement day. */
export function cycleDayOf(contract: Contract): string {
  const day = contract.heldCycleDay ?? contract.nextSettlementDay;
  if (!day) throw new Error(`subscription ${contract.id} has no settlement day`);
  return day;
}

function statusOf(contract: Contract): SubscriptionStatus {
  if (!contract.subscriptionStatus) throw new Error(`contract ${contract.id} is no subscription`);
  return contract.subscriptionStatus;
}

/**
 * The columns a paid cycle changes: the next cycle, the campaign's cycles counted down, what the
 * period cost. A cycle paid at another plan (a scheduled change's day) makes it the contract's
 * plan, and the campaign goes on only if it names that plan.
 */
function renewedColumns(
  contract: Contract,
  plan: CataloguePlan,
  cycle: { day: string; amount: number },
  catalogue: Catalogue,
  now: Date,
) {
  const status = statusOf(contract);
  const common = {
    subscriptionStatus: nextSubscriptionStatus(status, "renewed") ?? status,
    nextSettlementDay: nextCycleDay(contract, plan, cycle.day),
    heldCycleDay: null,
    campaignCyclesLeft: Math.max(0, contract.campaignCyclesLeft - 1),
    periodAmount: cycle.amount,
    updatedAt: now,
  };
  if (plan.planId === contract.planId) return common;
  const campaign = catalogue.campaigns.find((candidate) => candidate.campaignId === contract.campaignId);
  const carries = campaign?.planIds.includes(plan.planId) ?? false;
  return {
    ...common,
    planId: plan.planId,
    pendingPlanId: null,
    pendingChangeDay: null,
    ...(carries ? {} : { campaignId: null, campaignCyclesLeft: 0 }),
  };
}

function endedColumns(now: Date) {
  return {
    subscriptionStatus: "CANCELLED" as const,
    heldCycleDay: null,
    pendingPlanId: null,
    pendingChangeDay: null,
    cancelledAt: now,
    updatedAt: now,
  };
}

/**
 * The columns a declined cycle changes: held, retried from the next day — unless it was held
 * already and the retry would reach the next cycle's day, when the subscription ends unpaid.
 */
function declinedColumns(contract: Contract, plan: CataloguePlan, cycleDay: string, now: Date) {
  const status = statusOf(contract);
  const retryDay = addDays(japanDay(now), 1);
  if (subscriptionStatusGroup(status) === "hold" && retryDay >= nextCycleDay(contract, plan, cycleDay)) {
    return { ended: true, retryDay: null, columns: endedColumns(now) };
  }
  return {
    ended: false,
    retryDay,
    columns: {
      subscriptionStatus: nextSubscriptionStatus(status, "declined") ?? status,
      heldCycleDay: cycleDay,
      nextSettlementDay: retryDay,
      updatedAt: now,
    },
  };
}

/** The member a billed contract belongs to: the claim takes no withdrawn member's contract. */
function memberOf(contract: Contract): string {
  if (!contract.accountId) throw new Error(`contract ${contract.id} has no member to bill`);
  return contract.accountId;
}

function line(
  contract: Contract,
  cycleDay: string,
  outcome: BillingOutcome,
  status: SubscriptionStatus,
  extra: Partial<Pick<BillingLine, "amount" | "detail" | "reaped" | "retryDay" | "nextSettlementDay">> = {},
): BillingLine {
  const planId = planIdOfCycle(contract, cycleDay);
  return {
    contractId: contract.id,
    accountId: memberOf(contract),
    planId,
    changedFromPlanId: outcome === "renewed" && planId !== contract.planId ? contract.planId : null,
    cycleDay,
    outcome,
    previousStatus: statusOf(contract),
    status,
    retryDay: extra.retryDay ?? null,
    nextSettlementDay: extra.nextSettlementDay ?? null,
    amount: extra.amount ?? null,
    detail: extra.detail ?? null,
    reaped: extra.reaped ?? false,
  };
}

/** A cycle's charge written and waiting to be asked of the provider. */
interface ClaimedCharge {
  contract: Contract;
  plan: CataloguePlan;
  cycleDay: string;
  chargeId: string;
  idempotencyKey: string;
  methodRef: string;
  amount: number;
}

type Claimed = { settled: BillingLine } | { charge: ClaimedCharge } | { busy: true };

/** What a batch's claim reads once for all its subscriptions, instead of a query per one. */
interface ClaimFacts {
  /** Earlier attempts at each (contract, cycle day), declined ones included. */
  attempts: Map<string, number>;
  /** The provider's reference of each usable (not removed) payment method, by our method id. */
  methodRefs: Map<string, string>;
}

const attemptKey = (contractId: string, cycleDay: string) => `${contractId} ${cycleDay}`;

async function claimFactsOf(tx: Db, batch: readonly Contract[]): Promise<ClaimFacts> {
  const ids = batch.map((contract) => contract.id);
  const methodIds = batch.flatMap((contract) => (contract.paymentMethodId ? [contract.paymentMethodId] : []));
  const [attemptRows, methodRows] = await Promise.all([
    ids.length === 0
      ? []
      : tx
          .select({ contractId: charges.contractId, cycleDay: charges.cycleDay, n: count() })
          .from(charges)
          .where(inArray(charges.contractId, ids))
          .groupBy(charges.contractId, charges.cycleDay),
    methodIds.length === 0
      ? []
      : tx
          .select({ id: paymentMethods.id, providerRef: paymentMethods.providerRef })
          .from(paymentMethods)
          .where(and(inArray(paymentMethods.id, methodIds), isNull(paymentMethods.deletedAt))),
  ]);
  return {
    attempts: new Map(
      attemptRows.map((row) => [attemptKey(row.contractId ?? "", row.cycleDay ?? ""), Number(row.n)]),
    ),
    methodRefs: new Map(methodRows.map((row) => [row.id, row.providerRef])),
  };
}

/** A cycle to charge, decided but not yet written: its pending charge row goes in with the batch's. */
interface ToClaim {
  index: number;
  row: typeof charges.$inferInsert;
  charge: Omit<ClaimedCharge, "chargeId">;
}

/**
 * In the transaction holding the subscriptions' rows: what each one's due cycle comes to, in
 * order. A cycle that ends it, costs nothing or has nothing to pay with is settled here; a cycle
 * to charge gets its charge row (pending, written for the whole batch at once) to be asked of the
 * provider after the transaction. "busy": another claim has that cycle under way.
 */
async function claimCycles(
  tx: Db,
  batch: readonly Contract[],
  catalogue: Catalogue,
  now: Date,
): Promise<Claimed[]> {
  const facts = await claimFactsOf(tx, batch);
  const claimed: Claimed[] = new Array(batch.length);
  const toClaim: ToClaim[] = [];
  for (const [index, contract] of batch.entries()) {
    const decided = await claimCycle(tx, contract, catalogue, now, facts);
    if ("toClaim" in decided) toClaim.push({ index, ...decided.toClaim });
    else claimed[index] = decided;
  }
  // Unique while under way or taken: a cycle another claim holds (another process) writes nothing.
  const written =
    toClaim.length === 0
      ? []
      : await tx
          .insert(charges)
          .values(toClaim.map((item) => item.row))
          .onConflictDoNothing()
          .returning({ id: charges.id, idempotencyKey: charges.idempotencyKey });
  const chargeIds = new Map(written.map((row) => [row.idempotencyKey, row.id]));
  for (const item of toClaim) {
    const chargeId = chargeIds.get(item.charge.idempotencyKey);
    claimed[item.index] = chargeId ? { charge: { ...item.charge, chargeId } } : { busy: true };
  }
  return claimed;
}

/** One subscription of a claim: settled here, or the charge to write for it. */
async function claimCycle(
  tx: Db,
  contract: Contract,
  catalogue: Catalogue,
  now: Date,
  facts: ClaimFacts,
): Promise<Exclude<Claimed, { charge: ClaimedCharge }> | { toClaim: Omit<ToClaim, "index"> }> {
  const status = statusOf(contract);
  const cycleDay = cycleDayOf(contract);
  const plan = subscriptionPlan(catalogue, planIdOfCycle(contract, cycleDay));
  if (!plan)
    return { settled: line(contract, cycleDay, "skipped", status, { detail: "PLAN_NOT_IN_CATALOGUE" }) };

  const stopsAt = plan.forceStopRenewDate ? new Date(plan.forceStopRenewDate) : null;
  const stopped = stopsAt !== null && japanMidnight(cycleDay).getTime() >= stopsAt.getTime();
  if (!isCharged(status) || stopped) {
    await tx.update(contracts).set(endedColumns(now)).where(eq(contracts.id, contract.id));
    const detail = stopped ? "RENEWAL_STOPPED" : "CANCELLATION_DUE";
    return { settled: line(contract, cycleDay, "ended", "CANCELLED", { detail }) };
  }

  const amount = cycleAmount(contract, plan, catalogue);
  const attempt = (facts.attempts.get(attemptKey(contract.id, cycleDay)) ?? 0) + 1;
  const idempotencyKey = `renewal:${contract.id}:${cycleDay}:${attempt}`;
  const tax = taxBreakdown(amount);
  const base = {
    accountId: memberOf(contract),
    idempotencyKey,
    contractId: contract.id,
    planId: plan.planId,
    paymentMethodId: contract.paymentMethodId,
    amount,
    taxAmount: tax.taxAmount,
    taxRate: tax.taxRate,
    cycleDay,
    createdAt: now,
  };

  if (amount === 0) {
    const [written] = await tx
      .insert(charges)
      .values({ ...base, status: "succeeded", settledAt: now })
      .onConflictDoNothing()
      .returning({ id: charges.id });
    if (!written) return { busy: true };
    const columns = renewedColumns(contract, plan, { day: cycleDay, amount }, catalogue, now);
    await tx.update(contracts).set(columns).where(eq(contracts.id, contract.id));
    const next = { amount, nextSettlementDay: columns.nextSettlementDay };
    return { settled: line(contract, cycleDay, "renewed", columns.subscriptionStatus, next) };
  }

  const methodRef = contract.paymentMethodId ? facts.methodRefs.get(contract.paymentMethodId) : undefined;
  if (!methodRef) {
    const failure = RENEWAL_FAILURES.noPaymentMethod;
    const [written] = await tx
      .insert(charges)
      .values({ ...base, status: "failed", failureCode: failure, settledAt: now })
      .onConflictDoNothing()
      .returning({ id: charges.id });
    if (!written) return { busy: true };
    const declined = declinedColumns(contract, plan, cycleDay, now);
    await tx.update(contracts).set(declined.columns).where(eq(contracts.id, contract.id));
    const outcome = declined.ended ? "ended" : "declined";
    return {
      settled: line(contract, cycleDay, outcome, declined.columns.subscriptionStatus, {
        amount,
        detail: failure,
        retryDay: declined.retryDay,
      }),
    };
  }

  return {
    toClaim: {
      row: { ...base, status: "pending" },
      charge: { contract, plan, cycleDay, idempotencyKey, methodRef, amount },
    },
  };
}

/**
 * Settles a cycle's charge and its subscription in one transaction, once: a charge settled
 * already (by the reaper, or by its own process) is left as it is and null answered.
 */
async function settleCycleCharge(
  db: Db,
  catalogue: Catalogue,
  { chargeId, contractId }: { chargeId: string; contractId: string },
  outcome: ChargeOutcome,
  now: Date,
  reaped: boolean,
): Promise<BillingLine | null> {
  const failureCode =
    outcome.status === "succeeded"
      ? null
      : outcome.status === "failed"
        ? outcome.code
        : RENEWAL_FAILURES.unexpectedAction;
  return db.transaction(async (tx) => {
    // The subscription first, then its charge: the order a claim takes them in (a claim holding
    // the row while this one wrote the charge would wait on each other).
    const [contract] = await tx.select().from(contracts).where(eq(contracts.id, contractId)).for("update");
    if (!contract) throw new Error(`charge ${chargeId} names no contract`);
    // Settled only while still pending: the reaper or its own process may have been first.
    const [charge] = await tx
      .update(charges)
      .set(
        outcome.status === "succeeded"
          ? { status: "succeeded", providerRef: outcome.charge.ref, settledAt: now }
          : { status: "failed", failureCode, settledAt: now },
      )
      .where(and(eq(charges.id, chargeId), eq(charges.contractId, contractId), eq(charges.status, "pending")))
      .returning();
    if (!charge?.cycleDay) return null;
    const cycleDay = charge.cycleDay;
    const plan = subscriptionPlan(catalogue, charge.planId);

    if (failureCode === null) {
      // The money is in even if the plan left the catalogue meanwhile: the cycle is paid, the
      // next one is decided by the next claim.
      if (!plan)
        return line(contract, cycleDay, "renewed", statusOf(contract), { amount: charge.amount, reaped });
      const columns = renewedColumns(
        contract,
        plan,
        { day: cycleDay, amount: charge.amount },
        catalogue,
        now,
      );
      await tx.update(contracts).set(columns).where(eq(contracts.id, contract.id));
      return line(contract, cycleDay, "renewed", columns.subscriptionStatus, {
        amount: charge.amount,
        nextSettlementDay: columns.nextSettlementDay,
        reaped,
      });
    }

    // Never sent: nothing was declined; the subscription stays due and the next claim charges it.
    if (failureCode === RENEWAL_FAILURES.notSent || !plan) {
      return line(contract, cycleDay, "unsettled", statusOf(contract), {
        amount: charge.amount,
        detail: failureCode,
        reaped,
      });
    }
    const declined = declinedColumns(contract, plan, cycleDay, now);
    await tx.update(contracts).set(declined.columns).where(eq(contracts.id, contract.id));
    return line(
      contract,
      cycleDay,
      declined.ended ? "ended" : "declined",
      declined.columns.subscriptionStatus,
      {
        amount: charge.amount,
        detail: failureCode,
        reaped,
        retryDay: declined.retryDay,
      },
    );
  });
}

/** Asks the provider for a claimed cycle's charge (outside any transaction) and settles it. */
async function chargeClaimed(deps: BillingDeps, claimed: ClaimedCharge, now: Date): Promise<BillingLine> {
  let outcome: ChargeOutcome;
  try {
    outcome = await deps.payments.charge({
      methodRef: claimed.methodRef,
      customerRef: memberOf(claimed.contract),
      amount: claimed.amount,
      idempotencyKey: claimed.idempotencyKey,
    });
  } catch (error) {
    // No answer: whether the money moved is unknown, so the charge stays pending for the reaper.
    console.error(`[billing] the provider did not answer for ${claimed.idempotencyKey}`, error);
    return line(claimed.contract, claimed.cycleDay, "unsettled", statusOf(claimed.contract), {
      amount: claimed.amount,
      detail: "NO_ANSWER",
    });
  }
  const unsettled = (detail: string) =>
    line(claimed.contract, claimed.cycleDay, "unsettled", statusOf(claimed.contract), {
      amount: claimed.amount,
      detail,
    });
  try {
    const settled = await settleCycleCharge(
      deps.db,
      deps.catalogue(),
      { chargeId: claimed.chargeId, contractId: claimed.contract.id },
      outcome,
      now,
      false,
    );
    return settled ?? unsettled("SETTLED_ELSEWHERE");
  } catch (error) {
    // The answer is the provider's to give again: the charge stays pending and the reaper asks
    // for it by its key. The rest of the batch goes on.
    console.error(`[billing] the answer for ${claimed.idempotencyKey} was not recorded`, error);
    return unsettled("NOT_RECORDED");
  }
}

/** Runs `work` over `items`, at most `limit` at a time, answers in order. */
async function inTurns<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function tell(deps: BillingDeps, lines: BillingLine[]): Promise<void> {
  if (!deps.notify) return;
  for (const settled of lines) {
    await deps.notify(settled).catch((error: unknown) => {
      console.error(`[billing] the notice for ${settled.contractId} was not sent`, error);
    });
  }
}

/** A purchase the reaper settled: its process died between the charge and the contract. */
export interface SettledOrder {
  orderId: string;
  planId: string;
  /** completed: the provider took the money and the contract is made now; failed: it did not. */
  outcome: "completed" | "failed";
  amount: number;
  detail: string | null;
}

/**
 * Settles charges their process left pending, renewals and purchases alike, by the provider's
 * record of their key: taken or declined as it says; never received — the charge was not made (a
 * renewal stays due and is charged again under a new key; a purchase fails). A renewal's charge is
 * looked at after {@link REAP_AFTER_MS}; a purchase's after {@link ORDER_REAP_AFTER_MS} when the
 * provider has a record of it. A purchase's challenge still open is left to the member.
 */
export async function reapPendingCharges(
  deps: BillingDeps,
  now: Date,
): Promise<{ lines: BillingLine[]; orders: SettledOrder[] }> {
  const stale: ChargeRow[] = await deps.db
    .select()
    .from(charges)
    .where(
      and(
        eq(charges.status, "pending"),
        lt(charges.createdAt, new Date(now.getTime() - ORDER_REAP_AFTER_MS)),
        or(isNotNull(charges.orderId), lt(charges.createdAt, new Date(now.getTime() - REAP_AFTER_MS))),
      ),
    )
    .orderBy(charges.createdAt)
    .limit(500);
  const lines: BillingLine[] = [];
  const settledOrders: SettledOrder[] = [];
  for (const charge of stale) {
    let outcome: ChargeOutcome | null;
    try {
      outcome = await deps.payments.findCharge(charge.idempotencyKey);
    } catch (error) {
      console.error(`[billing] the provider did not answer about ${charge.idempotencyKey}`, error);
      continue;
    }
    if (outcome?.status === "requires_action") continue;
    const lost = now.getTime() - charge.createdAt.getTime() >= REAP_AFTER_MS;
    // A key the provider has not seen yet may still be on its way from a live process.
    if (!outcome && !lost) continue;
    const answer: ChargeOutcome = outcome ?? {
      status: "failed",
      kind: "notFound",
      code: RENEWAL_FAILURES.notSent,
      retryable: true,
    };
    if (charge.cycleDay && charge.contractId) {
      const ids = { chargeId: charge.id, contractId: charge.contractId };
      const settled = await settleCycleCharge(deps.db, deps.catalogue(), ids, answer, now, true);
      if (settled) lines.push(settled);
    } else if (charge.orderId) {
      const order = { orderId: charge.orderId, planId: charge.planId, amount: charge.amount };
      if (answer.status === "succeeded") {
        const { settledHere } = await settlePaidOrder(deps.db, charge.orderId, answer.charge.ref, now);
        if (settledHere) settledOrders.push({ ...order, outcome: "completed", detail: null });
      } else if (answer.status === "failed") {
        if (await failPendingOrder(deps.db, charge.orderId, answer, now))
          settledOrders.push({ ...order, outcome: "failed", detail: answer.code });
      }
    }
  }
  await tell(deps, lines);
  return { lines, orders: settledOrders };
}

export interface BillingPassReport {
  lines: BillingLine[];
  /** How many of each outcome. */
  totals: Record<BillingOutcome, number>;
  /** Purchases whose process died before their contract, settled by this pass. */
  orders: SettledOrder[];
}

/**
 * One billing pass at `now` (issue 44 §2): reap, then claim and settle every due subscription,
 * batch by batch, until none is left. A subscription behind by several cycles is charged for each
 * in turn; one declined, ended or skipped is not claimed again in the same pass.
 */
export async function runBillingPass(
  deps: BillingDeps,
  now: Date,
  options: { batchSize?: number; onLine?: (line: BillingLine) => void } = {},
): Promise<BillingPassReport> {
  const lines: BillingLine[] = [];
  const record = (settled: BillingLine) => {
    lines.push(settled);
    options.onLine?.(settled);
  };
  const reaped = await reapPendingCharges(deps, now);
  for (const line of reaped.lines) record(line);

  const today = japanDay(now);
  const leftAlone = new Set<string>();
  for (;;) {
    const catalogue = deps.catalogue();
    const settledHere: BillingLine[] = [];
    const toCharge: ClaimedCharge[] = [];
    await deps.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(contracts)
        .where(
          and(
            eq(contracts.planType, "subscription"),
            subscriptionNotEnded(),
            lte(contracts.nextSettlementDay, today),
            // A withdrawn member's kept contract (ADR 0033) ended before they could withdraw.
            isNotNull(contracts.accountId),
            leftAlone.size > 0 ? notInArray(contracts.id, [...leftAlone]) : undefined,
            // A cycle under way (this pass's other process, a member's retry) is not claimed twice.
            noChargeUnderWay,
          ),
        )
        .orderBy(contracts.nextSettlementDay, contracts.id)
        .limit(options.batchSize ?? CLAIM_BATCH)
        .for("update", { skipLocked: true });
      const claims = await claimCycles(tx, due, catalogue, now);
      for (const [index, claimed] of claims.entries()) {
        if ("settled" in claimed) settledHere.push(claimed.settled);
        else if ("charge" in claimed) toCharge.push(claimed.charge);
        else if (due[index]) leftAlone.add(due[index].id);
      }
    });
    if (settledHere.length === 0 && toCharge.length === 0) break;
    const charged = await inTurns(toCharge, CHARGE_CONCURRENCY, (claimed) =>
      chargeClaimed(deps, claimed, now),
    );
    const batch = [...settledHere, ...charged];
    for (const settled of batch) {
      // Declined, ended, skipped or unsettled: not again in this pass (a declined one waits a day).
      if (settled.outcome !== "renewed") leftAlone.add(settled.contractId);
      record(settled);
    }
    await tell(deps, batch);
  }
  const totals: Record<BillingOutcome, number> = {
    renewed: 0,
    declined: 0,
    ended: 0,
    unsettled: 0,
    skipped: 0,
  };
  for (const settled of lines) totals[settled.outcome] += 1;
  return { lines, totals, orders: reaped.orders };
}

/**
 * A member's retry of a held subscription (POST /zapi/subscription/{id}/re-settlement): its held
 * cycle is charged now by the pass's own claim, charge and settlement. `mayRetry` decides under
 * the subscription's lock; "busy" when a charge of it is under way.
 */
export async function retryHeldCycle(
  deps: BillingDeps,
  contractId: string,
  now: Date,
  mayRetry: (contract: Contract) => boolean,
): Promise<BillingLine | "refused" | "busy"> {
  const claimed = await deps.db.transaction(async (tx) => {
    const [contract] = await tx
      .select()
      .from(contracts)
      .where(and(eq(contracts.id, contractId), noChargeUnderWay))
      .for("update");
    if (!contract) return "busy" as const;
    if (!mayRetry(contract)) return "refused" as const;
    const [only] = await claimCycles(tx, [contract], deps.catalogue(), now);
    return only ?? { busy: true as const };
  });
  if (claimed === "busy" || claimed === "refused") return claimed;
  if ("busy" in claimed) return "busy";
  const settled = "settled" in claimed ? claimed.settled : await chargeClaimed(deps, claimed.charge, now);
  await tell(deps, [settled]);
  return settled;
}
