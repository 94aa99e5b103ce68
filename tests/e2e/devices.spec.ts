/**
 * ログイン中の端末: a member logged in from two browsers sees both on /mypage/devices (ja, 375 px)
 * with 「この端末」 on one, signs the other out after re-authenticating, and the other browser's
 * next page is the login; then, in English at 1280 px, 「他のすべての端末からログアウト」 ends all
 * but the current one.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "@playwright/test";
import { newEmail, signUpMember } from "./helpers.ts";
import { expect, test } from "./visitor.ts";

const PASSWORD = "Devices2026pass";
const SHOTS = process.env.E2E_SCREENSHOTS;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** Another browser (an iPhone) logged in as the member with the password. */
async function anotherBrowser(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  });
  const page = await context.newPage();
  await page.goto(new URL("/login", baseURL).href);
  await page.locator('[data-field="emailUserId"] input').fill(email);
  await page.locator('[data-field="password"] input').fill(PASSWORD);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await page.waitForURL("**/mypage");
  return { context, page };
}

test("a member signs another browser out, then every other one", async ({ page, browser, baseURL }) => {
  const origin = String(baseURL);
  await page.setViewportSize({ width: 375, height: 800 });
  const email = newEmail("devices");
  await signUpMember(page, email, PASSWORD);
  const phone = await anotherBrowser(browser, origin, email);

  // The sign-up's proof has lapsed (the server's clock moved on): the page asks for the password.
  const moved = await page.request.post("/zapi/test-clock", { data: { advanceSeconds: 11 * 60 } });
  expect(moved.status()).toBe(200);
  await page.goto("/mypage");
  await page.getByRole("link", { name: /ログイン中の端末/ }).click();
  await page.waitForURL("**/mypage/devices");
  await page.locator('[data-field="password"] input').fill(PASSWORD);
  await page.getByRole("button", { name: "確認する" }).click();
  const cards = page.locator("main .security-cards__item");
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: "この端末" })).toHaveCount(1);
  await expect(cards.filter({ hasText: "iPhone" })).toContainText("パスワード");
  await shot(page, "devices-375-ja");

  await page.getByRole("link", { name: /^ログアウト: .*iPhone/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("ログアウトさせますか？");
  await dialog.getByRole("button", { name: "ログアウトさせる" }).click();
  await expect(page.getByText("端末をログアウトさせました。")).toBeVisible();
  await expect(cards).toHaveCount(1);
  await expect(page.getByText("ログインしているのはこの端末だけです。")).toBeVisible();

  // The phone's next page is the login.
  await phone.page.goto(new URL("/mypage", origin).href);
  await phone.page.waitForURL(/\/login/);
  await phone.context.close();

  // Two more browsers; every other one goes at once (in English, at 1280 px).
  const second = await anotherBrowser(browser, origin, email);
  const third = await anotherBrowser(browser, origin, email);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/mypage/devices?lng=en");
  await expect(cards).toHaveCount(3);
  await page.getByRole("link", { name: "Log out of all other devices" }).click();
  await shot(page, "devices-others-1280-en");
  await page.getByRole("dialog").getByRole("button", { name: "Log out of all other devices" }).click();
  await expect(page.getByText("You were logged out of all other devices.")).toBeVisible();
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText("This device");
  for (const other of [second, third]) {
    await other.page.goto(new URL("/mypage", origin).href);
    await other.page.waitForURL(/\/login/);
    await other.context.close();
  }
});
