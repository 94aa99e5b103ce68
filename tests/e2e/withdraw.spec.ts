/** Issue 23 §1: the withdrawal row leads to a working withdrawal — survey, consent, mailed code. */
import { newEmail, pinFrom, signUpMember, typePin, waitForMail, waitUntilHydrated } from "./helpers.ts";
import { expect, test } from "./visitor.ts";

const PASSWORD = "Withdraw2026pass";

const TEXT = {
  ja: {
    row: "退会",
    next: "退会手続きへ進む",
    consentRequired: "※同意は必須です",
    notes: "注意事項",
    codeSubject: "認証コード",
    confirm: "退会する",
    done: "退会手続きが完了しました",
    notice: "退会手続き完了のお知らせ",
    login: "ログイン",
  },
  en: {
    row: "Cancel membership",
    next: "Continue",
    consentRequired: "Your agreement is required.",
    notes: "Notes",
    codeSubject: "code",
    confirm: "Cancel membership",
    done: "Your membership has been cancelled",
    notice: "Your account has been deleted",
    login: "Log in",
  },
} as const;

for (const language of ["ja", "en"] as const) {
  const text = TEXT[language];

  test(`a member withdraws: survey and consent, the mailed code, and the account is gone (${language})`, async ({
    page,
  }) => {
    const email = newEmail(`withdraw-${language}`);
    await signUpMember(page, email, PASSWORD);
    await page.goto(`/mypage?lng=${language}`);
    await page.getByRole("article").getByRole("link", { name: text.row, exact: true }).click();
    await page.waitForURL("**/withdraw");
    const next = page.getByRole("button", { name: text.next });
    await waitUntilHydrated(page, next);
    // The notes the consent names are on the page (issue 41 §14).
    await expect(page.getByRole("region", { name: text.notes })).toBeVisible();

    // Without the consent nothing is sent.
    await page.locator('[data-field="question_reason"] input[type="checkbox"]').first().check();
    await next.click();
    await expect(page.locator('[data-field="consent"]')).toContainText(text.consentRequired);
    await expect(page).toHaveURL(/\/withdraw$/);

    await page.locator('[data-field="consent"] input[type="checkbox"]').check();
    const sentAfter = Date.now() - 1000;
    await next.click();
    await page.waitForURL("**/withdraw/pin-code");
    const mail = await waitForMail(email, text.codeSubject, sentAfter);
    const confirm = page.getByRole("button", { name: text.confirm });
    await waitUntilHydrated(page, confirm);
    // The step that cannot be undone looks like it (issue 41 §14).
    await expect(confirm).toHaveClass(/btn--danger/);
    await typePin(page, "pinCode", pinFrom(mail.text));
    const doneAfter = Date.now() - 1000;
    await confirm.click();
    await page.waitForURL("**/withdraw/complete");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(text.done);
    await waitForMail(email, text.notice, doneAfter);

    // Logged out, and the account no longer logs in.
    await page.goto("/mypage");
    await expect(page).toHaveURL(/\/login/);
    await page.locator('[data-field="emailUserId"] input').fill(email);
    await page.locator('[data-field="password"] input').fill(PASSWORD);
    await page.getByRole("button", { name: text.login, exact: true }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.locator("[role=alert]").first()).toBeVisible();
  });
}
