/**
 * The login provider as the server mounts it (issue 46): the provider's endpoints (/op/*,
 * discovery) and the interaction requests (/oidc, /oidc/loginInteraction, /oidc/consent/form…) as
 * one Node handler beside the site, and the interaction a browser is in, for the screens' data.
 * The provider is made again when the store's scopes change (a store edit) or its keys do (a
 * rotation, a new key beginning to sign: looked at once a minute); its keys and state are in the
 * database, so nothing is lost.
 */
import { type IncomingMessage, ServerResponse } from "node:http";
import type Provider from "oidc-provider";
import { errors, type Interaction } from "oidc-provider";
import type { Db } from "../db/database.ts";
import type { SecretBox } from "../kit/secret-box.ts";
import type { StoreSettingsSource } from "../store/store-settings-source.ts";
import { type OidcClient, type OidcClientSource, redirectSources } from "./client-source.ts";
import { createInteractionHandler, isInteractionPath } from "./interactions.ts";
import { loadOidcKeys, oidcKeysVersion } from "./keys.ts";
import { endProviderSession, requestWithCookies, siteLogout } from "./logout.ts";
import { createOidcProvider, isProviderPath } from "./provider.ts";
import { type ProviderGateOptions, providerGate } from "./provider-gate.ts";
import { requiredScopesOf, type ScopeSetting, scopeSettingsOf, scopesFingerprint } from "./scopes.ts";
import { siteSessionReader } from "./site-session.ts";

export interface OidcServiceOptions {
  db: Db;
  secretBox: SecretBox;
  publicOrigin: string;
  trustProxy: boolean;
  /** The Host names the site answers (server/site.ts trustedHosts); the provider answers no other. */
  hosts?: ProviderGateOptions["hosts"];
  clients: OidcClientSource;
  store: StoreSettingsSource;
  now: () => Date;
  sessionMaxAgeMs: number;
  logger?: Pick<Console, "error">;
}

/** An interaction as the screens see it: the request, the client, what is asked. */
export interface InteractionView {
  uid: string;
  prompt: string;
  client: OidcClient;
  /** The scopes the client asked for that the store offers, in the request's order. */
  requestScopeKeys: string[];
  /** Scopes this member granted the client before (and still does). */
  authorizedScopeKeys: string[];
  /** Scopes asked now that are not granted yet. */
  unauthorizedScopeKeys: string[];
  /** Of those, the ones the member refused before: asked again. */
  updatedScopeKeys: string[];
  scopes: readonly ScopeSetting[];
  /** The member the provider's session knows, if any (accounts.public_id). */
  accountId: string | null;
}

export interface OidcService {
  /** Serves a provider or interaction request; false when the path is the site's. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  /** The interaction the browser is in, by its cookie; null when there is none (or it expired). */
  interaction(cookieHeader: string | undefined): Promise<InteractionView | null>;
  /** The site's logout: the browser's provider session ends, its back-channel clients are told. */
  endSession(cookieHeader: string | undefined): Promise<void>;
}

/** How often a server looks for new keys: well within keys.ts PUBLISH_AHEAD_MS. */
export const KEYS_CHECK_MS = 60_000;

interface Built {
  fingerprint: string;
  scopes: readonly ScopeSetting[];
  provider: Provider;
  callback: ReturnType<Provider["callback"]>;
  interactions: ReturnType<typeof createInteractionHandler>;
}

