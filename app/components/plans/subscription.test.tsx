// @vitest-environment jsdom
import { render, screen as view, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../../locales/i18n.ts";
import ja from "../../../locales/ja/index.ts";
import listFixture from "../../../tests/fixtures/screens/mypage-plans.json" with { type: "json" };
import detailFixture from "../../../tests/fixtures/screens/mypage-subscription-subscriptionId.json" with {
  type: "json",
};
import { SCREEN_BODY_SHAPES } from "../../lib/screen-data-shapes.server.ts";
import { inShape } from "../../lib/zapi.server.ts";
import { SubscriptionDetail, SubscriptionList } from "./subscription.tsx";
import { SubscriptionEnding } from "./subscription-ending.tsx";

// The pages' fixtures, held to the shapes the pages read.
const list = inShape(listFixture, SCREEN_BODY_SHAPES.subscriptionList, "mypage-plans.json");
const detail = inShape(
  detailFixture,
  SCREEN_BODY_SHAPES.subscriptionDetail,
  "mypage-subscription-subscriptionId.json",
);

function show(element: React.ReactElement) {
  const router = createMemoryRouter([{ path: "/", element, action: () => null }]);
  return render(
    <I18nextProvider i18n={createI18n("ja", { ja })}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

const base = `/mypage/subscription/${detail.subscription.subscriptionId}`;
const facts = () =>
  Object.fromEntries(
    [...document.querySelectorAll("dt")].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
  );

describe("a subscription's page (spec §4 Subscription status groups)", () => {
  it("in force: status, next settlement day, price per cycle, next amount, campaign, method; change and cancel", () => {
    show(<SubscriptionDetail screenData={detail} />);
    expect(view.getByText("契約中")).toBeTruthy();
    expect(facts()).toMatchObject({
      次回決済日: "2026年7月2日",
      料金: "¥990(税込)/月",
      次回のお支払い金額: "¥495(税込)",
      キャンペーン: "3か月半額キャンペーン",
      お支払い方法: "Visa 末尾 4242",
    });
    expect(view.getByRole("link", { name: "お支払い方法を変更する" }).getAttribute("href")).toBe(
      `${base}/payment-method`,
    );
    expect(view.getByRole("link", { name: "解約する" }).getAttribute("href")).toBe(`${base}/withdraw`);
    expect(view.queryByRole("button")).toBeNull();
  });

  it("cancel requested: the end instead of the next settlement day, no method, the continue button, no cancel", () => {
    show(
      <SubscriptionDetail
        screenData={{
          ...detail,
          subscription: { ...detail.subscription, subscriptionStatus: "CANCEL_REQUEST", isWithdraw: true },
          statusGroup: "cancelRequested",
          endsAt: "2026-07-01T15:00:00.000Z",
          actions: {
            cancel: "notCancellable",
            undoCancel: null,
            retry: "notOnHold",
            changePaymentMethod: "notChangeable",
            changePlan: "planNotChangeable",
            undoPlanChange: "noPendingChange",
          },
        }}
      />,
    );
    expect(view.getByText("解約予定")).toBeTruthy();
    const shown = facts();
    expect(shown.終了日時).toBe("2026年7月2日 00:00");
    expect(shown).not.toHaveProperty("次回決済日");
    expect(shown).not.toHaveProperty("お支払い方法");
    expect(view.getByRole("button", { name: "プランを継続する" })).toBeTruthy();
    expect(view.queryByRole("link", { name: "解約する" })).toBeNull();
    expect(view.queryByRole("link", { name: "お支払い方法を変更する" })).toBeNull();
  });

  it("renewing (契約更新中): says why nothing can be changed, and offers nothing", () => {
    show(
      <SubscriptionDetail
        screenData={{
          ...detail,
          renewing: true,
          actions: {
            cancel: "renewing",
            undoCancel: "notCancelRequested",
            retry: "notOnHold",
            changePaymentMethod: "renewing",
            changePlan: "planNotChangeable",
            undoPlanChange: "noPendingChange",
          },
        }}
      />,
    );
    expect(view.getByText("契約更新中")).toBeTruthy();
    expect(view.getByRole("status").textContent).toContain("ただいま契約を更新しています");
    expect(view.queryByRole("link", { name: "解約する" })).toBeNull();
    expect(view.queryByRole("button")).toBeNull();
  });

  it("on hold (更新保留中): the notice and the retry button", () => {
    show(
      <SubscriptionDetail
        screenData={{
          ...detail,
          subscription: { ...detail.subscription, subscriptionStatus: "HOLD" },
          statusGroup: "hold",
          actions: {
            cancel: null,
            undoCancel: "notCancelRequested",
            retry: null,
            changePaymentMethod: null,
            changePlan: "planNotChangeable",
            undoPlanChange: "noPendingChange",
          },
        }}
      />,
    );
    expect(view.getByText("更新保留中")).toBeTruthy();
    expect(view.getByRole("button", { name: "お支払いを再試行する" })).toBeTruthy();
  });
});

describe("a plan change waiting for its day (ADR 0042)", () => {
  it("says the day and the plan, what that day charges, and offers to undo it", () => {
    show(
      <SubscriptionDetail
        screenData={{
          ...detail,
          pendingChange: { planName: "スタンダードプラン（年額）", day: "2026-07-02", amount: 9900 },
          actions: { ...detail.actions, changePlan: "changePending", undoPlanChange: null },
        }}
      />,
    );
    expect(view.getByText("2026年7月2日からスタンダードプラン（年額）に変更予定")).toBeTruthy();
    expect(view.getByText("2026年7月2日のお支払い金額：¥9,900(税込)")).toBeTruthy();
    expect(view.getByRole("button", { name: "変更を取り消す" })).toBeTruthy();
    expect(view.queryByRole("link", { name: "プランを変更する" })).toBeNull();
  });

  it("offers the change of plan where one may be made, and no undo without a change", () => {
    show(<SubscriptionDetail screenData={{ ...detail, actions: { ...detail.actions, changePlan: null } }} />);
    expect(view.getByRole("link", { name: "プランを変更する" }).getAttribute("href")).toBe("/plans");
    expect(view.queryByRole("button", { name: "変更を取り消す" })).toBeNull();
  });
});

describe("/mypage/plans", () => {
  it("lists each subscription with a link to its page; none says so", () => {
    show(<SubscriptionList screenData={list} />);
    const [row] = view.getAllByRole("listitem");
    expect(
      within(row as HTMLElement)
        .getByRole("link", { name: "ご契約内容を見る" })
        .getAttribute("href"),
    ).toBe(base);
  });

  it("says a scheduled plan change on the list, with its undo for that subscription", () => {
    const [first] = list.subscriptions;
    if (!first) throw new Error("the fixture lists no subscription");
    const pending = {
      ...first,
      pendingChange: { planName: "スタンダードプラン（年額）", day: "2026-07-02", amount: 9900 },
      actions: { ...first.actions, undoPlanChange: null },
    };
    show(<SubscriptionList screenData={{ subscriptions: [pending, first] }} />);
    const [changing, plain] = view.getAllByRole("listitem") as HTMLElement[];
    expect(
      within(changing as HTMLElement).getByText("2026年7月2日からスタンダードプラン（年額）に変更予定"),
    ).toBeTruthy();
    const undo = within(changing as HTMLElement).getByRole("button", { name: "変更を取り消す" });
    const form = undo.closest("form");
    expect(new FormData(form ?? undefined).get("subscriptionId")).toBe(first.subscription.subscriptionId);
    expect(new FormData(form ?? undefined).get("intent")).toBe("undoChange");
    expect(within(plain as HTMLElement).queryByRole("button")).toBeNull();
  });

  it("says there is nothing when there is nothing", () => {
    show(<SubscriptionList screenData={{ subscriptions: [] }} />);
    expect(view.getByText("ご契約中の定期プランはありません。")).toBeTruthy();
  });
});

describe("the cancel page's subject", () => {
  it("names the plan and when it ends, and warns that a scheduled change goes with it", () => {
    show(
      <SubscriptionEnding
        screenData={{
          ...detail,
          pendingChange: { planName: "スタンダードプラン（年額）", day: "2026-07-02", amount: 9900 },
        }}
      />,
    );
    expect(facts()).toEqual({
      解約するプラン: detail.subscription.planName,
      終了日時: "2026年7月2日 00:00",
    });
    expect(view.getByRole("note").textContent).toBe(
      "予約中のプラン変更（スタンダードプラン（年額）への変更）は取り消されます。",
    );
  });
});
