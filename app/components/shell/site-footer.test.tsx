// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { demoStore, makeRootData, renderRoutes } from "../../../tests/render.tsx";
import GuestLayout from "../../layouts/guest-layout.tsx";
import { languageSwitchTarget } from "./language-switcher.tsx";

function PageBody() {
  return <p>本文</p>;
}

function renderPage(options: Parameters<typeof renderRoutes>[1] = {}) {
  return renderRoutes(
    [{ Component: GuestLayout, children: [{ index: true, Component: PageBody }] }],
    options,
  );
}

const footer = () => within(screen.getByRole("contentinfo"));
const footerNav = (name = "サイト情報") => within(footer().getByRole("navigation", { name }));
const linkNames = (name?: string) =>
  footerNav(name)
    .getAllByRole("link")
    .map((link) => link.textContent);

describe("SiteFooter", () => {
  it("shows the enabled links for a logged-out visitor", async () => {
    await renderPage();
    expect(linkNames()).toEqual([
      "ヘルプセンター（新しいタブで開きます）",
      "利用規約",
      "プライバシーポリシー",
      "特定商取引法に基づく表記（新しいタブで開きます）",
      "新規登録",
    ]);
  });

  it("swaps the logged-out links for the logged-in ones after login", async () => {
    await renderPage({ root: makeRootData({ authId: "acc_1" }) });
    const names = linkNames();
    expect(names).toContain("マイページ");
    expect(names).not.toContain("新規登録");
  });

  it("shows the licences link only inside the Android app", async () => {
    await renderPage({
      root: makeRootData({ browserInfo: { isApp: true, isAndroid: true, isMobile: true } }),
    });
    expect(footerNav().getByRole("link", { name: "ライセンス" })).toHaveAttribute("href", "/app/licenses");
  });

  it("opens external links in a new tab and keeps internal ones in the app", async () => {
    await renderPage();
    const help = footerNav().getByRole("link", { name: "ヘルプセンター（新しいタブで開きます）" });
    expect(help).toHaveAttribute("href", "https://help.soramiru.example.jp/");
    expect(help).toHaveAttribute("target", "_blank");
    expect(help).toHaveAttribute("rel", "noopener noreferrer");
    const terms = footerNav().getByRole("link", { name: "利用規約" });
    expect(terms).toHaveAttribute("href", "/terms");
    expect(terms).not.toHaveAttribute("target");
  });

  it("uses the English link names in English", async () => {
    await renderPage({ language: "en" });
    expect(linkNames("About this site")).toContain("Terms of use");
  });

  it("shows only the social accounts the store set, each with a name", async () => {
    await renderPage();
    const social = within(footer().getByRole("list", { name: "公式SNS" }));
    const links = social.getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual([
      "X（旧Twitter）（新しいタブで開きます）",
      "Instagram（新しいタブで開きます）",
      "LINE（新しいタブで開きます）",
    ]);
    expect(links[0]).toHaveAttribute("href", demoStore.footers.socialMediaLinks.twitterUrl);
  });

  it("shows trademarks, the copyright and the powered-by credit", async () => {
    await renderPage();
    expect(footer().getByRole("heading", { name: "商標について" })).toBeInTheDocument();
    expect(
      footer().getByText("その他記載の会社名・製品名は各社の商標または登録商標です。"),
    ).toBeInTheDocument();
    expect(footer().getByText("© 2026 Soramiru Inc.")).toBeInTheDocument();
    expect(footer().getByText(/^Powered by /)).toBeInTheDocument();
  });

  it("shows the store's English texts on English pages, and its Japanese ones where it gives none", async () => {
    await renderPage({ language: "en" });
    expect(footer().getByRole("heading", { name: "Trademarks" })).toBeInTheDocument();
    expect(footer().getByText(/^Other company and product names are trademarks/)).toBeInTheDocument();
    expect(screen.getByRole("banner").querySelector(".brand-logo__image")).toHaveAttribute("alt", "Soramiru");

    const withoutEnglish = {
      ...demoStore,
      serviceNameEn: undefined,
      footers: {
        ...demoStore.footers,
        trademarks: demoStore.footers.trademarks.map(
          ({ nameEn: _name, valueEn: _value, ...trademark }) => trademark,
        ),
      },
    };
    document.body.innerHTML = "";
    await renderPage({
      language: "en",
      root: makeRootData({ language: "en", storeSettingData: withoutEnglish }),
    });
    expect(footer().getByRole("heading", { name: "商標について" })).toBeInTheDocument();
    expect(screen.getByRole("banner").querySelector(".brand-logo__image")).toHaveAttribute("alt", "ソラミル");
  });

  it("leaves out the powered-by credit when the store turns it off", async () => {
    const storeSettingData = { ...demoStore, footers: { ...demoStore.footers, showPoweredBy: false } };
    await renderPage({ root: makeRootData({ storeSettingData }) });
    expect(footer().queryByText(/^Powered by /)).not.toBeInTheDocument();
  });

  it("switches language on the current page, keeping its query", async () => {
    await renderPage({ url: "/?campaign=spring" });
    const languages = footerNav("表示言語");
    expect(languages.getByRole("link", { name: "English" })).toHaveAttribute(
      "href",
      "/?campaign=spring&lng=en",
    );
    expect(languages.getByRole("link", { name: "日本語" })).toHaveAttribute("aria-current", "true");
    expect(languages.getByRole("link", { name: "English" })).not.toHaveAttribute("aria-current");
  });
});

describe("languageSwitchTarget", () => {
  it("replaces an earlier lng and keeps the hash", () => {
    expect(
      languageSwitchTarget({ pathname: "/login", search: "?lng=en&loginType=authCode", hash: "#form" }, "ja"),
    ).toEqual({
      pathname: "/login",
      search: "?lng=ja&loginType=authCode",
      hash: "#form",
    });
  });
});
