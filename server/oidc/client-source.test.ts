import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createSecretBox } from "../kit/secret-box.ts";
import { contentHash } from "../store/config-versions.ts";
import {
  loadOidcClients,
  OidcClientsError,
  oidcClientsContent,
  oidcClientsOf,
  parseOidcClients,
  redirectSources,
  watchOidcClients,
} from "./client-source.ts";

const configDir = resolve(import.meta.dirname, "../../config");
const demo = JSON.parse(readFileSync(join(configDir, "oidc-clients.json"), "utf8"));

const web = {
  client_id: "web",
  client_secret: "a".repeat(32),
  token_endpoint_auth_method: "client_secret_basic",
  client_name: "Web",
  redirect_uris: ["https://rp.example/callback"],
};

function problemsOf(clients: unknown[]): string[] {
  try {
    parseOidcClients(JSON.stringify({ clients }), "test");
    return [];
  } catch (error) {
    if (error instanceof OidcClientsError) return error.problems;
    throw error;
  }
}

describe("the clients file (issue 46 §2)", () => {
  it("the demo ships a confidential web client and a public native one", () => {
    const { clients } = loadOidcClients(configDir);
    expect(clients.map((client) => [client.client_id, client.token_endpoint_auth_method])).toEqual([
      ["demo-web", "client_secret_basic"],
      ["demo-app", "none"],
    ]);
    expect(demo.clients).toHaveLength(2);
  });

  it("names the field the schema refuses", () => {
    expect(problemsOf([{ ...web, redirect_uris: [] }])).toEqual([
      "clients.0.redirect_uris: must NOT have fewer than 1 items",
    ]);
    expect(problemsOf([{ ...web, scope: "openid" }])).toEqual(["clients.0.scope: is not a known field"]);
    expect(problemsOf([{ ...web, client_id: "has space" }])).toEqual([
      'clients.0.client_id: must match pattern "^[A-Za-z0-9._~-]{1,100}$"',
    ]);
    expect(problemsOf([{ ...web, client_secret: "short" }])).toEqual([
      "clients.0.client_secret: must NOT have fewer than 32 characters",
    ]);
  });

  it("refuses what the schema cannot say: one id each, a secret exactly for confidential clients, absolute URIs", () => {
    expect(problemsOf([web, { ...web }])).toEqual(['clients.1.client_id: "web" is used twice']);
    expect(problemsOf([{ ...web, token_endpoint_auth_method: "none" }])).toEqual([
      "clients.0.client_secret: a public client (token_endpoint_auth_method none) has no secret",
    ]);
    const { client_secret: _, ...withoutSecret } = web;
    expect(problemsOf([withoutSecret])).toEqual([
      "clients.0.client_secret: is required for client_secret_basic",
    ]);
    expect(
      problemsOf([
        {
          ...web,
          redirect_uris: ["/callback", "https://rp.example/cb#x", "com.example.app:/cb"],
          post_logout_redirect_uris: ["javascript:alert(1)"],
          logo_uri: "data:image/png;base64,AAAA",
        },
      ]),
    ).toEqual([
      "clients.0.redirect_uris.0: is not an absolute URI",
      "clients.0.redirect_uris.1: must not have a fragment",
      "clients.0.redirect_uris.2: must be http or https",
      "clients.0.post_logout_redirect_uris.0: must be http or https",
      "clients.0.logo_uri: must be http or https",
    ]);
    // A native app may use its private scheme.
    expect(
      problemsOf([
        {
          client_id: "app",
          token_endpoint_auth_method: "none",
          application_type: "native",
          client_name: "App",
          redirect_uris: ["com.example.app:/cb"],
        },
      ]),
    ).toEqual([]);
  });

  it("says which file is not JSON", () => {
    expect(() => parseOidcClients("{", "config/oidc-clients.json")).toThrow(
      /Invalid OIDC clients in config\/oidc-clients.json:\n {2}- is not valid JSON/,
    );
  });
});

