/**
 * Local stand-ins for the four social login providers (issue 48 §4), so no test reaches LINE,
 * Google, Yahoo! JAPAN or Facebook. Each is an oidc-provider of its own on a port of its own, with
 * one client (our site) and cookie names of its own, so that four of them and the site can share
 * one host:
 * - LINE: OpenID Connect with HS256 ID tokens keyed by the client secret, the e-mail in the ID token;
 * - Google: RS256, the e-mail in the ID token;
 * - Yahoo! JAPAN: RS256, the e-mail only from the userinfo endpoint;
 * - Facebook: plain OAuth 2.0 (no openid scope, no ID token) with a Graph-like `/graph/me`
 *   answering `{id, name, email}` for the access token; it knows no e-mail unless one is typed.
 *
 * A person "logs in" on the fake's one page by typing any subject (and an e-mail); the fake then
 * grants everything asked. Tests drive it with `signInAtFake` (no browser), Playwright through
 * the page. Run alone for trying it by hand: `npm run dev:idp`.
 */
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import Provider, { type Configuration } from "oidc-provider";
import type { StoreSettings } from "../../schemas/types/store-settings.gen.ts";

import {
  FAKE_CLIENT_ID,
  FAKE_CLIENT_SECRET,
  FAKE_PROVIDER_TYPES,
  FAKE_SECRET_ENV,
  type FakeProviderType,
} from "./identity-provider-clients.ts";

export { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, FAKE_PROVIDER_TYPES, FAKE_SECRET_ENV, type FakeProviderType };

const SLUG: Readonly<Record<FakeProviderType, string>> = {
  Line: "line",
  Google: "google",
  YahooJapan: "yahoo",
  Facebook: "facebook",
};

interface FakeIdentity {
  email: string | null;
  name: string;
}

export interface FakeIdentityProvider {
  type: FakeProviderType;
  /** The issuer (OpenID Connect) or, for Facebook, the origin of its three endpoints. */
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint: string;
  /** The identities people signed in as, by subject; a test may look or change. */
  identities: Map<string, FakeIdentity>;
}

export interface FakeIdentityProviders {
  providers: Readonly<Record<FakeProviderType, FakeIdentityProvider>>;
  /** The store's `socialLogin` pointing at the fakes, every provider enabled, in the usual order. */
  socialLogin: { providers: SocialProviderSetting[] };
  /** SOCIAL_<TYPE>_CLIENT_SECRET of each fake. */
  secretEnv: Record<string, string>;
  close(): Promise<void>;
}

/** One provider of the store's `socialLogin.providers` (schemas/store-settings.schema.json). */
export type SocialProviderSetting = NonNullable<StoreSettings["socialLogin"]>["providers"][number];

const PAGE_STYLE =
  "body{font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}label{display:block;margin:.75rem 0}input{display:block;width:100%;padding:.4rem}";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

function send(response: ServerResponse, status: number, body: string, type: string) {
  response.writeHead(status, { "content-type": type, "cache-control": "no-store" });
  response.end(body);
}

function configurationOf(
  type: FakeProviderType,
  redirectUris: string[],
  identities: Map<string, FakeIdentity>,
): Configuration {
  const slug = SLUG[type];
  const isOAuthOnly = type === "Facebook";
  const privateKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
  return {
    clients: [
      {
        client_id: FAKE_CLIENT_ID[type],
        client_secret: FAKE_CLIENT_SECRET[type],
        redirect_uris: redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: type === "YahooJapan" ? "client_secret_basic" : "client_secret_post",
        id_token_signed_response_alg: type === "Line" ? "HS256" : "RS256",
      },
    ],
    jwks: {
      keys: [{ ...privateKey.export({ format: "jwk" }), kid: `${slug}-key`, use: "sig", alg: "RS256" }],
    },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: 86400,
      Grant: 86400,
    },
    enabledJWA: { idTokenSigningAlgValues: ["RS256", "HS256"] },
    cookies: {
      keys: [randomBytes(32).toString("hex")],
      names: {
        session: `${slug}_idp_session`,
        interaction: `${slug}_idp_interaction`,
        resume: `${slug}_idp_resume`,
      },
    },
    scopes: isOAuthOnly ? ["email", "public_profile"] : ["openid", "email", "profile"],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // Like LINE and Google, the e-mail in the ID token; Yahoo! JAPAN gives it from userinfo only.
    conformIdTokenClaims: type === "YahooJapan",
    features: { devInteractions: { enabled: false }, userinfo: { enabled: !isOAuthOnly } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const identity = identities.get(sub);
      if (!identity) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          name: identity.name,
          ...(identity.email ? { email: identity.email, email_verified: true } : {}),
        }),
      };
    },
  };
}

