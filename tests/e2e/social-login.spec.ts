/**
 * Issue 48 against the production build: the store turns on LINE, Google, Yahoo! JAPAN and
 * Facebook, pointed at local stand-ins (tests/fakes/identity-providers.ts) whose secrets the server
 * has had from boot (playwright.config.ts). A visitor signs up through "Google", logs out and back
 * in through it, links "LINE" and unlinks it, and cannot unlink the last way in; another member
 * linking the same Google person is refused; a "Facebook" person without an e-mail gives one and
 * proves it with a PIN. No test reaches the internet.
 */
import type { Browser, Page } from "@playwright/test";
import { e2eIdentityProviderPort } from "../../playwright.config.ts";
import { FAKE_SECRET_ENV } from "../fakes/identity-provider-clients.ts";
import { type FakeIdentityProviders, startFakeIdentityProviders } from "../fakes/identity-providers.ts";
import {
  agreeToPolicies,
  EDITS_STORE,
  fillRegistrationForm,
  newEmail,
  pinFrom,
  readStoreFile,
  signUpMember,
  skipSignupPlans,
  typePin,
  waitForMail,
  waitUntilHydrated,
  watchArrivals,
  writeStoreFile,
} from "./helpers.ts";
import { expect, test } from "./visitor.ts";

const EXTERNAL_SECTION = "外部アカウント連携";
const RELATE_ERROR = "この外部アカウントは、すでに別のアカウントと連携されています。";

