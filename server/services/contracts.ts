/**
 * A member's contracts (issue 43 §6): which are in force. A subscription is until it is cancelled
 * (a cancellation pending still is); a purchase or rental while its entitlement lasts.
 */
import { and, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { contracts } from "../db/schema.ts";

/** The contracts in force at `now`, as a condition on the contracts table. */
export function inForce(now: Date) {
  return or(
    and(eq(contracts.planType, "subscription"), ne(contracts.subscriptionStatus, "CANCELLED")),
    and(
      ne(contracts.planType, "subscription"),
      or(isNull(contracts.entitlementExpiresAt), gt(contracts.entitlementExpiresAt, now)),
    ),
  );
}

/** Whether the member holds any plan in force (spec §2 menu: Home shows with a plan). */
export async function holdsAnyPlan(db: Db, accountId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(contracts)
    .where(and(eq(contracts.accountId, accountId), inForce(now)))
    .limit(1);
  return row !== undefined;
}
