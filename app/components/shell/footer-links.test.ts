import { describe, expect, it } from "vitest";
import type { FooterLink } from "../../../schemas/types/store-settings.gen.ts";
import { type FooterLinkContext, visibleFooterLinks } from "./footer-links.ts";

const guest: FooterLinkContext = {
  isLoggedIn: false,
  browserInfo: { isApp: false, isAndroid: false },
  language: "ja",
};
const member: FooterLinkContext = { ...guest, isLoggedIn: true };

function link(overrides: Partial<FooterLink>): FooterLink {
  return { name: "利用規約", value: "/terms", type: "default", enable: true, ...overrides };
}

const labels = (links: FooterLink[], context: FooterLinkContext) =>
  visibleFooterLinks(links, context).map((visible) => visible.label);

describe("visibleFooterLinks", () => {
  it("drops links that are not enabled", () => {
    const links = [link({ name: "表示" }), link({ name: "非表示", enable: false })];
    expect(labels(links, guest)).toEqual(["表示"]);
  });

  it("shows display_type all (and an absent display_type) to everyone", () => {
    const links = [link({ name: "全員", display_type: "all" }), link({ name: "指定なし" })];
    expect(labels(links, guest)).toEqual(["全員", "指定なし"]);
    expect(labels(links, member)).toEqual(["全員", "指定なし"]);
  });

  it("shows display_type login only when logged in and logout only when logged out", () => {
    const links = [
      link({ name: "マイページ", display_type: "login" }),
      link({ name: "新規登録", display_type: "logout" }),
    ];
    expect(labels(links, member)).toEqual(["マイページ"]);
    expect(labels(links, guest)).toEqual(["新規登録"]);
  });

  it("shows display_type androidApp only inside the Android app", () => {
    const links = [link({ name: "ライセンス", value: "/app/licenses", display_type: "androidApp" })];
    expect(labels(links, guest)).toEqual([]);
    expect(labels(links, { ...guest, browserInfo: { isApp: true, isAndroid: false } })).toEqual([]);
    expect(labels(links, { ...guest, browserInfo: { isApp: false, isAndroid: true } })).toEqual([]);
    expect(labels(links, { ...guest, browserInfo: { isApp: true, isAndroid: true } })).toEqual([
      "ライセンス",
    ]);
  });

  it("turns type default into an internal link and type url into an external one", () => {
    const links = [
      link({ name: "規約", value: "/terms" }),
      link({ name: "ヘルプ", value: "https://help.example.jp/", type: "url", external_link: true }),
      link({ name: "会社", value: "https://corp.example.jp/", type: "url" }),
    ];
    expect(visibleFooterLinks(links, guest)).toEqual([
      { kind: "internal", label: "規約", to: "/terms", opensInNewTab: false },
      { kind: "external", label: "ヘルプ", href: "https://help.example.jp/", opensInNewTab: true },
      { kind: "external", label: "会社", href: "https://corp.example.jp/", opensInNewTab: false },
    ]);
  });

  it("uses nameEn in English and falls back to name when it is missing", () => {
    const links = [link({ name: "利用規約", nameEn: "Terms of use" }), link({ name: "会社概要" })];
    expect(labels(links, { ...guest, language: "en" })).toEqual(["Terms of use", "会社概要"]);
    expect(labels(links, guest)).toEqual(["利用規約", "会社概要"]);
  });

  it("drops values that do not fit their type instead of rendering unsafe links", () => {
    const links = [
      link({ name: "相対", value: "terms" }),
      link({ name: "プロトコル相対", value: "//evil.example/" }),
      link({ name: "スクリプト", value: "javascript:alert(1)", type: "url" }),
      link({ name: "壊れたURL", value: "not a url", type: "url" }),
    ];
    expect(labels(links, guest)).toEqual([]);
  });
});