describe("watchOidcClients", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("has no clients in a store folder without the file, says so, and reads a file added later", async () => {
    dir = mkdtempSync(join(tmpdir(), "oidc-clients-"));
    const log = { info: vi.fn(), error: vi.fn() };
    const source = watchOidcClients(dir, log);
    try {
      expect(source.current().clients).toEqual([]);
      expect(String(log.info.mock.calls[0]?.[0])).toContain("the login provider has no clients");
      writeFileSync(join(dir, "oidc-clients.json"), JSON.stringify({ clients: [web] }));
      await vi.waitFor(() => expect(source.current().clients.map((c) => c.client_id)).toEqual(["web"]), {
        timeout: 5000,
      });
    } finally {
      source.close();
    }
  });

  it("applies a valid edit to the next read and keeps the last good list after an invalid one", async () => {
    dir = mkdtempSync(join(tmpdir(), "oidc-clients-"));
    writeFileSync(join(dir, "oidc-clients.json"), JSON.stringify({ clients: [web] }));
    const log = { info: vi.fn(), error: vi.fn() };
    const source = watchOidcClients(dir, log);
    try {
      const added = { ...web, client_id: "web-2" };
      writeFileSync(join(dir, "oidc-clients.json"), JSON.stringify({ clients: [web, added] }));
      await vi.waitFor(() => expect(source.current().clients).toHaveLength(2), { timeout: 5000 });
      const good = source.current();

      writeFileSync(join(dir, "oidc-clients.json"), JSON.stringify({ clients: [web, web] }));
      await vi.waitFor(() => expect(log.error).toHaveBeenCalled(), { timeout: 5000 });
      expect(String(log.error.mock.calls.at(-1)?.[0])).toContain(
        `keeping the last good clients (version ${good.version})`,
      );
      expect(source.current()).toBe(good);
    } finally {
      source.close();
    }
  });
});

describe("the clients as versions", () => {
  const box = createSecretBox(randomBytes(32));

  it("hold each secret sealed, the same way for the same file, and open back to the file's list", () => {
    const list = parseOidcClients(JSON.stringify(demo), "oidc-clients.json");
    const content = oidcClientsContent(list, box);
    for (const client of demo.clients as { client_secret?: string }[]) {
      if (client.client_secret) expect(JSON.stringify(content)).not.toContain(client.client_secret);
    }
    // An unchanged file is the same content: it is not imported as a new version.
    expect(contentHash(oidcClientsContent(parseOidcClients(JSON.stringify(demo), "again"), box))).toBe(
      contentHash(content),
    );
    expect(oidcClientsOf(content, "v1", box, "a version").clients).toEqual(list.clients);
  });

  it("refuses a version whose secret another key sealed, or whose clients do not pass the file's checks", () => {
    const content = oidcClientsContent({ clients: [web as never] }, createSecretBox(randomBytes(32)));
    expect(() => oidcClientsOf(content, "v1", box, "a version")).toThrow(/cannot be opened/);
    expect(() =>
      oidcClientsOf({ clients: [{ ...web, client_secret: undefined }] }, "v1", box, "a version"),
    ).toThrow(/client_secret: is required/);
    expect(() => oidcClientsOf({}, "v1", box, "a version")).toThrow(OidcClientsError);
  });
});

describe("redirectSources", () => {
  it("names each redirect and post-logout URI's origin, or a native app's scheme, once; worked out once per version", () => {
    const list = parseOidcClients(
      JSON.stringify({
        clients: [
          {
            client_id: "web",
            client_secret: "a-confidential-clients-secret-0123456789",
            token_endpoint_auth_method: "client_secret_basic",
            client_name: "Web",
            redirect_uris: ["https://rp.example/callback", "https://rp.example/other"],
            post_logout_redirect_uris: ["https://rp.example/bye", "https://www.rp.example/"],
          },
          {
            client_id: "app",
            token_endpoint_auth_method: "none",
            application_type: "native",
            client_name: "App",
            redirect_uris: ["jp.example.app:/callback"],
          },
        ],
      }),
      "test",
    );
    expect(redirectSources(list)).toEqual([
      "https://rp.example",
      "https://www.rp.example",
      "jp.example.app:",
    ]);
    expect(redirectSources(list)).toBe(redirectSources(list));
  });
});
