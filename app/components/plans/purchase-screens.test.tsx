// @vitest-environment jsdom
import { render, screen as view } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../../locales/i18n.ts";
import ja from "../../../locales/ja/index.ts";
import planForm from "../../../tests/fixtures/screens/plans-planId.json" with { type: "json" };
import signupConfirm from "../../../tests/fixtures/screens/signup-plans-planId-confirm.json" with {
  type: "json",
};
import { PlanChoices } from "./plan-choices.tsx";
import { PlanToBuy } from "./plan-to-buy.tsx";
import { PurchaseQuote } from "./purchase-quote.tsx";

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

  it("offers no way to add a method where the store takes none", () => {
    show(<PlanToBuy screenData={{ ...planForm, canRegisterPaymentMethod: false }} />);
    expect(view.queryByRole("link", { name: "お支払い方法を登録する" })).toBeNull();
  });

  it("goes back from the sign-up's confirmation to the sign-up's form", () => {
    show(<PurchaseQuote screenData={signupConfirm} />);
    expect(hrefOf("戻って内容を変更する")).toBe("/signup/plans/standard-monthly");
  });

  it("leads each plan of the sign-up's step to its form under /signup/plans", () => {
    show(<PlanChoices screenData={{ plans: [planForm.plan] }} />);
    expect(hrefOf("31日間無料で試す")).toBe("/signup/plans/standard-monthly");
  });

  it("offers to skip the sign-up's plans before the list, where the API says", () => {
    const { unmount } = show(
      <PlanChoices screenData={{ plans: [planForm.plan], skipTo: "/signup/complete" }} />,
    );
    const links = view.getAllByRole("link");
    expect(links[0]?.textContent).toBe("今はプランを契約しない");
    expect(links[0]?.getAttribute("href")).toBe("/signup/complete");
    unmount();
    show(<PlanChoices screenData={{ plans: [planForm.plan] }} />);
    expect(view.queryByRole("link", { name: "今はプランを契約しない" })).toBeNull();
  });
});
