import { expect, test } from "@playwright/test";
import { newEmail, signUpToForm, submitRegistrationForm } from "./helpers.ts";

const PASSWORD = "Nojs2026pass";

test("login works as a plain form post before (or without) hydration", async ({ page, browser }) => {
  const email = newEmail("nojs");
  await signUpToForm(page, email);
  await submitRegistrationForm(page, PASSWORD);

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
