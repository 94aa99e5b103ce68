import { Hono } from "hono";
import { isNativeAppAgent } from "../../schemas/native-app.ts";
import { contractsInForce } from "../commerce/contracts.ts";
import { memberProfileImageUrl, requireMember, requireMemberAccount } from "../identity/member.ts";
import { multiFactorStateOf, offeredMethods } from "../identity/multi-factor-login.ts";
import { countPasskeys } from "../identity/passkeys.ts";
import type { ApiEnv } from "./context.ts";

/**
 * The account area's header and menu (spec §3 Account info, Store status), and the member's
 * two-step verification state and passkeys for the header's menu: whether the member holds a plan in force, and
 * whether one of them is a subscription (spec §2 "Plans: only if a subscription plan exists" is read
 * as the member's: the menu's 契約プラン leads to the subscriptions they hold).
 */
export const accountHeaderScreenData = new Hono<ApiEnv>().get("/screen-data", async (c) => {
  const member = await requireMember(c);
  const account = await requireMemberAccount(c);
  const { db, store, now } = c.get("deps");
  const { settings } = store.current();
  const { types, defaultType } = await multiFactorStateOf(c, account);
  const inForce = await contractsInForce(db, account.id, now());
  return c.json({
    profileImageUrl: memberProfileImageUrl(member),
    hasSubscriptionPlan: inForce.some((contract) => contract.planType === "subscription"),
    isStorePaymentAvailable: settings.features.isStorePaymentAvailable,
    hasPlan: inForce.length > 0,
    // Like the account data: whether the store offers it; the list says what the member has on.
    isEnabledMultiFactor: offeredMethods(c).length > 0,
    multiFactorType: types,
    defaultMultiFactorType: defaultType,
    // The member's passkeys where the store takes them, outside the native app; else null.
    passkeyCount:
      settings.login.passkey === true &&
      !isNativeAppAgent(c.req.header("user-agent") ?? "", settings.appUserAgentPattern)
        ? await countPasskeys(db, account.id)
        : null,
  });
});
