/**
 * The provider as configured (issue 46 §1): the issuer is the configured origin whatever the Host,
 * discovery names the /op/ endpoints, the JWKS publishes the stored key's public half only (the same
 * key after a restart), a public client without PKCE is refused, and a redirect URI that is not
 * registered is never redirected to: the provider's errors go to the product's /oidc/error.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestApi, type TestApi } from "../../tests/api-harness.ts";
import { type OidcTestServer, serveOidcProvider } from "../../tests/oidc-test-server.ts";
import { type OidcClientList, parseOidcClients } from "./client-source.ts";
import { isProviderPath } from "./provider.ts";

const REDIRECT = "http://127.0.0.1:9/callback";

let clientList: OidcClientList;
let t: TestApi;
let server: OidcTestServer;
let origin: string;

async function serve(logger: Pick<Console, "error"> = console): Promise<void> {
  // Only the provider: its errors name /oidc/error, which is the site's page.
  server = await serveOidcProvider(t, { clients: () => clientList, interactions: false, logger });
  origin = server.origin;
}

async function stop(): Promise<void> {
  await server.close();
}

beforeEach(async () => {
  clientList = parseOidcClients(
    JSON.stringify({
      clients: [
        {
          client_id: "spa",
          client_name: "A single-page app",
          token_endpoint_auth_method: "none",
          redirect_uris: [REDIRECT],
        },
      ],
    }),
    "test",
  );
  t = await createTestApi();
  await serve();
});
afterEach(async () => {
  await stop();
  await t.close();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${origin}${path}`, { headers, redirect: "manual" });

describe("the OpenID Provider (issue 46 §1)", () => {
  it("publishes discovery with the configured issuer and the /op/ endpoints, whatever the Host says", async () => {
    const discovery = (await (
      await get("/.well-known/openid-configuration", { "x-forwarded-host": "evil.example" })
    ).json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer: origin,
      authorization_endpoint: `${origin}/op/auth`,
      token_endpoint: `${origin}/op/token`,
      userinfo_endpoint: `${origin}/op/me`,
      jwks_uri: `${origin}/op/jwks`,
      end_session_endpoint: `${origin}/op/session/end`,
      revocation_endpoint: `${origin}/op/token/revocation`,
      response_types_supported: ["code"],
      code_challenge_methods_supported: ["S256"],
    });
    expect(discovery.scopes_supported).toEqual(expect.arrayContaining(["openid", "email", "profile"]));
    for (const value of Object.values(discovery)) {
      if (typeof value === "string" && value.startsWith("http")) expect(value.startsWith(origin)).toBe(true);
    }
  });

  it("publishes the stored signing key's public half only, the same after a restart", async () => {
    const first = (await (await get("/op/jwks")).json()) as { keys: Record<string, string>[] };
    expect(first.keys).toHaveLength(1);
    expect(first.keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig" });
    for (const secret of ["d", "p", "q", "dp", "dq", "qi"]) expect(first.keys[0]).not.toHaveProperty(secret);
    await stop();
    await serve();
    expect(await (await get("/op/jwks")).json()).toEqual(first);
  });

  it("refuses a public client's request without PKCE, back at its registered redirect URI", async () => {
    const query = new URLSearchParams({
      client_id: "spa",
      response_type: "code",
      scope: "openid",
      redirect_uri: REDIRECT,
      state: "s-1",
    });
    const refused = await get(`/op/auth?${query}`);
    expect(refused.status).toBe(303);
    const location = new URL(refused.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get("error")).toBe("invalid_request");
    expect(location.searchParams.get("state")).toBe("s-1");
  });

  it.each([
    `${REDIRECT}/extra`,
    `${REDIRECT}?x=1`,
    REDIRECT.replace("callback", "Callback"),
    `${REDIRECT}/`,
    REDIRECT.replace(":9/", ":10/"),
  ])("never redirects to an unregistered redirect URI: %s", async (redirectUri) => {
    const query = new URLSearchParams({
      client_id: "spa",
      response_type: "code",
      scope: "openid",
      redirect_uri: redirectUri,
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
    });
    const refused = await get(`/op/auth?${query}`);
    // To the product's error page with the provider's words, never to the URI asked for.
    expect(refused.status).toBe(303);
    const location = new URL(refused.headers.get("location") ?? "", origin);
    expect(`${location.origin}${location.pathname}`).toBe(`${origin}/oidc/error`);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      status: "400",
      error: "invalid_redirect_uri",
    });
  });

  it("reads the clients on each request: one added is usable at once; one the provider refuses leaves the last accepted list", async () => {
    const logger = { error: vi.fn() };
    await stop();
    await serve(logger);
    const authorize = (clientId: string) =>
      get(
        `/op/auth?${new URLSearchParams({
          client_id: clientId,
          response_type: "code",
          scope: "openid",
          redirect_uri: "https://rp.example/callback",
        })}`,
      );
    const unknown = await authorize("web");
    expect(unknown.headers.get("location")).toMatch(/^\/oidc\/error\?status=400&error=invalid_client/);

    const web = {
      client_id: "web",
      client_secret: "s".repeat(32),
      token_endpoint_auth_method: "client_secret_basic",
      client_name: "Web",
      redirect_uris: ["https://rp.example/callback"],
    };
    clientList = parseOidcClients(JSON.stringify({ clients: [web] }), "test");
    const known = await authorize("web");
    expect(known.status).toBe(303);
    expect(known.headers.get("location")).not.toContain("/oidc/error");

    // The schema allows it; the provider does not (a native app's http redirect must be loopback).
    const accepted = clientList.version;
    clientList = parseOidcClients(
      JSON.stringify({
        clients: [{ ...web, application_type: "native", redirect_uris: ["http://rp.example/callback"] }],
      }),
      "test",
    );
    expect((await authorize("web")).headers.get("location")).not.toContain("/oidc/error");
    expect(String(logger.error.mock.calls.at(-1)?.[0])).toContain(`keeping version ${accepted}`);
  });

  it("claims only its own paths", () => {
    expect(["/op/auth", "/op/jwks", "/.well-known/openid-configuration"].every(isProviderPath)).toBe(true);
    expect(["/auth", "/oidc/login", "/op", "/.well-known/other", "/zapi/op/x"].some(isProviderPath)).toBe(
      false,
    );
  });
});
