/**
 * The console edits the store (ARCHITECTURE.md "Operators and staff"): an owner set up through the
 * link signs in, makes the kana name required and adds a custom choice to the registration form,
 * sees what the draft changes, publishes it with a note; a member signing up in another browser
 * gets the new form on the next request; the history names the version's author, and going back
 * to the version before restores the old form. A bad edit (an empty service name, a plan whose
 * sales end before they start) is refused on its field and nothing is published. Runs on the store-edits lane: publishing changes the store every page there reads.
 */
import type { Page } from "@playwright/test";
import { totpCode } from "../totp.ts";
import { EDITS_STORE, newEmail, serverNow, signUpToForm } from "./helpers.ts";
import { CONSOLE_SETTINGS_STAFF } from "./seeded-members.ts";
import { expect, nextVisitorAddress, test } from "./visitor.ts";

const PASSWORD = "correct horse battery staple";
/** A 1×1 PNG, as an operator's logo file. */
const ONE_PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==",
  "base64",
);

/** A code of the next 30-second step: each code signs in once. */
async function nextCode(page: Page, secret: string): Promise<string> {
  const now = await serverNow(page);
  return totpCode(secret, now + 30_000);
}

async function signInToConsole(page: Page) {
  const { email, setupToken } = CONSOLE_SETTINGS_STAFF;
  await page.goto(`/console/setup?token=${setupToken}&lng=ja`);
  const secret = ((await page.locator(".console-card__secret").textContent()) ?? "").replace(/\s/g, "");
  await page.locator("input[name=password]").fill(PASSWORD);
  await page.locator("input[name=code]").fill(totpCode(secret, await serverNow(page)));
  await page.getByRole("button", { name: "設定を完了する" }).click();
  await expect(page).toHaveURL(/\/console\/login\?setup=done$/);
  await page.locator("input[name=email]").fill(email);
  await page.locator("input[name=password]").fill(PASSWORD);
  await page.locator("input[name=code]").fill(await nextCode(page, secret));
  await page.getByRole("button", { name: "サインイン" }).click();
  await expect(page).toHaveURL(/\/console$/);
}