export async function createOidcService(options: OidcServiceOptions): Promise<OidcService> {
  const logger = options.logger ?? console;
  const siteSession = siteSessionReader(options);
  const logout = siteLogout({ ...options, secureCookies: options.publicOrigin.startsWith("https://") });
  const fingerprintOf = (scopes: readonly ScopeSetting[], keysVersion: string) =>
    `${scopesFingerprint(scopes)}|${keysVersion}`;
  const build = async (scopes: readonly ScopeSetting[]): Promise<Built> => {
    const keys = await loadOidcKeys(options.db, options.secretBox, options.now());
    keysVersion = keys.version;
    const provider = await createOidcProvider({
      keys,
      db: options.db,
      secretBox: options.secretBox,
      publicOrigin: options.publicOrigin,
      clients: () => options.clients.current(),
      scopes,
      now: options.now,
      siteSession,
      siteLogout: logout,
      serviceName: (en) => {
        const { settings } = options.store.current();
        return (en && settings.serviceNameEn) || settings.serviceName;
      },
      logger,
    });
    return {
      fingerprint: fingerprintOf(scopes, keys.version),
      scopes,
      provider,
      callback: provider.callback(),
      interactions: createInteractionHandler({
        provider,
        siteSession,
        now: options.now,
        publicOrigin: options.publicOrigin,
        requiredScopes: () => requiredScopesOf(scopes),
        logger,
      }),
    };
  };

  /** The keys' version as last seen in the database (keys.ts oidcKeysVersion). */
  let keysVersion = "";
  let keysCheckedAt = options.now().getTime();
  let checkingKeys = false;
  /** Once a minute, in the background: the next request after a change gets a provider with the new keys. */
  const checkKeys = () => {
    const now = options.now();
    if (checkingKeys || now.getTime() - keysCheckedAt < KEYS_CHECK_MS) return;
    checkingKeys = true;
    keysCheckedAt = now.getTime();
    oidcKeysVersion(options.db, now)
      .then(
        (version) => {
          keysVersion = version;
        },
        (error: unknown) => logger.error("[oidc] could not look at the keys", error),
      )
      .finally(() => {
        checkingKeys = false;
      });
  };

  let current = await build(scopeSettingsOf(options.store.current().settings));
  let rebuilding: Promise<Built> | null = null;
  /** The provider for the store's scopes and the keys now: made again after either changed. */
  const provider = async (): Promise<Built> => {
    checkKeys();
    const scopes = scopeSettingsOf(options.store.current().settings);
    if (fingerprintOf(scopes, keysVersion) === current.fingerprint) return current;
    rebuilding ??= build(scopes).then((built) => {
      current = built;
      rebuilding = null;
      return built;
    });
    return rebuilding;
  };

  const serverFault = (res: ServerResponse, error: unknown) => {
    logger.error("[oidc] request failed", error);
    if (res.headersSent) return res.destroy();
    res.statusCode = 303;
    res.setHeader("Location", "/oidc/error?status=500");
    res.end();
  };

  const gate = providerGate({
    publicOrigin: options.publicOrigin,
    hosts: options.hosts,
    trustProxy: options.trustProxy,
    formTargets: () => redirectSources(options.clients.current()),
  });

  return {
    handle(req, res) {
      const path = new URL(req.url ?? "/", "http://x").pathname;
      const providerPath = isProviderPath(path);
      if (!providerPath && !isInteractionPath(path)) return false;
      if (!gate(req, res)) return true;
      provider().then(
        (built) => (providerPath ? built.callback(req, res) : built.interactions(req, res)),
        (error) => serverFault(res, error),
      );
      return true;
    },

    async endSession(cookieHeader) {
      await endProviderSession((await provider()).provider, cookieHeader, logger);
    },

    async interaction(cookieHeader) {
      if (!cookieHeader) return null;
      const built = await provider();
      // oidc-provider reads its signed interaction cookie from a request: one made of the header.
      const req = requestWithCookies(cookieHeader);
      let details: Interaction;
      try {
        details = await built.provider.interactionDetails(req, new ServerResponse(req));
      } catch (error) {
        if (error instanceof errors.SessionNotFound) return null;
        throw error;
      }
      const client = options.clients.current().clients.find((c) => c.client_id === details.params.client_id);
      if (!client) return null;
      const offered = new Set(built.scopes.map((scope) => scope.scopeKey));
      const requestScopeKeys = [...new Set(String(details.params.scope ?? "").split(" "))].filter((scope) =>
        offered.has(scope),
      );
      const grant = details.grantId ? await built.provider.Grant.find(details.grantId) : undefined;
      const granted = new Set(grant?.getOIDCScope().split(" ").filter(Boolean) ?? []);
      const refused = new Set(grant?.getRejectedOIDCScope().split(" ").filter(Boolean) ?? []);
      const unauthorizedScopeKeys = requestScopeKeys.filter((scope) => !granted.has(scope));
      return {
        uid: details.uid,
        prompt: details.prompt.name,
        client,
        requestScopeKeys,
        authorizedScopeKeys: requestScopeKeys.filter((scope) => granted.has(scope)),
        unauthorizedScopeKeys,
        updatedScopeKeys: unauthorizedScopeKeys.filter((scope) => refused.has(scope)),
        scopes: built.scopes,
        accountId: details.session?.accountId ?? null,
      };
    },
  };
}
