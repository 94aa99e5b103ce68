/**
 * Issue 25 §1: a member reads its own logins — a wrong password and a right one from another
 * browser — in the table on a wide window, then in expandable cards on a phone. In both languages.
 */
import { newEmail, signUpMember } from "./helpers.ts";
import { expect, test } from "./visitor.ts";

const PASSWORD = "History2026pass";
const ELSEWHERE = "203.0.113.77";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

const TEXT = {
  ja: {
    row: "ログイン履歴",
    login: "ログイン",
    success: "成功",
    failure: "失敗",
    device: "Mobile iPhone",
    method: "パスワード",
    deviceIp: "お使いの端末のIPアドレス",
  },
  en: {
    row: "Login history",
    login: "Log in",
    success: "Succeeded",
    failure: "Failed",
    device: "Mobile iPhone",
    method: "Password",
    deviceIp: "This device's IP address",
  },
} as const;

for (const language of ["ja", "en"] as const) {
  const text = TEXT[language];

  test(`a member reads its logins in the table, then in cards (${language})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = newEmail(`history-${language}`);
    await signUpMember(page, email, PASSWORD);

    // Another browser, an iPhone elsewhere: a wrong password, then the right one.
    const phone = await browser.newContext({
      userAgent: SAFARI_IPHONE,
      extraHTTPHeaders: { "x-forwarded-for": ELSEWHERE },
    });
    const phonePage = await phone.newPage();
    await phonePage.goto(new URL(`/login?lng=${language}`, baseURL).href);
    for (const password of ["Wrong2026pass", PASSWORD]) {
      await phonePage.locator('[data-field="emailUserId"] input').fill(email);
      await phonePage.locator('[data-field="password"] input').fill(password);
      await phonePage.getByRole("button", { name: text.login, exact: true }).click();
      // The refusal first: until it arrives the button is busy, and the right password would not be sent.
      if (password !== PASSWORD) await expect(phonePage.getByRole("alert").first()).toBeVisible();
    }
    await phonePage.waitForURL("**/mypage");
    await phone.close();

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/mypage?lng=${language}`);
    await page.getByRole("article").getByRole("link", { name: text.row }).click();
    await page.waitForURL("**/mypage/login-history");
    await expect(page.getByText(text.deviceIp)).toBeVisible();

    const table = page.getByRole("table");
    await expect(table).toBeVisible();
    const rows = table.locator("tbody tr");
    await expect(rows.nth(0)).toContainText(text.success);
    await expect(rows.nth(0)).toContainText(ELSEWHERE);
    await expect(rows.nth(0)).toContainText(text.device);
    await expect(rows.nth(0)).toContainText(text.method);
    await expect(rows.nth(1)).toContainText(text.failure);
    await expect(rows.nth(1)).toContainText(ELSEWHERE);

    // A phone's width: the table gives way to cards that open to show the details.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(table).toBeHidden();
    const newest = page.locator(".login-history__card").first();
    await expect(newest.locator("summary")).toContainText(text.success);
    // A sign that the card opens (issue 41 §11).
    await expect(newest.locator("summary .login-history__marker")).toBeVisible();
    // Closed, it says on what and from where; open, how and from which address.
    await expect(newest.locator("summary")).toContainText(text.device);
    await expect(newest.getByText(ELSEWHERE)).toBeHidden();
    await newest.locator("summary").click();
    await expect(newest.getByText(ELSEWHERE)).toBeVisible();
    await expect(newest.getByText(text.method)).toBeVisible();
  });
}
