/** Issue 23 §4: a member changes the password from "my page"; the account's other sessions end. */
import { expect, test } from "@playwright/test";
import { newEmail, signUpMember, waitForMail, waitUntilHydrated } from "./helpers.ts";

const PASSWORD = "Mypage2026pass";
const NEW_PASSWORD = "Mypage2026new";

test("a member changes the password: wrong current password refused, other browser logged out, a notice mailed", async ({
  page,
  browser,
}) => {
  const email = newEmail("password-change");
  await signUpMember(page, email, PASSWORD);

  // A second browser logged in to the same account.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto(new URL("/login", page.url()).href);
  await otherPage.locator('[data-field="emailUserId"] input').fill(email);
  await otherPage.locator('[data-field="password"] input').fill(PASSWORD);
  await otherPage.getByRole("button", { name: "ログイン" }).click();
  await otherPage.waitForURL("**/mypage");

  await page.goto("/mypage");
  await page.getByRole("link", { name: /パスワード/ }).click();
  await page.waitForURL("**/mypage/password/edit");
  const submit = page.getByRole("button", { name: "変更する" });
  await waitUntilHydrated(page, submit);

  await page.locator('[data-field="oldPassword"] input').fill("Wrong2026pass");
  await page.locator('[data-field="newPassword"] input').fill(NEW_PASSWORD);
  await page.locator('[data-field="newPasswordConfirm"] input').fill(NEW_PASSWORD);
  await submit.click();
  await expect(page.locator('[data-field="oldPassword"]')).toContainText(
    "※現在のパスワードが正しくありません。",
  );

  await page.locator('[data-field="oldPassword"] input').fill(PASSWORD);
  await page.locator('[data-field="newPassword"] input').fill(NEW_PASSWORD);
  await page.locator('[data-field="newPasswordConfirm"] input').fill(NEW_PASSWORD);
  const changedAfter = Date.now() - 1000;
  await submit.click();
  await page.waitForURL("**/mypage/password/edit/complete");
  await waitForMail(email, "パスワード変更のお知らせ", changedAfter);

  // This browser stays logged in; the other one is sent to log in.
  await page.goto("/mypage");
  await expect(page).toHaveURL(/\/mypage$/);
  await otherPage.goto(new URL("/mypage", page.url()).href);
  await expect(otherPage).toHaveURL(/\/login/);
  await otherPage.locator('[data-field="emailUserId"] input').fill(email);
  await otherPage.locator('[data-field="password"] input').fill(NEW_PASSWORD);
  await otherPage.getByRole("button", { name: "ログイン" }).click();
  await otherPage.waitForURL("**/mypage");
  await other.close();
});
