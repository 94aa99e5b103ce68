// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { HeldContract } from "../../schemas/types/held-contract.gen.ts";
import type { PlanOffer } from "../../schemas/types/plan-offer.gen.ts";
import { makeRootData, renderElement } from "../../tests/render.tsx";
import type { Route } from "./+types/plans";
import Plans from "./plans.tsx";

const NOW = "2026-11-26T03:00:00.000Z";

const monthly: PlanOffer = {
  planId: "standard-monthly",
  planName: "スタンダード（月額）",
  planDescription: "見放題",
  planType: "subscription",
  price: 1980,
  renewSpanUnit: "months",
  renewSpan: 1,
  freeTrialDays: 31,
  forceStopRenewDate: null,
  salesStartDate: null,
  salesEndDate: null,
  salesLimit: null,
  salesCount: 3,
  viewingPeriodDays: null,
  hasAvailableCampaign: true,
  availability: "available",
  canContract: true,
  heldSubscription: null,
};
const annual: PlanOffer = {
  ...monthly,
  planId: "annual",
  planName: "年額",
  price: 19800,
  renewSpan: 12,
  freeTrialDays: null,
  hasAvailableCampaign: false,
};
const rental: PlanOffer = {
  ...monthly,
  planId: "rental",
  planName: "レンタル",
  planType: "rental",
  price: 440,
  renewSpan: null,
  renewSpanUnit: null,
  freeTrialDays: null,
  viewingPeriodDays: 2,
  hasAvailableCampaign: false,
};
const later: PlanOffer = {
  ...annual,
  planId: "later",
  planName: "後日",
  availability: "beforeSale",
  canContract: false,
  salesStartDate: "2027-04-01T00:00:00+09:00",
};
const gone: PlanOffer = {
  ...annual,
  planId: "gone",
  planName: "完売",
  availability: "soldOut",
  canContract: false,
  salesLimit: 5,
  salesCount: 5,
};
const few: PlanOffer = {
  ...annual,
  planId: "few",
  planName: "残少",
  availability: "fewLeft",
  salesLimit: 5,
  salesCount: 4,
};
const limited: PlanOffer = {
  ...rental,
  planId: "limited",
  planName: "上限",
  availability: "contractLimit",
  canContract: false,
};

const trial: HeldContract = {
  contractId: "c1",
  planId: "standard-monthly",
  planName: "スタンダード（月額）",
  planType: "subscription",
  subscriptionStatus: "NEW_TRIAL_CONTRACT",
  statusGroup: "freeTrial",
  nextSettlementDay: "2026-12-28",
  trialEndDay: "2026-12-27",
  entitlementExpiration: null,
  methodNeededBy: null,
};
const forever: HeldContract = {
  contractId: "c2",
  planId: "movie",
  planName: "映画（購入）",
  planType: "purchase",
  subscriptionStatus: null,
  statusGroup: null,
  nextSettlementDay: null,
  trialEndDay: null,
  entitlementExpiration: "2126-11-26T03:00:00.000Z",
  methodNeededBy: null,
};
const rented: HeldContract = {
  ...forever,
  contractId: "c3",
  planName: "映画（レンタル）",
  planType: "rental",
  subscriptionStatus: null,
  entitlementExpiration: "2026-11-28T03:00:00.000Z",
  methodNeededBy: null,
};

async function renderPlans(contracts: HeldContract[], plans: PlanOffer[], isApp = false) {
  const props = { loaderData: { contracts, plans, now: NOW } } as unknown as Route.ComponentProps;
  return renderElement(<Plans {...props} />, {
    root: makeRootData({ authId: "acc_1", browserInfo: { isApp, isAndroid: false, isMobile: isApp } }),
  });
}

describe("/plans", () => {
  it("lists the member's contracts first, with their state, next payment or viewing limit", async () => {
    await renderPlans([trial, forever, rented], [monthly]);
    const contracts = screen.getByRole("region", { name: "ご契約中のプラン" });
    const rows = within(contracts).getAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual([
      "スタンダード（月額）無料トライアル中（2026年12月27日まで）次回決済日2026年12月28日",
      // More than 10 years ahead: no date (spec §9).
      "映画（購入）視聴可能視聴期限期限なく視聴できます",
      "映画（レンタル）視聴可能視聴期限2026年11月28日 12:00",
    ]);
    const headings = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(["ご契約中のプラン", "プラン一覧"]);
  });

  it("says when the member holds no plan", async () => {
    await renderPlans([], [monthly]);
    expect(screen.getByText("ご契約中のプランはありません。")).toBeTruthy();
  });

  it("shows each plan's price with its span, its terms and its state (spec §4, §9)", async () => {
    await renderPlans([], [monthly, annual, rental, later, gone, few, limited]);
    const card = (name: string) => screen.getByRole("region", { name });
    expect(within(card("スタンダード（月額）")).getByText("¥1,980(税込)/月")).toBeTruthy();
    expect(within(card("スタンダード（月額）")).getByText("31日間無料トライアル")).toBeTruthy();
    expect(within(card("スタンダード（月額）")).getByText("キャンペーン実施中")).toBeTruthy();
    expect(within(card("年額")).getByText("¥19,800(税込)/年")).toBeTruthy();
    expect(within(card("年額")).getByText("年間")).toBeTruthy();
    expect(within(card("レンタル")).getByText("¥440(税込)")).toBeTruthy();
    expect(within(card("レンタル")).getByText("視聴期間 2日間")).toBeTruthy();
    expect(within(card("後日")).getByText("2027年4月1日から販売")).toBeTruthy();
    expect(within(card("完売")).getByText("売り切れ")).toBeTruthy();
    expect(within(card("残少")).getByText("残りわずか")).toBeTruthy();
    expect(within(card("上限")).getByText("契約数の上限に達しているため購入できません")).toBeTruthy();
  });

  it("sells nothing inside the native app: contracts only, and where to buy", async () => {
    await renderPlans([trial], [monthly]);
    expect(screen.queryByRole("region", { name: "スタンダード（月額）" })).toBeTruthy();
    document.body.innerHTML = "";
    await renderPlans([trial], [monthly], true);
    expect(screen.queryByRole("region", { name: "スタンダード（月額）" })).toBeNull();
    expect(screen.getByText("プランのご契約は、Webブラウザからお手続きください。")).toBeTruthy();
  });
});
