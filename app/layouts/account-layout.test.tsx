// @vitest-environment jsdom
import { act, screen, within } from "@testing-library/react";
import { Link } from "react-router";
import { describe, expect, it } from "vitest";
import { demoStore, makeRootData, renderRoutes } from "../../tests/render.tsx";
import type { AccountRouteHandle } from "../components/account/account-route-handle.ts";
import AccountLayout from "./account-layout.tsx";

function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

function Overview() {
  return (
    <>
      <h1>会員情報</h1>
      <Link to="/mypage/slow">次へ</Link>
    </>
  );
}

function EditPage() {
  return <h1>会員情報変更</h1>;
}

function EditCompletePage() {
  return <h1>変更完了</h1>;
}

function SlowPage() {
  return <h1>遅いページ</h1>;
}

function renderAccount(
  url: string,
  options: { root?: Parameters<typeof makeRootData>[0]; slow?: Promise<void> } = {},
) {
  return renderRoutes(
    [
      {
        path: "mypage",
        Component: AccountLayout,
        children: [
          { index: true, Component: Overview },
          { path: "edit", handle: { backTo: "/mypage" } satisfies AccountRouteHandle, Component: EditPage },
          {
            path: "edit/complete",
            handle: { hideMenu: true } satisfies AccountRouteHandle,
            Component: EditCompletePage,
          },
          { path: "slow", loader: () => options.slow?.then(() => null) ?? null, Component: SlowPage },
        ],
      },
    ],
    { url, root: makeRootData({ authId: "acc_1", ...options.root }) },
  );
}

const menu = () => screen.queryByRole("navigation", { name: "マイページメニュー" });
const menuLinks = () =>
  within(menu() as HTMLElement)
    .getAllByRole("link")
    .map((link) => [link.textContent, link.getAttribute("href")]);

describe("AccountLayout", () => {
  it("shows header, menu, page and footer; with store payment the menu has Home, Payment method and Payment history", async () => {
    await renderAccount("/mypage");
    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
    expect(within(screen.getByRole("main")).getByRole("heading", { name: "会員情報" })).toBeInTheDocument();
    expect(menuLinks()).toEqual([
      ["ホーム", "/mypage"],
      ["お支払い方法", "/mypage/payment-method"],
      ["お支払い履歴", "/mypage/payment-history"],
      ["トップページへ戻る", "/"],
    ]);
    expect(within(menu() as HTMLElement).getByRole("link", { name: "ホーム" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  it("without store payment (and no plan) the menu keeps only the back-to-top link", async () => {
    const storeSettingData = {
      ...demoStore,
      features: { ...demoStore.features, isStorePaymentAvailable: false },
    };
    await renderAccount("/mypage", { root: { storeSettingData } });
    expect(menuLinks()).toEqual([["トップページへ戻る", "/"]]);
  });

  it("shows the member's user menu with the default icon", async () => {
    const { container } = await renderAccount("/mypage");
    expect(screen.getByRole("button", { name: "アカウントメニュー" })).toBeInTheDocument();
    expect(container.querySelector(".user-menu .avatar__fallback")).toBeInTheDocument();
  });

  it("gives a sub-page its Back link, and the menu only as the wide screens' side menu", async () => {
    await renderAccount("/mypage/edit");
    expect(screen.getByRole("link", { name: "戻る" })).toHaveAttribute("href", "/mypage");
    // The styles hide a wide-only menu below 1000px: on a phone the sub-page shows just its Back link.
    expect(menu()).toHaveClass("account-nav--wide-only");
    expect(menuLinks()).toEqual([
      ["ホーム", "/mypage"],
      ["お支払い方法", "/mypage/payment-method"],
      ["お支払い履歴", "/mypage/payment-history"],
      ["トップページへ戻る", "/"],
    ]);
  });

  it("inside the native app a sub-page keeps its Back link and no menu", async () => {
    await renderAccount("/mypage/edit", {
      root: { browserInfo: { isApp: true, isAndroid: true, isMobile: true } },
    });
    expect(screen.getByRole("link", { name: "戻る" })).toHaveAttribute("href", "/mypage");
    expect(menu()).not.toBeInTheDocument();
  });

  it("hides the menu on completion pages", async () => {
    await renderAccount("/mypage/edit/complete");
    expect(screen.getByRole("heading", { name: "変更完了" })).toBeInTheDocument();
    expect(menu()).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "戻る" })).not.toBeInTheDocument();
  });

  it("hides the menu inside the native app", async () => {
    await renderAccount("/mypage", {
      root: { browserInfo: { isApp: true, isAndroid: true, isMobile: true } },
    });
    expect(screen.getByRole("heading", { name: "会員情報" })).toBeInTheDocument();
    expect(menu()).not.toBeInTheDocument();
  });

  it("shows a progress bar and marks the page busy while the next page loads", async () => {
    const slow = deferred();
    const { user } = await renderAccount("/mypage", { slow: slow.promise });
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
    expect(screen.getByRole("main")).not.toHaveAttribute("aria-busy");

    await user.click(screen.getByRole("link", { name: "次へ" }));
    expect(screen.getByRole("progressbar", { name: "ページを読み込んでいます" })).toBeInTheDocument();
    expect(screen.getByRole("main")).toHaveAttribute("aria-busy", "true");

    await act(async () => slow.resolve());
    expect(await screen.findByRole("heading", { name: "遅いページ" })).toBeInTheDocument();
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
    expect(screen.getByRole("main")).not.toHaveAttribute("aria-busy");
  });
});
