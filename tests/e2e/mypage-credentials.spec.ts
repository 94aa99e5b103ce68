/** Issue 23 §4, §5: a first password for an account without one, and a new user ID. */
import type { Page } from "@playwright/test";
import {
  newEmail,
  pinFrom,
  signUpMember,
  typePin,
  waitForMail,
  waitUntilHydrated,
  watchPosts,
} from "./helpers.ts";
import { PASSWORDLESS_MEMBERS, USER_ID_HOLDER } from "./seeded-members.ts";
import { expect, test } from "./visitor.ts";

const PASSWORD = "Mypage2026pass";

const TEXT = {
  ja: {
    login: "ログイン",
    sendCode: "認証コードを送信する",
    loginCodeSubject: "ログイン用認証コード",
    passwordRow: "パスワード",
    settingCodeSubject: "認証コード",
    save: "保存する",
    tooShort: "※パスワードは8文字以上で設定してください。",
    passwordSet: "パスワードの設定が完了しました",
    userIdRow: "ユーザID",
    change: "変更する",
    taken: "このユーザIDは既に使用されています。別のユーザIDを登録してください。",
    wrongPassword: "パスワードが正しくありません。",
    userIdChanged: "ユーザIDの変更が完了しました",
  },
  en: {
    login: "Log in",
    sendCode: "Send a login code",
    loginCodeSubject: "code",
    passwordRow: "Password",
    settingCodeSubject: "code",
    save: "Save",
    tooShort: "Your password must be at least 8 characters.",
    passwordSet: "Your password is set",
    userIdRow: "User ID",
    change: "Change",
    taken: "This user ID is already in use. Please register another one.",
    wrongPassword: "The password is incorrect.",
    userIdChanged: "Your user ID has been changed",
  },
} as const;

async function logIn(page: Page, language: "ja" | "en", identifier: string, password: string) {
  await page.goto(`/login?lng=${language}`);
  await page.locator('[data-field="emailUserId"] input').fill(identifier);
  await page.locator('[data-field="password"] input').fill(password);
  await page.getByRole("button", { name: TEXT[language].login, exact: true }).click();
}

for (const language of ["ja", "en"] as const) {
  const text = TEXT[language];

  test(`a member who logs in by code sets a first password, which then logs in (${language})`, async ({
    page,
    browser,
  }) => {
    const email = PASSWORDLESS_MEMBERS[language];
    await page.goto(`/login?loginType=authCode&lng=${language}`);
    await page.locator('[data-field="email"] input').fill(email);
    const codeAfter = Date.now() - 1000;
    await page.getByRole("button", { name: text.sendCode }).click();
    await page.waitForURL("**/login/code");
    const loginMail = await waitForMail(email, text.loginCodeSubject, codeAfter);
    await page.locator('[data-field="authCode"] input').first().fill(pinFrom(loginMail.text));
    await page.getByRole("button", { name: text.login, exact: true }).click();
    await page.waitForURL("**/mypage");

    const openedAfter = Date.now() - 1000;
    await page.getByRole("link", { name: new RegExp(text.passwordRow) }).click();
    await page.waitForURL("**/mypage/enable-password");
    const mail = await waitForMail(email, text.settingCodeSubject, openedAfter);
    const save = page.getByRole("button", { name: text.save });
    await waitUntilHydrated(page, save);
    await typePin(page, "pinCode", pinFrom(mail.text));
    // Too short first (issue 28): the field says so when left, before anything is sent.
    const posts = watchPosts(page);
    await page.locator('[data-field="password"] input').fill("short1");
    await page.locator("main h1").first().click();
    await expect(page.locator('[data-field="password"]')).toContainText(text.tooShort);
    expect(posts).toEqual([]);
    await page.locator('[data-field="password"] input').fill(PASSWORD);
    await expect(page.locator('[data-field="password"]')).not.toContainText(text.tooShort);
    await page.locator('[data-field="passwordConfirm"] input').fill(PASSWORD);
    await save.click();
    await page.waitForURL("**/mypage/enable-password/complete");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(text.passwordSet);

    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await logIn(otherPage, language, email, PASSWORD);
    await otherPage.waitForURL("**/mypage");
    await other.close();
  });

  test(`a member changes the user ID: a taken one and a wrong password are refused (${language})`, async ({
    page,
    browser,
  }) => {
    const email = newEmail(`user-id-${language}`);
    const userId = `${language}${Date.now().toString(36)}`.slice(0, 15);
    await signUpMember(page, email, PASSWORD);
    await page.goto(`/mypage?lng=${language}`);
    await page.getByRole("link", { name: new RegExp(text.userIdRow) }).click();
    await page.waitForURL("**/mypage/user-id/edit");
    const change = page.getByRole("button", { name: text.change });
    await waitUntilHydrated(page, change);

    // The check on leaving the field tells a taken ID at once, whatever its case.
    await page.locator('[data-field="userId"] input').fill(USER_ID_HOLDER.userId.toLowerCase());
    await page.locator('[data-field="password"] input').focus();
    await expect(page.locator('[data-field="userId"]')).toContainText(text.taken);

    await page.locator('[data-field="userId"] input').fill(userId);
    await page.locator('[data-field="password"] input').fill("Wrong2026pass");
    await change.click();
    await expect(page.locator('[data-field="password"]')).toContainText(text.wrongPassword);

    await page.locator('[data-field="password"] input').fill(PASSWORD);
    await change.click();
    await page.waitForURL("**/mypage/user-id/edit/complete");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(text.userIdChanged);

    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await logIn(otherPage, language, userId, PASSWORD);
    await otherPage.waitForURL("**/mypage");
    await other.close();
  });
}
