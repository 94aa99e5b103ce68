/**
 * Issue 39 §4: with a session older than 10 minutes (seeded: logged in 20 minutes before the
 * server started), turning off a second factor and changing the e-mail ask for the password first,
 * on the page itself, and then go on; until then the API changes nothing.
 */
import type { Page } from "@playwright/test";
import { SESSION_COOKIE } from "../../server/identity/sessions.ts";
import { newEmail, pinFrom, waitForMail, waitUntilHydrated } from "./helpers.ts";
import { SEEDED_PASSWORD, STALE_SESSION_MEMBERS } from "./seeded-members.ts";
import { expect, test } from "./visitor.ts";

const TEXT = {
  ja: {
    title: "ご本人確認",
    confirm: "確認する",
    wrong: "パスワードが正しくありません。",
    disableEmail: "メール: オフにする",
    disable: "オフにする",
    complete: "/mypage/multi-factor/complete",
    sendCode: "認証コードを送信する",
    codeSubject: "メールアドレス変更用認証コード",
    verify: "認証する",
  },
  en: {
    title: "Confirm it's you",
    confirm: "Confirm",
    wrong: "The password is incorrect.",
    disableEmail: "E-mail: Turn off",
    disable: "Turn off",
    complete: "/mypage/multi-factor/complete",
    sendCode: "Send the code",
    codeSubject: "e-mail change code",
    verify: "Verify",
  },
} as const;

/** This browser carries a seeded member's 20-minute-old session. */
async function useStaleSession(page: Page, member: keyof typeof STALE_SESSION_MEMBERS) {
  const { origin } = new URL(page.url());
  await page
    .context()
    .addCookies([{ name: SESSION_COOKIE, value: STALE_SESSION_MEMBERS[member].sessionToken, url: origin }]);
}

/** What the API answers a call the page would make, sent from the page (same origin, same cookies). */
function callFromPage(page: Page, path: string, body: unknown) {
  return page.evaluate(
    async ([url, payload]) => {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(payload),
      });
      return { status: response.status, body: await response.json() };
    },
    [path, body] as const,
  );
}

async function reauthenticate(page: Page, text: (typeof TEXT)["ja" | "en"]) {
  await expect(page.getByRole("heading", { level: 1, name: text.title })).toBeVisible();
  const password = page.locator('[data-field="password"] input');
  await waitUntilHydrated(page, page.getByRole("button", { name: text.confirm }));
  await password.fill("Wrong-password-1");
  await page.getByRole("button", { name: text.confirm }).click();
  await expect(page.locator('[data-field="password"]')).toContainText(text.wrong);
  await password.fill(SEEDED_PASSWORD);
  await page.getByRole("button", { name: text.confirm }).click();
  await expect(page.getByRole("heading", { level: 1, name: text.title })).toBeHidden();
}

for (const language of ["ja", "en"] as const) {
  const text = TEXT[language];

  test(`turning off a second factor asks for the password first, then goes on (${language})`, async ({
    page,
  }) => {
    await page.goto(`/?lng=${language}`);
    await useStaleSession(page, language === "ja" ? "multiFactorJa" : "multiFactorEn");
    await page.goto("/mypage/multi-factor?confirm=disable&about=Email");
    // In place of the settings: the password, and nothing that turns anything off.
    await expect(page.getByRole("heading", { level: 1, name: text.title })).toBeVisible();
    await expect(page.getByRole("button", { name: text.disable })).toHaveCount(0);
    const refused = await callFromPage(page, "/zapi/account/disable-multi-factor", {
      multiFactorType: "Email",
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "REAUTHENTICATION_REQUIRED" });

    await reauthenticate(page, text);
    // The page goes on where the member was: the question about turning e-mail off.
    await expect(page).toHaveURL(/\/mypage\/multi-factor\?confirm=disable&about=Email$/);
    await page.getByRole("dialog").getByRole("button", { name: text.disable }).click();
    await page.waitForURL(`**${text.complete}`);
    await page.goto("/mypage/multi-factor");
    await expect(page.getByRole("link", { name: text.disableEmail })).toHaveCount(0);
  });
}

test("changing the e-mail asks for the password first, then goes on (en)", async ({ page }) => {
  const text = TEXT.en;
  await page.goto("/?lng=en");
  await useStaleSession(page, "emailEn");
  await page.goto("/mypage/email/edit");
  await expect(page.locator('[data-field="email"]')).toHaveCount(0);
  const refused = await callFromPage(page, "/zapi/account/email/edit/send-pin-code", {
    type: "mailEdit",
    email: "thief@example.jp",
    emailConfirm: "thief@example.jp",
  });
  expect(refused.status).toBe(403);

  await reauthenticate(page, text);
  const next = newEmail("reauth-next");
  await page.locator('[data-field="email"] input').fill(next);
  await page.locator('[data-field="emailConfirm"] input').fill(next);
  const sentAfter = Date.now() - 1000;
  await page.getByRole("button", { name: text.sendCode }).click();
  await page.waitForURL("**/mypage/email/edit/pin-code");
  const mail = await waitForMail(next, text.codeSubject, sentAfter);
  await page.locator('[data-field="pinCode"] input').first().fill(pinFrom(mail.text));
  await page.getByRole("button", { name: text.verify }).click();
  await page.waitForURL("**/mypage/email/edit/complete");

  // The old address hears of it, with the way back: the link puts it back and logs everyone out.
  const notice = await waitForMail(
    STALE_SESSION_MEMBERS.emailEn.email,
    "Your e-mail address was changed",
    sentAfter,
  );
  const link = /https?:\/\/\S+\/email\/recover\?token=[A-Za-z0-9_-]+/.exec(notice.text)?.[0];
  expect(link).toBeTruthy();
  await page.goto(new URL(link ?? "").pathname + new URL(link ?? "").search);
  await expect(page.getByRole("heading", { level: 1, name: "Put your e-mail address back" })).toBeVisible();
  await page.getByRole("button", { name: "Put it back" }).click();
  await page.waitForURL("**/email/recover/complete");
  await expect(page.getByRole("heading", { level: 1, name: "Your e-mail address is back" })).toBeVisible();
  await waitForMail(STALE_SESSION_MEMBERS.emailEn.email, "Resetting your password", sentAfter);
  await page.goto("/mypage");
  await page.waitForURL(/\/login/);
});
