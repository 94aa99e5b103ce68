/**
 * The console's member pages, played by the staff who use them. Support (English, a phone's width)
 * finds a member by e-mail, opens their page with a reason, logs them out everywhere — the member's
 * browser is logged out on its next request — and turns off their two-step verification after an
 * identity check: the member is mailed and logs in with the password alone, then may set it up
 * again; gives them two free weeks and cancels their plan at the period's end, as they asked. Finance (Japanese, a desktop's width) refunds ¥500 of a ¥990 payment, the form sent twice:
 * one refund (and ¥200 more); the member's history shows them and the first's
 * return invoice shows ¥500, the tax ¥45 and the sale's date.
 */
import { readFileSync } from "node:fs";
import type { Browser } from "@playwright/test";
import { SESSION_COOKIE } from "../../server/identity/sessions.ts";
import { logInSeeded, setUpAndSignInStaff, waitForMail, waitUntilHydrated } from "./helpers.ts";
import { CONSOLE_ROLE_STAFF, REFUND_CASE_MEMBER, SUPPORT_CASE_MEMBER } from "./seeded-members.ts";
import { expect, nextVisitorAddress, test } from "./visitor.ts";

/** The member's own browser, from an address of its own. */
function memberBrowser(browser: Browser, locale: string) {
  return browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale,
    timezoneId: "Asia/Tokyo",
    extraHTTPHeaders: { "x-forwarded-for": nextVisitorAddress() },
  });
}

