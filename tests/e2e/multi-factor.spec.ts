/**
 * Issue 27: a member turns on the authenticator app (the test computes its codes from the secret on
 * the set-up page with an RFC 6238 implementation of its own), saves the backup codes, logs in with
 * password + app, then with a backup code (which then fails), turns on e-mail and logs in with the
 * mailed code choosing it as preferred, then turns everything off.
 */
import type { Page } from "@playwright/test";
import { RESEND_INTERVAL_MS } from "../../server/kit/throttle.ts";
import { totpCode } from "../totp.ts";
import {
  letTimePass,
  newEmail,
  pinFrom,
  serverNow,
  signUpMember,
  typePin,
  waitForMail,
  waitForSms,
  waitUntilHydrated,
  watchPosts,
} from "./helpers.ts";
import { expect, test } from "./visitor.ts";

const PASSWORD = "Factor2026pass";

async function logOut(page: Page) {
  await page.goto("/logout");
  await page.getByRole("button", { name: "ログアウトする" }).click();
  await expect(page.getByRole("heading", { name: "ログアウトしました。" })).toBeVisible();
}

/** The first factor: the page then asks for the second. `from` is a page that sends to login. */
async function logInWithPassword(page: Page, email: string, from = "/login") {
  await page.goto(from);
  const submit = page.getByRole("button", { name: "ログイン", exact: true });
  await waitUntilHydrated(page, submit);
  await page.locator('[data-field="emailUserId"] input').fill(email);
  await page.locator('[data-field="password"] input').fill(PASSWORD);
  await submit.click();
  await page.waitForURL(/\/login\/multi-factor\//);
}

async function submitSecondFactor(page: Page) {
  const verify = page.getByRole("button", { name: "認証する" });
  await verify.click();
}

/**
 * Issue 28: a code too short says so when the field is left, before anything is sent; the right
 * code typed over it then clears the message.
 */
async function codeTooShortFirst(page: Page, field: string, message: string) {
  const posts = watchPosts(page);
  await typePin(page, field, "12");
  await page.locator("main h1").first().click();
  await expect(page.locator(`[data-field="${field}"]`)).toContainText(message);
  expect(posts).toEqual([]);
}

test("a member sets up the authenticator app and backup codes, logs in with each, adds e-mail, then turns all off", async ({
  page,
}) => {
  const email = newEmail("mfa");
  // The page's clock: the resend countdown below is passed by moving it (letTimePass).
  await page.clock.install();
  await signUpMember(page, email, PASSWORD);

  // My page → two-step verification → the app.
  await page.goto("/mypage");
  await page.getByRole("link", { name: /2段階認証/ }).click();
  await page.waitForURL("**/mypage/multi-factor");
  await page.getByRole("link", { name: "認証アプリ: 設定する" }).click();
  await page.waitForURL("**/mypage/multi-factor/otp");
  await expect(page.getByRole("img", { name: "認証アプリで読み取るQRコード" })).toBeVisible();
  const secret = await page.locator("code[data-secret]").getAttribute("data-secret");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const setUp = page.getByRole("button", { name: "設定する" });
  await waitUntilHydrated(page, setUp);
  // A wrong code first: refused on the field.
  const enablingCode = totpCode(secret ?? "", await serverNow(page));
  await typePin(page, "token", enablingCode === "000000" ? "111111" : "000000");
  await setUp.click();
  await expect(page.locator('[data-field="token"]')).toContainText("認証に失敗しました。");
  await typePin(page, "token", totpCode(secret ?? "", await serverNow(page)));
  await setUp.click();

  // The first method asks for backup codes next; they are registered once confirmed as saved.
  await page.waitForURL("**/mypage/multi-factor/backup-code/generate");
  // The URL changes as the page's data arrives: wait for the codes themselves.
  await expect(page.locator(".backup-codes__list code")).toHaveCount(10);
  const codes = await page.locator(".backup-codes__list code").allTextContents();
  await page.getByLabel("バックアップコードを保存しました").check();
  await page.getByRole("button", { name: "登録する" }).click();
  await page.waitForURL("**/mypage/multi-factor/complete");
  await expect(page.getByRole("heading", { name: "2段階認証の設定完了" })).toBeVisible();

  // Password, then the app's code (the next time step: the one that enabled it works once).
  // From a member's page: the login, second step included, ends there.
  await logOut(page);
  await logInWithPassword(page, email, "/mypage/login-history");
  expect(new URL(page.url()).pathname).toBe("/login/multi-factor/otp");
  await expect(
    page.getByText("認証アプリに表示されている6桁のワンタイムパスワードを入力してください。"),
  ).toBeVisible();
  await waitUntilHydrated(page, page.getByRole("button", { name: "認証する" }));
  await codeTooShortFirst(page, "value", "※6桁のワンタイムパスワードを入力してください。");
  await typePin(page, "value", totpCode(secret ?? "", (await serverNow(page)) + 30_000));
  await submitSecondFactor(page);
  await page.waitForURL("**/mypage/login-history");
  // The login history names both factors.
  await expect(page.getByRole("table").locator("tbody tr").first()).toContainText("パスワード＋認証アプリ");

  // A backup code logs in once.
  await logOut(page);
  await logInWithPassword(page, email);
  await page.getByRole("link", { name: "バックアップコードを使う" }).click();
  await page.waitForURL("**/login/multi-factor/backup-code");
  await waitUntilHydrated(page, page.getByRole("button", { name: "認証する" }));
  await page.locator('[data-field="value"] input').fill(codes[0] ?? "");
  await submitSecondFactor(page);
  await page.waitForURL("**/mypage");
  await logOut(page);
  await logInWithPassword(page, email);
  await page.goto("/login/multi-factor/backup-code");
  await waitUntilHydrated(page, page.getByRole("button", { name: "認証する" }));
  await page.locator('[data-field="value"] input').fill(codes[0] ?? "");
  await submitSecondFactor(page);
  await expect(page.locator('[data-field="value"]')).toContainText("認証に失敗しました。");

  // E-mail as well: then log in with the mailed code, preferring it from now on.
  await page.locator('[data-field="value"] input').fill(codes[1] ?? "");
  await submitSecondFactor(page);
  await page.waitForURL("**/mypage");
  await page.goto("/mypage/multi-factor");
  await page.getByRole("link", { name: "メール: 設定する" }).click();
  await page.waitForURL("**/mypage/multi-factor/email");
  await page.getByRole("button", { name: "設定する" }).click();
  await page.waitForURL("**/mypage/multi-factor/complete");

  await logOut(page);
  const sentAfter = Date.now() - 1000;
  await logInWithPassword(page, email);
  await page.getByRole("link", { name: "メールで認証コードを受け取る" }).click();
  await page.waitForURL("**/login/multi-factor/email");
  const mail = await waitForMail(email, "2段階認証コード", sentAfter);
  await waitUntilHydrated(page, page.getByRole("button", { name: "認証する" }));
  await typePin(page, "value", pinFrom(mail.text));
  await page.getByLabel("次回からこの認証方法を優先して使う").check();
  await submitSecondFactor(page);
  await page.waitForURL("**/mypage");
  await logOut(page);
  await logInWithPassword(page, email);
  expect(new URL(page.url()).pathname).toBe("/login/multi-factor/email");
  // The last code went to this mailbox moments ago: one code per 30 s, so the member asks again.
  const resend = page.getByRole("button", { name: /再送信/ });
  await expect(resend).toBeDisabled();
  await letTimePass(page, RESEND_INTERVAL_MS / 1000);
  await expect(resend).toHaveAccessibleName("認証コードを再送信する");
  await expect(resend).toBeEnabled();
  const resentAfter = Date.now() - 1000;
  await resend.click();
  await expect(page.getByText("認証コードを再送信しました。")).toBeVisible();
  const again = await waitForMail(email, "2段階認証コード", resentAfter);
  await waitUntilHydrated(page, page.getByRole("button", { name: "認証する" }));
  await typePin(page, "value", pinFrom(again.text));
  await submitSecondFactor(page);
  await page.waitForURL("**/mypage");

  // Everything off, each after its question.
  for (const method of ["認証アプリ", "メール"]) {
    await page.goto("/mypage/multi-factor");
    await page.getByRole("link", { name: `${method}: オフにする` }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(`${method}による2段階認証をオフにしますか？`);
    await dialog.getByRole("button", { name: "オフにする" }).click();
    await page.waitForURL("**/mypage/multi-factor/complete");
  }
  await page.goto("/mypage/multi-factor");
  await expect(page.getByRole("link", { name: "認証アプリ: 設定する" })).toBeVisible();
  await expect(page.getByRole("link", { name: "メール: 設定する" })).toBeVisible();
  await expect(page.getByText("バックアップコード")).toHaveCount(0);
  // And the password alone logs in again.
  await logOut(page);
  await page.goto("/login");
  const submit = page.getByRole("button", { name: "ログイン", exact: true });
  await waitUntilHydrated(page, submit);
  await page.locator('[data-field="emailUserId"] input').fill(email);
  await page.locator('[data-field="password"] input').fill(PASSWORD);
  await submit.click();
  await page.waitForURL("**/mypage");
});

test("a member proves a phone number by SMS, then logs in with a texted code (en)", async ({ page }) => {
  const email = newEmail("mfa-sms");
  await page.clock.install();
  // A number of this test's own: the outbox is shared by every test.
  const phone = `090${String(Date.now()).slice(-8)}`;
  await signUpMember(page, email, PASSWORD);

  // No number yet: the SMS page says so and links the profile.
  await page.goto("/mypage/multi-factor?lng=en");
  await page.getByRole("link", { name: "SMS: Set up" }).click();
  await page.waitForURL("**/mypage/multi-factor/sms");
  await expect(page.getByRole("button", { name: "Send a code" })).toBeDisabled();
  await page.getByRole("link", { name: "Register a phone number" }).click();
  await page.waitForURL("**/mypage/edit");
  const save = page.getByRole("button", { name: "Save" });
  await waitUntilHydrated(page, save);
  await page.locator('[data-field="phoneNumber"] input').fill(phone);
  await save.click();
  await page.waitForURL("**/mypage/edit/complete");

  // The code goes to the number; a wrong one is refused on the field, the right one turns SMS on.
  await page.goto("/mypage/multi-factor/sms");
  await expect(page.getByText(`we will text a code to *******${phone.slice(-4)}`)).toBeVisible();
  const sentAfter = Date.now() - 1000;
  await page.getByRole("button", { name: "Send a code" }).click();
  await page.waitForURL("**/mypage/multi-factor/sms/code");
  await expect(page.getByText(`Enter the code we texted to *******${phone.slice(-4)}.`)).toBeVisible();
  const code = pinFrom((await waitForSms(phone, sentAfter)).text);
  const turnOn = page.getByRole("button", { name: "Turn on" });
  await waitUntilHydrated(page, turnOn);
  await codeTooShortFirst(page, "token", "The verification code is 6 half-width digits.");
  await typePin(page, "token", code === "000000" ? "111111" : "000000");
  await turnOn.click();
  await expect(page.locator('[data-field="token"]')).toContainText("Authentication failed.");
  await typePin(page, "token", code);
  await turnOn.click();
  await page.waitForURL("**/mypage/multi-factor/backup-code/generate");
  await expect(page.locator(".backup-codes__list code")).toHaveCount(10);
  await page.getByLabel("I have saved my backup codes").check();
  await page.getByRole("button", { name: "Save" }).click();
  await page.waitForURL("**/mypage/multi-factor/complete");

  // The login asks for the texted code and ends signed in; the history names both factors.
  await page.goto("/logout");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("heading", { name: "Logged out" })).toBeVisible();
  const loginAfter = Date.now() - 1000;
  await page.goto("/login");
  const logIn = page.getByRole("button", { name: "Log in", exact: true });
  await waitUntilHydrated(page, logIn);
  await page.locator('[data-field="emailUserId"] input').fill(email);
  await page.locator('[data-field="password"] input').fill(PASSWORD);
  await logIn.click();
  await page.waitForURL("**/login/multi-factor/sms");
  await expect(page.getByText(`Enter the code we texted to *******${phone.slice(-4)}.`)).toBeVisible();
  // The set-up code went to this number moments ago: one code per 30 s, so the member asks again.
  const resend = page.getByRole("button", { name: /Send (the code )?again/ });
  await expect(resend).toBeDisabled();
  await letTimePass(page, RESEND_INTERVAL_MS / 1000);
  await expect(resend).toHaveAccessibleName("Send the code again");
  await expect(resend).toBeEnabled();
  await resend.click();
  await expect(page.getByText("We have sent a new code.")).toBeVisible();
  const loginCode = pinFrom((await waitForSms(phone, loginAfter)).text);
  const verify = page.getByRole("button", { name: "Verify" });
  await waitUntilHydrated(page, verify);
  await typePin(page, "value", loginCode);
  await verify.click();
  await page.waitForURL("**/mypage");
  await page.goto("/mypage/login-history");
  await expect(page.getByRole("table").locator("tbody tr").first()).toContainText("Password + SMS code");
  // The header's menu tells the member it is on.
  await waitUntilHydrated(page, page.getByRole("button", { name: "Account menu" }));
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("link", { name: "Two-step verification On" })).toBeVisible();
});