function loginPage(type: FakeProviderType, uid: string): string {
  const title = `Fake ${type}`;
  const email =
    type === "Facebook" ? "" : `<label>E-mail<input name="email" type="email" autocomplete="off"></label>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><style>${PAGE_STYLE}</style></head><body><h1>${title}</h1><form method="post" action="/interaction/${escapeHtml(uid)}"><label>Subject<input name="subject" required autocomplete="off"></label>${email}<button type="submit">Sign in</button></form></body></html>`;
}

/** Where a stand-in listens and how it is named, as another site would be. */
interface FakeAddress {
  /** The interface it listens on. */
  host: string;
  /** The host name in its issuer and endpoints (`localhost` beside a site on 127.0.0.1 is another site). */
  hostname: string;
  /** A certificate and key: it serves https (the site must trust the certificate). */
  tls?: { cert: string; key: string };
}

async function startOne(
  type: FakeProviderType,
  port: number,
  address: FakeAddress,
  redirectUris: string[],
): Promise<{ provider: FakeIdentityProvider; server: Server }> {
  const identities = new Map<string, FakeIdentity>();
  let issuer = "";
  let oidc: Provider | undefined;
  const listener = (request: IncomingMessage, response: ServerResponse) => {
    handle(request, response).catch((error: unknown) => {
      console.error(`[fake ${type}]`, error);
      if (!response.headersSent) send(response, 500, "fake provider error", "text/plain");
    });
  };
  const server: Server = address.tls ? createHttpsServer(address.tls, listener) : createServer(listener);
  async function handle(request: IncomingMessage, response: ServerResponse) {
    if (!oidc) throw new Error("not started");
    const url = new URL(request.url ?? "/", issuer);
    const interaction = /^\/interaction\/([\w-]+)$/.exec(url.pathname);
    if (interaction?.[1] && request.method === "GET") {
      await oidc.interactionDetails(request, response);
      return send(response, 200, loginPage(type, interaction[1]), "text/html; charset=utf-8");
    }
    if (interaction && request.method === "POST") {
      const details = await oidc.interactionDetails(request, response);
      const form = await readForm(request);
      const subject = form.get("subject")?.trim() ?? "";
      if (!subject) return send(response, 400, "subject missing", "text/plain");
      const email = form.get("email")?.trim() || null;
      identities.set(subject, { email, name: `${type} ${subject}` });
      const grant = new oidc.Grant({ accountId: subject, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      return oidc.interactionFinished(request, response, {
        login: { accountId: subject },
        consent: { grantId },
      });
    }
    if (url.pathname === "/graph/me" && request.method === "GET") {
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
      const token = bearer ? await oidc.AccessToken.find(bearer) : undefined;
      const identity = token?.accountId ? identities.get(token.accountId) : undefined;
      if (!token || !identity) {
        return send(
          response,
          401,
          JSON.stringify({ error: { type: "OAuthException", code: 190 } }),
          "application/json",
        );
      }
      return send(
        response,
        200,
        JSON.stringify({
          id: token.accountId,
          name: identity.name,
          ...(identity.email ? { email: identity.email } : {}),
        }),
        "application/json",
      );
    }
    return oidc.callback()(request, response);
  }
  await new Promise<void>((resolve) => server.listen(port, address.host, resolve));
  const { port: bound } = server.address() as AddressInfo;
  issuer = `${address.tls ? "https" : "http"}://${address.hostname}:${bound}`;
  oidc = new Provider(issuer, configurationOf(type, redirectUris, identities));
  return {
    server,
    provider: {
      type,
      issuer,
      authorizationEndpoint: `${issuer}/auth`,
      tokenEndpoint: `${issuer}/token`,
      userinfoEndpoint: type === "Facebook" ? `${issuer}/graph/me?fields=id,name,email` : `${issuer}/me`,
      identities,
    },
  };
}

/**
 * Starts the four fakes, on `basePort`, `basePort + 1`, … (0: any free ports), each accepting
 * the site's callback `redirectUris`.
 */
export async function startFakeIdentityProviders(options: {
  redirectUris: string[];
  basePort?: number;
  host?: string;
  /** The name the stand-ins go by (default: `host`); `localhost` puts them on another site than 127.0.0.1. */
  hostname?: string;
  tls?: FakeAddress["tls"];
}): Promise<FakeIdentityProviders> {
  const { redirectUris, basePort = 0, host = "127.0.0.1", hostname = host, tls } = options;
  const started = await Promise.all(
    FAKE_PROVIDER_TYPES.map((type, index) =>
      startOne(type, basePort && basePort + index, { host, hostname, tls }, redirectUris),
    ),
  );
  const providers = Object.fromEntries(started.map(({ provider }) => [provider.type, provider])) as Record<
    FakeProviderType,
    FakeIdentityProvider
  >;
  return {
    providers,
    socialLogin: {
      providers: FAKE_PROVIDER_TYPES.map((type) => {
        const fake = providers[type];
        const common = { type, enabled: true, clientId: FAKE_CLIENT_ID[type] };
        return type === "Facebook"
          ? {
              ...common,
              authorizationEndpoint: fake.authorizationEndpoint,
              tokenEndpoint: fake.tokenEndpoint,
              userinfoEndpoint: fake.userinfoEndpoint,
            }
          : { ...common, issuer: fake.issuer };
      }),
    },
    secretEnv: { ...FAKE_SECRET_ENV },
    close: () =>
      Promise.all(
        started.map(({ server }) => {
          server.closeAllConnections();
          return new Promise<void>((resolve) => server.close(() => resolve()));
        }),
      ).then(() => undefined),
  };
}

/**
 * Signs in at a fake without a browser: follows `authorizationUrl` to the fake's page, types
 * `subject` (and `email`), and answers the address the fake sends the browser back to (the site's
 * callback with `code` and `state`, or an error).
 */
export async function signInAtFake(
  authorizationUrl: string,
  identity: { subject: string; email?: string | null },
): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  const remember = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const separator = pair.indexOf("=");
      jar.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
  };
  const origin = new URL(authorizationUrl).origin;
  let url = new URL(authorizationUrl);
  let init: RequestInit = {};
  for (let hop = 0; hop < 10; hop++) {
    if (url.origin !== origin) return url;
    const response = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...init.headers, cookie: cookieHeader() },
    });
    remember(response);
    const location = response.headers.get("location");
    if (location) {
      url = new URL(location, url);
      init = {};
      continue;
    }
    if (response.status === 200 && url.pathname.startsWith("/interaction/")) {
      await response.text();
      const form = new URLSearchParams({ subject: identity.subject });
      if (identity.email) form.set("email", identity.email);
      init = {
        method: "POST",
        body: form.toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      };
      continue;
    }
    throw new Error(`the fake answered ${response.status} at ${url}: ${await response.text()}`);
  }
  throw new Error("too many redirects at the fake");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const siteOrigin = process.env.PUBLIC_ORIGIN ?? `http://localhost:${process.env.PORT ?? 3000}`;
  const basePort = Number(process.env.IDP_PORT ?? 3230);
  // Another site than the store's, as every real provider is: the other loopback name.
  const hostname = new URL(siteOrigin).hostname === "127.0.0.1" ? "localhost" : "127.0.0.1";
  const fakes = await startFakeIdentityProviders({
    redirectUris: [`${siteOrigin}/auth/callback`],
    basePort,
    hostname,
  });
  console.log("Fake identity providers are running. Put this in the store's settings:");
  console.log(JSON.stringify({ socialLogin: fakes.socialLogin }, null, 2));
  console.log("and start the site with:");
  for (const [name, value] of Object.entries(fakes.secretEnv)) console.log(`  ${name}=${value}`);
}
