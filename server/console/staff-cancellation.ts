/**
 * What ending a member's subscription at once would give back, as support sees it before choosing:
 * the unused days of the period paid for, worth their share of what the period cost, rounded down
 * (the plan change's prorating, ADR 0042) — never more than is left of the charge that paid it.
 * A trial, a held period (unpaid) or a plan no longer in the catalogue gives back nothing.
 */
import { and, desc, eq, gt, isNotNull } from "drizzle-orm";
import { japanDay } from "../../schemas/japan-time.ts";
import { nextSubscriptionStatus, subscriptionStatusGroup } from "../../schemas/subscription-status.ts";
import { refundedOf } from "../billing/refunds.ts";
import { unusedPart } from "../commerce/plan-change.ts";
import type { Db } from "../db/database.ts";
import { charges, type contracts } from "../db/schema.ts";
import type { Catalogue } from "../store/catalogue-source.ts";

export interface CancelTerms {
  /** The day a cancellation at the period's end takes effect (YYYY-MM-DD in Japan). */
  periodEndDay: string | null;
  /** Whether it may still be cancelled at its period's end (not when it is cancelling already). */
  atPeriodEnd: boolean;
  unusedDays: number;
  periodDays: number;
  /** Integer yen a cancellation at once gives back, if chosen. */
  proratedRefund: number;
  /** The charge it is given back from. */
  chargeId: string | null;
}

type Contract = typeof contracts.$inferSelect;

/** The terms for a running subscription; null for a purchase, a rental or an ended subscription. */
export async function cancelTermsOf(
  db: Db,
  contract: Contract,
  catalogue: Pick<Catalogue, "plans">,
  now: Date,
): Promise<CancelTerms | null> {
  const status = contract.subscriptionStatus;
  if (contract.planType !== "subscription" || !status) return null;
  const group = subscriptionStatusGroup(status);
  if (group === "cancelled") return null;
  const atPeriodEnd =
    nextSubscriptionStatus(status, "cancelRequested") !== null && contract.nextSettlementDay !== null;
  const none = {
    periodEndDay: contract.nextSettlementDay,
    atPeriodEnd,
    unusedDays: 0,
    periodDays: 0,
    proratedRefund: 0,
    chargeId: null,
  };
  const plan = catalogue.plans.find((candidate) => candidate.planId === contract.planId);
  const paidFor = group !== "hold" && group !== "freeTrial" && contract.periodAmount;
  if (!plan || !paidFor || !contract.nextSettlementDay || !contract.anchorDay) return none;
  const unused = unusedPart(
    plan,
    {
      anchorDay: contract.anchorDay,
      nextSettlementDay: contract.nextSettlementDay,
      periodAmount: contract.periodAmount,
    },
    japanDay(now),
  );
  const [paid] = await db
    .select({ id: charges.id, amount: charges.amount })
    .from(charges)
    .where(
      and(
        eq(charges.contractId, contract.id),
        eq(charges.status, "succeeded"),
        gt(charges.amount, 0),
        isNotNull(charges.providerRef),
      ),
    )
    .orderBy(desc(charges.createdAt))
    .limit(1);
  if (!paid) return { ...none, unusedDays: unused.unusedDays, periodDays: unused.periodDays };
  const left = paid.amount - ((await refundedOf(db, [paid.id])).get(paid.id) ?? 0);
  return {
    periodEndDay: unused.periodEndDay,
    atPeriodEnd,
    unusedDays: unused.unusedDays,
    periodDays: unused.periodDays,
    proratedRefund: Math.max(0, Math.min(unused.credit, left)),
    chargeId: paid.id,
  };
}
