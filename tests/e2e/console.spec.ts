/**
 * The operator console's sign-in (ARCHITECTURE.md "Operators and staff"): a staff member added by
 * `npm run staff:add` opens the set-up link, adds the authenticator app, chooses a password, signs
 * in with password and a fresh code, sees who is signed in and signs out. A wrong answer keeps the
 * address typed; the used link says it is used; no console page opens without a console session.
 * Japanese at a desktop's width, English at a phone's.
 */
import type { Page } from "@playwright/test";
import { totpCode } from "../totp.ts";
import { serverNow } from "./helpers.ts";
import { CONSOLE_STAFF } from "./seeded-members.ts";
import { expect, test } from "./visitor.ts";

const PASSWORD = "correct horse battery staple";

const TEXT = {
  ja: {
    width: 1280,
    setupTitle: "管理コンソールの利用を始める",
    qrLabel: "認証アプリで読み取るQRコード",
    finish: "設定を完了する",
    wrongCode: "確認コードが正しくありません。認証アプリに表示されている6桁のコードを入力してください。",
    setupDone: "設定が完了しました。サインインしてください。",
    signIn: "サインイン",
    refused: "メールアドレス、パスワード、または確認コードが正しくありません。",
    signedIn: (email: string) => `${email} でサインイン中（オーナー）`,
    signOut: "サインアウト",
    usedLink: "このリンクは使えません。",
    audit: "操作の記録",
    signInAction: "サインイン",
    failedAction: "サインインの失敗",
    filter: "絞り込む",
    actionLabel: "操作",
    staff: "担当者の管理",
    staffEmail: "メールアドレス",
    add: "追加する",
    added: "を追加しました。",
    pending: "設定待ち",
    removeOf: (who: string) => `${who} を削除`,
    removed: "担当者を削除しました。",
    versions: "設定の履歴",
    plans: "プラン",
    fromFile: "設定ファイル",
  },
  en: {
    width: 375,
    setupTitle: "Set up your console account",
    qrLabel: "QR code to scan with your authenticator app",
    finish: "Finish setting up",
    wrongCode: "The verification code is not correct. Enter the 6-digit code your authenticator app shows.",
    setupDone: "Your account is set up. Please sign in.",
    signIn: "Sign in",
    refused: "The e-mail address, password or verification code is not correct.",
    signedIn: (email: string) => `Signed in as ${email} (Owner)`,
    signOut: "Sign out",
    usedLink: "This link cannot be used",
    audit: "Audit trail",
    signInAction: "Signed in",
    failedAction: "Sign-in failed",
    filter: "Filter",
    actionLabel: "Action",
    staff: "Staff",
    staffEmail: "E-mail address",
    add: "Add",
    added: "was added.",
    pending: "Set-up pending",
    removeOf: (who: string) => `Remove ${who}`,
    removed: "The staff member was removed.",
    versions: "Configuration history",
    plans: "Plans",
    fromFile: "The configuration file",
  },
} as const;

/** The next authenticator step on the server's clock: each code works once. */
async function nextCode(page: Page, secret: string): Promise<string> {
  const moved = await page.request.post("/zapi/test-clock", { data: { advanceSeconds: 30 } });
  expect(moved.status()).toBe(200);
  return totpCode(secret, await serverNow(page));
}

