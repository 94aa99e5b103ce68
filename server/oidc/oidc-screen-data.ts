/**
 * The login provider's screen data (issue 46 §3; spec §3 Consent data, Account-selection data, §7
 * `oidc/login`, `oidc/login/code`, `oidc/select-account`): the site's login data under
 * /zapi/internal/oidc/login, the consent screen's and the account selection's. Every one needs an interaction in progress in this browser; without one the page goes
 * to the error page, which says to start again from the service.
 */

import { Hono } from "hono";
import type {
  OidcConsentScreenData,
  OidcPrecautions,
} from "../../schemas/types/oidc-consent-screen-data.gen.ts";
import type { SelectAccountScreenData } from "../../schemas/types/select-account-screen-data.gen.ts";
import type { ApiEnv } from "../api/context.ts";
import { findAccountById } from "../identity/accounts.ts";
import { loginScreenData } from "../identity/login-screen-data.ts";
import { currentMember, memberProfileImageUrl } from "../identity/member.ts";
import { signupScreenData } from "../identity/signup-screen-data.ts";
import { requestLanguage } from "../kit/validation.ts";
import { renderPolicyText } from "../store/policy-text.ts";
import type { OidcClient } from "./client-source.ts";
import { EXPIRED_INTERACTION_DESCRIPTION } from "./interactions.ts";
import type { InteractionView } from "./service.ts";

export const EXPIRED_INTERACTION_PAGE = `/oidc/error?${new URLSearchParams({
  status: "400",
  error: "invalid_request",
  error_description: EXPIRED_INTERACTION_DESCRIPTION,
})}`;

const interactionOf = (c: {
  get(key: "deps"): ApiEnv["Variables"]["deps"];
  req: { header(name: string): string | undefined };
}) => c.get("deps").oidc?.interaction(c.req.header("cookie")) ?? Promise.resolve(null);

/** The client as the consent screen presents it (also the console's preview of a client). */
export function consentClientInfo(client: OidcClient): OidcConsentScreenData["clientInfo"] {
  return {
    clientName: client.client_name,
    clientNameJa: client.client_name_ja ?? null,
    logoUri: client.logo_uri ?? null,
    serviceLogoUri: client.service_logo_uri ?? null,
    description: client.description ?? null,
    providerName: client.provider_name ?? null,
    tosUri: client.tos_uri ?? null,
    privacyUri: client.policy_uri ?? null,
  };
}

/** Consent data (spec §3): the client, the scopes asked and known, the store's precautions. */
function consentData(
  view: InteractionView,
  language: string,
  precautions: OidcPrecautions | null,
): OidcConsentScreenData {
  const en = language === "en";
  return {
    clientInfo: consentClientInfo(view.client),
    requestScopeKeys: view.requestScopeKeys,
    storeScopeSettings: view.scopes.map((scope) => ({
      scopeKey: scope.scopeKey,
      scopeName: (en && scope.scopeNameEn) || scope.scopeName,
      scopeDescription: (en && scope.scopeDescriptionEn) || scope.scopeDescription,
      required: scope.required || scope.scopeKey === "openid",
    })),
    authorizedScopeKeys: view.authorizedScopeKeys,
    unauthorizedScopeKeys: view.unauthorizedScopeKeys,
    updatedScopeKeys: view.updatedScopeKeys,
    oidcPrecautions: precautions,
  };
}

export const oidcScreenData = new Hono<ApiEnv>()
  .use("*", async (c, next) => {
    if (!(await interactionOf(c))) return c.json({ redirectTo: EXPIRED_INTERACTION_PAGE });
    await next();
  })
  .route("/login", loginScreenData)
  // Sign-up inside the flow (issue 47 §1): its first two steps; the PIN and the form are the site's.
  .route("/signup", signupScreenData)
  .get("/consent/screen-data", async (c) => {
    const view = await interactionOf(c);
    if (!view) return c.json({ redirectTo: EXPIRED_INTERACTION_PAGE });
    // Consent comes after the login: the entry sends the browser where the interaction is.
    if (view.prompt !== "consent") return c.json({ redirectTo: "/oidc" });
    const language = requestLanguage(c);
    const precautions = c.get("deps").store.current().settings.oidcPrecautions;
    const text = precautions && ((language === "en" && precautions.textEn) || precautions.text);
    return c.json(
      consentData(
        view,
        language,
        precautions && text
          ? {
              title: (language === "en" && precautions.titleEn) || precautions.title,
              renderData: renderPolicyText(text),
            }
          : null,
      ),
    );
  })
  /**
   * Account-selection data (spec §3): the site's member, whom "log in" goes on as (accountId is what
   * the form sends back, so a member changed in another tab is never taken unseen), and the client.
   */
  .get("/select-account/screen-data", async (c) => {
    const view = await interactionOf(c);
    if (!view) return c.json({ redirectTo: EXPIRED_INTERACTION_PAGE });
    if (view.prompt !== "select_account") return c.json({ redirectTo: "/oidc" });
    const member = await currentMember(c);
    if (!member) return c.json({ redirectTo: "/oidc/login" });
    const account = await findAccountById(c.get("deps").db, member.accountId);
    if (!account) return c.json({ redirectTo: "/oidc/login" });
    const { client } = view;
    return c.json<SelectAccountScreenData>({
      accountId: member.publicId,
      contactEmail: account.contactEmail,
      // A member who signed up with a user ID only has no e-mail: the ID says who they are.
      userId: account.contactEmail ? null : account.userId,
      profileImageUrl: memberProfileImageUrl(member),
      serviceLogoUri: client.service_logo_uri ?? client.logo_uri ?? null,
      clientName: client.client_name,
      clientNameJa: client.client_name_ja ?? null,
    });
  });
