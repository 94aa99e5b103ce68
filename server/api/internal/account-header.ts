import { Hono } from "hono";
import type { ApiEnv } from "../context.ts";
import { requireMember } from "../member.ts";

/**
 * The account area's header and menu (spec §3 Account info, Store status). Plans and profile
 * images arrive with their own issues: until then no member has a plan or an image.
 */
export const accountHeaderScreenData = new Hono<ApiEnv>().get("/screen-data", async (c) => {
  await requireMember(c);
  const { settings } = c.get("deps").store.current();
  return c.json({
    profileImageUrl: null,
    hasSubscriptionPlan: false,
    isStorePaymentAvailable: settings.features.isStorePaymentAvailable,
    hasPlan: false,
  });
});
