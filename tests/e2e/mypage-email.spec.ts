/** Issue 23 §3: a member changes the e-mail address with a code mailed to the new one. */
import { newEmail, pinFrom, signUpMember, typePin, waitForMail, waitUntilHydrated } from "./helpers.ts";
import { expect, test } from "./visitor.ts";

const PASSWORD = "Mypage2026pass";

const TEXT = {
  ja: {
    row: "メールアドレス",
    send: "認証コードを送信する",
    unchanged: "※メールアドレスを変更してください。",
    codeSubject: "メールアドレス変更用認証コード",
    verify: "認証する",
    wrongCode: "認証に失敗しました。",
    done: "メールアドレスの変更が完了しました",
    login: "ログイン",
  },
  en: {
    row: "E-mail address",
    send: "Send the code",
    unchanged: "Enter a different e-mail address.",
    codeSubject: "e-mail change code",
    verify: "Verify",
    wrongCode: "Authentication failed.",
    done: "Your e-mail address has been changed",
    login: "Log in",
  },
} as const;

for (const language of ["ja", "en"] as const) {
  const text = TEXT[language];

  test(`a member changes the e-mail address; the old one is told, and login moves to the new one (${language})`, async ({
    page,
    browser,
  }) => {
    const oldEmail = newEmail(`email-old-${language}`);
    const nextEmail = newEmail(`email-new-${language}`);
    await signUpMember(page, oldEmail, PASSWORD);
    await page.goto(`/mypage?lng=${language}`);
    await page.getByRole("link", { name: new RegExp(text.row) }).click();
    await page.waitForURL("**/mypage/email/edit");
    const send = page.getByRole("button", { name: text.send });
    await waitUntilHydrated(page, send);

    // The current address is no change.
    await page.locator('[data-field="email"] input').fill(oldEmail);
    await page.locator('[data-field="emailConfirm"] input').fill(oldEmail);
    await send.click();
    await expect(page.locator('[data-field="email"]')).toContainText(text.unchanged);

    await page.locator('[data-field="email"] input').fill(nextEmail);
    await page.locator('[data-field="emailConfirm"] input').fill(nextEmail);
    const sentAfter = Date.now() - 1000;
    await send.click();
    await page.waitForURL("**/mypage/email/edit/pin-code");
    const mail = await waitForMail(nextEmail, text.codeSubject, sentAfter);
    const code = pinFrom(mail.text);

    const verify = page.getByRole("button", { name: text.verify });
    await waitUntilHydrated(page, verify);
    await typePin(page, "pinCode", code === "000000" ? "111111" : "000000");
    await verify.click();
    await expect(page.getByText(text.wrongCode)).toBeVisible();
    // The refusal moves focus to the code (typing before it lands would scatter the digits); the
    // button waits for a code other than the one refused (spec §4), then sends it.
    await expect(page.locator('[data-field="pinCode"] input').first()).toBeFocused();
    await expect(verify).toBeDisabled();
    await typePin(page, "pinCode", code);
    await expect(verify).toBeEnabled();
    const changedAfter = Date.now() - 1000;
    await verify.click();
    await page.waitForURL("**/mypage/email/edit/complete");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(text.done);
    await waitForMail(
      oldEmail,
      language === "ja" ? "メールアドレス変更のお知らせ" : "e-mail address was changed",
      changedAfter,
    );

    await page.goto("/mypage");
    await expect(page.getByRole("article")).toContainText(nextEmail);

    // Another browser logs in with the new address, not the old one.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    const login = async (email: string) => {
      await otherPage.goto(new URL(`/login?lng=${language}`, page.url()).href);
      await otherPage.locator('[data-field="emailUserId"] input').fill(email);
      await otherPage.locator('[data-field="password"] input').fill(PASSWORD);
      await otherPage.getByRole("button", { name: text.login, exact: true }).click();
    };
    await login(oldEmail);
    await expect(otherPage.locator(".form-summary, [role=alert]").first()).toBeVisible();
    await expect(otherPage).toHaveURL(/\/login/);
    await login(nextEmail);
    await otherPage.waitForURL("**/mypage");
    await other.close();
  });
}
