/**
 * The payment-history walk, in Japanese and in English, on a server of its own whose billing passes run at
 * the walk's dates (TEST_CLOCK's hook, as `npm run billing:run -- --now=…` would): a new
 * member buys a monthly plan; a month later the billing run renews it; the payment history lists
 * both; an invoice to 株式会社テスト 御中 shows the registration number, the net amount, the rate and
 * the tax, and Chromium prints it on one A4 page; withdrawal is refused while the plan is in force,
 * listing it; the member cancels it, and once the billing run has ended it, withdraws; the same
 * e-mail then signs up again.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { cpSync, mkdirSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { settlementDay } from "../../schemas/billing-calendar.ts";
import { japanDay, japanMidnight } from "../../schemas/japan-time.ts";
import { RESEND_INTERVAL_MS } from "../../server/kit/throttle.ts";
import {
  letTimePass,
  newEmail,
  pinFrom,
  signUpMember,
  typePin,
  waitForMail,
  waitUntilHydrated,
} from "./helpers.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const PASSWORD = "Invoice2026pass";

const TEXT = {
  ja: {
    register: "登録する",
    card: "クレジットカード",
    cardNumber: "カード番号",
    month: "有効期限（月）",
    year: "有効期限（年）",
    code: "セキュリティコード",
    registered: "お支払い方法を登録しました",
    visa4242: "Visa 末尾 4242",
    toConfirm: "確認画面へ進む",
    placeOrder: "この内容で契約する",
    completeTitle: "ご契約完了",
    plan: "プレミア先行パス",
    historyTitle: "お支払い履歴",
    table: /お支払い履歴/,
    view: "表示",
    specify: "宛名を指定する",
    group: "御中",
    show: "領収書を表示する",
    registration: "登録番号: T1000012030001",
    rate: "10%対象",
    withdrawBlocked: "ご契約中のプランがあるため、退会できません。",
    withdrawSubmit: "退会手続きへ進む",
    cancelFromWithdrawal: "プレミア先行パスを解約する",
    cancel: "解約する",
    cancelledTitle: "解約手続き完了",
    confirmWithdrawal: "退会する",
    withdrawn: "退会手続きが完了しました",
  },
  en: {
    register: "Register",
    card: "Credit card",
    cardNumber: "Card number",
    month: "Expiry month",
    year: "Expiry year",
    code: "Security code",
    registered: "Your payment method is registered",
    visa4242: "Visa ending in 4242",
    toConfirm: "Continue to confirmation",
    placeOrder: "Place the order",
    completeTitle: "Order complete",
    plan: "Premiere pass",
    historyTitle: "Payment history",
    table: /Payment history/,
    view: "View",
    specify: "Specify an addressee",
    group: "Onchu (organisation)",
    show: "Show the receipt",
    registration: "Registration number: T1000012030001",
    rate: "10% rate",
    withdrawBlocked: "You cannot cancel your membership while a plan is in force.",
    withdrawSubmit: "Continue",
    cancelFromWithdrawal: "Cancel Premiere pass",
    cancel: "Cancel the subscription",
    cancelledTitle: "Subscription cancelled",
    confirmWithdrawal: "Cancel membership",
    withdrawn: "Your membership has been cancelled",
  },
} as const;

type Language = keyof typeof TEXT;
type Text = (typeof TEXT)[Language];

/** The walk's own server: the production build on a data folder of its own, whose billing passes the walk runs at its dates. */
class WalkServer {
  private child: ChildProcess | null = null;
  readonly origin: string;
  readonly env: NodeJS.ProcessEnv;

  constructor(
    readonly dataDir: string,
    readonly port: number,
  ) {
    this.origin = `http://127.0.0.1:${port}`;
    this.env = {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      STORE_CONFIG: `${dataDir}/store/store.json`,
      PUBLIC_ORIGIN: this.origin,
      TEST_CLOCK: "1",
    };
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(`${dataDir}/store`, { recursive: true });
    cpSync(resolve(ROOT, "config"), `${dataDir}/store`, { recursive: true });
  }

