// @vitest-environment jsdom

import { render, screen as view, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../../locales/i18n.ts";
import ja from "../../../locales/ja/index.ts";
import type { SubscriptionSummary } from "../../../schemas/types/subscription-summary.gen.ts";
import type { WithdrawScreenData } from "../../../schemas/types/withdraw-screen-data.gen.ts";
import { withdraw } from "../../../screens/mypage.ts";
import heldFixture from "../../../tests/fixtures/screens/mypage-subscription-subscriptionId.json" with {
  type: "json",
};
import { SCREEN_BODY_SHAPES } from "../../lib/screen-data-shapes.server.ts";
import { isFormWithheld } from "../../lib/screen-form.ts";
import { inShape } from "../../lib/zapi.server.ts";
import { ContractedPlans } from "./contracted-plans.tsx";

function show(screenData: WithdrawScreenData) {
  const router = createMemoryRouter([{ path: "/", element: <ContractedPlans screenData={screenData} /> }]);
  return render(
    <I18nextProvider i18n={createI18n("ja", { ja })}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

const held = inShape(
  heldFixture,
  SCREEN_BODY_SHAPES.subscriptionDetail,
  "mypage-subscription-subscriptionId.json",
);

/** A subscription in force, as /withdraw lists it. */
const plan = (
  id: string,
  planName: string,
  {
    endsAt = null,
    cancel = null,
  }: { endsAt?: string | null; cancel?: "notCancellable" | "renewing" | null } = {},
): SubscriptionSummary => ({
  subscription: { ...held.subscription, subscriptionId: id, planName },
  statusGroup: held.statusGroup,
  renewing: held.renewing,
  endsAt,
  trialEndDay: held.trialEndDay,
  pendingChange: null,
  actions: { ...held.actions, cancel },
});

describe("/withdraw while plans are in force (spec §4 Withdrawal)", () => {
  it("says why, and lists each plan with the way to cancel it that comes back here", () => {
    show({
      contractedPlans: [
        plan("s-1", "スタンダードプラン（月額）"),
        plan("s-2", "プレミアムプラン", { endsAt: "2026-06-19T15:00:00.000Z", cancel: "notCancellable" }),
        plan("s-3", "ベーシックプラン", { cancel: "renewing" }),
      ],
      survey: null,
    });
    expect(view.getByRole("alert").textContent).toContain("ご契約中のプランがあるため、退会できません。");
    const items = within(view.getByRole("list")).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "スタンダードプラン（月額）解約する",
      "プレミアムプラン解約予定（2026年6月20日 00:00に終了）",
      "ベーシックプラン契約更新中です。更新の手続きが終わってから解約できます。",
    ]);
    expect(
      view.getByRole("link", { name: "スタンダードプラン（月額）を解約する" }).getAttribute("href"),
    ).toBe("/mypage/subscription/s-1/withdraw?returnTo=%2Fwithdraw");
  });

  it("draws nothing when no plan is in force", () => {
    const { container } = show({ contractedPlans: [], survey: null });
    expect(container.textContent).toBe("");
  });

  it("withholds the withdrawal form while the list has entries, and only then", () => {
    const [form] = withdraw.forms;
    expect(isFormWithheld(form, { contractedPlans: [plan("s-1", "A")] })).toBe(true);
    expect(isFormWithheld(form, { contractedPlans: [] })).toBe(false);
    expect(isFormWithheld(form, {})).toBe(false);
  });
});
