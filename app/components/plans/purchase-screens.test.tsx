// @vitest-environment jsdom
import { render, screen as view } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../../locales/i18n.ts";
import ja from "../../../locales/ja/index.ts";
import type { PlanOffer } from "../../../schemas/types/plan-offer.gen.ts";
import type { PurchaseConfirmScreenData } from "../../../schemas/types/purchase-confirm-screen-data.gen.ts";
import {
  planPurchase,
  planPurchaseComplete,
  planPurchaseConfirm,
  signupPlanPurchaseConfirm,
} from "../../../screens/plans.ts";
import type { ScreenDefinition } from "../../../screens/screen-definition.ts";
import planFormFixture from "../../../tests/fixtures/screens/plans-planId.json" with { type: "json" };
import signupConfirmFixture from "../../../tests/fixtures/screens/signup-plans-planId-confirm.json" with {
  type: "json",
};
import { SCREEN_BODY_SHAPES } from "../../lib/screen-data-shapes.server.ts";
import { withScreenDataWording } from "../../lib/screen-loader.server.ts";
import { inShape } from "../../lib/zapi.server.ts";
import { PlanChoices } from "./plan-choices.tsx";
import { PlanToBuy } from "./plan-to-buy.tsx";
import { PurchaseComplete } from "./purchase-complete.tsx";
import { PurchaseQuote } from "./purchase-quote.tsx";

// The pages' fixtures, held to the shapes the pages read.
const planForm = inShape(planFormFixture, SCREEN_BODY_SHAPES.planToBuy, "plans-planId.json");
const signupConfirm = inShape(
  signupConfirmFixture,
  SCREEN_BODY_SHAPES.purchaseQuote,
  "signup-plans-planId-confirm.json",
);

/** The sign-up's plan step with these plans. */
const signupPlans = (plans: PlanOffer[]) => ({
  totalCount: 4,
  currentCount: 4,
  plans,
  skipTo: "/signup/complete",
});

