/**
 * What a sales limit and a campaign's use limit count, and when a campaign applies. /plans, the
 * purchase form, verify and the purchase itself all ask here, so the store never offers a code
 * that the next step refuses.
 */
import { and, count, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { cachedRead } from "../db/read-cache.ts";
import { contracts, orders } from "../db/schema.ts";
import type { Campaign, Catalogue, CataloguePlan } from "../store/catalogue-source.ts";

/** Contracts plus purchases under way (a slot they hold), per plan and per campaign. */
export interface SalesCounts {
  plans: ReadonlyMap<string, number>;
  campaigns: ReadonlyMap<string, number>;
}

/**
 * The counts in one statement: two statements see two snapshots, and a purchase completing between
 * them (its pending order turned into a contract) would be counted by neither, giving the last slot
 * away twice. `only` narrows it to one plan and one campaign (a purchase's own check).
 */
export function salesCounts(db: Db, only?: { planId: string; campaignId?: string }): Promise<SalesCounts> {
  // Every plan's and campaign's count (/plans, on every visit) is kept in memory on the embedded
  // database until a contract or an order is written (ADR 0039); a purchase's own check, in its
  // transaction, always reads the database.
  if (!only) return cachedRead(db, "salesCounts", [contracts, orders], () => countSales(db));
  return countSales(db, only);
}

async function countSales(db: Db, only?: { planId: string; campaignId?: string }): Promise<SalesCounts> {
  const pending = eq(orders.status, "pending");
  const byPlan = (column: typeof contracts.planId | typeof orders.planId): SQL | undefined =>
    only ? eq(column, only.planId) : undefined;
  const byCampaign = (column: typeof contracts.campaignId | typeof orders.campaignId): SQL =>
    only ? eq(column, only.campaignId ?? "") : isNotNull(column);
  const kind = (name: "plan" | "campaign") => sql<"plan" | "campaign">`${name}`.as("kind");
  const rows = await db
    .select({ kind: kind("plan"), key: sql<string>`${contracts.planId}`.as("key"), n: count().as("n") })
    .from(contracts)
    .where(byPlan(contracts.planId))
    .groupBy(contracts.planId)
    .unionAll(
      db
        .select({ kind: kind("plan"), key: sql<string>`${orders.planId}`.as("key"), n: count().as("n") })
        .from(orders)
        .where(and(pending, byPlan(orders.planId)))
        .groupBy(orders.planId),
    )
    .unionAll(
      db
        .select({
          kind: kind("campaign"),
          key: sql<string>`${contracts.campaignId}`.as("key"),
          n: count().as("n"),
        })
        .from(contracts)
        .where(byCampaign(contracts.campaignId))
        .groupBy(contracts.campaignId),
    )
    .unionAll(
      db
        .select({
          kind: kind("campaign"),
          key: sql<string>`${orders.campaignId}`.as("key"),
          n: count().as("n"),
        })
        .from(orders)
        .where(and(pending, byCampaign(orders.campaignId)))
        .groupBy(orders.campaignId),
    );
  const plans = new Map<string, number>();
  const campaigns = new Map<string, number>();
  for (const row of rows) {
    const tally = row.kind === "plan" ? plans : campaigns;
    tally.set(row.key, (tally.get(row.key) ?? 0) + Number(row.n));
  }
  return { plans, campaigns };
}

/** Codes are typed by people: matched without regard to case or surrounding spaces. */
export function campaignOfCode(catalogue: Catalogue, code: string): Campaign | undefined {
  const wanted = code.trim().toUpperCase();
  return catalogue.campaigns.find((campaign) => campaign.code.toUpperCase() === wanted);
}

/**
 * Whether a member could use the campaign for the plan now: the plan is one of its plans, now is
 * in its period, free days only on a subscription, and under its use limit.
 */
export function campaignApplies(
  campaign: Campaign,
  plan: CataloguePlan,
  now: Date,
  counts: SalesCounts,
): boolean {
  if (!campaign.planIds.includes(plan.planId)) return false;
  if (campaign.validFrom && now.getTime() < Date.parse(campaign.validFrom)) return false;
  if (campaign.validUntil && now.getTime() >= Date.parse(campaign.validUntil)) return false;
  if (campaign.campaignType === "free" && plan.planType !== "subscription") return false;
  return campaign.useLimit == null || (counts.campaigns.get(campaign.campaignId) ?? 0) < campaign.useLimit;
}
