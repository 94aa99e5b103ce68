/**
 * The site around the API and the pages (issue 7 §1, §3): the trusted Host, the headers on every
 * kind of response, compression. The document handler is a stand-in that echoes its load context;
 * the production build is covered by the e2e walk (tests/e2e/security.spec.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from "node:zlib";
import type { AppLoadContext } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestApi, type TestApi } from "../tests/api-harness.ts";
import { createSandboxRoutes } from "./payments/sandbox/routes.ts";
import { createSite, publicFilePaths, type SiteOptions, trustedHosts } from "./site.ts";
import { createServerClock, testClockRoutes } from "./test-clock.ts";

let t: TestApi;
let buildDir: string;
const bigScript = `console.log(${JSON.stringify("x".repeat(4000))});`;

beforeAll(() => {
  buildDir = mkdtempSync(join(tmpdir(), "site-build-"));
  mkdirSync(join(buildDir, "assets"));
  writeFileSync(join(buildDir, "assets/entry-abc123.js"), bigScript);
  writeFileSync(join(buildDir, "assets/entry-abc123.js.br"), brotliCompressSync(bigScript));
  // What public/ puts in the build, and the manifest that must stay private.
  writeFileSync(join(buildDir, "robots.txt"), "User-agent: *\n");
  mkdirSync(join(buildDir, ".well-known"));
  writeFileSync(join(buildDir, ".well-known/security.txt"), "Contact: mailto:security@example.jp\n");
  mkdirSync(join(buildDir, ".vite"));
  writeFileSync(join(buildDir, ".vite/manifest.json"), "{}");
  mkdirSync(join(buildDir, "media"));
  writeFileSync(join(buildDir, "media/clip.mp4"), Buffer.alloc(4096, 7));
  writeFileSync(join(buildDir, "media/clip.ja.vtt"), "WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nピッ\n");
});
afterAll(() => rmSync(buildDir, { recursive: true, force: true }));
beforeEach(async () => {
  t = await createTestApi();
  // The failing renderer's error is logged by the site; kept out of the test output.
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  return t.close();
});

let seenContext: AppLoadContext | null = null;

function site(overrides: Partial<SiteOptions> = {}) {
  return createSite({
    api: t.api,
    async renderDocument(request, context) {
      seenContext = context;
      const path = new URL(request.url).pathname;
      if (path === "/broken") throw new Error("the renderer failed");
      if (path === "/missing")
        return new Response("<h1>404</h1>", { status: 404, headers: { "content-type": "text/html" } });
      const body = `<!doctype html><html><body>${"<p>page</p>".repeat(300)}<script nonce="${context.cspNonce}"></script></body></html>`;
      return new Response(body, { headers: { "content-type": "text/html; charset=utf-8" } });
    },
    store: t.store,
    publicOrigin: "http://localhost:3000",
    publicOriginIsDefault: true,
    zapiOrigin: null,
    clientBuildDir: buildDir,
    storeAssetsDir: buildDir,
    dev: false,
    ...overrides,
  });
}

function get(app: ReturnType<typeof site>, path: string, headers: Record<string, string> = {}) {
  return app.request(`http://localhost:3000${path}`, { headers: { host: "localhost:3000", ...headers } });
}

function directives(response: Response): Map<string, string[]> {
  const csp = response.headers.get("content-security-policy") ?? "";
  return new Map(
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name ?? "", values]),
  );
}

describe("the console's gate", () => {
  it("answers 404 for every console path when the console is off, and leaves the rest alone", async () => {
    const app = site({ consoleAccess: { enabled: false, allowedAddresses: null } });
    seenContext = null;
    const page = await get(app, "/console/login");
    expect(page.status).toBe(404);
    expect(seenContext).toBeNull();
    const call = await get(app, "/zapi/console/me/screen-data");
    expect(call.status).toBe(404);
    expect(await call.json()).toMatchObject({ code: "NOT_FOUND" });
    expect((await get(app, "/login")).status).toBe(200);
  });

  it("lets only the listed addresses reach it (behind a trusted proxy, its address)", async () => {
    const app = site({
      consoleAccess: { enabled: true, allowedAddresses: ["203.0.113.0/24"] },
      trustProxy: true,
    });
    const inside = await get(app, "/zapi/console/me/screen-data", { "x-forwarded-for": "203.0.113.7" });
    expect(inside.status).toBe(401);
    expect(inside.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const outside = await get(app, "/zapi/console/me/screen-data", { "x-forwarded-for": "192.0.2.1" });
    expect(outside.status).toBe(404);
    // A spoofed first entry does not help: the proxy's own entry is the last.
    const spoofed = await get(app, "/console", { "x-forwarded-for": "203.0.113.7, 192.0.2.1" });
    expect(spoofed.status).toBe(404);
  });
});

describe("images staff uploaded", () => {
  it("are served by their content's name for good, as images that run nothing; other names fall through", async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const file = `${"a".repeat(64)}.svg`;
    const app = site({
      storedAsset: async (name) => (name === file ? { contentType: "image/svg+xml", data: svg } : null),
    });
    const answer = await get(app, `/store-assets/v/${file}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/svg+xml");
    expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("content-security-policy")).toContain("sandbox");
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(svg);
    // An unknown name is the site's to answer (its not-found page), never an image.
    const unknown = await get(app, `/store-assets/v/${"b".repeat(64)}.svg`);
    expect(unknown.headers.get("content-type")).toContain("text/html");
  });
});

describe("the trusted host", () => {
  it("accepts the configured host, with loopback spellings as aliases of the localhost default", () => {
    const local = trustedHosts("http://localhost:3000", true);
    expect(local.canonical).toBe("localhost:3000");
    expect([...local.aliases]).toEqual(["127.0.0.1:3000", "[::1]:3000"]);
    const configured = trustedHosts("https://soramiru.example.jp", false);
    expect(configured).toEqual({ canonical: "soramiru.example.jp", aliases: new Set() });
  });

  it.each(["127.0.0.1:3000", "[::1]:3000", "LOCALHOST:3000"])(
    "sends a page asked for under %s to the public origin, path and query kept",
    async (host) => {
      seenContext = null;
      const response = await get(site(), "/login?redirect=%2Fmypage&x=1", { host });
      if (host === "LOCALHOST:3000") {
        expect(response.status).toBe(200);
        return;
      }
      expect(response.status).toBe(307);
      expect(response.headers.get("location")).toBe("http://localhost:3000/login?redirect=%2Fmypage&x=1");
      expect(seenContext).toBeNull();
      const head = await site().request("http://127.0.0.1:3000/", { method: "HEAD", headers: { host } });
      expect(head.status).toBe(307);
    },
  );

  it("redirects an alias only to the configured origin, whatever the path says", async () => {
    const response = await get(site(), "//evil.example/%2e%2e", { host: "127.0.0.1:3000" });
    expect(response.headers.get("location")).toMatch(/^http:\/\/localhost:3000\//);
  });

  it("lets a post under an alias reach the Origin check, which refuses the browser's", async () => {
    const response = await site().request("http://127.0.0.1:3000/zapi/login", {
      method: "POST",
      headers: {
        host: "127.0.0.1:3000",
        origin: "http://127.0.0.1:3000",
        "content-type": "application/json",
      },
      body: "{}",
    });
    expect(response.status).toBe(403);
  });

  it.each(["/", "/zapi/internal/root/screen-data", "/assets/entry-abc123.js"])(
    "answers 421 to %s under a forged Host, reaching nothing",
    async (path) => {
      seenContext = null;
      const response = await get(site(), path, { host: "evil.example" });
      expect(response.status).toBe(421);
      expect(seenContext).toBeNull();
      expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
    },
  );

  it("answers the API's JSON error shape under a forged Host", async () => {
    const response = await get(site(), "/zapi/login", { host: "evil.example" });
    expect(await response.json()).toMatchObject({ code: "MISDIRECTED_REQUEST" });
  });

  it("refuses the loopback spellings once a public origin is configured", async () => {
    const app = site({ publicOrigin: "https://soramiru.example.jp", publicOriginIsDefault: false });
    expect((await get(app, "/", { host: "localhost:3000" })).status).toBe(421);
    const ok = await app.request("https://soramiru.example.jp/", {
      headers: { host: "soramiru.example.jp" },
    });
    expect(ok.status).toBe(200);
  });
});

describe("security headers", () => {
  it.each([
    ["a page", "/"],
    ["the 404 page", "/missing"],
    ["a server error page", "/broken"],
    ["an API answer", "/zapi/internal/root/screen-data"],
    ["an unknown API path", "/zapi/no-such-call"],
    ["an asset", "/assets/entry-abc123.js"],
  ])("are on %s", async (_kind, path) => {
    const response = await get(site(), path);
    const csp = directives(response);
    expect(csp.get("script-src")?.[0]).toBe("'self'");
    expect(csp.get("script-src")?.[1]).toMatch(/^'nonce-[A-Za-z0-9+/=]{20,}'$/);
    expect(csp.get("script-src")?.join(" ")).not.toContain("unsafe");
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'none'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
    expect(response.headers.has("strict-transport-security")).toBe(false);
  });

  it("gives the page the nonce of its own header, a new one per response", async () => {
    const app = site();
    const first = await get(app, "/");
    const second = await get(app, "/");
    const nonceOf = (response: Response) =>
      /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonceOf(first)).toBeTruthy();
    expect(nonceOf(first)).not.toBe(nonceOf(second));
    expect(await second.text()).toContain(`nonce="${nonceOf(second)}"`);
  });

  it("answers a failed render with a plain 500 that tells nothing of the failure", async () => {
    const response = await get(site(), "/broken");
    expect(console.error).toHaveBeenCalled();
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain("the renderer failed");
  });

  it("keeps pages and API answers out of every cache; assets are immutable", async () => {
    const app = site();
    expect((await get(app, "/")).headers.get("cache-control")).toBe("no-store");
    expect((await get(app, "/missing")).headers.get("cache-control")).toBe("no-store");
    expect((await get(app, "/broken")).headers.get("cache-control")).toBe("no-store");
    expect((await get(app, "/zapi/internal/root/screen-data")).headers.get("cache-control")).toBe("no-store");
    expect((await get(app, "/assets/entry-abc123.js")).headers.get("cache-control")).toBe(
      "public, max-age=31536000, immutable",
    );
  });

  it("sends no Referer to other sites from a page whose URL carries a token", async () => {
    const response = await get(site(), "/password/reset?token=secret-token");
    expect(response.headers.get("referrer-policy")).toBe("same-origin");
  });

  it("adds HSTS and upgrade-insecure-requests when the public origin is https", async () => {
    const app = site({ publicOrigin: "https://soramiru.example.jp", publicOriginIsDefault: false });
    const response = await app.request("https://soramiru.example.jp/", {
      headers: { host: "soramiru.example.jp" },
    });
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(directives(response).has("upgrade-insecure-requests")).toBe(true);
  });

  it("lets only the console's preview page frame this site's documents", async () => {
    const app = site();
    expect(directives(await get(app, "/console/settings/store/preview")).get("frame-src")).toEqual([
      "'self'",
    ]);
    expect(directives(await get(app, "/console/settings/store")).get("frame-src")).toEqual(["'none'"]);
    expect(
      directives(await get(app, "/console/settings/store/preview/signup-form")).get("frame-src"),
    ).toEqual(["'none'"]);
  });

  it("allows the tag manager and reCAPTCHA only while the store configures them", async () => {
    const app = site();
    const before = directives(await get(app, "/"));
    expect(before.get("script-src")).toHaveLength(2);
    expect(before.get("frame-src")).toEqual(["'none'"]);

    t.store.update((settings) => {
      settings.gtmId = "GTM-ABC1234";
      settings.login.recaptcha = { enabled: true, siteKey: "site-key", projectId: "project" };
    });
    const after = directives(await get(app, "/"));
    expect(after.get("script-src")).toEqual(
      expect.arrayContaining([
        "https://www.googletagmanager.com",
        "https://www.google.com/recaptcha/",
        "https://www.gstatic.com/recaptcha/",
      ]),
    );
    expect(after.get("frame-src")).toContain("https://www.google.com/recaptcha/");
    expect(after.get("script-src")?.join(" ")).not.toContain("unsafe");
  });

  it("allows another payment provider's token scripts on the pages that take a card only", async () => {
    const app = site();
    t.store.update((settings) => {
      settings.paymentProvider = {
        merchantId: "m",
        serviceId: "s",
        tokenScriptUrl: "https://token.provider.example/token.js",
        tds2ScriptUrl: "https://tds2.provider.example/tds2.js",
      };
    });
    const cardPage = directives(await get(app, "/mypage/payment-method"));
    for (const directive of ["script-src", "connect-src"]) {
      expect(cardPage.get(directive)).toEqual(
        expect.arrayContaining(["https://token.provider.example", "https://tds2.provider.example"]),
      );
    }
    for (const path of ["/", "/mypage", "/login", "/mypage/payment-method/complete"]) {
      expect(
        directives(await get(app, path))
          .get("script-src")
          ?.join(" "),
        path,
      ).not.toContain("provider.example");
    }
    // The sandbox's own scripts need nothing beyond 'self'.
    t.store.update((settings) => {
      settings.paymentProvider = {
        merchantId: "m",
        serviceId: "s",
        tokenScriptUrl: "/sandbox-pay/token.js",
        tds2ScriptUrl: "/sandbox-pay/tds2.js",
      };
    });
    expect(directives(await get(app, "/mypage/payment-method")).get("script-src")).toHaveLength(2);
  });

  it("only reports in development, where Vite injects scripts without a nonce", async () => {
    const response = await get(site({ dev: true }), "/");
    expect(response.headers.has("content-security-policy")).toBe(false);
    expect(response.headers.get("content-security-policy-report-only")).toContain("script-src 'self'");
  });
});

describe("the sandbox payment processor", () => {
  it("serves its scripts and pages under /sandbox-pay, with the site's security headers", async () => {
    const app = site({
      sandbox: createSandboxRoutes({ db: t.db, config: () => undefined, now: () => t.clock.now() }),
    });
    seenContext = null;
    const script = await get(app, "/sandbox-pay/token.js");
    expect(script.status).toBe(200);
    expect(await script.text()).toContain("com_sbps_system");
    expect(script.headers.get("x-content-type-options")).toBe("nosniff");
    const ended = await get(app, "/sandbox-pay/action/act_unknown");
    expect(ended.status).toBe(404);
    expect(await ended.text()).toContain("この手続きは終了しました");
    // Never the pages' renderer.
    expect(seenContext).toBeNull();
  });
});

describe("compression", () => {
  it("gzips pages and JSON when the browser accepts it", async () => {
    const app = site();
    const page = await get(app, "/", { "accept-encoding": "gzip, deflate" });
    expect(page.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await page.arrayBuffer())).toString()).toContain("<p>page</p>");
    const json = await get(app, "/zapi/internal/root/screen-data", { "accept-encoding": "gzip" });
    expect(json.headers.get("content-encoding")).toBe("gzip");
  });

  it("sends pages and JSON in brotli to a browser that takes it, varying by Accept-Encoding", async () => {
    const app = site();
    const page = await get(app, "/", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(page.headers.get("content-encoding")).toBe("br");
    expect(page.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(Buffer.from(await page.arrayBuffer())).toString()).toContain("<p>page</p>");
    const json = await get(app, "/zapi/internal/root/screen-data", { "accept-encoding": "br" });
    expect(json.headers.get("content-encoding")).toBe("br");
    expect(JSON.parse(brotliDecompressSync(Buffer.from(await json.arrayBuffer())).toString())).toHaveProperty(
      "storeSettingData",
    );
  });

  it("keeps gzip for a browser that prefers it to brotli", async () => {
    const page = await get(site(), "/", { "accept-encoding": "gzip;q=1, br;q=0.5" });
    expect(page.headers.get("content-encoding")).toBe("gzip");
  });

  it("serves the build's precompressed brotli file", async () => {
    const response = await get(site(), "/assets/entry-abc123.js", { "accept-encoding": "br, gzip" });
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("content-type")).toContain("javascript");
  });

  it("sends plain bytes to a client that accepts no encoding", async () => {
    const response = await get(site(), "/");
    expect(response.headers.has("content-encoding")).toBe(false);
  });

  it("serves the build's public files, listed when the site is made; never the manifest", async () => {
    expect(publicFilePaths(buildDir)).toEqual(
      new Set(["/robots.txt", "/.well-known/security.txt", "/media/clip.mp4", "/media/clip.ja.vtt"]),
    );
    const app = site();
    const robots = await get(app, "/robots.txt");
    expect(await robots.text()).toBe("User-agent: *\n");
    expect(robots.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await (await get(app, "/.well-known/security.txt")).text()).toContain("Contact:");
    // Not a public file: the document handler answers (the stand-in's 404 page, or a page).
    expect(await (await get(app, "/.vite/manifest.json")).text()).toContain("<p>page</p>");
    expect(await (await get(app, "/login")).text()).toContain("<p>page</p>");
  });

  it("serves the test video in ranges, so a player can seek, and its captions as WebVTT", async () => {
    const app = site();
    const part = await get(app, "/media/clip.mp4", { Range: "bytes=1000-1999" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 1000-1999/4096");
    expect(part.headers.get("content-type")).toBe("video/mp4");
    expect((await part.arrayBuffer()).byteLength).toBe(1000);
    const captions = await get(app, "/media/clip.ja.vtt");
    expect(captions.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
    expect(await captions.text()).toContain("ピッ");
  });
});

describe("the test clock's hook", () => {
  const move = (app: ReturnType<typeof site>) =>
    app.request("http://localhost:3000/zapi/test-clock", {
      method: "POST",
      headers: { host: "localhost:3000", "content-type": "application/json" },
      body: JSON.stringify({ advanceSeconds: 30 }),
    });

  it("is not there unless the server was started with TEST_CLOCK", async () => {
    expect((await move(site())).status).toBe(404);
  });

  it("moves the clock the site's rules read when it is", async () => {
    const clock = createServerClock();
    const response = await move(site({ testClock: testClockRoutes(clock) }));
    expect(response.status).toBe(200);
    expect(clock.now().getTime() - Date.now()).toBeGreaterThanOrEqual(29_000);
  });
});
