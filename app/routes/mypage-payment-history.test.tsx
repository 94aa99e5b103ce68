// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PaymentHistoryItem, PaymentHistoryPage } from "../../schemas/types/payment-history.gen.ts";
import { makeRootData, renderElement } from "../../tests/render.tsx";
import type { Route } from "./+types/mypage-payment-history";
import MypagePaymentHistory from "./mypage-payment-history.tsx";

const renewal: PaymentHistoryItem = {
  earningsId: "c-2",
  createdAt: "2026-06-19T15:01:00.000Z",
  planName: "スタンダードプラン（月額）",
  accountPaymentMethod: {
    accountPaymentMethodId: "m-1",
    paymentMethodType: "SbpsCredit",
    isContractUsed: true,
    SbpsCreditInfo: { cardbrandCode: "V", cardNumberSuffix: "4242", expireDate: "203012" },
  },
  billingAmount: 990,
  netBillingAmount: 900,
  taxAmount: 90,
};
const purchase: PaymentHistoryItem = {
  ...renewal,
  earningsId: "c-1",
  createdAt: "2026-05-10T03:00:00.000Z",
  planName: "映画（購入）",
  accountPaymentMethod: null,
  billingAmount: 1980,
  netBillingAmount: 1800,
  taxAmount: 180,
};

function renderPage(page: Partial<PaymentHistoryPage>) {
  const loaderData: PaymentHistoryPage = {
    data: [],
    currentPage: 1,
    lastPage: 1,
    perPage: 20,
    totalCount: 0,
    ...page,
  };
  const props = { loaderData } as unknown as Route.ComponentProps;
  return renderElement(<MypagePaymentHistory {...props} />, { root: makeRootData({ authId: "acc_1" }) });
}

describe("/mypage/payment-history (spec §2, §3 Payment history item)", () => {
  it("a row per payment, newest first: date (Japan time), plan, method and amount with tax", async () => {
    await renderPage({ data: [renewal, purchase], totalCount: 2 });
    const table = screen.getByRole("table", { name: "お支払い履歴（1/1ページ）" });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent);
    expect(headers).toEqual(["決済日時", "プラン", "お支払い方法", "金額（税込）", "領収書"]);
    const rows = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      [
        "2026/06/20 00:01:00",
        "スタンダードプラン（月額）",
        "Visa 末尾 4242",
        "¥990(税込)",
        "表示（新しいタブで開きます）",
      ],
      ["2026/05/10 12:00:00", "映画（購入）", "—", "¥1,980(税込)", "表示（新しいタブで開きます）"],
    ]);
    // One page: no pager.
    expect(screen.queryByRole("navigation", { name: "お支払い履歴のページ" })).toBeNull();
  });

  it("links each payment to its invoice in a new tab, but not a payment of ¥0 (spec §4)", async () => {
    const free: PaymentHistoryItem = {
      ...renewal,
      earningsId: "c-0",
      billingAmount: 0,
      netBillingAmount: 0,
      taxAmount: 0,
    };
    await renderPage({ data: [renewal, free], totalCount: 2 });
    const links = screen.getAllByRole("link", { name: /表示/ });
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["/mypage/invoice/c-2"]);
    expect(links[0]?.getAttribute("target")).toBe("_blank");
    expect(links[0]?.getAttribute("rel")).toContain("noopener");
  });

  it("says so when there is nothing in the year, and when a page is past the last", async () => {
    await renderPage({});
    expect(screen.getByText("過去1年間のお支払いはありません。")).toBeTruthy();
    await renderPage({ currentPage: 4, lastPage: 3, totalCount: 45 });
    expect(screen.getByText("このページにお支払いはありません。")).toBeTruthy();
  });

  it("links to the newer and older pages", async () => {
    await renderPage({ data: [renewal], currentPage: 2, lastPage: 3, totalCount: 45 });
    const pager = screen.getByRole("navigation", { name: "お支払い履歴のページ" });
    expect(within(pager).getByRole("link", { name: "新しいお支払い" }).getAttribute("href")).toBe(
      "/mypage/payment-history",
    );
    expect(within(pager).getByRole("link", { name: "以前のお支払い" }).getAttribute("href")).toBe(
      "/mypage/payment-history?page=3",
    );
    expect(within(pager).getByText("2/3ページ")).toBeTruthy();
  });
});
