/**
 * The guest page cache (issue 49 §1, ADR 0038), through the whole site with a stand-in renderer
 * that counts its renders and shows who asked: what is kept, who gets it, and what empties it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { ServerBuild } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../tests/api-harness.ts";
import {
  guestCacheablePages,
  guestCacheableRoutes,
  guestPageGeneration,
  isGuestRequest,
  PageCache,
} from "./page-cache.ts";
import { inlineScriptHashes } from "./security-headers.ts";
import { createSite } from "./site.ts";

let t: TestApi;
let emptyDir: string;
beforeEach(async () => {
  t = await createTestApi();
  emptyDir = mkdtempSync(join(tmpdir(), "page-cache-"));
});
afterEach(() => {
  rmSync(emptyDir, { recursive: true, force: true });
  return t.close();
});

const ORIGIN = "http://localhost:3000";
const SCRIPT = "window.__context = 1;";

interface Rig {
  app: ReturnType<typeof createSite>;
  cache: PageCache;
  renders: () => number;
  setGeneration(value: string): void;
}

/**
 * A site whose renderer draws the request's cookie and a counter into the page, so that a page
 * served to the wrong visitor, or an extra render, shows. /set-cookie answers with a cookie,
 * /go redirects; /private is not declared cacheable.
 */
function rig(maxBytes = 1024 * 1024): Rig {
  let count = 0;
  let generation = "g1";
  const cache = new PageCache({
    generation: () => generation,
    isCacheable: (path) => path !== "/private",
    maxBytes,
  });
  const app = createSite({
    api: t.api,
    async renderDocument(request, context) {
      count++;
      const path = new URL(request.url).pathname;
      if (path === "/go") return new Response(null, { status: 302, headers: { Location: "/" } });
      const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
      if (path === "/set-cookie") headers.append("Set-Cookie", "flow=abc; Path=/; HttpOnly");
      const body = [
        `<!doctype html><html><body><p>render ${count} for ${request.headers.get("Cookie") ?? "nobody"}</p>`,
        "<p>filler</p>".repeat(200),
        `<script nonce="${context.cspNonce}">${SCRIPT}</script>`,
        `<script type="module" src="/assets/entry.js"></script></body></html>`,
      ].join("");
      return new Response(body, { headers });
    },
    store: t.store,
    publicOrigin: ORIGIN,
    publicOriginIsDefault: true,
    zapiOrigin: null,
    clientBuildDir: emptyDir,
    storeAssetsDir: emptyDir,
    dev: false,
    pageCache: cache,
  });
  return {
    app,
    cache,
    renders: () => count,
    setGeneration: (value) => {
      generation = value;
    },
  };
}

function get(app: Rig["app"], path: string, headers: Record<string, string> = {}) {
  return app.request(`${ORIGIN}${path}`, { headers: { host: "localhost:3000", ...headers } });
}

describe("who is a guest", () => {
  const request = (headers: Record<string, string>, method = "GET") =>
    new Request(`${ORIGIN}/login`, { method, headers });

  it("is a GET without cookies, or with only the language's and analytics tags'", () => {
    expect(isGuestRequest(request({}))).toBe(true);
    expect(isGuestRequest(request({ Cookie: "lng=en" }))).toBe(true);
    expect(isGuestRequest(request({ Cookie: "lng=en; _ga=GA1.1.1; _ga_ABC123=GS1; _gid=x" }))).toBe(true);
  });

  it("is not a request with a session, a flow or any other cookie, a post or credentials", () => {
    expect(isGuestRequest(request({ Cookie: "sid=abc" }))).toBe(false);
    expect(isGuestRequest(request({ Cookie: "lng=ja; sid=abc" }))).toBe(false);
    expect(isGuestRequest(request({ Cookie: "auid=x" }))).toBe(false);
    expect(isGuestRequest(request({ Cookie: "_interaction=x" }))).toBe(false);
    expect(isGuestRequest(request({ Cookie: "something-new=1" }))).toBe(false);
    expect(isGuestRequest(request({}, "POST"))).toBe(false);
    expect(isGuestRequest(request({ Authorization: "Bearer x" }))).toBe(false);
  });
});

