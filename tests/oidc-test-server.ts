/**
 * The login provider on a port of its own for tests (server/oidc): the provider's endpoints and,
 * unless left out, its interaction requests, on the test API's database and clock, with the demo
 * store's scopes. The site's pages are not served: a test acts at them as the member would.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type Provider from "oidc-provider";
import { type OidcClientList, redirectSources } from "../server/oidc/client-source.ts";
import { createInteractionHandler, isInteractionPath } from "../server/oidc/interactions.ts";
import { siteLogout } from "../server/oidc/logout.ts";
import { createOidcProvider, isProviderPath } from "../server/oidc/provider.ts";
import { providerGate } from "../server/oidc/provider-gate.ts";
import { requiredScopesOf, scopeSettingsOf } from "../server/oidc/scopes.ts";
import { siteSessionReader } from "../server/oidc/site-session.ts";
import { demoStoreSettings, type TestApi } from "./api-harness.ts";

/** The demo store's scopes: openid and email required; profile, address, phone, offline_access optional. */
export const TEST_SCOPES = scopeSettingsOf(demoStoreSettings());

export interface OidcTestServer {
  origin: string;
  provider: Provider;
  close(): Promise<void>;
}

export async function serveOidcProvider(
  t: TestApi,
  options: {
    clients: () => OidcClientList;
    interactions?: boolean;
    logger?: Pick<Console, "error">;
    /** TRUST_PROXY for the provider gate (server/oidc/provider-gate.ts). */
    trustProxy?: boolean;
  },
): Promise<OidcTestServer> {
  const server: Server = createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const now = () => t.clock.now();
  const siteSession = siteSessionReader({ db: t.db, now, sessionMaxAgeMs: 24 * 60 * 60 * 1000 });
  const provider = await createOidcProvider({
    db: t.db,
    secretBox: t.deps.secretBox,
    publicOrigin: origin,
    now,
    scopes: TEST_SCOPES,
    clients: options.clients,
    siteSession,
    siteLogout: siteLogout({ db: t.db, secureCookies: false, now, sessionMaxAgeMs: 24 * 60 * 60 * 1000 }),
    serviceName: (en) => (en ? "Soramiru" : "ソラミル"),
    // Without oidc-provider's SSRF guard, which refuses the loopback the tests' relying parties use.
    fetch: (url, init) => globalThis.fetch(url, { ...init, dispatcher: undefined } as RequestInit),
    logger: options.logger ?? console,
  });
  const interactions = createInteractionHandler({
    provider,
    siteSession,
    now,
    publicOrigin: origin,
    requiredScopes: () => requiredScopesOf(TEST_SCOPES),
  });
  const callback = provider.callback();
  const gate = providerGate({
    publicOrigin: origin,
    trustProxy: options.trustProxy ?? false,
    formTargets: () => redirectSources(options.clients()),
  });
  server.on("request", (req, res) => {
    const path = new URL(req.url ?? "/", origin).pathname;
    const served = isProviderPath(path) || (options.interactions !== false && isInteractionPath(path));
    if (served && !gate(req, res)) return;
    if (isProviderPath(path)) return callback(req, res);
    if (options.interactions !== false && isInteractionPath(path)) return void interactions(req, res);
    res.statusCode = 404;
    res.end();
  });
  return {
    origin,
    provider,
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}
