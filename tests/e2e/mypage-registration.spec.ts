/** Issue 23 §2: a member edits the registration info from "my page"; the change is kept. */
import { newEmail, signUpMember, waitUntilHydrated } from "./helpers.ts";
import { expect, test } from "./visitor.ts";

const PASSWORD = "Mypage2026pass";

for (const language of ["ja", "en"] as const) {
  const text =
    language === "ja"
      ? {
          row: "登録情報",
          save: "保存する",
          done: "登録情報の変更が完了しました",
          required: "※名を入力してください。",
        }
      : {
          row: "Your details",
          save: "Save",
          done: "Your details have been updated",
          required: "Given name is required.",
        };

  test(`a member edits the registration info, which is kept after a reload (${language})`, async ({
    page,
  }) => {
    await signUpMember(page, newEmail(`registration-${language}`), PASSWORD);
    // The language is remembered from here on.
    await page.goto(`/mypage?lng=${language}`);
    await page.getByRole("link", { name: text.row }).click();
    await page.waitForURL("**/mypage/edit");
    const save = page.getByRole("button", { name: text.save });
    await waitUntilHydrated(page, save);
    // Prefilled with what sign-up stored.
    await expect(page.locator('[data-field="familyName"] input')).toHaveValue("山田");
    await expect(page.locator('[data-field="prefecture"] select')).toHaveValue("13");

    // A required field emptied is refused on the page, and nothing is sent.
    await page.locator('[data-field="givenName"] input').fill("");
    await save.click();
    await expect(page.locator('[data-field="givenName"]')).toContainText(text.required);
    await expect(page).toHaveURL(/\/mypage\/edit$/);

    await page.locator('[data-field="givenName"] input').fill("桜子");
    await page.locator('[data-field="nickname"] input').fill("さくら");
    await save.click();
    await page.waitForURL("**/mypage/edit/complete");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(text.done);

    await page.goto("/mypage/edit");
    await expect(page.locator('[data-field="givenName"] input')).toHaveValue("桜子");
    await expect(page.locator('[data-field="nickname"] input')).toHaveValue("さくら");
    await page.reload();
    await expect(page.locator('[data-field="givenName"] input')).toHaveValue("桜子");
  });
}
