import { Hono } from "hono";
import { doneAct } from "../auth-cookies.ts";
import type { ApiEnv } from "../context.ts";
import { requireMemberAccount } from "../member.ts";
import { findMemberFlow } from "../member-flows.ts";

/**
 * /withdraw: the store's withdrawal survey and the member's contracted plans, which block the
 * withdrawal while in force (spec §3). Plans cannot be bought yet, so no member has one; the list
 * fills in when purchases exist. An account without an address cannot be sent the confirming code.
 */
export const withdrawScreenData = new Hono<ApiEnv>()
  .get("/screen-data", async (c) => {
    const account = await requireMemberAccount(c);
    if (!account.contactEmail) return c.json({ redirectTo: "/mypage" });
    const { settings } = c.get("deps").store.current();
    return c.json({ contractedPlans: [], survey: settings.withdrawalSurvey ?? null });
  })
  /** /withdraw/pin-code: the address the code went to; without a confirmation, the first step. */
  .get("/pin-code/screen-data", async (c) => {
    const account = await requireMemberAccount(c);
    const flow = await findMemberFlow(c, account.id, "withdraw");
    if (!flow) return c.json({ redirectTo: "/withdraw" });
    return c.json({ email: flow.email });
  })
  /** /withdraw/complete: only right after a withdrawal; anyone else goes to the top page. */
  .get("/complete/screen-data", (c) => c.json(doneAct(c) === "withdraw" ? {} : { redirectTo: "/" }));
