import { newEmail, signUpMember } from "./helpers.ts";
import { expect, test } from "./visitor.ts";

test.describe("foundation", () => {
  test("the home page is server-rendered Japanese with the store's service name", async ({ request }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="ja"');
    expect(html).toContain("ソラミル");
  });

  test("?lng=en renders English and remembers the choice", async ({ page }) => {
    await page.goto("/?lng=en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("a page and the API behind it speak one language: /signup/auth?lng=en over a Japanese cookie", async ({
    page,
  }) => {
    await page.goto("/?lng=ja"); // remembers Japanese in the lng cookie
    await page.goto("/signup/auth?lng=en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByText("Soramiru Terms of Use").first()).toBeVisible();
    await expect(page.getByText("ソラミル利用規約")).toHaveCount(0);
  });

  test("an unknown URL is the 404 page with status 404", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("link", { name: "トップページへ戻る" })).toBeVisible();
  });

  test("root screen data carries authId and the public store settings", async ({ request }) => {
    const body = await (await request.get("/zapi/internal/root/screen-data")).json();
    expect(body).toHaveProperty("authId", null);
    expect(body.storeSettingData.serviceName).toBe("ソラミル");
    expect(body.storeSettingData).not.toHaveProperty("smtpDomain");
  });
});

test.describe("logout page", () => {
  test("counts down and returns to the top page after 10 seconds", async ({ page }) => {
    // A visitor who logged out nothing is not told so (issue 41 §17): the top page.
    await page.goto("/logout");
    await page.waitForURL((url) => url.pathname === "/");
    // Right after a logout the API's done cookie is there (the test sets it as a logout would).
    await page.context().addCookies([{ name: "done", value: "logout", url: page.url() }]);
    // The page's clock is driven by the test, so ten seconds pass without being waited for.
    await page.clock.install();
    await page.goto("/logout");
    await expect(page.getByText("ログアウトしました。")).toBeVisible();
    // Each tick is scheduled after the previous one renders, so the clock moves a second at a time.
    for (let seconds = 10; seconds >= 1; seconds--) {
      await expect(page.getByText(`${seconds}秒後にトップページへ移動します。`)).toBeVisible();
      expect(new URL(page.url()).pathname).toBe("/logout");
      await page.clock.runFor(1_000);
    }
    await page.waitForURL((url) => url.pathname === "/");
  });
});

test("a link to /logout only asks: cancel keeps the session, the button ends it", async ({ page }) => {
  await signUpMember(page, newEmail("logout"), "Logout2026pass");
  await page.goto("/logout");
  await expect(page.getByRole("heading", { name: "ログアウトしますか？" })).toBeVisible();
  await page.getByRole("link", { name: "キャンセル" }).click();
  await page.waitForURL("**/mypage");
  await page.goto("/logout");
  await page.getByRole("button", { name: "ログアウトする" }).click();
  await expect(page.getByRole("heading", { name: "ログアウトしました。" })).toBeVisible();
  await page.goto("/mypage");
  await page.waitForURL(/\/login\?returnTo=/);
});

test.describe("back/forward consistency", () => {
  // Null while the page is reloading (its script context is being replaced).
  const navigationType = (page: import("@playwright/test").Page) =>
    page
      .evaluate(() => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).type)
      .catch(() => null);

  test("reloads a page reached by back when the login changed meanwhile", async ({ page, context }) => {
    await page.goto("/");
    await page.goto("/app/licenses");
    await context.addCookies([{ name: "auid", value: "someone-else", url: new URL("/", page.url()).href }]);
    await page.goBack();
    await expect.poll(() => navigationType(page), { timeout: 5_000 }).toBe("reload");
  });

  test("keeps the page when the login is unchanged", async ({ page }) => {
    await page.goto("/");
    await page.goto("/app/licenses");
    await page.goBack();
    await page.waitForLoadState("load");
    await page.waitForTimeout(1_000);
    expect(["back_forward", "navigate"]).toContain(await navigationType(page));
  });
});
