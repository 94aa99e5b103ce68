/**
 * Connected apps (issue 47 §2; spec §2 /mypage/connections, §3 Account grant, §7 POST
 * /zapi/oidc/revoke/grant/{grantId}): the clients the member let in through the login provider,
 * each with what it may read, and the member's way to disconnect one — the grant and every token
 * issued under it end at once (server/oidc/grants.ts).
 */

import { type Context, Hono } from "hono";
import { isNativeAppAgent } from "../../schemas/native-app.ts";
import type { AccountGrant } from "../../schemas/types/account-grant.gen.ts";
import type { ConnectionScreenData } from "../../schemas/types/connection-screen-data.gen.ts";
import type { ConnectionsScreenData } from "../../schemas/types/connections-screen-data.gen.ts";
import type { ApiEnv } from "../api/context.ts";
import { requireMember } from "../identity/member.ts";
import { apiError } from "../kit/messages.ts";
import { requestLanguage } from "../kit/validation.ts";
import type { OidcClient } from "./client-source.ts";
import { type MemberGrant, memberGrants, revokeMemberGrant } from "./grants.ts";
import { scopeSettingsOf } from "./scopes.ts";

const GRANT_ID = /^[A-Za-z0-9_-]{1,200}$/;

/** Where a member goes whose store does not offer connected apps, or who is in the native app. */
const OFF = { redirectTo: "/mypage" } as const;

/** Whether the page is offered (spec §2, §6): the store's flag, and not in the native app. */
function offered(c: Context<ApiEnv>): boolean {
  const { settings } = c.get("deps").store.current();
  return (
    settings.features.isEnabledConnectedApps === true &&
    !isNativeAppAgent(c.req.header("user-agent") ?? "", settings.appUserAgentPattern)
  );
}

/** The login provider's name as members know it: the store's service name. */
function providerNameOf(c: Context<ApiEnv>): string {
  const { settings } = c.get("deps").store.current();
  return (requestLanguage(c) === "en" && settings.serviceNameEn) || settings.serviceName;
}

/** spec §3 Account grant, in the request's language; null for a client the operator has removed. */
function accountGrantOf(c: Context<ApiEnv>, grant: MemberGrant): AccountGrant | null {
  const { store, oidcClients } = c.get("deps");
  const client: OidcClient | undefined = oidcClients
    ?.current()
    .clients.find((candidate) => candidate.client_id === grant.clientId);
  if (!client) return null;
  const { settings } = store.current();
  const en = requestLanguage(c) === "en";
  const scopes = new Map(scopeSettingsOf(settings).map((scope) => [scope.scopeKey, scope]));
  return {
    client: {
      client_name: client.client_name,
      client_name_ja: client.client_name_ja ?? null,
      logo_uri: client.logo_uri ?? null,
      description: client.description ?? null,
      provider_name: client.provider_name ?? null,
    },
    issuedAt: grant.issuedAt.toISOString(),
    clientId: grant.clientId,
    grantId: grant.grantId,
    authorizedScopes: grant.scopeKeys.flatMap((key) => {
      const scope = scopes.get(key);
      if (!scope) return [];
      return [
        {
          scopeName: (en && scope.scopeNameEn) || scope.scopeName,
          scopeDescription: (en && scope.scopeDescriptionEn) || scope.scopeDescription,
        },
      ];
    }),
    oidcProviderName: providerNameOf(c),
  };
}

async function grantsOfMember(c: Context<ApiEnv>) {
  const member = await requireMember(c);
  const { db, now } = c.get("deps");
  const grants = await memberGrants(db, member.publicId, now());
  return grants.flatMap((grant) => accountGrantOf(c, grant) ?? []);
}

/** Screen data of /mypage/connections and /mypage/connections/client/{clientId}. */
export const connectionsScreenData = new Hono<ApiEnv>()
  .get("/screen-data", async (c) => {
    const grants = await grantsOfMember(c);
    if (!offered(c)) return c.json(OFF);
    return c.json<ConnectionsScreenData>({ oidcProviderName: providerNameOf(c), accountGrants: grants });
  })
  .get("/client/:clientId/screen-data", async (c) => {
    const grants = await grantsOfMember(c);
    if (!offered(c)) return c.json(OFF);
    const grant = grants.find((candidate) => candidate.clientId === c.req.param("clientId"));
    // Another member's client, one never connected, or one disconnected since: not found.
    if (!grant) throw await apiError(c, 404, "GRANT_NOT_FOUND", "connections.notFound");
    return c.json<ConnectionScreenData>({ accountGrant: grant });
  });

/**
 * POST /zapi/oidc/revoke/grant/{grantId} (empty JSON body): disconnects the member's client, then
 * redirects to the list. Offered whatever the store's flag: a member can always take access back.
 */
export const grantRevocation = new Hono<ApiEnv>().post("/revoke/grant/:grantId", async (c) => {
  const member = await requireMember(c);
  const { db, now } = c.get("deps");
  const grantId = c.req.param("grantId");
  // The provider's ids are URL-safe; anything else (a NUL PostgreSQL would refuse) names no grant.
  const revoked = GRANT_ID.test(grantId) && (await revokeMemberGrant(db, member.publicId, grantId, now()));
  if (!revoked) throw await apiError(c, 404, "GRANT_NOT_FOUND", "connections.notFound");
  return c.redirect("/mypage/connections", 303);
});
