/**
 * Issue 7 against the production build: every screen, form pages included, renders and hydrates
 * under the strict CSP with no violation; documents, API answers and assets carry the security
 * headers and come compressed; the open-redirect corpus never leaves the site through a loader,
 * an action or the API.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { APIResponse, Page, Response } from "@playwright/test";
import { ROUTED_SCREENS } from "../../scripts/routed-screens.ts";
import { newEmail, signUpMember, trackRequests, watchCsp } from "./helpers.ts";
import { expect, test } from "./visitor.ts";

const PASSWORD = "Csp2026strict";
const fixtures = resolve(import.meta.dirname, "../fixtures");
const routeParams = JSON.parse(readFileSync(resolve(fixtures, "route-params.json"), "utf8")) as Record<
  string,
  Record<string, string>
>;
const { payloads } = JSON.parse(readFileSync(resolve(fixtures, "open-redirect-payloads.json"), "utf8")) as {
  payloads: string[];
};

/** Every URL of the routed declarative screens with its parameters filled, by who may see it. */
function screenUrls(access: "guest" | "member" | "any"): string[] {
  return ROUTED_SCREENS.filter((screen) => screen.access === access).flatMap((screen) =>
    screen.paths.map((path) =>
      path.replace(/:([A-Za-z0-9_]+)/g, (_whole, name: string) => routeParams[screen.id]?.[name] ?? "x"),
    ),
  );
}

function expectStrictHeaders(response: Response | APIResponse, what: string) {
  const headers = response.headers();
  const csp = headers["content-security-policy"] ?? "";
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? "";
  // A nonce per response, or for a cached guest page the hashes of its own inline scripts (ADR 0038).
  expect(scriptSrc, `${what}: script-src`).toMatch(/^'self' '(?:nonce-[^']+|sha256-[A-Za-z0-9+/=]+)'/);
  expect(scriptSrc, `${what}: script-src`).not.toContain("unsafe");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("object-src 'none'");
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["permissions-policy"], what).toBeTruthy();
}

async function visitAll(page: Page, urls: string[], reports: string[]) {
  const requests = trackRequests(page);
  for (const url of urls) {
    const response = await page.goto(url);
    expect(response, url).not.toBeNull();
    expect(response!.status(), url).toBeLessThan(500);
    expectStrictHeaders(response!, url);
    expect(response!.headers()["cache-control"], url).toBe("no-store");
    await page.waitForLoadState("load");
    // Hydrated: React Router's client has taken over the document.
    await expect
      .poll(() => page.evaluate(() => "__reactRouterRouteModules" in window), { message: url })
      .toBe(true);
    // And whatever hydration loads (a form's validator module) has arrived under the CSP.
    await requests.settled();
  }
  expect(reports).toEqual([]);
}

test("every screen renders and hydrates under the strict CSP, as a guest and as a member", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  const guestReports = await watchCsp(guestPage);
  await visitAll(
    guestPage,
    [
      "/",
      "/app/licenses",
      "/terms",
      "/privacy",
      "/oidc/error?status=400&error=invalid_request",
      "/login?loginType=authCode",
      ...screenUrls("guest"),
      ...screenUrls("any"),
    ],
    guestReports,
  );

  // A form page validates in the browser with its server-compiled validator, still without a violation.
  await guestPage.goto("/password/forgot");
  await guestPage.waitForLoadState("networkidle");
  await guestPage.getByRole("button", { name: "送信する" }).click();
  await expect(guestPage.locator('[data-field="email"]')).toContainText(
    "※メールアドレスを入力してください。",
  );
  expect(guestReports).toEqual([]);
  await guest.close();

  const reports = await watchCsp(page);
  await signUpMember(page, newEmail("csp"), PASSWORD);
  // (No member form screen has its API yet, so the browser-side validation is checked on the guest's.)
  await visitAll(page, ["/mypage", ...screenUrls("member")], reports);
  expect(reports).toEqual([]);
});