test.describe("editing the store in the console", EDITS_STORE, () => {
  test("an owner publishes a registration form change, a member gets it, a rollback restores it", async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInToConsole(page);
    await page.getByRole("link", { name: "ストア設定" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("ストア設定");
    // Other tests of this lane edit the store file before or after this one: each edit is a version.
    const inForceText = await page.getByRole("link", { name: /公開中の版: \d+/ }).textContent();
    const inForce = Number(/(\d+)/.exec(inForceText ?? "")?.[1]);
    const publication = inForce + 1;

    // A bad edit: the service name emptied is refused on its field, and nothing is saved.
    await page.getByRole("link", { name: "サービス", exact: true }).click();
    const serviceName = page.locator('[data-field="serviceName"] input');
    await expect(serviceName).toBeEditable();
    await serviceName.fill("");
    await page.getByRole("button", { name: "下書きに保存" }).click();
    await expect(page.locator('[data-field="serviceName"] .sf-field__error')).toBeVisible();
    await expect(page).toHaveURL(/\/console\/settings\/store\/service$/);
    await page.getByRole("link", { name: "ストア設定に戻る" }).click();
    await expect(page.getByText("下書きはありません。")).toBeVisible();

    // The registration form: the kana name required, and a choice of its own added. Usable at a
    // phone's width too: nothing wider than the screen.
    await page.getByRole("link", { name: "会員登録の項目" }).click();
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.locator('[data-field="nameKana"]')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 900 });
    const kana = page.locator('[data-field="nameKana"]');
    await kana.getByText("必須", { exact: true }).click();
    await expect(kana.getByRole("radio", { name: "必須" })).toBeChecked();
    await page.getByRole("button", { name: "独自の登録項目を追加" }).click();
    // The new item is the last of the outer list (the first item's options are lists too).
    const item = page.locator(".console-list").first().locator(":scope > .console-list-item").last();
    await expect(item.getByRole("group", { name: "4件目" })).toBeVisible();
    await item.locator('[data-field="id"] input').first().fill("plan-interest");
    await item.locator('[data-field="title"] input').fill("興味のあるプラン");
    await item.locator('[data-field="type"] select').selectOption({ label: "選択肢から選ぶ" });
    await item.locator('[data-field="rule"]').getByText("任意", { exact: true }).click();
    for (const [id, label] of [
      ["basic", "ベーシック"],
      ["premium", "プレミアム"],
    ] as const) {
      await item.getByRole("button", { name: "選択肢を追加" }).click();
      const option = item.locator(".console-list").locator(":scope > .console-list-item").last();
      await option.locator('[data-field="id"] input').fill(id);
      await option.locator('[data-field="label"] input').fill(label);
    }
    await page.getByRole("button", { name: "下書きに保存" }).click();
    await expect(page).toHaveURL(/\/console\/settings\/store\?done=saved$/);
    const changes = page.getByRole("table", { name: "公開中の版との違い" });
    await expect(changes.getByRole("row", { name: /accountRegistrationSetting\.nameKana/ })).toContainText(
      "REQUIRED",
    );
    await expect(changes).toContainText("プレミアム");

    // The preview: the registration form under the version in force and under the draft.
    await page.getByRole("link", { name: "プレビューを見る" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("プレビュー");
    const inForceFrame = page.frameLocator('iframe[title^="公開中の版"]');
    const draftFrame = page.frameLocator('iframe[title^="あなたの下書き"]');
    await expect(draftFrame.locator('[data-field="nameKana"]')).toHaveAttribute("data-required", "true");
    await expect(
      draftFrame.locator('[data-field="custom_plan-interest"] option', { hasText: "プレミアム" }),
    ).toHaveCount(1);
    await expect(inForceFrame.locator('[data-field="familyName"]')).toBeVisible();
    await expect(inForceFrame.locator('[data-field="nameKana"]')).toHaveCount(0);
    const framed = await page.request.get("/console/settings/store/preview/signup-form?of=draft&lng=en");
    expect(framed.headers()["content-security-policy"]).toContain("default-src 'none'");
    expect(framed.headers()["x-frame-options"]).toBe("SAMEORIGIN");
    expect(await framed.text()).not.toContain("<script");
    // In English at a desktop's width too.
    await page.getByRole("link", { name: "1280px" }).click();
    await page.getByRole("link", { name: "English" }).last().click();
    await expect(draftFrame.locator('[data-field="nameKana"]')).toContainText("Required");
    await page.getByRole("link", { name: "ストア設定に戻る" }).click();

    await page.getByLabel("公開のメモ").fill("カナ氏名を必須にし、興味のあるプランを聞く");
    await page.getByRole("button", { name: "公開する" }).click();
    await expect(page).toHaveURL(`/console/versions?kind=store&published=${publication}`);
    await expect(page.getByRole("status")).toHaveText(`版${publication}として公開しました。`);
    const newest = page.locator(".console-version").first();
    await expect(newest.getByRole("heading")).toHaveText(`版${publication}公開中`);
    await expect(newest).toContainText("公開中");
    await expect(newest).toContainText(CONSOLE_SETTINGS_STAFF.email);
    await expect(newest).toContainText("カナ氏名を必須にし、興味のあるプランを聞く");

    // A member signing up in another browser gets the new form on the next request.
    const member = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      locale: "ja-JP",
      timezoneId: "Asia/Tokyo",
      extraHTTPHeaders: { "x-forwarded-for": nextVisitorAddress() },
    });
    const memberPage = await member.newPage();
    await signUpToForm(memberPage, newEmail("console-kana"));
    await expect(memberPage.locator('[data-field="nameKana"]')).toHaveAttribute("data-required", "true");
    const interest = memberPage.locator('[data-field="custom_plan-interest"] select');
    await expect(interest.locator("option", { hasText: "プレミアム" })).toHaveCount(1);
    await memberPage.getByRole("button", { name: "登録する" }).click();
    await expect(memberPage.locator('[data-field="nameKana"] .sf-field__error')).toBeVisible();

    // Back to the version before: published again as the newest, the old form on the next request.
    const first = page
      .locator(".console-version")
      .filter({ has: page.getByRole("heading", { name: `版${inForce}`, exact: true }) });
    await first.getByLabel("戻す理由").fill("キャンペーン終了のため元に戻す");
    await first.getByRole("button", { name: "この版に戻す" }).click();
    await expect(page.getByRole("status")).toHaveText(`版${publication + 1}として公開しました。`);
    await expect(page.locator(".console-version").first()).toContainText("キャンペーン終了のため元に戻す");
    await memberPage.reload();
    await expect(memberPage.locator('[data-field="familyNameKana"]')).toBeVisible();
    await expect(memberPage.locator('[data-field="nameKana"]')).toHaveCount(0);
    await expect(memberPage.locator('[data-field="custom_plan-interest"]')).toHaveCount(0);
    await member.close();

    // A plan whose sales end before they start is refused on the plans, and nothing is saved.
    await page.goto("/console/settings/plans/plans");
    await page.locator('[data-field="salesStartDate"] input').first().fill("2027-01-01T00:00:00+09:00");
    await page.locator('[data-field="salesEndDate"] input').first().fill("2026-12-01T00:00:00+09:00");
    await page.getByRole("button", { name: "下書きに保存" }).click();
    await expect(page.locator('[data-field="plans"] .sf-field__error').first()).toContainText(
      "1件目 › 販売終了日時：販売開始日時より後にしてください。",
    );
    await expect(page).toHaveURL(/\/console\/settings\/plans\/plans$/);
    await page.goto("/console/settings/plans");
    await expect(page.getByText("下書きはありません。")).toBeVisible();

    // An image is uploaded from the form: stored, named by its content, served, and put in the field.
    await page.goto("/console/settings/store/appearance");
    const logo = page.locator('[data-field="logoSp"]');
    await logo.locator('input[type="file"]').setInputFiles({
      name: "not-an-image.png",
      mimeType: "image/png",
      buffer: Buffer.from("<html></html>"),
    });
    await expect(logo.getByRole("alert")).toHaveText(
      "PNG、JPEG、GIF、WebP、SVG、ICOのいずれかの画像を選んでください。",
    );
    await logo
      .locator('input[type="file"]')
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: ONE_PIXEL_PNG });
    await expect(logo.getByRole("textbox")).toHaveValue(/^\/store-assets\/v\/[0-9a-f]{64}\.png$/);
    const uploaded = await page.request.get(await logo.getByRole("textbox").inputValue());
    expect(uploaded.headers()["content-type"]).toBe("image/png");
    await page.getByRole("button", { name: "下書きに保存" }).click();
    await expect(page.getByRole("rowheader", { name: "images.logoSp" })).toBeVisible();
    await page.getByRole("button", { name: "下書きを破棄" }).click();
    await expect(page.getByText("下書きはありません。")).toBeVisible();

    // The audit trail has the publication and the rollback, by this owner.
    await page.goto("/console/audit");
    const rows = page.locator("tbody tr");
    await expect(rows.filter({ hasText: "設定の公開" }).first()).toContainText(CONSOLE_SETTINGS_STAFF.email);
    await expect(rows.filter({ hasText: "設定を以前の版に戻す" }).first()).toContainText(
      CONSOLE_SETTINGS_STAFF.email,
    );
    await expect(rows.filter({ hasText: "画像のアップロード" }).first()).toContainText(
      CONSOLE_SETTINGS_STAFF.email,
    );
    await expect(rows.filter({ hasText: "ファイルから取り込み" }).first()).toContainText(
      "設定ファイルの変更",
    );
  });
});