  async start(): Promise<void> {
    // The server itself, not a launcher (npx) whose stop would leave it holding the database.
    this.child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      cwd: ROOT,
      env: this.env,
      stdio: "ignore",
    });
    const child = this.child;
    // Up when it answers — and it must be this process answering, not one left on the port.
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null) throw new Error(`the walk's server exited (${child.exitCode})`);
          return fetch(`${this.origin}/zapi/internal/root/screen-data`).then(
            (response) => response.ok,
            () => false,
          );
        },
        { timeout: 60_000, intervals: [250] },
      )
      .toBe(true);
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((done) => child.once("exit", done));
    child.kill("SIGTERM");
    await exited;
  }

  /**
   * One billing pass with the clock at `now`, in the running server (TEST_CLOCK's hook: what
   * `npm run billing:run -- --now=…` does, whose own test is scripts/billing-run.test.ts).
   */
  async bill(now: Date): Promise<string> {
    const response = await fetch(`${this.origin}/zapi/test-clock/billing-pass`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ at: now.toISOString() }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { lines: string[] }).lines.join("\n");
  }
}

/** The first instant after a Japan day begins (the billing run's clock for that day). */
function earlyOn(day: string): Date {
  return new Date(japanMidnight(day).getTime() + 60 * 60_000);
}

/** The monthly plan's settlement day `months` cycles after the purchase day (the billing calendar's rule). */
const monthsAfter = (day: string, months: number) => settlementDay(day, months, 1, "months");

/** A member of the walk's server, signed up by the API; the pages in `language` from then on. */
async function signUp(page: Page, email: string, dataDir: string, language: Language) {
  await signUpMember(page, email, PASSWORD, dataDir);
  await page.goto(`/mypage?lng=${language}`);
}

async function registerCard(page: Page, text: Text) {
  await page.goto("/mypage/payment-method");
  const card = page.getByRole("radio", { name: text.card });
  await waitUntilHydrated(page, card);
  await card.check();
  await page.getByRole("textbox", { name: text.cardNumber }).fill("4242 4242 4242 4242");
  await page.getByRole("combobox", { name: text.month }).selectOption("12");
  await page.getByRole("combobox", { name: text.year }).selectOption("30");
  await page.getByRole("textbox", { name: text.code }).fill("123");
  await page.getByRole("button", { name: text.register }).click();
  await expect(page.getByRole("heading", { level: 1, name: text.registered })).toBeVisible();
}

/** How many pages a PDF that Chromium printed has, and the size of the first (points). */
function pdfPages(pdf: Buffer): { pages: number; mediaBox: number[] } {
  const text = pdf.toString("latin1");
  const pages = text.match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
  const box = /\/MediaBox\s*\[([^\]]*)\]/.exec(text)?.[1] ?? "";
  return { pages, mediaBox: box.trim().split(/\s+/).map(Number) };
}

