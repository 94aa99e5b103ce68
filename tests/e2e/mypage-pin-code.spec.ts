/**
 * Issue 25 §3: a member sets the TV-profile PIN from "my page" — the mismatch message first, then
 * the PIN is set and the completion page leads back. At a phone's and a desktop's width, in both
 * languages.
 */
import { newEmail, signUpMember, typePin, waitUntilHydrated } from "./helpers.ts";
import { expect, test } from "./visitor.ts";

const TEXT = {
  ja: {
    row: "PINコード設定",
    submit: "設定する",
    mismatch: "確認用PINコードが一致しません。",
    done: "PINコード設定完了",
    lead: "PINコード設定が完了しました。",
    back: "マイページへ戻る",
  },
  en: {
    row: "PIN code",
    submit: "Set",
    mismatch: "The confirmation PIN does not match.",
    done: "PIN code set",
    lead: "Your PIN code has been set.",
    back: "Back to My Page",
  },
} as const;

for (const [language, width] of [
  ["ja", 375],
  ["en", 1280],
] as const) {
  const text = TEXT[language];

  test(`a member sets the TV-profile PIN after a mismatch (${language}, ${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signUpMember(page, newEmail(`tv-pin-${language}`), "TvPin2026pass");
    await page.goto(`/mypage?lng=${language}`);
    await page.getByRole("article").getByRole("link", { name: text.row }).click();
    await page.waitForURL("**/mypage/pin-code");
    const submit = page.getByRole("button", { name: text.submit, exact: true });
    await waitUntilHydrated(page, submit);

    // The button waits for all 8 boxes.
    await typePin(page, "pinCode", "0427");
    await expect(submit).toBeDisabled();
    await typePin(page, "pinCodeConfirm", "0428");
    await submit.click();
    await expect(page.locator('[data-field="pinCodeConfirm"]')).toContainText(text.mismatch);
    await expect(page).toHaveURL(/\/mypage\/pin-code$/);

    await typePin(page, "pinCodeConfirm", "0427");
    await expect(page.locator('[data-field="pinCodeConfirm"]')).not.toContainText(text.mismatch);
    await submit.click();
    await page.waitForURL("**/mypage/pin-code/complete");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.done);
    await expect(page.getByText(text.lead)).toBeVisible();
    await page.getByRole("link", { name: text.back }).click();
    await expect(page).toHaveURL(/\/mypage$/);
  });
}
