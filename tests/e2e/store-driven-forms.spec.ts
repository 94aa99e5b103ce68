import type { Page } from "@playwright/test";
import {
  EDITS_STORE,
  newEmail,
  readStoreFile,
  startSignUp,
  waitUntilHydrated,
  watchPosts,
  writeStoreFile,
} from "./helpers.ts";
import { expect, test } from "./visitor.ts";

const original = () => readStoreFile();

function editStore(edit: (store: { accountRegistrationSetting: Record<string, unknown> }) => void) {
  const store = JSON.parse(original());
  edit(store);
  writeStoreFile(JSON.stringify(store, null, 2));
}

/** The validator module the page names for its form (in the loader data the document carries). */
async function validatorUrlOf(page: Page): Promise<string> {
  const url = /\/form-validators\/[A-Za-z0-9_-]{22}\.js/.exec(await page.content())?.[0];
  expect(url, "the page names its validator module").toBeTruthy();
  return url ?? "";
}

async function fieldState(page: Page, name: string) {
  const field = page.locator(`[data-field="${name}"]`);
  if ((await field.count()) === 0) return "absent";
  return (await field.getAttribute("data-required")) === "true" ? "required" : "optional";
}

test.describe("forms follow the store settings", EDITS_STORE, () => {
  let saved = "";
  test.beforeAll(() => {
    saved = original();
  });
  test.afterAll(() => {
    writeStoreFile(saved);
  });

  test.beforeEach(async ({ page }) => {
    // The form belongs to a sign-up whose e-mail has been proved with a PIN.
    await startSignUp(page, newEmail("rules"), "form");
    await page.goto("/signup/form");
  });

  test("the sign-up form shows the demo store's rules, with badges", async ({ page }) => {
    await expect(page.getByRole("heading", { level: 1, name: "会員情報の登録" })).toBeVisible();
    expect(await fieldState(page, "familyName")).toBe("required");
    expect(await fieldState(page, "nickname")).toBe("optional");
    expect(await fieldState(page, "name")).toBe("absent");
    await expect(page.locator('[data-field="familyName"]')).toContainText("必須");
    await expect(page.locator('[data-field="nickname"]')).toContainText("任意");
  });

  test("a rule changed in the store file changes the form and its validator on the next request", async ({
    page,
  }) => {
    await page.goto("/signup/form");
    const before = await validatorUrlOf(page);
    editStore((store) => {
      store.accountRegistrationSetting.nickname = "REQUIRED";
      store.accountRegistrationSetting.phoneNumber = "NOT_USE";
    });
    await expect
      .poll(
        async () => {
          await page.goto("/signup/form");
          return [await fieldState(page, "nickname"), await fieldState(page, "phoneNumber")];
        },
        { timeout: 10_000 },
      )
      .toEqual(["required", "absent"]);
    // The page names another validator module (its URL is its content's hash), which now refuses
    // an empty nickname in the browser, before anything is sent.
    const after = await validatorUrlOf(page);
    expect(after).not.toBe(before);
    const posts = watchPosts(page);
    const submit = page.getByRole("button", { name: "登録する" });
    await waitUntilHydrated(page, submit);
    await page.waitForLoadState("networkidle");
    await submit.click();
    await expect(page.locator('[data-field="nickname"]')).toContainText("※ニックネームを入力してください。");
    expect(posts).toEqual([]);
  });

  test("an invalid edit keeps the last good settings", async ({ page }) => {
    editStore((store) => {
      store.accountRegistrationSetting.nickname = "MAYBE";
    });
    await page.waitForTimeout(500);
    await page.goto("/signup/form");
    await expect(page.locator('[data-field="familyName"]')).toBeVisible();
  });

  test("the browser shows the spec's messages for bad input before anything is sent", async ({ page }) => {
    writeStoreFile(saved);
    await page.waitForTimeout(500);
    const posts = watchPosts(page);
    await page.goto("/signup/form");
    const submit = page.getByRole("button", { name: "登録する" });
    await waitUntilHydrated(page, submit);
    await page.locator('[data-field="familyNameKana"] input').fill("やまだ abc");
    await page.locator('[data-field="phoneNumber"] input').fill("123");
    // Leaving a field shows its message at once, before any submit.
    await page.locator('[data-field="givenName"] input').focus();
    await expect(page.locator('[data-field="phoneNumber"]')).toContainText(
      "※電話番号の形式が正しくありません",
    );
    await submit.click();
    await expect(page.locator(".sf-error-summary")).toBeFocused();
    await expect(page.locator('[data-field="familyName"]')).toContainText("※");
    expect(posts).toEqual([]);

    // The e-mail step keeps its button grey until the form is valid, and says why on blur.
    await page.goto("/signup/auth");
    const send = page.getByRole("button", { name: "認証コードを送信する" });
    await waitUntilHydrated(page, send);
    await page.locator('[data-field="email"] input').fill("not-an-address");
    await page.locator('[data-field="email"] input').blur();
    await expect(page.locator('[data-field="email"]')).toContainText("※");
    await expect(send).toBeDisabled();
    expect(posts).toEqual([]);

    // The light login form checks itself too, once its validator has arrived after hydration.
    const validator = page.waitForResponse((response) => response.url().includes("/form-validators/"));
    await page.goto("/login");
    await validator;
    const login = page.getByRole("button", { name: "ログイン", exact: true });
    await waitUntilHydrated(page, login);
    await page.locator('[data-field="emailUserId"] input').focus();
    await page.locator('[data-field="password"] input').focus();
    await expect(page.locator('[data-field="emailUserId"]')).toContainText(
      "※メールアドレスまたはユーザIDを入力してください。",
    );
    await login.click();
    await expect(page.locator('[data-field="password"]')).toContainText("※パスワードを入力してください。");
    await expect(page.locator('[data-field="emailUserId"] input')).toBeFocused();
    expect(posts).toEqual([]);
  });

  test("the postal search fills the prefecture and address from the API, without a navigation", async ({
    page,
  }) => {
    await page.goto("/signup/form");
    const search = page.getByRole("button", { name: "住所検索" });
    await waitUntilHydrated(page, page.getByRole("button", { name: "登録する" }));
    await page.locator('[data-field="postalCode"] input').fill("1000001");
    await search.click();
    await expect(page.locator('[data-field="prefecture"] select')).toHaveValue("13");
    await expect(page.locator('[data-field="address"] input')).toHaveValue(/千代田区/);
    await expect(page).toHaveURL(/\/signup\/form$/);
  });
});
