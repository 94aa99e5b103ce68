/**
 * Whether a plan can be bought now (spec §4 Plan availability, §9 the "few left" threshold): pure,
 * so that the API, the pages and the tests read one rule.
 */

/** The sales indicator: nothing without a limit; sold out at the limit; few left from 80 % or with one left. */
export type SalesIndicator = "none" | "enough" | "fewLeft" | "soldOut";

/**
 * Spec §4: count/limit truncated to 2 decimals is 0.8 or more, or one slot remains. Counted in
 * whole percent so that no floating-point rounding moves the threshold (0.29 × 100 is 28.999…).
 */
export function salesIndicator(salesCount: number, salesLimit: number | null | undefined): SalesIndicator {
  if (salesLimit === null || salesLimit === undefined) return "none";
  if (salesCount >= salesLimit) return "soldOut";
  const percent = Math.floor((salesCount * 100) / salesLimit);
  return percent >= 80 || salesLimit - salesCount === 1 ? "fewLeft" : "enough";
}

export type PlanAvailability =
  | "beforeSale"
  | "available"
  | "fewLeft"
  | "soldOut"
  | "endOfSale"
  | "subscribed"
  | "contractLimit";

export interface AvailabilityInput {
  salesStartDate?: string | null;
  salesEndDate?: string | null;
  salesCount: number;
  salesLimit?: number | null;
  contractLimit?: number | null;
  /** The member holds a subscription of this plan that is in force. */
  subscribed: boolean;
  /** How many contracts of this plan the member holds in force. */
  contractCount: number;
}

/**
 * The plan's state for this member at `now`. The member's own state comes first (a plan they
 * already have, or may not hold more of), then the sale's period, then what is left.
 */
export function planAvailability(plan: AvailabilityInput, now: Date): PlanAvailability {
  if (plan.subscribed) return "subscribed";
  if (plan.contractLimit != null && plan.contractCount >= plan.contractLimit) return "contractLimit";
  if (plan.salesStartDate && now.getTime() < Date.parse(plan.salesStartDate)) return "beforeSale";
  if (plan.salesEndDate && now.getTime() >= Date.parse(plan.salesEndDate)) return "endOfSale";
  const indicator = salesIndicator(plan.salesCount, plan.salesLimit);
  if (indicator === "soldOut") return "soldOut";
  return indicator === "fewLeft" ? "fewLeft" : "available";
}

/** Spec §4: the contract button is enabled only while the plan can be bought. */
export function canContract(availability: PlanAvailability): boolean {
  return availability === "available" || availability === "fewLeft";
}

/**
 * The contract button's label (spec §4): a subscription's free-trial text when it has trial days,
 * else プランを契約する; a rental is レンタルする and a purchase 購入する, as a member says them.
 */
export function contractButtonLabel(plan: {
  planType: "subscription" | "purchase" | "rental";
  freeTrialDays?: number | null;
}): { key: "plans.contractWithTrial" | "plans.contract" | "plans.rent" | "plans.buy"; days?: number } {
  if (plan.planType === "rental") return { key: "plans.rent" };
  if (plan.planType === "purchase") return { key: "plans.buy" };
  return plan.freeTrialDays
    ? { key: "plans.contractWithTrial", days: plan.freeTrialDays }
    : { key: "plans.contract" };
}

/** Spec §9: an entitlement that lasts more than 10 years from now is shown without its date. */
export function showsEntitlementExpiration(expiresAt: string | null | undefined, now: Date): boolean {
  if (!expiresAt) return false;
  const expires = Date.parse(expiresAt);
  if (Number.isNaN(expires)) return false;
  const tenYearsOn = new Date(now);
  tenYearsOn.setUTCFullYear(tenYearsOn.getUTCFullYear() + 10);
  return expires <= tenYearsOn.getTime();
}