async function walk(browser: Browser, language: Language, port: number) {
  const text = TEXT[language];
  const server = new WalkServer(resolve(ROOT, `.data/e2e-walk-${language}`), port);
  await server.start();
  const context = await browser.newContext({
    baseURL: server.origin,
    locale: language === "ja" ? "ja-JP" : "en-US",
    timezoneId: "Asia/Tokyo",
  });
  try {
    const page = await context.newPage();
    await page.clock.install();
    const email = newEmail(`walk-${language}`);
    await signUp(page, email, server.dataDir, language);
    await registerCard(page, text);

    // The purchase: a monthly plan without a trial, ¥1,490 today.
    await page.goto("/plans/premiere-pass");
    const choice = page.getByRole("radio", { name: text.visa4242 });
    await waitUntilHydrated(page, choice);
    await choice.check();
    await page.getByRole("button", { name: text.toConfirm }).click();
    await page.getByRole("button", { name: text.placeOrder }).click();
    await expect(page.getByRole("heading", { level: 1, name: text.completeTitle })).toBeVisible();

    // A month on, the billing run renews it (with its clock: a charge dated after the server's now).
    const today = japanDay(new Date());
    const renewedOn = monthsAfter(today, 1);
    expect(await server.bill(earlyOn(renewedOn))).toContain("renewed");

    // The history lists both, newest first, each with its invoice link.
    await page.goto("/mypage/payment-history");
    await expect(page.getByRole("heading", { level: 1, name: text.historyTitle })).toBeVisible();
    const rows = page.getByRole("table", { name: text.table }).getByRole("row");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText(renewedOn.replaceAll("-", "/"));
    await expect(rows.nth(2)).toContainText(today.replaceAll("-", "/"));
    for (const row of [rows.nth(1), rows.nth(2)]) {
      await expect(row).toContainText(text.plan);
      await expect(row).toContainText(text.visa4242);
      await expect(row).toContainText("1,490");
    }

    // The renewal's invoice, in a new tab: the addressee first, then the invoice.
    const [invoicePage] = await Promise.all([
      page.waitForEvent("popup"),
      rows.nth(1).getByRole("link", { name: text.view }).click(),
    ]);
    const specify = invoicePage.getByRole("checkbox", { name: text.specify });
    await waitUntilHydrated(invoicePage, specify);
    await specify.check();
    await invoicePage.getByRole("textbox").fill("株式会社テスト");
    await invoicePage.getByRole("radio", { name: text.group }).check();
    await invoicePage.getByRole("button", { name: text.show }).click();
    await invoicePage.waitForURL(/invoiceId=/);
    const invoice = invoicePage.getByRole("article");
    await expect(invoice.getByText("株式会社テスト")).toHaveText("株式会社テスト 御中");
    await expect(invoice.getByText(text.registration)).toBeVisible();
    // ¥1,490 with 10 % inside: tax ¥135 rounded down, net ¥1,355.
    const taxRow = invoice.getByRole("row", { name: text.rate });
    await expect(taxRow).toContainText("¥1,355");
    await expect(taxRow).toContainText("¥135");
    await expect(taxRow).toContainText("¥1,490");
    // Printed by Chromium: one A4 page (595 × 842 points).
    const printed = pdfPages(await invoicePage.pdf({ format: "A4", preferCSSPageSize: true }));
    expect(printed.pages).toBe(1);
    expect(printed.mediaBox.slice(2).map(Math.round)).toEqual([595, 842]);
    await invoicePage.close();
    // No such payment of this member's: the page is not found, as for another member's.
    expect((await page.goto(`/mypage/invoice/${randomUUID()}`))?.status()).toBe(404);

    // Withdrawal is refused while the plan is in force, and lists it with the way to cancel it.
    await page.goto("/withdraw");
    await expect(page.getByRole("alert").filter({ hasText: text.withdrawBlocked })).toBeVisible();
    await expect(page.getByRole("button", { name: text.withdrawSubmit })).toHaveCount(0);
    await page.getByRole("link", { name: text.cancelFromWithdrawal }).click();
    const cancel = page.getByRole("button", { name: text.cancel });
    await waitUntilHydrated(page, cancel);
    await cancel.click();
    await expect(page.getByRole("heading", { level: 1, name: text.cancelledTitle })).toBeVisible();
    await page.goto("/withdraw");
    await expect(page.getByRole("alert").filter({ hasText: text.withdrawBlocked })).toBeVisible();

    // Its last paid month over, the billing run ends it; now the member withdraws.
    expect(await server.bill(earlyOn(monthsAfter(today, 2)))).toContain("ended");
    await page.goto("/withdraw");
    const next = page.getByRole("button", { name: text.withdrawSubmit });
    await waitUntilHydrated(page, next);
    await page.locator('[data-field="question_reason"] input[type="checkbox"]').first().check();
    await page.locator('[data-field="consent"] input[type="checkbox"]').check();
    const sentAfter = Date.now() - 1000;
    await next.click();
    await page.waitForURL("**/withdraw/pin-code");
    const mail = await waitForMail(email, "", sentAfter, server.dataDir);
    const confirm = page.getByRole("button", { name: text.confirmWithdrawal });
    await waitUntilHydrated(page, confirm);
    await typePin(page, "pinCode", pinFrom(mail.text));
    await confirm.click();
    await page.waitForURL("**/withdraw/complete");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(text.withdrawn);

    // The same e-mail signs up again, as a new member with no payments (later than the one code per
    // 30 s its first sign-up's code allows: the walk's clock moves past it).
    await letTimePass(page, RESEND_INTERVAL_MS / 1000);
    await signUp(page, email, server.dataDir, language);
    await page.goto("/mypage/payment-history");
    await expect(page.getByRole("table")).toHaveCount(0);
  } finally {
    await context.close();
    await server.stop();
  }
}

const basePort = Number(process.env.E2E_PORT ?? 3210) + 40;

for (const [index, language] of (["ja", "en"] as const).entries()) {
  test(`a purchase and its renewal in the history, a qualified invoice printed on one A4 page, withdrawal after the plan ends, the e-mail free again (${language})`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    await walk(browser, language, basePort + index);
  });
}
