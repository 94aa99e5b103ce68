import { expect, test } from "@playwright/test";
import { newEmail, signUpToForm } from "./helpers.ts";

const PASSWORD = "Nojs2026pass";

test("login works as a plain form post before (or without) hydration", async ({ page, browser }) => {
  const email = newEmail("nojs");
  await signUpToForm(page, email);
  await page.locator('[data-field="familyName"] input').fill("佐藤");
  await page.locator('[data-field="givenName"] input').fill("健");
  await page.locator('[data-field="familyNameKana"] input').fill("サトウ");
  await page.locator('[data-field="givenNameKana"] input').fill("ケン");
  await page.locator('[data-field="birthday"] input').fill("19851201");
  await page.locator('[data-field="postalCode"] input').fill("1000001");
  await page.locator('[data-field="prefecture"] select').selectOption("13");
  await page.locator('[data-field="address"] input').fill("千代田区千代田1-1");
  await page.locator('[data-field="custom_favoriteGenre"] select').selectOption("movie");
  await page.locator('[data-field="password"] input').fill(PASSWORD);
  await page.locator('[data-field="passwordConfirm"] input').fill(PASSWORD);
  await page.getByRole("button", { name: "登録する" }).click();
  await page.waitForURL("**/signup/complete");

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  const base = new URL("/", page.url()).href;
  // An empty post comes back with the spec's messages and nothing lost.
  await plain.goto(new URL("/login?returnTo=%2Fmypage", base).href);
  await plain.locator('[data-field="emailUserId"] input').fill(email);
  await plain.getByRole("button", { name: "ログイン" }).click();
  await expect(plain.locator('[data-field="password"]')).toContainText("※パスワードを入力してください。");
  await expect(plain.locator('[data-field="emailUserId"] input')).toHaveValue(email);
  // A complete post logs in and returns to the page that sent the member.
  await plain.locator('[data-field="password"] input').fill(PASSWORD);
  await plain.getByRole("button", { name: "ログイン" }).click();
  await plain.waitForURL("**/mypage");
  await expect(plain.getByRole("heading", { level: 1, name: "マイページ" })).toBeVisible();
  // Guest-only pages send a member to My Page.
  await plain.goto(new URL("/signup/auth", base).href);
  await expect(plain).toHaveURL(/\/mypage$/);
  await noScript.close();
});
