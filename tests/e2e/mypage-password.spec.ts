/** Issue 23 §4: a member changes the password from "my page"; the account's other sessions end. */
import { newEmail, signUpMember, waitForMail, waitUntilHydrated } from "./helpers.ts";
import { expect, test } from "./visitor.ts";

const PASSWORD = "Mypage2026pass";
const NEW_PASSWORD = "Mypage2026new";

const TEXT = {
  ja: {
    row: /パスワード/,
    change: "変更する",
    wrong: "※現在のパスワードが正しくありません。",
    done: "パスワードの変更が完了しました",
    notice: "パスワード変更のお知らせ",
    login: "ログイン",
  },
  en: {
    row: /Password/,
    change: "Change",
    wrong: "The current password is not correct.",
    done: "Your password has been changed",
    notice: "Your password was changed",
    login: "Log in",
  },
} as const;

for (const language of ["ja", "en"] as const) {
  const text = TEXT[language];

  test(`a member changes the password: wrong current password refused, other browser logged out, a notice mailed (${language})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = newEmail(`password-change-${language}`);
    await signUpMember(page, email, PASSWORD);

    // A second browser logged in to the same account.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    const logInElsewhere = async (password: string) => {
      await otherPage.locator('[data-field="emailUserId"] input').fill(email);
      await otherPage.locator('[data-field="password"] input').fill(password);
      await otherPage.getByRole("button", { name: text.login, exact: true }).click();
      await otherPage.waitForURL("**/mypage");
    };
    await otherPage.goto(new URL(`/login?lng=${language}`, baseURL).href);
    await logInElsewhere(PASSWORD);

    await page.goto(`/mypage?lng=${language}`);
    await page.getByRole("article").getByRole("link", { name: text.row }).click();
    await page.waitForURL("**/mypage/password/edit");
    const submit = page.getByRole("button", { name: text.change });
    await waitUntilHydrated(page, submit);

    await page.locator('[data-field="oldPassword"] input').fill("Wrong2026pass");
    await page.locator('[data-field="newPassword"] input').fill(NEW_PASSWORD);
    await page.locator('[data-field="newPasswordConfirm"] input').fill(NEW_PASSWORD);
    await submit.click();
    await expect(page.locator('[data-field="oldPassword"]')).toContainText(text.wrong);

    await page.locator('[data-field="oldPassword"] input').fill(PASSWORD);
    await page.locator('[data-field="newPassword"] input').fill(NEW_PASSWORD);
    await page.locator('[data-field="newPasswordConfirm"] input').fill(NEW_PASSWORD);
    const changedAfter = Date.now() - 1000;
    await submit.click();
    await page.waitForURL("**/mypage/password/edit/complete");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(text.done);
    await waitForMail(email, text.notice, changedAfter);

    // This browser stays logged in; the other one is sent to log in, and the new password works.
    await page.goto("/mypage");
    await expect(page).toHaveURL(/\/mypage$/);
    await otherPage.goto(new URL("/mypage", page.url()).href);
    await expect(otherPage).toHaveURL(/\/login/);
    await logInElsewhere(NEW_PASSWORD);
    await other.close();
  });
}