/** Signs in on a stand-in's page as `subject` (with `email`, which Facebook's page does not ask). */
async function signInAtProvider(page: Page, subject: string, email?: string) {
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await page.getByLabel("Subject").fill(subject);
  if (email !== undefined) await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** The registration form of a social sign-up, without a password (the store asks for none), sent. */
async function completeSocialSignUp(page: Page) {
  await page.waitForURL("**/auth/callback/form");
  const register = page.getByRole("button", { name: "登録する" });
  await waitUntilHydrated(page, register);
  await fillRegistrationForm(page, null);
  await agreeToPolicies(page);
  await register.click();
  await skipSignupPlans(page);
}

/** My page's row of one provider. */
function providerRow(page: Page, name: string) {
  return page
    .getByRole("region", { name: EXTERNAL_SECTION })
    .getByRole("listitem")
    .filter({ has: page.getByText(name, { exact: true }) });
}

/**
 * Follows a provider's link once the page has hydrated: a click while hydration restores the
 * scroll position can land beside the link.
 */
async function choose(page: Page, name: string) {
  const link = page.getByRole("link", { name });
  await waitUntilHydrated(page, link);
  await link.click();
}

/** Opens `path` once the store's edit has reached the server (the page offers providers). */
async function openWithProviders(page: Page, path: string) {
  const region = page.getByRole("region", { name: "他のサービスのアカウントで続ける" });
  await expect
    .poll(
      async () => {
        await page.goto(path);
        return region.count();
      },
      { timeout: 10_000 },
    )
    .toBe(1);
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test.describe("social login through local identity providers", EDITS_STORE, () => {
  let saved = "";
  let fakes: FakeIdentityProviders;

  test.beforeAll(async ({ baseURL }) => {
    fakes = await startFakeIdentityProviders({
      redirectUris: [`${baseURL}/auth/callback`],
      basePort: e2eIdentityProviderPort,
      // Another site than the store's 127.0.0.1, as every real provider is: each way back to
      // /auth/callback is a cross-site navigation.
      hostname: "localhost",
    });
    saved = readStoreFile();
    const store = JSON.parse(saved);
    store.socialLogin = fakes.socialLogin;
    // A social sign-up then leaves an account without a password: its providers are its way in.
    store.signUp = { ...store.signUp, isRequiredPassword: false };
    writeStoreFile(JSON.stringify(store, null, 2));
  });
  test.afterAll(async () => {
    writeStoreFile(saved);
    await fakes?.close();
  });

  test("sign up, log in, link and unlink; the last way in stays; a person links to one account", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    // The login page offers the four, in the store's order, as links to /auth/authorize.
    await openWithProviders(page, "/login");
    const social = page.getByRole("region", { name: "他のサービスのアカウントで続ける" });
    await expect(social.getByRole("link")).toHaveText([
      "LINEでログイン",
      "Googleでログイン",
      "Yahoo! JAPANでログイン",
      "Facebookでログイン",
    ]);
    // LINE and Google carry their official marks, from the site's own assets (no other host).
    for (const name of ["LINEでログイン", "Googleでログイン"]) {
      const mark = await social
        .getByRole("link", { name })
        .evaluate((link) => getComputedStyle(link, "::before").backgroundImage);
      expect(mark).toMatch(/^url\("(data:image\/svg\+xml|http:\/\/(127\.0\.0\.1|localhost):\d+\/assets\/)/);
      const image = /^url\("(.+)"\)$/.exec(mark)?.[1] ?? "";
      expect(image.startsWith("data:") || (await page.request.get(image)).ok()).toBe(true);
    }
    // No secret in the page.
    const html = await page.content();
    for (const secret of Object.values(FAKE_SECRET_ENV)) expect(html).not.toContain(secret);

    // Sign up through Google: the provider's e-mail is the account's, the identity is linked.
    const email = newEmail("google");
    await openWithProviders(page, "/signup/auth");
    await choose(page, "Googleで登録");
    await signInAtProvider(page, "google-hanako", email);
    await page.waitForURL("**/auth/callback/form");
    await expect(page.getByText(email)).toBeVisible();
    await completeSocialSignUp(page);
    await page.goto("/mypage");
    await expect(providerRow(page, "Google")).toContainText("連携済み");
    await expect(providerRow(page, "Google")).toContainText("ログイン中");
    await expect(providerRow(page, "LINE")).toContainText("未連携");

    // Log out, and in again through Google (a browser the provider has not seen: it asks).
    await page.goto("/logout");
    await page.getByRole("button", { name: "ログアウトする" }).click();
    await expect(page.getByText("ログアウトしました。")).toBeVisible();
    const again = await freshPage(browser);
    await again.goto("/login");
    await choose(again, "Googleでログイン");
    await signInAtProvider(again, "google-hanako", email);
    await again.waitForURL("**/mypage");
    await expect(providerRow(again, "Google")).toContainText("ログイン中");

    // Link LINE from my page; with two linked, LINE may be unlinked (Google is the one in use).
    await providerRow(again, "LINE").getByRole("link", { name: "LINEと連携する" }).click();
    await signInAtProvider(again, "line-hanako", email);
    await again.waitForURL("**/mypage/social/enable/complete");
    await again.goto("/mypage");
    await expect(providerRow(again, "LINE")).toContainText("連携済み");
    await providerRow(again, "LINE").getByRole("link", { name: "LINEとの連携を解除" }).click();
    await again
      .getByRole("dialog", { name: "LINEとの連携を解除しますか？" })
      .getByRole("button", { name: "解除する" })
      .click();
    await again.waitForURL("**/mypage/social/disable/complete");

    // Google is now the only way in: no unlink button, and the API refuses it.
    await again.goto("/mypage");
    await expect(providerRow(again, "LINE")).toContainText("未連携");
    await expect(again.getByRole("link", { name: /との連携を解除$/ })).toHaveCount(0);
    const refused = await again.request.post("/zapi/auth/social/disable", {
      data: { userIdentifierType: "Google", userIdentifierMethod: "ExternalAuth" },
      headers: { origin: baseURL ?? "" },
    });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).code).toBe("EXTERNAL_AUTH_LAST");
    await again.reload();
    await expect(providerRow(again, "Google")).toContainText("連携済み");
    await again.context().close();

    // Another member linking the same Google person is refused.
    const other = await freshPage(browser);
    await signUpMember(other, newEmail("google-other"), null);
    await other.goto("/mypage");
    await providerRow(other, "Google").getByRole("link", { name: "Googleと連携する" }).click();
    await signInAtProvider(other, "google-hanako", email);
    await other.waitForURL("**/social/relate/error");
    await expect(other.getByText(RELATE_ERROR)).toBeVisible();
    await other.goto("/mypage");
    await expect(providerRow(other, "Google")).toContainText("未連携");
    await other.context().close();
  });

  test("sign up through LINE, whose site sends the browser back across sites", async ({ page }) => {
    test.setTimeout(120_000);
    const arrivals = watchArrivals(page, "/auth/callback");
    const email = newEmail("line");
    await openWithProviders(page, "/signup/auth");
    await choose(page, "LINEで登録");
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\//);
    await signInAtProvider(page, "line-jiro", email);
    await page.waitForURL("**/auth/callback/form");
    expect(arrivals[0]).toBe("cross-site");
    await expect(page.getByText(email)).toBeVisible();
    await completeSocialSignUp(page);
    await page.goto("/mypage");
    await expect(providerRow(page, "LINE")).toContainText("連携済み");
    await expect(providerRow(page, "LINE")).toContainText("ログイン中");
  });

  test("a Facebook person without an e-mail gives one and proves it with a PIN", async ({ page }) => {
    test.setTimeout(120_000);
    await openWithProviders(page, "/signup/auth");
    await choose(page, "Facebookで登録");
    await signInAtProvider(page, "fb-taro");
    // Back on the site's e-mail step, now without the provider buttons (the provider is chosen).
    await page.waitForURL("**/signup/auth");
    await expect(page.getByRole("link", { name: /で登録$/ })).toHaveCount(0);
    const email = newEmail("facebook");
    const send = page.getByRole("button", { name: "認証コードを送信する" });
    await waitUntilHydrated(page, send);
    await page.locator('[data-field="email"] input').fill(email);
    await agreeToPolicies(page);
    const sentAfter = Date.now() - 1000;
    await send.click();
    await page.waitForURL("**/signup/pin-code");
    const pin = pinFrom((await waitForMail(email, "会員登録用認証コード", sentAfter)).text);
    await typePin(page, "pinCode", pin);
    await page.getByRole("button", { name: "認証する" }).click();
    await page.waitForURL("**/auth/callback/form");
    await expect(page.getByText(email)).toBeVisible();
    await completeSocialSignUp(page);
    await page.goto("/mypage");
    await expect(providerRow(page, "Facebook")).toContainText("連携済み");
  });
});
