/**
 * Issue 24 §2 against the production build: the tag manager's CSP allowance exists only while the
 * store sets a `gtmId`. With one, the page's nonce-carrying loader runs and the tag manager's script
 * loads under the CSP with no violation; without one, the CSP names no tag manager source and a
 * script from there is refused by the browser.
 */
import type { Page } from "@playwright/test";
import { EDITS_STORE, readStoreFile, runWithStore, watchCsp } from "./helpers.ts";
import { expect, test } from "./visitor.ts";

const GTM_ID = "GTM-E2E1234";
const TAG_MANAGER = "https://www.googletagmanager.com";

/**
 * The test machine has no internet: the tag manager's script is answered locally with one that
 * marks the page, so "it ran" is observable. The CSP still decides whether the browser may fetch it.
 */
async function standInForTagManager(page: Page) {
  await page.route(`${TAG_MANAGER}/**`, (route) =>
    route.fulfill({ contentType: "text/javascript", body: "window.__tagManagerRan = true;" }),
  );
}

/** The nonces of the page's inline scripts that start the tag manager (text locators skip scripts). */
const loaderNonces = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("script:not([src])")]
      .filter((script) => script.textContent?.includes("gtm.start"))
      .map((script) => (script as HTMLScriptElement).nonce),
  );

const tagManagerRan = (page: Page) =>
  page.evaluate(() => (window as unknown as { __tagManagerRan?: boolean }).__tagManagerRan === true);

test.describe("the tag manager's CSP allowance follows the store's gtmId", EDITS_STORE, () => {
  let demoStoreText = "";

  test.beforeAll(() => {
    demoStoreText = readStoreFile();
  });

  test.afterAll(async ({ request }) => {
    await runWithStore(request, demoStoreText);
  });

  test("a store with a gtmId: allowed, loaded by the nonce-carrying loader, no violation", async ({
    page,
    request,
  }) => {
    const store = JSON.parse(demoStoreText);
    store.gtmId = GTM_ID;
    await runWithStore(request, JSON.stringify(store, null, 2));

    const reports = await watchCsp(page);
    await standInForTagManager(page);
    const response = await page.goto("/login");
    const csp = response?.headers()["content-security-policy"] ?? "";
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? "";
    expect(scriptSrc).toContain(TAG_MANAGER);
    expect(scriptSrc).not.toContain("unsafe");

    // The inline loader carries this response's nonce (the attribute reads empty once parsed: the
    // browser hides it; the property keeps it).
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
    expect(nonce).toBeTruthy();
    expect(await loaderNonces(page)).toEqual([nonce]);

    await expect.poll(() => tagManagerRan(page)).toBe(true);
    expect(reports).toEqual([]);
  });

  test("a store without a gtmId: no allowance, no loader, and a tag manager script is refused", async ({
    page,
    request,
  }) => {
    const store = JSON.parse(demoStoreText);
    delete store.gtmId;
    await runWithStore(request, JSON.stringify(store, null, 2));

    const reports = await watchCsp(page);
    await standInForTagManager(page);
    const response = await page.goto("/login");
    const csp = response?.headers()["content-security-policy"] ?? "";
    expect(csp).not.toContain("googletagmanager");
    expect(await loaderNonces(page)).toEqual([]);

    // What an injected tag would do: the browser refuses it under the store's CSP.
    await page.evaluate((src) => {
      const script = document.createElement("script");
      script.src = src;
      document.head.append(script);
    }, `${TAG_MANAGER}/gtm.js?id=${GTM_ID}`);
    await expect.poll(() => reports.join("\n")).toContain("googletagmanager.com");
    expect(await tagManagerRan(page)).toBe(false);
  });
});