test("support finds a member, logs them out everywhere and turns off their two-step verification (en)", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 375, height: 900 });
  // The member's own browser, logged in.
  const memberContext = await memberBrowser(browser, "en-US");
  const member = await memberContext.newPage();
  await member.goto("/mypage?lng=en");
  await memberContext.addCookies([
    { name: SESSION_COOKIE, value: SUPPORT_CASE_MEMBER.sessionToken, url: new URL(member.url()).origin },
  ]);
  await member.goto("/mypage?lng=en");
  await expect(member).toHaveURL(/\/mypage\?lng=en$/);

  await setUpAndSignInStaff(page, CONSOLE_ROLE_STAFF.support, "en");
  await page.getByRole("link", { name: "Find a member" }).click();
  await page.getByRole("searchbox", { name: "Search for" }).fill("support-case@");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("status")).toHaveText("Searched by e-mail address: 1 member found.");
  // An office behind one address cannot log in: support lifts that address's limits.
  await page.getByRole("textbox", { name: "IP address" }).fill("203.0.113.77");
  await page.getByRole("textbox", { name: "Reason for lifting" }).fill("Call #4712: the whole office waits");
  await page.getByRole("button", { name: "Lift the limits" }).click();
  await expect(page.getByRole("status").filter({ hasText: "203.0.113.77" })).toHaveText(
    "The login limits of 203.0.113.77 were lifted (0).",
  );
  await page.getByRole("link", { name: SUPPORT_CASE_MEMBER.email }).click();
  await page.waitForURL(/\/console\/members\/[\w-]+$/);
  await page.getByRole("textbox", { name: "Reason", exact: true }).fill("Call #4711: lost phone");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(SUPPORT_CASE_MEMBER.email);
  // No refunds for support; the page does not widen past the phone.
  await expect(page.getByRole("heading", { name: "Refund" })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  const endSessions = page
    .locator("form")
    .filter({ has: page.getByRole("button", { name: "Log out on every device" }) });
  await endSessions
    .getByRole("textbox", { name: "Reason for the action" })
    .fill("Lost phone, identity checked");
  await endSessions.getByRole("button", { name: "Log out on every device" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "The member was logged out on every device and told by mail.",
  );
  await member.reload();
  await expect(member).toHaveURL(/\/login/);

  const sent = Date.now();
  const removeMfa = page
    .locator("form")
    .filter({ has: page.getByRole("button", { name: "Turn off two-step verification" }) });
  await removeMfa
    .getByRole("textbox", { name: "Reason for the action" })
    .fill("Identity checked: birthday and postal code on the phone");
  await removeMfa.getByRole("button", { name: "Turn off two-step verification" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "The member's two-step verification was turned off; they were told by mail.",
  );
  const secondFactors = page
    .locator(".console-member__facts > div")
    .filter({ has: page.locator("dt", { hasText: /^Two-step verification$/ }) });
  await expect(secondFactors.locator("dd")).toHaveText("None");
  // In the member's language: Japanese, the store's, as they never chose another.
  await waitForMail(SUPPORT_CASE_MEMBER.email, "2段階認証の設定を解除しました", sent);

  // Sorry for the trouble: two free weeks, the next payment moved 14 days later.
  const contractsTable = page.getByRole("table", { name: "Contracts" });
  const dueBefore = ((await contractsTable.locator("tbody tr td").nth(3).textContent()) ?? "").trim();
  const freeDays = page.locator("form").filter({ has: page.getByRole("button", { name: "Add free days" }) });
  await freeDays.getByRole("spinbutton", { name: "Days to add (1–90)" }).fill("14");
  await freeDays.getByRole("textbox", { name: "Reason for the action" }).fill("Apology for the outage");
  await freeDays.getByRole("button", { name: "Add free days" }).click();
  await expect(page.getByRole("status")).toHaveText("Free days were added and the member told by mail.");
  const moved = new Date(Date.parse(`${dueBefore}T00:00:00Z`) + 14 * 86_400_000).toISOString().slice(0, 10);
  await expect(contractsTable.locator("tbody tr td").nth(3)).toHaveText(moved);

  // The member asked on the phone to stop the plan at the end of the month paid for.
  const cancel = page
    .locator("form")
    .filter({ has: page.getByRole("button", { name: "Cancel the subscription" }) });
  await expect(cancel.getByRole("group", { name: /Cancel “Standard/ })).toBeVisible();
  // Support gives no money back: no refund to choose.
  await expect(cancel.getByRole("checkbox")).toHaveCount(0);
  await cancel.getByRole("radio", { name: /At the period's end/ }).check();
  await cancel
    .getByRole("textbox", { name: "Reason for the action" })
    .fill("Call #4711: stop at the end of the month");
  await cancel.getByRole("button", { name: "Cancel the subscription" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "The subscription was cancelled and the member told by mail.",
  );
  await expect(page.getByRole("table", { name: "Contracts" })).toContainText("Cancelling");
  // Cancelling already: only at once is left to choose, and the reason typed is gone.
  await expect(cancel.getByRole("radio")).toHaveCount(1);
  await expect(cancel.getByRole("radio", { name: /At once/ })).toBeChecked();
  await expect(cancel.getByRole("textbox", { name: "Reason for the action" })).toHaveValue("");

  // The member logs in with the password alone, and may set two-step verification up again.
  await logInSeeded(member, SUPPORT_CASE_MEMBER.email, "en");
  await member.goto("/mypage/multi-factor?lng=en");
  await expect(member.getByRole("link", { name: "E-mail: Set up" })).toBeVisible();
  await memberContext.close();
});

test("finance refunds ¥500 of a ¥990 payment once, though the form is sent twice (ja)", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await setUpAndSignInStaff(page, CONSOLE_ROLE_STAFF.finance, "ja");
  await page.goto(`/console/members?q=${encodeURIComponent(REFUND_CASE_MEMBER)}`);
  // Finance sees the address masked.
  await page.getByRole("link", { name: "r***@example.jp" }).click();
  await page.getByRole("textbox", { name: "確認する理由" }).fill("お問い合わせ #8120 二重請求");
  await page.getByRole("button", { name: "表示する" }).click();
  // Finance takes no support action.
  await expect(page.getByRole("heading", { name: "サポートの対応" })).toHaveCount(0);

  const refund = page.locator("form").filter({ has: page.getByRole("button", { name: "返金する" }) });
  await expect(refund.getByRole("combobox", { name: "返金する決済" })).toContainText("返金できる残り ¥990");
  await refund.getByRole("spinbutton", { name: "返金額（円・税込）" }).fill("500");
  await refund.getByRole("textbox", { name: "対応の理由" }).fill("二重請求の一部返金");
  const submit = refund.getByRole("button", { name: "返金する" });
  await waitUntilHydrated(page, submit);
  // Pressed twice at once, as a double press without the page's script or a resend sends it: two
  // posts of the same form, one refund.
  const statuses = await refund.evaluate((form: HTMLFormElement) => {
    const send = () =>
      fetch(form.action, { method: "POST", body: new FormData(form), redirect: "manual" }).then(
        // Each answered with the way back to the page, saying it is done.
        (answer) => answer.type,
      );
    return Promise.all([send(), send()]);
  });
  expect(statuses).toEqual(["opaqueredirect", "opaqueredirect"]);
  await page.reload();
  const charges = page.getByRole("table", { name: "決済" });
  const refunds = charges.locator(".console-member__refund");
  await expect(refunds).toHaveCount(1);
  await expect(refunds).toContainText(/¥500（税込）返金済み \(R\d{4}-\d{6}\)/);
  await expect(refund.getByRole("combobox", { name: "返金する決済" })).toContainText("返金できる残り ¥490");

  // ¥200 more, pressed as a person does: the page says it is done and starts a fresh form.
  await refund.getByRole("spinbutton", { name: "返金額（円・税込）" }).fill("200");
  await refund.getByRole("textbox", { name: "対応の理由" }).fill("お詫びとして追加で返金");
  await waitUntilHydrated(page, submit);
  await submit.click();
  await expect(page.getByRole("status")).toHaveText(
    "返金しました。会員には返還請求書のリンクをメールでお知らせしました。",
  );
  await expect(refunds).toHaveCount(2);
  await expect(refund.getByRole("combobox", { name: "返金する決済" })).toContainText("返金できる残り ¥290");
  await expect(refund.getByRole("spinbutton", { name: "返金額（円・税込）" })).toHaveValue("");

  // The refunds are in the month's revenue; the CSV, UTF-8 with a byte order mark, totals as the page.
  await page.goto("/console");
  await page.getByRole("link", { name: "事業の状況" }).click();
  const revenue = page.getByRole("region", { name: "売上（税込・税抜・消費税）" });
  await expect(revenue.getByRole("img", { name: /売上（税込・税抜・消費税）のグラフ/ })).toBeVisible();
  const totals = await revenue.locator("tfoot td").allTextContents();
  expect(totals).toHaveLength(5);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    revenue.getByRole("link", { name: /CSVをダウンロード/ }).click(),
  ]);
  const csv = readFileSync((await download.path()) ?? "");
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = csv.subarray(3).toString("utf8").trimEnd().split("\r\n");
  expect(lines[0]).toBe("月,決済額（税込）,返金額（税込）,売上（税込）,消費税,売上（税抜）");
  expect(lines.at(-1)).toBe(["合計", ...totals.map((cell) => cell.replace(/[¥,]/g, ""))].join(","));
  // ¥700 given back this month or the last (the payment was three days ago): in the totals.
  expect(lines.at(-1)?.split(",")[2]).toBe("700");

  const mail = await waitForMail(REFUND_CASE_MEMBER, "ご返金のお知らせ");
  expect(mail.text).toContain("/mypage/return-invoice/");

  // The member's history shows the refund; its return invoice, ¥500 with its tax and the sale's day.
  const memberContext = await memberBrowser(browser, "ja-JP");
  const member = await memberContext.newPage();
  await logInSeeded(member, REFUND_CASE_MEMBER, "ja");
  await member.goto("/mypage/payment-history");
  const row = member.getByRole("table").locator("tbody tr").first();
  await expect(row).toContainText("¥990");
  const refunded = row.locator(".payment-history__refund");
  await expect(refunded).toHaveCount(2);
  await expect(refunded.first()).toContainText("うち ¥500(税込) を返金");
  await expect(refunded.last()).toContainText("うち ¥200(税込) を返金");
  const soldAt = ((await row.locator("td").first().textContent()) ?? "").slice(0, 10);
  const [year, month, day] = soldAt.split("/").map(Number);
  const [invoice] = await Promise.all([
    memberContext.waitForEvent("page"),
    refunded
      .first()
      .getByRole("link", { name: /返還請求書/ })
      .click(),
  ]);
  await expect(invoice.getByRole("heading", { level: 1 })).toHaveText("返還請求書（適格返還請求書）");
  const details = invoice.getByRole("table", { name: "返金の明細" });
  await expect(details).toContainText(`${year}年${month}月${day}日`);
  await expect(details).toContainText("¥500");
  const tax = invoice.getByRole("table", { name: "税率別内訳" });
  await expect(tax.locator("tbody td").nth(0)).toHaveText("¥455");
  await expect(tax.locator("tbody td").nth(1)).toHaveText("¥45");
  await expect(invoice.getByText(/登録番号: T\d{13}/)).toBeVisible();
  await memberContext.close();
});
