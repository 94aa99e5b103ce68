/**
 * The social login buttons a login or sign-up page offers (spec §3 Login page data,
 * userIdentifierList): the store's enabled providers with a secret, in its order. None for the
 * native app, which logs in through its own flow (spec §6), nor inside the login provider's flow
 * (/oidc/login): coming back into an interaction from a provider is not built.
 */

import type { Context } from "hono";
import { isNativeAppAgent } from "../../schemas/native-app.ts";
import type { OfferedSocialLogin } from "../../schemas/types/social-offer.gen.ts";
import type { ApiEnv } from "../api/context.ts";
import { isProviderLogin } from "../identity/login-pages.ts";
import { SOCIAL_NAMES } from "./providers.ts";

export type { OfferedSocialLogin };

export function offeredSocialLogins(c: Context<ApiEnv>): OfferedSocialLogin[] {
  const { social, store } = c.get("deps");
  const { settings } = store.current();
  const isApp = isNativeAppAgent(c.req.header("user-agent") ?? "", settings.appUserAgentPattern);
  if (isApp || isProviderLogin(c)) return [];
  return social.offered(settings).map(({ type }) => ({
    userIdentifierType: type,
    userIdentifierName: SOCIAL_NAMES[type],
  }));
}
