/**
 * Issue 41 §6: every account page keeps one layout at 1280 px — a sub-page keeps the side menu and
 * the content column of /mypage with its Back link above the page, its form at a readable width with
 * the primary button as wide as the fields, and a completion page is the sign-up completion's card.
 * On a phone a sub-page shows just its Back link (spec §2).
 */
import { newEmail, signUpMember } from "./helpers.ts";
import { expect, test } from "./visitor.ts";

test("account pages share the content column, a readable form width and one completion card", async ({
  page,
}) => {
  await signUpMember(page, newEmail("layout"), "Layout2026pass");
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto("/mypage");
  const column = await page.locator("main").boundingBox();
  expect(column).not.toBeNull();

  await page.goto("/mypage/password/edit");
  const main = await page.locator("main").boundingBox();
  const menu = page.getByRole("navigation", { name: "マイページメニュー" });
  await expect(menu).toBeVisible();
  const side = await menu.boundingBox();
  const back = await page.getByRole("link", { name: "戻る", exact: true }).boundingBox();
  const form = await page.locator("main .sf-form").boundingBox();
  const field = await page.locator('[data-field="oldPassword"] .sf-input-row').boundingBox();
  const button = await page.getByRole("button", { name: "変更する" }).boundingBox();
  if (!column || !main || !side || !back || !form || !field || !button)
    throw new Error("a part of the page is missing");
  // The side menu of /mypage, the same column, the Back link above the page in that column.
  expect(side.x + side.width).toBeLessThan(main.x);
  expect(Math.abs(main.x - column.x)).toBeLessThanOrEqual(1);
  expect(back.x).toBeGreaterThanOrEqual(main.x - 8);
  expect(back.y + back.height).toBeLessThanOrEqual(main.y);
  // A readable form, its button aligned with the fields.
  expect(form.width).toBeLessThanOrEqual(560);
  expect(Math.abs(button.x - field.x)).toBeLessThanOrEqual(1);
  expect(Math.abs(button.x + button.width - (field.x + field.width))).toBeLessThanOrEqual(1);

  await page.goto("/mypage/password/edit/complete");
  const card = page.locator("main .page-card");
  await expect(card.getByRole("heading", { level: 1 })).toHaveText("パスワードの変更が完了しました");
  await expect(card.getByRole("link", { name: "マイページへ戻る" })).toBeVisible();

  // On a phone the button is as wide as the fields too.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/mypage/password/edit");
  await expect(page.getByRole("link", { name: "戻る", exact: true })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "マイページメニュー" })).toBeHidden();
  const narrowField = await page.locator('[data-field="oldPassword"] .sf-input-row').boundingBox();
  const narrowButton = await page.getByRole("button", { name: "変更する" }).boundingBox();
  if (!narrowField || !narrowButton) throw new Error("a part of the page is missing");
  expect(Math.abs(narrowButton.width - narrowField.width)).toBeLessThanOrEqual(1);
});