function show(element: React.ReactElement) {
  const router = createMemoryRouter([{ path: "/", element }]);
  return render(
    <I18nextProvider i18n={createI18n("ja", { ja })}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

const hrefOf = (name: string) => view.getByRole("link", { name }).getAttribute("href");

describe("the purchase pages lead back to the form they belong to", () => {
  it("adds a payment method on the way, coming back to the store's form or the sign-up's", () => {
    show(<PlanToBuy screenData={planForm} />);
    expect(hrefOf("お支払い方法を登録する")).toBe(
      "/mypage/payment-method?returnTo=%2Fplans%2Fstandard-monthly",
    );
  });

  it("in the native app: the plan and where plans are sold, no way to add a method", () => {
    show(<PlanToBuy screenData={{ ...planForm, notInApp: true, paymentChoices: [] }} />);
    expect(view.getByRole("status").textContent).toBe("プランのご契約は、Webブラウザからお手続きください。");
    expect(view.queryByRole("link", { name: "お支払い方法を登録する" })).toBeNull();
    expect(view.queryByText(/お支払い方法が登録されていません/)).toBeNull();
  });

  it("offers no way to add a method where the store takes none", () => {
    show(<PlanToBuy screenData={{ ...planForm, canRegisterPaymentMethod: false }} />);
    expect(view.queryByRole("link", { name: "お支払い方法を登録する" })).toBeNull();
  });

  it("goes back from the sign-up's confirmation to the sign-up's form", () => {
    show(<PurchaseQuote screenData={signupConfirm} />);
    expect(hrefOf("戻って内容を変更する")).toBe("/signup/plans/standard-monthly");
  });

  it("leads each plan of the sign-up's step to its form under /signup/plans", () => {
    show(<PlanChoices screenData={signupPlans([planForm.plan])} />);
    expect(hrefOf("31日間無料で試す")).toBe("/signup/plans/standard-monthly");
  });

  it("offers to skip the sign-up's plans before the list, where the API says", () => {
    show(<PlanChoices screenData={signupPlans([planForm.plan])} />);
    const links = view.getAllByRole("link");
    expect(links[0]?.textContent).toBe("今はプランを契約しない");
    expect(links[0]?.getAttribute("href")).toBe("/signup/complete");
  });
});

describe("the final confirmation (特定商取引法 12条の6)", () => {
  it("its button says what is done: a subscription is contracted, a rental rented, a purchase bought", () => {
    const i18n = createI18n("ja", { ja });
    const label = (wording: string | undefined, screen: ScreenDefinition = planPurchaseConfirm) => {
      const [form] = withScreenDataWording(screen, { wording }).forms;
      if (!form) throw new Error("no form");
      return i18n.t(form.submitLabelKey);
    };
    expect(label("subscription")).toBe("この内容で契約する");
    expect(label("rental")).toBe("この内容でレンタルする");
    expect(label("purchase")).toBe("この内容で購入する");
    expect(label("rental", signupPlanPurchaseConfirm)).toBe("この内容でレンタルする");
    // The titles follow too: the form, the confirmation and the completion.
    const titles = (wording: string) =>
      [planPurchase, planPurchaseConfirm, planPurchaseComplete].map((screen) =>
        i18n.t(withScreenDataWording(screen, { wording }).titleKey),
      );
    expect(titles("rental")).toEqual(["レンタルのお手続き", "レンタル内容の確認", "レンタル完了"]);
    expect(titles("purchase")).toEqual(["ご購入のお手続き", "ご購入内容の確認", "ご購入完了"]);
    expect(titles("subscription")).toEqual(["プランのご契約", "ご契約内容の確認", "ご契約完了"]);
    expect(titles("change")).toEqual(["プランの変更", "変更内容の確認", "プラン変更の受付完了"]);
    expect(label("change")).toBe("この内容で変更する");
    // A type without wording of its own, or none, keeps the screen's.
    expect(label("bundle")).toBe("この内容で契約する");
    expect(label(undefined)).toBe("この内容で契約する");
  });

  /** The card's rows as label → value. */
  const rows = () =>
    Object.fromEntries(
      [...document.querySelectorAll(".purchase-quote__row")].map((row) => [
        row.querySelector("dt")?.textContent,
        row.querySelector("dd")?.textContent,
      ]),
    );

  const rental: PurchaseConfirmScreenData = {
    ...signupConfirm,
    plan: {
      ...signupConfirm.plan,
      planId: "movie-rental-48h",
      planName: "映画レンタル（48時間）",
      planType: "rental",
      price: 440,
      renewSpanUnit: null,
      renewSpan: null,
      freeTrialDays: null,
      viewingPeriodDays: 2,
    },
    quote: {
      ...signupConfirm.quote,
      billingAmount: 140,
      amountDueNow: 140,
      firstPaymentDay: "2026-11-29",
      campaignId: "movie-300-off",
      campaignType: "discountAmount",
      freeDays: null,
      freeUntilDay: null,
      discountContinuationCount: 1,
      entitlementExpiration: "2026-12-01T03:00:00.000Z",
      campaignName: "映画300円引き",
    },
    payment: { value: "m-1", label: "Visa 末尾 3220", hint: "有効期限 12/2030" },
  };

  it("shows how the price is made up, what is paid today and with what, the viewing period and the terms", () => {
    show(<PurchaseQuote screenData={rental} />);
    expect(rows()).toEqual({
      通常価格: "¥440(税込)",
      "割引（映画300円引き）": "−¥300(税込)",
      本日のお支払い金額: "¥140(税込)",
      お支払い日: "2026年11月29日",
      お支払い方法: "Visa 末尾 3220（有効期限 12/2030）",
      キャンペーン: "映画300円引き",
      視聴期限: expect.stringMatching(/^2026年12月1日/),
    });
    expect(view.getByText("ご購入後のキャンセル・返金はお受けしておりません。")).toBeTruthy();
  });

  it("a subscription: the first charge after the trial and its date, the renewal, the method, the cancellation", () => {
    show(<PurchaseQuote screenData={signupConfirm} />);
    expect(rows()).toMatchObject({
      通常価格: "¥990(税込)/月",
      初回のお支払い金額: "¥990(税込)",
      初回お支払い日: "2026年12月27日",
      お支払い方法: "Visa 末尾 4242（有効期限 12/2030）",
      無料トライアル: "31日間（2026年12月26日まで）",
    });
    expect(view.getByText(/自動で更新され、更新日にご登録のお支払い方法で決済されます/)).toBeTruthy();
    expect(view.getByText(/解約はマイページからいつでも/)).toBeTruthy();
  });

  it("a subscription a code starts without a method says it ends unless one is added, and promises no charge to a method", () => {
    show(
      <PurchaseQuote
        screenData={{
          ...signupConfirm,
          quote: {
            ...signupConfirm.quote,
            campaignType: "payment",
            campaignName: "ギフトコード",
            billingAmount: 0,
          },
          payment: { value: "CampaignCode", label: "キャンペーンコードで支払う" },
          methodNeededBy: "2026-12-29",
        }}
      />,
    );
    expect(rows()).toMatchObject({
      お支払い方法: "キャンペーンコードで支払う",
      "割引（ギフトコード）": "−¥990(税込)",
    });
    expect(view.getByRole("note").textContent).toBe(
      "お支払い方法が登録されていません。2026年12月29日の更新までにマイページでお支払い方法を登録しないと、ご契約はその前日で終了します。",
    );
    expect(view.queryByText(/更新日にご登録のお支払い方法で決済されます/)).toBeNull();
  });
});

describe("a change of plan (ADR 0042)", () => {
  const held = { subscriptionId: "sub-1", planName: "スタンダードプラン（月額）" };
  const annual = {
    ...signupConfirm.plan,
    planId: "standard-annual",
    planName: "スタンダードプラン（年額）",
    price: 9900,
    renewSpan: 12,
    freeTrialDays: null,
    heldSubscription: held,
  };
  const rows = () =>
    Object.fromEntries(
      [...document.querySelectorAll(".purchase-quote__row")].map((row) => [
        row.querySelector("dt")?.textContent,
        row.querySelector("dd")?.textContent,
      ]),
    );
  const change = {
    subscriptionId: "sub-1",
    fromPlanName: "スタンダードプラン（月額）",
    toPlanName: "スタンダードプラン（年額）",
    timing: "nextSettlement" as const,
    effectiveDay: "2026-12-30",
    periodEndDay: "2026-12-30",
    unusedDays: 0,
    periodDays: 31,
    credit: 0,
    newPlanForUnusedDays: 0,
    nextPaymentDay: "2026-12-30",
    nextPaymentAmount: 9900,
    campaignCarries: false,
  };

  it("the form says which plan it replaces", () => {
    show(<PlanToBuy screenData={{ ...planForm, plan: annual, wording: "change", planChange: true }} />);
    expect(
      view.getByText(
        "ご契約中の「スタンダードプラン（月額）」から、このプランへ変更します。キャンペーンコードはご利用いただけません。",
      ),
    ).toBeTruthy();
  });

  it("the confirmation shows both plans, the day, nothing today and the next payment of a scheduled change", () => {
    const quote = { ...signupConfirm.quote, amountDueNow: 0, billingAmount: 9900, freeDays: null, change };
    show(<PurchaseQuote screenData={{ ...signupConfirm, plan: annual, wording: "change", quote }} />);
    expect(rows()).toMatchObject({
      現在のプラン: "スタンダードプラン（月額）",
      変更後のプラン: "スタンダードプラン（年額）",
      変更日: "2026年12月30日（次回決済日）",
      本日のお支払い金額: "¥0(税込)",
      次回のお支払い: "2026年12月30日に¥9,900(税込)",
      お支払い方法: "Visa 末尾 4242（有効期限 12/2030）",
      更新: "年間に自動更新（¥9,900(税込)/年）",
    });
    expect(rows()).not.toHaveProperty("通常価格");
    expect(view.getByText(/変更日の前日までは、ご契約内容の画面から変更を取り消せます/)).toBeTruthy();
  });

  it("an immediate change shows what the unused days are worth each way and what is paid today", () => {
    const now = { ...change, timing: "now" as const, effectiveDay: "2026-12-10", unusedDays: 18 };
    const quote = {
      ...signupConfirm.quote,
      amountDueNow: 321,
      freeDays: null,
      change: { ...now, credit: 636, newPlanForUnusedDays: 957, nextPaymentAmount: 1490 },
    };
    show(<PurchaseQuote screenData={{ ...signupConfirm, plan: annual, wording: "change", quote }} />);
    expect(rows()).toMatchObject({
      変更日: "本日（2026年12月10日）",
      変更後のプランの18日分: "¥957(税込)",
      "現在のプランの未使用分（18日分）": "−¥636(税込)",
      本日のお支払い金額: "¥321(税込)",
      次回のお支払い: "2026年12月30日に¥1,490(税込)",
    });
    expect(view.getByText(/変更は本日から適用されます/)).toBeTruthy();
  });

  it("the completion says from what, to what and when", () => {
    show(
      <PurchaseComplete
        screenData={{
          planName: "スタンダードプラン（年額）",
          wording: "change",
          orderCompletedMessage: null,
          planChange: {
            fromPlanName: "スタンダードプラン（月額）",
            timing: "nextSettlement",
            effectiveDay: "2026-12-30",
          },
        }}
      />,
    );
    expect(
      view.getByText(
        "2026年12月30日から「スタンダードプラン（年額）」に変更します（現在のプラン：スタンダードプラン（月額））。",
      ),
    ).toBeTruthy();
  });
});

describe("a plan is spoken of as what it is", () => {
  it("a plan the member holds leads to it instead of a grey offer of it again", () => {
    show(
      <PlanChoices
        screenData={signupPlans([{ ...planForm.plan, availability: "subscribed", canContract: false }])}
      />,
    );
    expect(view.queryByRole("button", { name: "31日間無料で試す" })).toBeNull();
    expect(hrefOf("契約内容を見る")).toBe("/mypage/plans");
    expect(view.getByText("ご契約中")).toBeTruthy();
  });

  it("a plan held leads to its subscription; another plan of its group is changed to, not bought", () => {
    const held = { subscriptionId: "sub-1", planName: "スタンダードプラン（月額）" };
    show(
      <PlanChoices
        screenData={signupPlans([
          { ...planForm.plan, availability: "subscribed", canContract: false, heldSubscription: held },
          { ...planForm.plan, planId: "standard-annual", planName: "年額", heldSubscription: held },
        ])}
      />,
    );
    expect(hrefOf("契約内容を見る")).toBe("/mypage/subscription/sub-1");
    expect(hrefOf("プランを変更する")).toBe("/signup/plans/standard-annual");
    expect(view.queryByRole("link", { name: "31日間無料で試す" })).toBeNull();
  });

  it("a rental is rented and a purchase bought, on the card and at the end", () => {
    show(
      <PlanChoices
        screenData={signupPlans([
          { ...planForm.plan, planId: "r", planName: "レンタル", planType: "rental", freeTrialDays: null },
          { ...planForm.plan, planId: "p", planName: "購入", planType: "purchase", freeTrialDays: null },
        ])}
      />,
    );
    expect(hrefOf("レンタルする")).toBe("/signup/plans/r");
    expect(hrefOf("購入する")).toBe("/signup/plans/p");
  });

  it("says which title was rented or bought when it is done", () => {
    const { unmount } = show(
      <PurchaseComplete
        screenData={{
          planName: "作品レンタル（48時間）",
          wording: "rental",
          orderCompletedMessage: null,
          planChange: null,
        }}
      />,
    );
    expect(view.getByText("「作品レンタル（48時間）」のレンタルが完了しました。")).toBeTruthy();
    unmount();
    show(
      <PurchaseComplete
        screenData={{
          planName: "作品購入",
          wording: "purchase",
          orderCompletedMessage: null,
          planChange: null,
        }}
      />,
    );
    expect(view.getByText("「作品購入」の購入が完了しました。")).toBeTruthy();
  });
});
