/**
 * Issue 25 §5: the footer's 利用規約 and プライバシーポリシー open the policies in force, in both
 * languages, with the day they took effect; an unknown policy is a plain 404.
 */
import { expect, test } from "./visitor.ts";

const TEXT = {
  ja: { terms: "利用規約", privacy: "プライバシーポリシー", termsTitle: "ソラミル利用規約", inForce: "施行" },
  en: {
    terms: "Terms of use",
    privacy: "Privacy policy",
    termsTitle: "Soramiru Terms of Use",
    inForce: "In force since",
  },
} as const;

for (const [language, width] of [
  ["ja", 375],
  ["en", 1280],
] as const) {
  const text = TEXT[language];

  test(`the footer opens the terms and the privacy policy (${language}, ${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/?lng=${language}`);
    await page.getByRole("contentinfo").getByRole("link", { name: text.terms, exact: true }).click();
    await page.waitForURL("**/terms");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.termsTitle);
    await expect(page.locator("time")).toContainText(text.inForce);
    await expect(page.locator(".policy-document h2").first()).toBeVisible();

    await page.getByRole("contentinfo").getByRole("link", { name: text.privacy, exact: true }).click();
    await page.waitForURL("**/privacy");
    await expect(page.locator(".policy-document")).not.toBeEmpty();
  });
}

test("an unknown policy is a 404", async ({ page }) => {
  const response = await page.goto("/policies/no-such-policy");
  expect(response?.status()).toBe(404);
});
