import { Hono } from "hono";
import type { ApiEnv } from "../context.ts";
import { memberProfileImageUrl, requireMember } from "../member.ts";

/**
 * The account area's header and menu (spec §3 Account info, Store status). Plans arrive with
 * their own issue: until then no member has a plan.
 */
export const accountHeaderScreenData = new Hono<ApiEnv>().get("/screen-data", async (c) => {
  const member = await requireMember(c);
  const { settings } = c.get("deps").store.current();
  return c.json({
    profileImageUrl: memberProfileImageUrl(member),
    hasSubscriptionPlan: false,
    isStorePaymentAvailable: settings.features.isStorePaymentAvailable,
    hasPlan: false,
  });
});
