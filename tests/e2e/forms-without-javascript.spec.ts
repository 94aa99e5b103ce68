/**
 * Issue 22: every form posts to its route action, so the journeys complete as plain HTML form posts
 * — before hydration, on a phone whose script is slow, or with JavaScript off.
 */
import type { Browser, Page } from "@playwright/test";
import { fillRegistrationForm, newEmail, pinFrom, skipSignupPlans, waitForMail } from "./helpers.ts";
import { expect, test } from "./visitor.ts";

const PASSWORD = "Nojs2026pass";
const NEW_PASSWORD = "Nojs2026reset";

test.describe.configure({ mode: "serial" });

let email = "";

async function withoutScripts(browser: Browser, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test("sign-up: e-mail, PIN, registration form and completion, without JavaScript", async ({ browser }) => {
  email = newEmail("nojs");
  await withoutScripts(browser, async (page) => {
    await page.goto("/signup/auth");
    // Sent without the policy consent: the page comes back with the message and the address kept.
    await page.locator('[data-field="email"] input').fill(email);
    await page.getByRole("button", { name: "認証コードを送信する" }).click();
    await expect(page.locator('[data-field^="policy_"]').first()).toContainText("※");
    await expect(page.locator('[data-field="email"] input')).toHaveValue(email);
    // Without a script the boxes are free: no hint says to scroll first (issue 41 §10).
    await expect(page.getByText("最後までスクロールすると同意できます。")).toHaveCount(0);
    const consents = page.locator('[data-field^="policy_"] input[type="checkbox"]');
    for (let index = 0; index < (await consents.count()); index++) await consents.nth(index).check();
    const sentAfter = Date.now() - 1000;
    await page.getByRole("button", { name: "認証コードを送信する" }).click();
    await page.waitForURL("**/signup/pin-code");

    // A wrong code is refused; the mailed one, typed into the first box, goes on.
    const mail = await waitForMail(email, "会員登録用認証コード", sentAfter);
    const code = pinFrom(mail.text);
    const wrong = code === "000000" ? "111111" : "000000";
    await page.locator('[data-field="pinCode"] input').first().fill(wrong);
    await page.getByRole("button", { name: "認証する" }).click();
    await expect(page.locator('[data-field="pinCode"]')).toContainText("※");
    await page.locator('[data-field="pinCode"] input').first().fill(code);
    await page.getByRole("button", { name: "認証する" }).click();
    await page.waitForURL("**/signup/form");

    // An empty registration form: the summary at the top, a message per field, nothing stored.
    await page.getByRole("button", { name: "登録する" }).click();
    await expect(page.locator(".sf-error-summary")).toBeVisible();
    await expect(page.locator('[data-field="familyName"]')).toContainText("※");
    await expect(page).toHaveURL(/\/signup\/form$/);

    // Typed as the page shows them, with separators: the server reads them as the widgets would.
    await fillRegistrationForm(page, PASSWORD, { birthday: "1990/04/15", postalCode: "100-0001" });
    await page.getByRole("button", { name: "登録する" }).click();
    await skipSignupPlans(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});

test("password forgot → reset → complete, then login by password, without JavaScript", async ({
  browser,
}) => {
  test.skip(!email, "needs the member signed up by the test before");
  await withoutScripts(browser, async (page) => {
    await page.goto("/password/forgot");
    await page.locator('[data-field="email"] input').fill(email);
    const sentAfter = Date.now() - 1000;
    await page.getByRole("button", { name: "送信する" }).click();
    await page.waitForURL("**/password/forgot/complete");
    const mail = await waitForMail(email, "パスワード", sentAfter);
    const link = new URL(/(https?:\/\/\S+\/password\/reset\?token=[\w-]+)/.exec(mail.text)?.[1] ?? "");
    await page.goto(link.pathname + link.search);

    // Two different passwords: refused with the message, the token kept for the next try.
    await page.locator('[data-field="password"] input').fill(NEW_PASSWORD);
    await page.locator('[data-field="passwordConfirm"] input').fill(`${NEW_PASSWORD}x`);
    await page.getByRole("button", { name: "パスワードを設定する" }).click();
    await expect(page.locator('[data-field="passwordConfirm"]')).toContainText("※");
    await page.locator('[data-field="password"] input').fill(NEW_PASSWORD);
    await page.locator('[data-field="passwordConfirm"] input').fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "パスワードを設定する" }).click();
    await page.waitForURL("**/password/reset/complete");

    // An empty login comes back with the spec's message and the identifier kept; then it logs in.
    await page.goto("/login?returnTo=%2Fmypage");
    // The passkey button needs the browser's WebAuthn, so a script: it says so, and does nothing.
    // (A CSS locator: Playwright's text search leaves <noscript> out.)
    await expect(page.locator(".login__passkey-note")).toHaveText(
      "パスキーでログインするには、ブラウザの JavaScript を有効にしてください。",
    );
    await expect(page.locator(".login__passkey-note")).toBeVisible();
    await expect(page.getByRole("button", { name: "パスキーでログイン" })).toBeDisabled();
    await page.locator('[data-field="emailUserId"] input').fill(email);
    await page.getByRole("button", { name: "ログイン", exact: true }).click();
    await expect(page.locator('[data-field="password"]')).toContainText("※パスワードを入力してください。");
    await expect(page.locator('[data-field="emailUserId"] input')).toHaveValue(email);
    await page.locator('[data-field="password"] input').fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "ログイン", exact: true }).click();
    await page.waitForURL("**/mypage");
    await expect(page.getByRole("heading", { level: 1, name: "マイページ" })).toBeVisible();
    // Guest-only pages send a member to My Page.
    await page.goto("/signup/auth");
    await expect(page).toHaveURL(/\/mypage$/);
  });
});

