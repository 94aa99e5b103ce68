/**
 * Issue 28: the browser loads the base texts and only the groups a page's routes ask for (account,
 * forms). Every page must still show words, never keys, after hydration, and moving to a page of
 * another group by a client-side navigation must bring its texts before it shows; switching language
 * by the footer's link changes every text on the page.
 */
import type { Page } from "@playwright/test";
import { newEmail, signUpMember, waitUntilHydrated } from "./helpers.ts";
import { expect, test } from "./visitor.ts";

/** A translation key shown as text: `mypage.multiFactorPage.title`, `validation.email.format`… */
const RAW_KEY =
  /\b(?:mypage|validation|field|widgets|form|screens|common|shell|errorPage|format|login|home)\.[a-zA-Z]+/;

/** Console errors React reports when the browser's texts differ from the server's. */
function watchHydration(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|did not match/i.test(message.text()))
      problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

async function expectWords(page: Page, where: string) {
  await waitUntilHydrated(page, page.locator("footer").first());
  // What a person reads: the page's regions (the body also holds the data scripts, full of keys).
  const text = (await page.locator("header, main, footer, dialog").allTextContents()).join("\n");
  expect(RAW_KEY.exec(text)?.[0] ?? null, `${where}: a key shown as text`).toBeNull();
}

const GUEST_PAGES = [
  "/",
  "/login",
  "/login?loginType=authCode",
  "/signup/email",
  "/password/forgot",
  "/no-such-page",
];
const MEMBER_PAGES = [
  "/mypage",
  "/mypage/edit",
  "/mypage/edit/complete",
  "/mypage/multi-factor",
  "/mypage/multi-factor/sms",
  "/mypage/consent?type=privacy",
  "/mypage/login-history",
  "/mypage/payment-history",
];

for (const language of ["ja", "en"] as const) {
  test(`every kind of page shows its words after hydration, and navigations bring their texts (${language})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const problems = watchHydration(page);
    for (const path of GUEST_PAGES) {
      await page.goto(`${path}${path.includes("?") ? "&" : "?"}lng=${language}`);
      await expectWords(page, path);
    }
    // The sign-up helper reads Japanese labels.
    await page.goto("/?lng=ja");
    await signUpMember(page, newEmail(`texts-${language}`), "Texts2026words");
    for (const path of MEMBER_PAGES) {
      await page.goto(`${path}${path.includes("?") ? "&" : "?"}lng=${language}`);
      await expectWords(page, path);
    }
    // Client-side: a light page → my page (account texts) → a form in it (form texts).
    await page.goto(`/mypage/edit/complete?lng=${language}`);
    await expectWords(page, "/mypage/edit/complete");
    await page.locator("main a[href='/mypage']").first().click();
    await page.waitForURL("**/mypage");
    await expectWords(page, "→ /mypage");
    await page.locator("main a[href='/mypage/edit']").first().click();
    await page.waitForURL("**/mypage/edit");
    await expect(page.locator('[data-field="givenName"]')).toBeVisible();
    await expectWords(page, "→ /mypage/edit");
    // The footer's other language, a client-side navigation: every text changes, forms' included.
    const other = language === "ja" ? "en" : "ja";
    const heading = await page.locator("main h1").first().textContent();
    await page.locator(`footer a[hreflang="${other}"]`).click();
    await expect(page.locator("html")).toHaveAttribute("lang", other);
    await expect(page.locator("main h1").first()).not.toHaveText(heading ?? "");
    await expect(page.locator('[data-field="givenName"] label').first()).toHaveText(
      other === "en" ? /Given name/ : /名/,
    );
    await expectWords(page, `→ /mypage/edit?lng=${other}`);
    expect(problems).toEqual([]);
  });
}
