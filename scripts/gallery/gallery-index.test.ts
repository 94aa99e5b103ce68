import { describe, expect, it } from "vitest";
import { passwordForgot, passwordForgotComplete } from "../../screens/guest.ts";
import { mypagePinCode } from "../../screens/mypage.ts";
import { type GalleryPage, renderIndex } from "./gallery-index.ts";
import { parseHtml } from "./parse-html.ts";

const page = (screen: GalleryPage["screen"], title: string): GalleryPage => ({
  screen,
  fileName: `${screen.id}.html`,
  title,
  html: "",
  source: "none",
});
const pages = [page(passwordForgot, "パスワード<再設定>"), page(passwordForgotComplete, "送信完了")];

describe("renderIndex", () => {
  it("links each screen with its title and paths, escaped", () => {
    const document = parseHtml(
      renderIndex(pages, { storeLabel: "config/store.json", language: "ja", notBuilt: [] }),
    );
    const rows = Array.from(document.querySelectorAll("tbody tr"));
    expect(rows.map((row) => row.querySelector("a")?.getAttribute("href"))).toEqual([
      "password-forgot.html",
      "password-forgot-complete.html",
    ]);
    expect(rows[0]?.textContent).toContain("パスワード<再設定>");
    expect(rows[0]?.textContent).toContain("/password/forgot, /forgetpassword");
    expect(document.title).toBe("Screen gallery: config/store.json");
  });

  it("shows screenshots and violation counts once Chromium has looked at the pages", () => {
    const html = renderIndex(pages, {
      storeLabel: "s",
      language: "ja",
      notBuilt: [],
      findings: {
        "password-forgot": {
          screenshot: "password-forgot.png",
          violations: { minor: 0, moderate: 1, serious: 2, critical: 0 },
        },
        "password-forgot-complete": {
          screenshot: "password-forgot-complete.png",
          violations: { minor: 0, serious: 0 },
        },
      },
    });
    const rows = Array.from(parseHtml(html).querySelectorAll("tbody tr"));
    expect(rows[0]?.querySelector("img")?.getAttribute("src")).toBe("password-forgot.png");
    expect(rows[0]?.textContent).toContain("moderate: 1, serious: 2");
    expect(rows[1]?.querySelectorAll("td")[4]?.textContent).toBe("0");
  });

  it("says where each screen's data came from, and why a fixture stands in", () => {
    const sourced = [
      { ...pages[0]!, source: "api" as const },
      { ...pages[1]!, source: "fixture" as const, reason: "the API sends the visitor on to /mypage" },
    ];
    const rows = Array.from(
      parseHtml(renderIndex(sourced, { storeLabel: "s", language: "ja", notBuilt: [] })).querySelectorAll(
        "tbody tr",
      ),
    );
    expect(rows.map((row) => row.querySelectorAll("td")[3]?.textContent)).toEqual([
      "API",
      "fixture: the API sends the visitor on to /mypage",
    ]);
  });

  it("lists the screens not built yet without linking or rendering them", () => {
    const document = parseHtml(
      renderIndex(pages, { storeLabel: "s", language: "ja", notBuilt: [mypagePinCode] }),
    );
    const section = document.querySelector("section[aria-labelledby=not-built]");
    expect(section?.querySelector("h2")?.textContent).toBe("Not built yet");
    const rows = Array.from(section?.querySelectorAll("tbody tr") ?? []);
    expect(rows.map((row) => row.querySelector("th")?.textContent)).toEqual(["mypage-pin-code"]);
    expect(rows[0]?.textContent).toContain("/mypage/pin-code");
    expect(section?.querySelector("a")).toBeNull();
  });

  it("has no not-built section once every screen is routed", () => {
    const document = parseHtml(renderIndex(pages, { storeLabel: "s", language: "ja", notBuilt: [] }));
    expect(document.querySelector("section[aria-labelledby=not-built]")).toBeNull();
  });
});
