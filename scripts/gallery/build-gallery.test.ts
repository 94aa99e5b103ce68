import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import jaResources from "../../locales/ja/index.ts";
import { login } from "../../screens/guest.ts";
import { mypagePinCode } from "../../screens/mypage.ts";
import { parseStoreSettingsText } from "../../server/store/validate-settings.ts";
import { ROUTED_SCREENS, UNROUTED_SCREENS } from "../routed-screens.ts";
import { renderGallery, writeGallery } from "./build-gallery.ts";
import { FIXTURES_DIR, loadScreenFixtures } from "./fixtures.ts";
import type { GalleryPage } from "./gallery-index.ts";
import { parseHtml } from "./parse-html.ts";
import { signupFormProblems } from "./signup-fields.ts";
import { siteStylesheet } from "./standalone-assets.ts";

const storeFile = join(FIXTURES_DIR, "stores/mixed.json");
const settings = parseStoreSettingsText(readFileSync(storeFile, "utf8"), storeFile);
const fixtures = loadScreenFixtures();
const css = siteStylesheet();
const { form: badges } = jaResources as { form: { required: string; optional: string } };

describe("writeGallery", () => {
  let outDir: string;
  let pages: GalleryPage[];
  const read = (file: string) => parseHtml(readFileSync(join(outDir, file), "utf8"));

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), "gallery-"));
    pages = await writeGallery(outDir, {
      settings,
      settingsVersion: "test",
      language: "ja",
      fixtures,
      css,
      storeLabel: "tests/fixtures/stores/mixed.json",
    });
  });

  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it("writes <screen-id>.html for every routed screen, and none for a screen not built", () => {
    expect(pages.map((page) => page.fileName)).toEqual(ROUTED_SCREENS.map((screen) => `${screen.id}.html`));
    for (const screen of UNROUTED_SCREENS) expect(existsSync(join(outDir, `${screen.id}.html`))).toBe(false);
    for (const screen of ROUTED_SCREENS) {
      const document = read(`${screen.id}.html`);
      expect(document.querySelector(`[data-screen="${screen.id}"]`), screen.id).not.toBeNull();
    }
  });

  it("links every routed screen from index.html and lists the ones not built", () => {
    const index = read("index.html");
    const links = Array.from(index.querySelectorAll("a[href$='.html']"), (link) => link.getAttribute("href"));
    expect(links).toEqual(ROUTED_SCREENS.map((screen) => `${screen.id}.html`));
    for (const link of links) expect(existsSync(join(outDir, link ?? ""))).toBe(true);
    const notBuilt = index.querySelectorAll("section[aria-labelledby=not-built] tbody th");
    expect(Array.from(notBuilt, (cell) => cell.textContent)).toEqual(
      UNROUTED_SCREENS.map((screen) => screen.id),
    );
  });

  it("shows exactly the store's registration fields on signup-form.html, badges included", () => {
    const document = read("signup-form.html");
    expect(document.querySelectorAll("[data-field]").length).toBeGreaterThan(0);
    expect(signupFormProblems(document, settings, badges)).toEqual([]);
  });

  it("renders standalone pages in the app's frame: inlined styles, no scripts, one main, a title", () => {
    const document = read("password-forgot.html");
    expect(document.documentElement.lang).toBe("ja");
    expect(document.documentElement.dataset.theme).toBe("dark");
    expect(document.title).toBe(`パスワードの再設定 | ${settings.serviceName}`);
    expect(document.querySelectorAll("main")).toHaveLength(1);
    expect(document.querySelector("header.site-header")).not.toBeNull();
    expect(document.querySelector("footer.site-footer")).not.toBeNull();
    expect(document.querySelectorAll("script, link[rel='stylesheet']")).toHaveLength(0);
    expect(document.querySelector("style")?.textContent).toContain(".sf-form");
  });

  it("shows guests' screens logged out", () => {
    // The header offers a guest sign-up (and login, but not on the login page itself).
    const guestPage = read("login.html");
    expect(guestPage.querySelector(".site-header a[href='/signup']")).not.toBeNull();
    expect(guestPage.querySelector(".site-header .user-menu")).toBeNull();
  });
});

describe("renderGallery", () => {
  it("renders a members' screen logged in, with the account navigation", async () => {
    const [page] = await renderGallery({
      settings,
      settingsVersion: "test",
      language: "ja",
      fixtures,
      css,
      storeLabel: "mixed",
      screens: [mypagePinCode],
    });
    const memberPage = parseHtml(page!.html);
    expect(memberPage.querySelector(".account-layout__back")?.getAttribute("href")).toBe("/mypage");
    expect(memberPage.querySelector("a[href='/login']")).toBeNull();
  });

  it("renders in English with --lang en", async () => {
    const [page] = await renderGallery({
      settings,
      settingsVersion: "test",
      language: "en",
      fixtures,
      css,
      storeLabel: "mixed",
      screens: [login],
    });
    const document = parseHtml(page!.html);
    expect(document.documentElement.lang).toBe("en");
    expect(document.querySelector("h1")?.textContent).toBe("Log in");
  });

  it("names the missing fixture when a screen loads data the fixtures lack", async () => {
    const render = renderGallery({
      settings,
      settingsVersion: "test",
      language: "ja",
      fixtures: { screenData: new Map(), routeParams: {} },
      css,
      storeLabel: "mixed",
      screens: [login],
    });
    await expect(render).rejects.toThrow('No screen data fixture for "login"');
  });
});
