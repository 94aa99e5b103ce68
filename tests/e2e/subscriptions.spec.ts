/**
 * Issue 44: a subscription whose renewal the sandbox declined is on hold (更新保留中) when the
 * member arrives — the server's billing run held it at start. The member changes its payment
 * method, retries and recovers it, cancels it, continues it, and cancels it again. In Japanese and
 * in English.
 */
import type { Page } from "@playwright/test";
import { logInSeeded, waitUntilHydrated } from "./helpers.ts";
import { RENEWAL_MEMBERS } from "./seeded-members.ts";
import { expect, test } from "./visitor.ts";

const TEXT = {
  ja: {
    manage: "ご契約内容の確認・変更",
    listTitle: "ご契約中のプラン",
    details: "ご契約内容を見る",
    detailTitle: "ご契約内容",
    monthly: "スタンダードプラン（月額）",
    hold: "更新保留中",
    holdNotice: "更新のお支払いができなかったため",
    underContract: "契約中",
    cancelRequested: "解約予定",
    changeMethod: "お支払い方法を変更する",
    changeMethodTitle: "お支払い方法の変更",
    visa4242: "Visa 末尾 4242",
    change: "変更する",
    changedTitle: "お支払い方法の変更完了",
    backToSubscription: "ご契約内容へ戻る",
    retry: "お支払いを再試行する",
    retried: "お支払いが完了しました。",
    cancel: "解約する",
    cancelTitle: "解約の確認",
    cancelledTitle: "解約手続き完了",
    endsAt: "終了日時",
    continue: "プランを継続する",
    continued: "解約の予定を取り消しました。",
    backToWithdrawal: "退会手続きへ戻る",
    withdrawBlocked: "ご契約中のプランがあるため、退会できません。",
    withdrawSubmit: "退会手続きへ進む",
    cancelFromWithdrawal: "スタンダードプラン（月額）を解約する",
    cancelScheduled: "解約予定（",
  },
  en: {
    manage: "Manage your subscriptions",
    listTitle: "Your subscriptions",
    details: "View details",
    detailTitle: "Subscription",
    monthly: "Standard (monthly)",
    hold: "Renewal on hold",
    holdNotice: "The renewal payment did not go through",
    underContract: "Active",
    cancelRequested: "Cancellation scheduled",
    changeMethod: "Change the payment method",
    changeMethodTitle: "Change the payment method",
    visa4242: "Visa ending in 4242",
    change: "Change",
    changedTitle: "Payment method changed",
    backToSubscription: "Back to the subscription",
    retry: "Retry the payment",
    retried: "The payment went through.",
    cancel: "Cancel the subscription",
    cancelTitle: "Cancel the subscription",
    cancelledTitle: "Subscription cancelled",
    endsAt: "Ends",
    continue: "Continue the plan",
    continued: "The cancellation is withdrawn.",
    backToWithdrawal: "Back to cancelling your membership",
    withdrawBlocked: "You cannot cancel your membership while a plan is in force.",
    withdrawSubmit: "Continue",
    cancelFromWithdrawal: "Cancel Standard (monthly)",
    cancelScheduled: "Cancellation scheduled (ends",
  },
} as const;

const title = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });

for (const language of ["ja", "en"] as const) {
  test(`a declined renewal is held; the member changes the method, retries, cancels, continues and cancels again (${language})`, async ({
    page,
  }) => {
    const text = TEXT[language];
    await logInSeeded(page, RENEWAL_MEMBERS[language], language);

    // My Page → the member's subscriptions → the held one.
    await page.getByRole("link", { name: text.manage }).click();
    await expect(title(page, text.listTitle)).toBeVisible();
    await expect(page.getByText(text.hold)).toBeVisible();
    await page.getByRole("link", { name: text.details }).click();
    await expect(title(page, text.detailTitle)).toBeVisible();
    await expect(page.getByText(text.holdNotice)).toBeVisible();
    const detailUrl = page.url();

    // The method that pays from now on: the card that works.
    await page.getByRole("link", { name: text.changeMethod }).click();
    const card = page.getByRole("radio", { name: text.visa4242 });
    await waitUntilHydrated(page, card);
    await card.check();
    await page.getByRole("button", { name: text.change }).click();
    await expect(title(page, text.changedTitle)).toBeVisible();
    await expect(page.getByText(text.visa4242)).toBeVisible();
    await page.getByRole("link", { name: text.backToSubscription }).click();

    // The retry takes the held cycle's payment: under contract again.
    const retry = page.getByRole("button", { name: text.retry });
    await waitUntilHydrated(page, retry);
    await retry.click();
    await expect(page.getByRole("status").filter({ hasText: text.retried })).toBeVisible();
    await expect(page.getByText(text.underContract, { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: text.retry })).toHaveCount(0);

    // Cancel: it ends on its next settlement day.
    await page.getByRole("link", { name: text.cancel }).click();
    await expect(title(page, text.cancelTitle)).toBeVisible();
    const submit = page.getByRole("button", { name: text.cancel });
    await waitUntilHydrated(page, submit);
    await submit.click();
    await expect(title(page, text.cancelledTitle)).toBeVisible();
    await expect(page.getByText(text.cancelRequested, { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: text.backToWithdrawal })).toHaveCount(0);
    await expect(page.getByText(text.endsAt, { exact: true })).toBeVisible();

    // Continue the plan after all, then cancel again.
    await page.getByRole("link", { name: text.backToSubscription }).click();
    const keep = page.getByRole("button", { name: text.continue });
    await waitUntilHydrated(page, keep);
    await keep.click();
    await expect(page.getByRole("status").filter({ hasText: text.continued })).toBeVisible();
    await expect(page.getByText(text.underContract, { exact: true })).toBeVisible();
    // This time from the account's withdrawal: refused while the plan is in force, which it lists
    // with the way to cancel it; the cancellation sends the member back there.
    await page.goto("/withdraw");
    await expect(page.getByRole("alert").filter({ hasText: text.withdrawBlocked })).toBeVisible();
    await expect(page.getByRole("button", { name: text.withdrawSubmit })).toHaveCount(0);
    await page.getByRole("link", { name: text.cancelFromWithdrawal }).click();
    const again = page.getByRole("button", { name: text.cancel });
    await waitUntilHydrated(page, again);
    await again.click();
    await expect(title(page, text.cancelledTitle)).toBeVisible();
    await page.getByRole("link", { name: text.backToWithdrawal }).click();
    // Cancelled but in force until its day: still listed, with its end, and still no form.
    await expect(page.getByText(text.cancelScheduled)).toBeVisible();
    await expect(page.getByRole("button", { name: text.withdrawSubmit })).toHaveCount(0);
    await page.goto(detailUrl);
    await expect(page.getByText(text.cancelRequested, { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: text.cancel })).toHaveCount(0);
    // Each page also stands on its own, loaded afresh (its texts with it).
    for (const [path, heading] of [
      ["/payment-method", text.changeMethodTitle],
      ["/withdraw", text.cancelTitle],
      ["/withdraw/complete", text.cancelledTitle],
    ] as const) {
      await page.goto(`${detailUrl}${path}`);
      await expect(title(page, heading)).toBeVisible();
    }
    await page.goto("/mypage/plans");
    await expect(title(page, text.listTitle)).toBeVisible();
  });
}
