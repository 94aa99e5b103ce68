/**
 * Issue 25 §4: a member chooses a picture (any size: the page crops and scales it to 200×200),
 * saves it and sees it in the header; a file of another type is refused on the page; the picture
 * can be removed again. At a phone's and a desktop's width, in both languages.
 */
import { createJimp } from "@jimp/core";
import png from "@jimp/js-png";
import type { Page } from "@playwright/test";
import { newEmail, signUpMember } from "./helpers.ts";
import { expect, test } from "./visitor.ts";

const Jimp = createJimp({ formats: [png] });

const TEXT = {
  ja: {
    row: "プロフィール画像",
    save: "保存する",
    saved: "プロフィール画像を保存しました。",
    remove: "画像を削除する",
    removed: "プロフィール画像を削除しました。",
    wrongType: "JPEG、PNG、GIF形式の画像を選択してください。",
  },
  en: {
    row: "Profile image",
    save: "Save",
    saved: "Your profile image has been saved.",
    remove: "Remove the picture",
    removed: "Your profile image has been removed.",
    wrongType: "Choose a JPEG, PNG or GIF image.",
  },
} as const;

/** The header's picture: its address and its decoded size, or null while it shows the default icon. */
async function headerPicture(page: Page) {
  const image = page.locator("header .avatar img");
  if ((await image.count()) === 0) return null;
  return image.evaluate((element) => {
    const img = element as HTMLImageElement;
    return { src: img.getAttribute("src"), width: img.naturalWidth, height: img.naturalHeight };
  });
}

for (const [language, width] of [
  ["ja", 375],
  ["en", 1280],
] as const) {
  const text = TEXT[language];

  test(`a member uploads a picture, sees it in the header, and removes it (${language}, ${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signUpMember(page, newEmail(`picture-${language}`), "Picture2026pass");
    await page.goto(`/mypage?lng=${language}`);
    await page.getByRole("article").getByRole("link", { name: text.row }).click();
    await page.waitForURL("**/mypage/profile/edit");
    expect(await headerPicture(page)).toBeNull();

    const input = page.locator('input[type="file"]');
    await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await expect(page.getByRole("alert")).toHaveText(text.wrongType);

    // A landscape photo: the page keeps its centred square.
    const photo = await new Jimp({ width: 640, height: 480, color: 0x2e7d32ff }).getBuffer("image/png");
    await input.setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: photo });
    await expect(page.getByRole("img", { name: /プレビュー|Preview/ })).toBeVisible();
    await page.getByRole("button", { name: text.save, exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: text.saved })).toBeVisible();
    await expect.poll(() => headerPicture(page)).toMatchObject({ width: 200, height: 200 });
    expect((await headerPicture(page))?.src).toMatch(/^\/zapi\/account\/profile-image\?v=/);

    // Kept across pages and reloads.
    await page.goto("/mypage");
    await expect.poll(() => headerPicture(page)).toMatchObject({ width: 200, height: 200 });

    await page.goto("/mypage/profile/edit");
    await page.getByRole("button", { name: text.remove }).click();
    await expect(page.getByRole("status").filter({ hasText: text.removed })).toBeVisible();
    await expect.poll(() => headerPicture(page)).toBeNull();
  });
}
