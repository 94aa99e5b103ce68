/**
 * The login provider under the site's rules: a foreign Host is answered 421 on every provider path,
 * the URLs the provider writes come from the public origin whatever Host or X-Forwarded-Host say,
 * and its answers carry the security headers (discovery and the JWKS a short public cache).
 */
import { request } from "node:http";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../tests/api-harness.ts";
import { type OidcTestServer, serveOidcProvider } from "../../tests/oidc-test-server.ts";
import { type OidcClientList, parseOidcClients } from "./client-source.ts";
import { PROVIDER_METADATA_CACHE, providerCsp, providerGate } from "./provider-gate.ts";

const clientList: OidcClientList = parseOidcClients(
  JSON.stringify({
    clients: [
      {
        client_id: "web",
        client_secret: "a-confidential-clients-secret-0123456789",
        token_endpoint_auth_method: "client_secret_basic",
        client_name: "Web",
        redirect_uris: ["https://rp.example/callback"],
        post_logout_redirect_uris: ["https://rp.example/bye"],
      },
    ],
  }),
  "test",
);

let t: TestApi;
let server: OidcTestServer;

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request with the headers given as they are (fetch would not send a Host of our choosing). */
function raw(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const { hostname, port } = new URL(server.origin);
  return new Promise((resolve, reject) => {
    const sent = request({ hostname, port, path, headers }, (answer) => {
      let body = "";
      answer.setEncoding("utf8");
      answer.on("data", (chunk) => {
        body += chunk;
      });
      answer.on("end", () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body }));
    });
    sent.on("error", reject);
    sent.end();
  });
}

const BROWSER = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };

async function serve(trustProxy: boolean) {
  server = await serveOidcProvider(t, { clients: () => clientList, trustProxy });
}

beforeEach(async () => {
  t = await createTestApi();
});
afterEach(async () => {
  await server?.close();
  await t.close();
});

describe("the provider's Host", () => {
  beforeEach(() => serve(false));

  it.each([
    "/.well-known/openid-configuration",
    "/op/jwks",
    "/op/session/end",
    "/op/auth?client_id=web",
    "/oidc",
  ])("answers 421 to %s under a forged Host", async (path) => {
    const answer = await raw(path, { host: "evil.example", ...BROWSER });
    expect(answer.status).toBe(421);
    expect(answer.body).not.toContain("evil.example");
  });

  it("writes discovery's endpoints under the public origin when the Host is the site's", async () => {
    const answer = await raw("/.well-known/openid-configuration", { "x-forwarded-host": "evil.example" });
    expect(answer.status).toBe(200);
    const discovery = JSON.parse(answer.body) as Record<string, unknown>;
    const urls = Object.values(discovery).filter(
      (value) => typeof value === "string" && /^https?:/.test(value),
    );
    expect(urls.length).toBeGreaterThan(5);
    for (const url of urls) expect(String(url).startsWith(server.origin)).toBe(true);
  });
});

describe("behind a trusted proxy", () => {
  beforeEach(() => serve(true));

  it("takes no endpoint from X-Forwarded-Host or X-Forwarded-Proto", async () => {
    const answer = await raw("/.well-known/openid-configuration", {
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
    });
    const discovery = JSON.parse(answer.body) as Record<string, string>;
    for (const name of [
      "authorization_endpoint",
      "token_endpoint",
      "userinfo_endpoint",
      "jwks_uri",
      "end_session_endpoint",
      "revocation_endpoint",
      "pushed_authorization_request_endpoint",
    ]) {
      expect(discovery[name], name).toMatch(new RegExp(`^${server.origin}/op/`));
    }
  });

  it("posts the logout question's form to the public origin, and no page may frame it", async () => {
    const answer = await raw("/op/session/end", {
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
      ...BROWSER,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).not.toContain("evil.example");
    expect(answer.body).toContain(`action="${server.origin}/op/session/end/confirm"`);
    expect(answer.headers["x-frame-options"]).toBe("DENY");
    expect(answer.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    // The logout question may end at a client's post-logout URI.
    expect(answer.headers["content-security-policy"]).toContain("form-action 'self' https://rp.example");
  });
});

describe("the provider's headers", () => {
  beforeEach(() => serve(false));

  it.each(["/.well-known/openid-configuration", "/op/jwks"])(
    "%s: a short public cache, nosniff, a CSP",
    async (path) => {
      const answer = await raw(path);
      expect(answer.status).toBe(200);
      expect(answer.headers["cache-control"]).toBe(PROVIDER_METADATA_CACHE);
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      expect(answer.headers["content-security-policy"]).toContain("default-src 'none'");
    },
  );

  it("keeps the token endpoint's answers out of every cache", async () => {
    const answer = await raw("/op/token");
    expect(answer.headers["cache-control"]).not.toBe(PROVIDER_METADATA_CACHE);
  });

  it("sends a browser's end-session error to the product's error page, not raw JSON", async () => {
    const query = new URLSearchParams({
      client_id: "web",
      post_logout_redirect_uri: "https://evil.example/",
    });
    // Whatever the browser (or a link opened by a tool) says it accepts: logout is a page.
    for (const accept of [BROWSER.accept, "*/*", "application/json"]) {
      const answer = await raw(`/op/session/end?${query}`, { accept });
      expect(answer.status, accept).toBe(303);
      expect(answer.headers.location).toMatch(/^\/oidc\/error\?status=400&error=invalid_request/);
    }
  });
});

describe("providerGate", () => {
  it("adds HSTS and upgrade-insecure-requests under an https origin", () => {
    const gate = providerGate({
      publicOrigin: "https://shop.example.jp",
      trustProxy: true,
      formTargets: () => [],
    });
    const headers = new Map<string, string>();
    const req = {
      headers: { host: "shop.example.jp", "x-forwarded-for": "203.0.113.9, 198.51.100.7" },
      url: "/op/jwks",
      method: "GET",
      socket: { remoteAddress: "10.0.0.2" },
    };
    const res = { setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value) };
    expect(gate(req as never, res as never)).toBe(true);
    expect(headers.get("strict-transport-security")).toMatch(/^max-age=\d+/);
    expect(headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    // The proxy's own entry names the client; what the client wrote before it is not believed.
    expect(req.headers["x-forwarded-for"]).toBe("198.51.100.7");
    expect(req.headers).toMatchObject({ host: "shop.example.jp", "x-forwarded-proto": "https" });
  });

  it("lists the clients' origins in form-action", () => {
    expect(providerCsp(["https://rp.example", "jp.example.app:"], false)).toContain(
      "form-action 'self' https://rp.example jp.example.app:",
    );
  });
});