test("documents, API answers and assets come compressed when the browser accepts it", async ({
  page,
  request,
}) => {
  const document = await page.goto("/login");
  expect(document!.headers()["content-encoding"]).toMatch(/^(gzip|br)$/);
  // From the HTML as served: once hydrated, React Router drops its modulepreload links from the DOM
  // at the next render, so a DOM query races the page's own updates.
  const asset = (await document!.text()).match(/<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(asset).toBeTruthy();
  const js = await request.get(asset!, { headers: { "accept-encoding": "br, gzip" } });
  expect(js.headers()["content-encoding"]).toBe("br");
  expect(js.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expectStrictHeaders(js, asset!);
  const json = await request.get("/zapi/internal/root/screen-data", {
    headers: { "accept-encoding": "gzip" },
  });
  expect(json.headers()["content-encoding"]).toBe("gzip");
  expect(json.headers()["cache-control"]).toBe("no-store");
  expectStrictHeaders(json, "API");
  const missing = await request.get("/no-such-page");
  expect(missing.status()).toBe(404);
  expectStrictHeaders(missing, "error page");
});

test("every inline script of a served document carries that response's nonce, new per response", async ({
  request,
}) => {
  const seen = new Set<string>();
  for (const url of ["/signup/auth", "/signup/auth", "/password/forgot", "/no-such-page"]) {
    const response = await request.get(url);
    const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
    expect(nonce, url).toBeTruthy();
    expect(seen.has(nonce!), `${url}: a nonce seen before`).toBe(false);
    seen.add(nonce!);
    const inlineScripts = [...(await response.text()).matchAll(/<script(?![^>]*\ssrc=)([^>]*)>/g)];
    expect(inlineScripts.length, url).toBeGreaterThan(0);
    for (const [tag, attributes] of inlineScripts) {
      // JSON data blocks are not run; everything else must carry the nonce.
      if (/type="application\/(ld\+)?json"/.test(attributes ?? "")) continue;
      expect(tag, url).toContain(`nonce="${nonce}"`);
    }
  }
});

test("a guest's cached page allows exactly its own inline scripts, by hash, and no nonce (ADR 0038)", async ({
  request,
}) => {
  for (const url of ["/login", "/login", "/", "/terms"]) {
    const response = await request.get(url);
    const csp = response.headers()["content-security-policy"] ?? "";
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1]?.trim().split(/\s+/) ?? [];
    expect(scriptSrc.join(" "), url).not.toContain("nonce-");
    const scripts = [
      ...(await response.text()).matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g),
    ];
    const hashes = scripts
      .map(([, text]) => text ?? "")
      .filter((text) => text !== "")
      .map((text) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`);
    expect(hashes.length, url).toBeGreaterThan(0);
    expect(scriptSrc.slice(1).sort(), url).toEqual([...new Set(hashes)].sort());
  }
});

test("the login page cannot be framed and sends no Referer with a reset token to other sites", async ({
  request,
}) => {
  const reset = await request.get("/password/reset?token=abc");
  expect(reset.headers()["referrer-policy"]).toBe("same-origin");
  const login = await request.get("/login");
  expect(login.headers()["x-frame-options"]).toBe("DENY");
});

test("a forged Host reaches nothing", async ({ request }) => {
  const response = await request.get("/login", { headers: { host: "evil.example" } });
  expect(response.status()).toBe(421);
});

test("the open-redirect corpus never leaves the site: loaders, actions and the API", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const email = newEmail("redirect");
  await signUpMember(page, email, PASSWORD);
  const base = new URL(baseURL ?? "").origin;
  const onSite = (location: string | undefined, what: string) => {
    expect(location, what).toBeTruthy();
    const target = new URL(location!.replace(/[\t\n\r]/g, "").replace(/\\/g, "/"), base);
    expect(target.origin, what).toBe(base);
  };

  // Loader: a member on a guest-only page is sent to returnTo.
  for (const payload of payloads) {
    const query = new URLSearchParams({ returnTo: payload });
    const response = await page.request.get(`/login?${query}`, { maxRedirects: 0 });
    expect(response.status(), `loader ${JSON.stringify(payload)}`).toBeLessThan(500);
    if (response.status() >= 300 && response.status() < 400) {
      onSite(response.headers().location, `loader ${JSON.stringify(payload)}`);
    }
  }

  // Action, as a member: a post to the guest-only login page is sent on to returnTo.
  for (const payload of payloads) {
    const query = new URLSearchParams({ returnTo: payload });
    const response = await page.request.post(`/login?${query}`, {
      form: { _form: "login.password", emailUserId: email, password: PASSWORD },
      headers: { origin: base },
      maxRedirects: 0,
    });
    const what = `member action ${JSON.stringify(payload)}`;
    expect(response.status(), what).toBe(302);
    onSite(response.headers().location, what);
  }

  // Action: a guest logs in with returnTo (a plain form post, as without JavaScript).
  const guest = await browser.newContext();
  for (const payload of payloads) {
    await guest.clearCookies();
    const query = new URLSearchParams({ returnTo: payload });
    const response = await guest.request.post(`/login?${query}`, {
      form: { _form: "login.password", emailUserId: email, password: PASSWORD },
      headers: { origin: base },
      maxRedirects: 0,
    });
    const what = `action ${JSON.stringify(payload)}`;
    expect(response.status(), what).toBe(302);
    onSite(response.headers().location, what);
  }
  await guest.close();

  // API: screen data asked with the payload answers without an error and redirects only on-site.
  for (const payload of payloads) {
    const query = new URLSearchParams({ returnTo: payload, redirectTo: payload });
    const response = await page.request.get(`/zapi/internal/login/screen-data?${query}`);
    expect(response.status(), `API ${JSON.stringify(payload)}`).toBeLessThan(500);
    const body = (await response.json()) as { redirectTo?: string };
    if (body.redirectTo) onSite(body.redirectTo, `API ${JSON.stringify(payload)}`);
  }
});
