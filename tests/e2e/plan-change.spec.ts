/**
 * A member on the monthly plan changes to the annual plan of the same group (ADR 0042): /plans
 * offers the change instead of a second contract, the final confirmation names both plans, the day
 * and what is charged, the completion and the subscription's page say when, and the member undoes
 * it. Japanese on a phone's width, English on a desktop's.
 */
import type { Page } from "@playwright/test";
import { logInSeeded, waitUntilHydrated } from "./helpers.ts";
import { PLAN_CHANGE_MEMBERS } from "./seeded-members.ts";
import { expect, test } from "./visitor.ts";

const TEXT = {
  ja: {
    width: 375,
    annual: "スタンダードプラン（年額）",
    monthly: "スタンダードプラン（月額）",
    changePlan: "プランを変更する",
    seeContract: "契約内容を見る",
    formTitle: "プランの変更",
    lead: "ご契約中の「スタンダードプラン（月額）」から、このプランへ変更します。",
    toConfirm: "確認画面へ進む",
    confirmTitle: "変更内容の確認",
    currentPlan: "現在のプラン",
    newPlan: "変更後のプラン",
    changeDay: "変更日",
    amountToday: "本日のお支払い金額",
    nothing: "¥0(税込)",
    confirm: "この内容で変更する",
    completeTitle: "プラン変更の受付完了",
    completeLead: /から「スタンダードプラン（年額）」に変更します/,
    pending: /からスタンダードプラン（年額）に変更予定/,
    undo: "変更を取り消す",
    undone: "プランの変更を取り消しました。",
    cancel: "解約する",
    cancelTitle: "解約の確認",
    cancelPlan: "解約するプラン",
    endsAt: "終了日時",
    keepPlan: "プランを継続する",
    reason: "見たい作品がない",
    comment: "ご意見・ご要望があればお聞かせください（300文字以内）",
    cancelledTitle: "解約手続き完了",
  },
  en: {
    width: 1280,
    annual: "Standard (annual)",
    monthly: "Standard (monthly)",
    changePlan: "Change to this plan",
    seeContract: "See your plan",
    formTitle: "Change your plan",
    lead: "This changes your Standard (monthly) to this plan.",
    toConfirm: "Continue to confirmation",
    confirmTitle: "Check your plan change",
    currentPlan: "Current plan",
    newPlan: "New plan",
    changeDay: "Takes effect",
    amountToday: "Payment today",
    nothing: "¥0 (tax incl.)",
    confirm: "Confirm the change",
    completeTitle: "Plan change confirmed",
    completeLead: /Your plan changes to Standard \(annual\) on/,
    pending: /Changes to Standard \(annual\) on/,
    undo: "Undo the change",
    undone: "The plan change is undone.",
    cancel: "Cancel the subscription",
    cancelTitle: "Cancel the subscription",
    cancelPlan: "Plan to cancel",
    endsAt: "Ends",
    keepPlan: "Keep my plan",
    reason: "Not what I want to watch",
    comment: "Anything else you would like to tell us? (up to 300 characters)",
    cancelledTitle: "Subscription cancelled",
  },
} as const;

const title = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });
const row = (page: Page, label: string) =>
  page
    .locator(".purchase-quote__row")
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator("dd");

for (const language of ["ja", "en"] as const) {
  test(`a monthly member changes to the annual plan, sees when and what it costs, and undoes it (${language})`, async ({
    page,
  }) => {
    const text = TEXT[language];
    await page.setViewportSize({ width: text.width, height: 900 });
    await logInSeeded(page, PLAN_CHANGE_MEMBERS[language], language);

    // /plans: the monthly plan is held (its page, not a second contract); the annual one is a change.
    await page.goto("/plans");
    const monthlyCard = page.getByRole("region", { name: text.monthly }).last();
    await expect(monthlyCard.getByRole("link", { name: text.seeContract })).toHaveAttribute(
      "href",
      /\/mypage\/subscription\//,
    );
    const annualCard = page.getByRole("region", { name: text.annual });
    await annualCard.getByRole("link", { name: text.changePlan }).click();

    // The form says what it replaces; the card that pays now is chosen already.
    await expect(title(page, text.formTitle)).toBeVisible();
    await expect(page.getByRole("note").filter({ hasText: text.lead })).toBeVisible();
    await expect(page.locator('[data-field="campaignCode"]')).toHaveCount(0);
    const next = page.getByRole("button", { name: text.toConfirm });
    await waitUntilHydrated(page, next);
    await next.click();

    // The final confirmation: both plans, the day, nothing today.
    await expect(title(page, text.confirmTitle)).toBeVisible();
    await expect(row(page, text.currentPlan)).toHaveText(text.monthly);
    await expect(row(page, text.newPlan)).toHaveText(text.annual);
    await expect(row(page, text.changeDay)).not.toBeEmpty();
    await expect(row(page, text.amountToday)).toHaveText(text.nothing);
    await page.screenshot({
      path: test.info().outputPath(`plan-change-confirm-${language}.png`),
      fullPage: true,
    });
    const confirm = page.getByRole("button", { name: text.confirm });
    await waitUntilHydrated(page, confirm);
    await confirm.click();

    await expect(title(page, text.completeTitle)).toBeVisible();
    await expect(page.getByText(text.completeLead)).toBeVisible();

    // The list and the subscription's page say when; the member undoes it from one of them.
    await page.goto("/mypage/plans");
    await expect(page.getByText(text.pending)).toBeVisible();
    if (language === "en") {
      await page.locator(".subscription__more a").first().click();
      await expect(page.getByText(text.pending)).toBeVisible();
    }
    const undo = page.getByRole("button", { name: text.undo });
    await waitUntilHydrated(page, undo);
    await undo.click();
    await expect(page.getByRole("status").filter({ hasText: text.undone })).toBeVisible();
    await expect(page.getByText(text.pending)).toHaveCount(0);
    await expect(page.getByRole("button", { name: text.undo })).toHaveCount(0);
    if (language === "ja") await page.locator(".subscription__more a").first().click();

    // The cancellation names what ends and when, asks the plan's survey, and offers the way back.
    await page.getByRole("link", { name: text.cancel }).click();
    await expect(title(page, text.cancelTitle)).toBeFocused();
    const facts = page.locator(".subscription-ending");
    await expect(facts.getByText(text.cancelPlan)).toBeVisible();
    await expect(facts.getByText(text.monthly)).toBeVisible();
    await expect(facts.getByText(text.endsAt, { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: text.keepPlan })).toHaveAttribute(
      "href",
      /\/mypage\/subscription\/[0-9a-f-]{36}$/,
    );
    const reason = page.getByRole("radio", { name: text.reason });
    await waitUntilHydrated(page, reason);
    await reason.check();
    await page.getByRole("textbox", { name: text.comment }).fill("年額プランも検討します。");
    await page.screenshot({ path: test.info().outputPath(`cancel-${language}.png`), fullPage: true });
    await page.getByRole("button", { name: text.cancel }).click();
    await expect(title(page, text.cancelledTitle)).toBeFocused();
    await expect(page.getByText(text.monthly)).toBeVisible();
    await expect(page.getByText(text.endsAt, { exact: true })).toBeVisible();
  });
}