test("login by an e-mailed code, without JavaScript", async ({ browser }) => {
  test.skip(!email, "needs the member signed up by the test before");
  await withoutScripts(browser, async (page) => {
    await page.goto("/login?loginType=authCode");
    await page.locator('[data-field="email"] input').fill(email);
    const sentAfter = Date.now() - 1000;
    await page.getByRole("button", { name: "認証コードを送信する" }).click();
    await page.waitForURL("**/login/code");
    const mail = await waitForMail(email, "ログイン用認証コード", sentAfter);
    await page.locator('[data-field="authCode"] input').first().fill(pinFrom(mail.text));
    await page.getByRole("button", { name: "ログイン", exact: true }).click();
    await page.waitForURL("**/mypage");

    // The account menu opens by itself (a <details>) and logs out with a post.
    await page.locator("summary", { hasText: "アカウントメニュー" }).click();
    await page.getByRole("button", { name: "ログアウト" }).click();
    await page.waitForURL("**/logout");
    await page.goto("/mypage");
    await expect(page).toHaveURL(/\/login\?/);
  });
});

test("my page: registration info, the e-mail address and a consent switch, changed without JavaScript", async ({
  browser,
}) => {
  test.skip(!email, "needs the member signed up by the test before");
  await withoutScripts(browser, async (page) => {
    await page.goto("/login?returnTo=%2Fmypage%2Fedit");
    await page.locator('[data-field="emailUserId"] input').fill(email);
    await page.locator('[data-field="password"] input').fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "ログイン", exact: true }).click();
    await page.waitForURL("**/mypage/edit");

    // The stored values are in the page as sent; a required field emptied comes back with its message.
    await expect(page.locator('[data-field="familyName"] input')).toHaveValue("山田");
    await page.locator('[data-field="familyName"] input').fill("");
    await page.getByRole("button", { name: "保存する" }).click();
    await expect(page.locator('[data-field="familyName"]')).toContainText("※");
    await page.locator('[data-field="familyName"] input').fill("佐藤");
    await page.getByRole("button", { name: "保存する" }).click();
    await page.waitForURL("**/mypage/edit/complete");
    await page.goto("/mypage/edit");
    await expect(page.locator('[data-field="familyName"] input')).toHaveValue("佐藤");

    const next = newEmail("nojs-next");
    await page.goto("/mypage/email/edit");
    await page.locator('[data-field="email"] input').fill(next);
    await page.locator('[data-field="emailConfirm"] input').fill(next);
    const sentAfter = Date.now() - 1000;
    await page.getByRole("button", { name: "認証コードを送信する" }).click();
    await page.waitForURL("**/mypage/email/edit/pin-code");
    const mail = await waitForMail(next, "メールアドレス変更用認証コード", sentAfter);
    await page.locator('[data-field="pinCode"] input').first().fill(pinFrom(mail.text));
    await page.getByRole("button", { name: "認証する" }).click();
    await page.waitForURL("**/mypage/email/edit/complete");
    await page.goto("/mypage");
    await expect(page.getByRole("article")).toContainText(next);

    // A consent switch is a form's button: the change posts, and the page comes back flipped.
    await page.goto("/mypage/consent?type=privacy");
    const partners = page.getByRole("switch", { name: "提携先の広告への利用" });
    await expect(partners).toHaveAttribute("aria-checked", "false");
    await partners.click();
    await expect(page).toHaveURL(/\/mypage\/consent\?type=privacy$/);
    await expect(partners).toHaveAttribute("aria-checked", "true");
    await page.goto("/mypage/consent?type=privacy");
    await expect(partners).toHaveAttribute("aria-checked", "true");

    // The member menu opens without a script too, and logs out (issue 41 §10).
    await page.locator(".user-menu summary").click();
    await page.getByRole("button", { name: "ログアウト" }).click();
    await page.waitForURL("**/logout");
    await page.goto("/mypage");
    await page.waitForURL("**/login?returnTo=%2Fmypage");
  });
});
