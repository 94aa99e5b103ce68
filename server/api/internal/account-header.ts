import { Hono } from "hono";
import type { ApiEnv } from "../context.ts";
import { memberProfileImageUrl, requireMember, requireMemberAccount } from "../member.ts";
import { multiFactorStateOf, offeredMethods } from "../multi-factor-login.ts";

/**
 * The account area's header and menu (spec §3 Account info, Store status), and the member's
 * two-step verification state for the header's menu (issue 27 §4). Plans arrive with their own
 * issue: until then no member has a plan.
 */
export const accountHeaderScreenData = new Hono<ApiEnv>().get("/screen-data", async (c) => {
  const member = await requireMember(c);
  const account = await requireMemberAccount(c);
  const { settings } = c.get("deps").store.current();
  const { types, defaultType } = await multiFactorStateOf(c, account);
  return c.json({
    profileImageUrl: memberProfileImageUrl(member),
    hasSubscriptionPlan: false,
    isStorePaymentAvailable: settings.features.isStorePaymentAvailable,
    hasPlan: false,
    // Like the account data: whether the store offers it; the list says what the member has on.
    isEnabledMultiFactor: offeredMethods(c).length > 0,
    multiFactorType: types,
    defaultMultiFactorType: defaultType,
  });
});
