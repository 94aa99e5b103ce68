/**
 * The login provider's screen data (issue 46 §3; spec §3 Consent data, §7 `oidc/login`,
 * `oidc/login/code`): the site's login data under /zapi/internal/oidc/login, and the consent
 * screen's. Every one needs an interaction in progress in this browser; without one the page goes
 * to the error page, which says to start again from the service.
 */
import { Hono } from "hono";
import { EXPIRED_INTERACTION_DESCRIPTION } from "../../oidc/interactions.ts";
import type { InteractionView } from "../../oidc/service.ts";
import { renderPolicyText } from "../../store/policy-text.ts";
import type { ApiEnv } from "../context.ts";
import { requestLanguage } from "../validation.ts";
import { loginScreenData } from "./login.ts";

export const EXPIRED_INTERACTION_PAGE = `/oidc/error?${new URLSearchParams({
  status: "400",
  error: "invalid_request",
  error_description: EXPIRED_INTERACTION_DESCRIPTION,
})}`;

const interactionOf = (c: {
  get(key: "deps"): ApiEnv["Variables"]["deps"];
  req: { header(name: string): string | undefined };
}) => c.get("deps").oidc?.interaction(c.req.header("cookie")) ?? Promise.resolve(null);

/** Consent data (spec §3): the client, the scopes asked and known, the store's precautions. */
function consentData(
  view: InteractionView,
  language: string,
  precautions: { title: string; renderData: string } | null,
) {
  const en = language === "en";
  const { client } = view;
  return {
    clientInfo: {
      clientName: client.client_name,
      clientNameJa: client.client_name_ja ?? null,
      logoUri: client.logo_uri ?? null,
      serviceLogoUri: client.service_logo_uri ?? null,
      description: client.description ?? null,
      providerName: client.provider_name ?? null,
      tosUri: client.tos_uri ?? null,
      privacyUri: client.policy_uri ?? null,
    },
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
  });
