/**
 * Issue 25 §2: a member flips newsletter and privacy switches from "my page" and finds them kept
 * after a reload; a change the server refuses leaves the switch as it was, with the message above
 * the list. At a desktop's and a phone's width, in both languages.
 */
import type { Page } from "@playwright/test";
import { EDITS_STORE, newEmail, readStoreFile, runWithStore, signUpMember } from "./helpers.ts";
import { expect, test } from "./visitor.ts";

const TEXT = {
  ja: {
    newsletterRow: "メールマガジン",
    privacyRow: "プライバシー管理",
    weekly: "今週のおすすめ",
    partners: "提携先の広告への利用",
    notes: "お客様の情報の利用について",
    policy: "プライバシーポリシー",
    failed: "更新に失敗しました。",
    weeklyOff: "今週のおすすめをオフにしました。",
    partnersOn: "提携先の広告への利用をオンにしました。",
  },
  en: {
    newsletterRow: "Newsletter",
    privacyRow: "Privacy settings",
    weekly: "This week's picks",
    partners: "Use for partners' advertising",
    notes: "Choose, item by item",
    policy: "Privacy Policy",
    failed: "The update failed.",
    weeklyOff: "This week's picks is now off.",
    partnersOn: "Use for partners' advertising is now on.",
  },
} as const;

/**
 * Flips a switch by keyboard and waits until the page's reloaded data shows the new value: the
 * switch keeps the focus and the new state is announced (issue 41 §7).
 */
async function flip(page: Page, name: string, to: boolean, announced: string) {
  const control = page.getByRole("switch", { name });
  await expect(control).toHaveAttribute("aria-checked", String(!to));
  await control.focus();
  await page.keyboard.press("Space");
  await expect(control).toHaveAttribute("aria-checked", String(to));
  await expect(control).toBeEnabled();
  await expect(control).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: announced })).toHaveCount(1);
}

for (const [language, width] of [
  ["ja", 1280],
  ["en", 375],
] as const) {
  const text = TEXT[language];

  test(`a member flips newsletter and privacy switches, kept after reload (${language}, ${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await signUpMember(page, newEmail(`consent-${language}`), "Consent2026pass");

    await page.goto(`/mypage?lng=${language}`);
    await page.getByRole("article").getByRole("link", { name: text.newsletterRow }).click();
    await page.waitForURL("**/mypage/consent?type=newsletter");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.newsletterRow);
    await flip(page, text.weekly, false, text.weeklyOff);
    await page.reload();
    await expect(page.getByRole("switch", { name: text.weekly })).toHaveAttribute("aria-checked", "false");

    await page.goto(`/mypage?lng=${language}`);
    await page.getByRole("article").getByRole("link", { name: text.privacyRow }).click();
    await page.waitForURL("**/mypage/consent?type=privacy");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.privacyRow);
    await expect(page.getByText(text.notes)).toBeVisible();
    const policy = page.getByRole("article").getByRole("link", { name: text.policy });
    await expect(policy).toHaveAttribute("href", "/privacy");
    await expect(policy).toHaveAttribute("target", "_blank");
    await flip(page, text.partners, true, text.partnersOn);
    await page.reload();
    await expect(page.getByRole("switch", { name: text.partners })).toHaveAttribute("aria-checked", "true");
    // The newsletter's change is still there too.
    await page.goto("/mypage/consent?type=newsletter");
    await expect(page.getByRole("switch", { name: text.weekly })).toHaveAttribute("aria-checked", "false");
  });
}

test.describe("a change the server refuses", EDITS_STORE, () => {
  let demoStoreText = "";
  test.beforeAll(() => {
    demoStoreText = readStoreFile();
  });
  test.afterAll(async ({ request }) => {
    await runWithStore(request, demoStoreText);
  });

  test("leaves the switch as it was and says so above the list", async ({ page, request }) => {
    await signUpMember(page, newEmail("consent-refused"), "Consent2026pass");
    await page.goto("/mypage/consent?type=newsletter");
    const weekly = page.getByRole("switch", { name: TEXT.ja.weekly });
    await expect(weekly).toHaveAttribute("aria-checked", "true");

    // The operator retires the option while the page is open.
    const store = JSON.parse(demoStoreText);
    store.consentOptions.newsletter = store.consentOptions.newsletter.filter(
      (option: { key: string }) => option.key !== "weeklyPicks",
    );
    await runWithStore(request, JSON.stringify(store, null, 2));

    await weekly.click();
    await expect(page.getByRole("alert")).toHaveText(TEXT.ja.failed);
    await expect(weekly).toHaveAttribute("aria-checked", "true");
    await expect(weekly).toBeEnabled();
  });
});