for (const language of ["ja", "en"] as const) {
  const text = TEXT[language];
  const { email, setupToken } = CONSOLE_STAFF[language];

  test(`a staff member sets up, signs in and out of the console (${language})`, async ({ page }) => {
    await page.setViewportSize({ width: text.width, height: 900 });
    // Before any set-up: the console sends a guest to its own sign-in.
    await page.goto(`/console?lng=${language}`);
    await expect(page).toHaveURL(/\/console\/login$/);

    const setupLink = `/console/setup?token=${setupToken}&lng=${language}`;
    await page.goto(setupLink);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.setupTitle);
    await expect(page.getByRole("img", { name: text.qrLabel, exact: true })).toBeVisible();
    const secret = ((await page.locator(".console-card__secret").textContent()) ?? "").replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    await page.locator("input[name=password]").fill(PASSWORD);
    await page.locator("input[name=code]").fill("000000");
    await page.getByRole("button", { name: text.finish }).click();
    await expect(page.locator("input[name=code]")).toHaveAccessibleDescription(text.wrongCode);
    // What was typed stays but the password, which the page never sends back.
    await page.locator("input[name=password]").fill(PASSWORD);
    await page.locator("input[name=code]").fill(totpCode(secret, await serverNow(page)));
    await page.getByRole("button", { name: text.finish }).click();
    await expect(page).toHaveURL(/\/console\/login\?setup=done$/);
    await expect(page.getByRole("status")).toHaveText(text.setupDone);

    await page.locator("input[name=email]").fill(email);
    await page.locator("input[name=password]").fill("not the password 123");
    await page.locator("input[name=code]").fill(await nextCode(page, secret));
    await page.getByRole("button", { name: text.signIn }).click();
    await expect(page.getByRole("alert")).toHaveText(text.refused);
    await expect(page.locator("input[name=email]")).toHaveValue(email);

    await page.locator("input[name=password]").fill(PASSWORD);
    await page.locator("input[name=code]").fill(await nextCode(page, secret));
    await page.getByRole("button", { name: text.signIn }).click();
    await expect(page).toHaveURL(/\/console$/);
    await expect(page.getByText(text.signedIn(email))).toBeVisible();
    // Nobody's search result.
    const answer = await page.request.get("/console");
    expect(answer.headers()["x-robots-tag"]).toBe("noindex, nofollow");

    // The owner's audit trail has this sign-in and the failed one before it, by whom and from where.
    await page.getByRole("link", { name: text.audit }).click();
    await expect(page).toHaveURL(/\/console\/audit$/);
    const rows = page.locator("tbody tr");
    await expect(
      rows.filter({ hasText: text.signInAction }).filter({ hasText: email }).first(),
    ).toBeVisible();
    await page.getByLabel(text.actionLabel).selectOption({ label: text.failedAction });
    await page.getByRole("button", { name: text.filter }).click();
    await expect(page).toHaveURL(/action=staff\.signin-failed/);
    await expect(rows.filter({ hasText: email }).first()).toContainText(text.failedAction);
    await page.goto("/console");

    // The files the server started with are the first versions of each configuration.
    await page.getByRole("link", { name: text.versions }).click();
    await expect(page.locator(".console-version").first()).toContainText(text.fromFile);
    await page.getByRole("link", { name: text.plans, exact: true }).click();
    await expect(page.getByRole("link", { name: text.plans, exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.locator(".console-version").last()).toContainText(text.fromFile);
    await page.goto("/console");

    // The owner adds a colleague: the set-up link is shown once, the list says it is pending.
    const colleague = `colleague-${language}@example.jp`;
    await page.getByRole("link", { name: text.staff }).click();
    // At a phone's width the list scrolls inside its card; the page itself does not widen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(text.width);
    await page.getByLabel(text.staffEmail).fill(colleague);
    await page.getByRole("button", { name: text.add, exact: true }).click();
    await expect(page.getByRole("status")).toContainText(text.added);
    await expect(page.getByRole("status")).toContainText(/\/console\/setup\?token=[\w-]{43}/);
    await expect(page.locator("tbody tr").filter({ hasText: colleague })).toContainText(text.pending);
    await page.getByRole("button", { name: text.removeOf(colleague) }).click();
    await expect(page.getByRole("status")).toHaveText(text.removed);
    await expect(page.locator("tbody tr").filter({ hasText: colleague })).toHaveCount(0);
    await page.goto("/console");

    await page.getByRole("button", { name: text.signOut }).click();
    await expect(page).toHaveURL(/\/console\/login$/);
    await page.goto("/console");
    await expect(page).toHaveURL(/\/console\/login$/);

    await page.goto(setupLink);
    await expect(page.getByRole("alert")).toContainText(text.usedLink);
  });
}
