/**
 * A member's contracts (issue 43 §6): which are in force. A subscription is until it is cancelled
 * (a cancellation pending still is); a purchase or rental while its entitlement lasts.
 */
import { and, asc, eq, gt, isNull, ne, notInArray, or } from "drizzle-orm";
import { hasEnded, statusesIn } from "../../schemas/subscription-status.ts";
import type { Db } from "../db/database.ts";
import { cachedRead } from "../db/read-cache.ts";
import { contracts } from "../db/schema.ts";

export type Contract = typeof contracts.$inferSelect;

/**
 * A subscription that has not ended, as a condition on the contracts table. SQL's NULL is in no
 * list, so a subscription without a status has not "not ended" either.
 */
export const subscriptionNotEnded = () => notInArray(contracts.subscriptionStatus, statusesIn("cancelled"));

/** The contracts in force at `now`, as a condition on the contracts table. */
export function inForce(now: Date) {
  return or(
    and(eq(contracts.planType, "subscription"), subscriptionNotEnded()),
    and(
      ne(contracts.planType, "subscription"),
      or(isNull(contracts.entitlementExpiresAt), gt(contracts.entitlementExpiresAt, now)),
    ),
  );
}

/**
 * The same rule as `inForce`, on a row in hand: for the member's contracts kept in memory, whose
 * read cannot name the time (ADR 0039). SQL's NULL compares to nothing, so a subscription without a
 * status, like the SQL, is not in force.
 */
export function isInForce(
  contract: Pick<Contract, "planType" | "subscriptionStatus" | "entitlementExpiresAt">,
  now: Date,
): boolean {
  if (contract.planType === "subscription") {
    return contract.subscriptionStatus !== null && !hasEnded(contract.subscriptionStatus);
  }
  return contract.entitlementExpiresAt === null || contract.entitlementExpiresAt > now;
}

/** Every contract of the member, oldest first; kept in memory on PGlite (every member page asks). */
export function contractsOf(db: Db, accountId: string): Promise<Contract[]> {
  return cachedRead(db, `contracts:${accountId}`, [contracts], () =>
    db
      .select()
      .from(contracts)
      .where(eq(contracts.accountId, accountId))
      .orderBy(asc(contracts.createdAt), asc(contracts.id)),
  );
}

/** The member's contracts in force at `now`, oldest first. */
export async function contractsInForce(db: Db, accountId: string, now: Date): Promise<Contract[]> {
  return (await contractsOf(db, accountId)).filter((contract) => isInForce(contract, now));
}

/** Whether the member holds any plan in force (spec §2 menu: Home shows with a plan). */
export async function holdsAnyPlan(db: Db, accountId: string, now: Date): Promise<boolean> {
  return (await contractsOf(db, accountId)).some((contract) => isInForce(contract, now));
}