describe("the page cache", () => {
  it("renders a guest's page once and serves the same bytes to the next guest", async () => {
    const { app, renders } = rig();
    const first = await get(app, "/login");
    const second = await get(app, "/login");
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(renders()).toBe(1);
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get("cache-control")).toBe("no-store");
    expect(second.headers.get("vary")).toContain("Cookie");
  });

  it("renders one page for guests arriving together", async () => {
    const { app, renders } = rig();
    const answers = await Promise.all(Array.from({ length: 5 }, () => get(app, "/")));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(renders()).toBe(1);
  });

  it("never gives a member a guest's page, nor a guest a member's", async () => {
    const { app, renders } = rig();
    await get(app, "/login");
    const member = await get(app, "/login", { Cookie: "sid=member-one" });
    expect(member.headers.has("x-page-cache")).toBe(false);
    expect(await member.text()).toContain("for sid=member-one");
    const guest = await get(app, "/login");
    expect(guest.headers.get("x-page-cache")).toBe("hit");
    expect(await guest.text()).toContain("for nobody");
    expect(renders()).toBe(2);
    // A member's page is never kept: the next member renders anew.
    await get(app, "/login", { Cookie: "sid=member-two" });
    expect(renders()).toBe(3);
  });

  it("keeps no answer that sets a cookie, and serves its cookie only to its own visitor", async () => {
    const { app, renders } = rig();
    const first = await get(app, "/set-cookie");
    expect(first.headers.get("set-cookie")).toContain("flow=abc");
    const second = await get(app, "/set-cookie");
    expect(second.headers.get("x-page-cache")).toBeNull();
    expect(renders()).toBe(2);
  });

  it("keeps no redirect and nothing of a route that does not declare itself", async () => {
    const { app, renders } = rig();
    expect((await get(app, "/go")).status).toBe(302);
    expect((await get(app, "/go")).status).toBe(302);
    await get(app, "/private");
    const privatePage = await get(app, "/private");
    expect(privatePage.headers.has("x-page-cache")).toBe(false);
    expect(privatePage.headers.get("content-security-policy")).toMatch(/'nonce-/);
    expect(renders()).toBe(4);
  });

  it("keeps a page per URL, language and user agent", async () => {
    const { app, renders } = rig();
    await get(app, "/login");
    await get(app, "/login?returnTo=%2Fmypage");
    await get(app, "/login", { "Accept-Language": "en" });
    await get(app, "/login", { Cookie: "lng=en" });
    await get(app, "/login", { "User-Agent": "StoreApp/1.2" });
    // The language asked by cookie is the one asked by header: the same page.
    expect(renders()).toBe(4);
  });

  it("renders anew once the generation (store, policies in force, catalogue) changes", async () => {
    const { app, renders, setGeneration, cache } = rig();
    await get(app, "/login");
    await get(app, "/");
    expect(cache.size.entries).toBe(2);
    setGeneration("g2");
    const next = await get(app, "/login");
    expect(next.headers.get("x-page-cache")).toBe("miss");
    expect(await next.text()).toContain("render 3");
    expect(renders()).toBe(3);
    expect(cache.size.entries).toBe(1);
  });

  it("holds no more than its bound, dropping the least recently used", async () => {
    // Each page is about 3 KB plain plus its compressed copies: room for two.
    const { app, cache, renders } = rig(7 * 1024);
    await get(app, "/a");
    await get(app, "/b");
    await get(app, "/a");
    await get(app, "/c");
    expect(cache.size.bytes).toBeLessThanOrEqual(7 * 1024);
    expect(renders()).toBe(3);
    expect((await get(app, "/a")).headers.get("x-page-cache")).toBe("hit");
    expect((await get(app, "/b")).headers.get("x-page-cache")).toBe("miss");
  });

  it("serves brotli, gzip or plain bytes as the request accepts, all the same page", async () => {
    const { app } = rig();
    const plain = await (await get(app, "/login", { "Accept-Encoding": "identity" })).text();
    const br = await get(app, "/login", { "Accept-Encoding": "br, gzip" });
    const gz = await get(app, "/login", { "Accept-Encoding": "gzip" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain);
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain);
  });

  it("allows the cached page's own inline scripts by hash, and no nonce", async () => {
    const { app } = rig();
    for (const answer of [await get(app, "/login"), await get(app, "/login")]) {
      const csp = answer.headers.get("content-security-policy") ?? "";
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1]?.trim().split(/\s+/);
      expect(scriptSrc).toEqual(["'self'", `'${inlineScriptHashes(`<script>${SCRIPT}</script>`)[0]}'`]);
      const html = await answer.text();
      expect(html).toContain('<script nonce="">');
    }
  });
});

