/**
 * Which contracts are in force: the rule in code (on rows kept in memory, ADR 0039) says exactly
 * what the SQL rule says, for every kind of row, NULLs included.
 */
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApi, insertAccount, type TestApi } from "../../tests/api-harness.ts";
import { contracts } from "../db/schema.ts";
import { contractsInForce, holdsAnyPlan, inForce, isInForce } from "./contracts.ts";

let t: TestApi;
beforeEach(async () => {
  t = await createTestApi();
});
afterEach(() => t.close());

const NOW = new Date("2026-11-27T03:00:00.000Z");
const BEFORE = new Date(NOW.getTime() - 1);
const AFTER = new Date(NOW.getTime() + 1);

describe("a contract in force", () => {
  it("is the same in code as in SQL, for every kind of contract", async () => {
    const { accountId } = await insertAccount(t);
    const rows: Pick<
      typeof contracts.$inferInsert,
      "planType" | "subscriptionStatus" | "entitlementExpiresAt"
    >[] = [
      { planType: "subscription", subscriptionStatus: "ONGOING_CONTRACT" },
      { planType: "subscription", subscriptionStatus: "CANCEL_REQUEST" },
      { planType: "subscription", subscriptionStatus: "HOLD" },
      { planType: "subscription", subscriptionStatus: "CANCELLED" },
      { planType: "subscription", subscriptionStatus: null },
      { planType: "purchase", entitlementExpiresAt: null },
      { planType: "rental", entitlementExpiresAt: AFTER },
      { planType: "rental", entitlementExpiresAt: NOW },
      { planType: "rental", entitlementExpiresAt: BEFORE },
      { planType: "purchase", subscriptionStatus: "CANCELLED", entitlementExpiresAt: null },
    ];
    await t.db
      .insert(contracts)
      .values(rows.map((row, index) => ({ ...row, accountId, planId: `plan-${index}` })));

    const all = await t.db.select().from(contracts).where(eq(contracts.accountId, accountId));
    const bySql = await t.db
      .select({ planId: contracts.planId })
      .from(contracts)
      .where(and(eq(contracts.accountId, accountId), inForce(NOW)));
    const inCode = all.filter((contract) => isInForce(contract, NOW)).map((contract) => contract.planId);
    expect(inCode.sort()).toEqual(bySql.map((row) => row.planId).sort());
    // The table above covers both answers.
    expect(inCode.length).toBeGreaterThan(0);
    expect(inCode.length).toBeLessThan(rows.length);

    expect((await contractsInForce(t.db, accountId, NOW)).map((contract) => contract.planId).sort()).toEqual(
      inCode.sort(),
    );
    expect(await holdsAnyPlan(t.db, accountId, NOW)).toBe(true);
  });

  it("ends for a kept rental at its expiry, without a write", async () => {
    const { accountId } = await insertAccount(t);
    await t.db
      .insert(contracts)
      .values({ accountId, planId: "rental", planType: "rental", entitlementExpiresAt: AFTER });
    expect(await holdsAnyPlan(t.db, accountId, NOW)).toBe(true);
    expect(await holdsAnyPlan(t.db, accountId, AFTER)).toBe(false);
  });
});
