import { Hono } from "hono";
import type { WithdrawScreenData } from "../../schemas/types/withdraw-screen-data.gen.ts";
import type { ApiEnv } from "../api/context.ts";
import { summaryOf } from "../billing/subscription-routes.ts";
import { subscriptionsInForce } from "../billing/subscriptions.ts";
import { doneAct } from "./auth-cookies.ts";
import { requireMemberAccount } from "./member.ts";
import { findMemberFlow } from "./member-flows.ts";

/**
 * /withdraw: the store's withdrawal survey and the member's subscriptions in force, which block the
 * withdrawal until they end (spec §3, §4) and are listed with the way to cancel each. An account
 * without an address cannot be sent the confirming code.
 */
export const withdrawScreenData = new Hono<ApiEnv>()
  .get("/screen-data", async (c) => {
    const account = await requireMemberAccount(c);
    if (!account.contactEmail) return c.json({ redirectTo: "/mypage" });
    const deps = c.get("deps");
    const { settings } = deps.store.current();
    const plans = await subscriptionsInForce(deps.db, account.id);
    return c.json<WithdrawScreenData>({
      contractedPlans: await Promise.all(plans.map((row) => summaryOf(c, row))),
      survey: settings.withdrawalSurvey ?? null,
    });
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
