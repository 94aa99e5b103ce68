import { Hono } from "hono";
import { holdsAnyPlan } from "../../services/contracts.ts";
import type { ApiEnv } from "../context.ts";
import { memberProfileImageUrl, requireMember, requireMemberAccount } from "../member.ts";
import { multiFactorStateOf, offeredMethods } from "../multi-factor-login.ts";

/**
 * The account area's header and menu (spec §3 Account info, Store status), and the member's
 * two-step verification state for the header's menu (issue 27 §4): whether the catalogue has a
 * subscription plan, and whether the member holds a plan in force.
 */
export const accountHeaderScreenData = new Hono<ApiEnv>().get("/screen-data", async (c) => {
  const member = await requireMember(c);
  const account = await requireMemberAccount(c);
  const { db, store, catalogue, now } = c.get("deps");
  const { settings } = store.current();
  const { types, defaultType } = await multiFactorStateOf(c, account);
  return c.json({
    profileImageUrl: memberProfileImageUrl(member),
    hasSubscriptionPlan: catalogue.current().plans.some((plan) => plan.planType === "subscription"),
    isStorePaymentAvailable: settings.features.isStorePaymentAvailable,
    hasPlan: await holdsAnyPlan(db, account.id, now()),
    // Like the account data: whether the store offers it; the list says what the member has on.
    isEnabledMultiFactor: offeredMethods(c).length > 0,
    multiFactorType: types,
    defaultMultiFactorType: defaultType,
  });
});