describe("the inline scripts' hashes", () => {
  it("are the browser's: sha256 of each inline script's exact text, none for scripts with src", () => {
    const html = `<script>alert(1)</script><script nonce="x" type="module">import "a";</script><script src="/a.js"></script><script></script>`;
    // Known value: the CSP sha256 of "alert(1)".
    expect(inlineScriptHashes(html)).toEqual([
      "sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI=",
      inlineScriptHashes(`<script>import "a";</script>`)[0],
    ]);
  });
});

describe("the generation", () => {
  const day = (date: string) => new Date(`${date}T00:00:00+09:00`);
  const revision = (number: number, effectiveFrom: Date) => ({
    revision: number,
    effectiveFrom,
    html: null,
    url: null,
  });
  const terms = {
    policyId: "terms",
    key: "terms",
    title: "利用規約",
    titleEn: null,
    revisions: [revision(1, day("2026-01-01")), revision(2, day("2026-12-01"))],
  };

  it("changes with a store edit, a catalogue edit, a policy edit and a revision taking effect", () => {
    let clock = day("2026-11-30");
    let store = { version: "store-1" };
    let catalogue = { version: "catalogue-1" };
    let policies = { policies: [terms], version: "policies-1" };
    const generation = guestPageGeneration({
      store: { current: () => store },
      catalogue: { current: () => catalogue },
      policies: { current: () => policies },
      now: () => clock,
    });
    const seen = [generation()];
    clock = new Date(day("2026-12-01").getTime() - 1);
    expect(generation()).toBe(seen[0]);
    // The second revision takes effect at midnight in Japan.
    clock = day("2026-12-01");
    seen.push(generation());
    store = { version: "store-2" };
    seen.push(generation());
    catalogue = { version: "catalogue-2" };
    seen.push(generation());
    policies = { policies: [terms], version: "policies-2" };
    seen.push(generation());
    expect(new Set(seen).size).toBe(5);
  });
});

describe("which routes declare themselves", () => {
  const declared = { guestPageCache: true };
  const build = {
    routes: {
      root: { id: "root", path: "", module: {} },
      "guest-layout": { id: "guest-layout", parentId: "root", module: {} },
      home: { id: "home", parentId: "guest-layout", index: true, module: declared },
      login: { id: "login", parentId: "guest-layout", path: "login", module: declared },
      signup: { id: "signup", parentId: "guest-layout", path: "signup/auth", module: {} },
      policy: { id: "policy", parentId: "guest-layout", path: "policies/:policyId", module: declared },
    },
  } as unknown as Pick<ServerBuild, "routes">;

  it("are the deepest matching route's declaration, for the page and for its data request", () => {
    const isCacheable = guestCacheableRoutes(build);
    expect(isCacheable("/")).toBe(true);
    expect(isCacheable("/_root.data")).toBe(true);
    expect(isCacheable("/login")).toBe(true);
    expect(isCacheable("/login.data")).toBe(true);
    expect(isCacheable("/policies/terms")).toBe(true);
    expect(isCacheable("/signup/auth")).toBe(false);
    expect(isCacheable("/signup/auth.data")).toBe(false);
    expect(isCacheable("/nowhere")).toBe(false);
  });

  it("are none while the store has a tag manager, whose custom tags need the nonce", () => {
    let gtmId: string | null = null;
    const isCacheable = guestCacheablePages(build, { current: () => ({ settings: { gtmId } }) });
    expect(isCacheable("/login")).toBe(true);
    gtmId = "GTM-ABC123";
    expect(isCacheable("/login")).toBe(false);
  });
});
