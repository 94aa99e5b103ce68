import { describe, expect, it } from "vitest";
import { detectLanguage, languageFromAcceptLanguage, sharedI18n, translatorFor } from "./language.ts";

function request(query: string, headers: Record<string, string> = {}): Request {
  return new Request(`https://shop.example.jp/mypage${query}`, { headers });
}

describe("detectLanguage", () => {
  const everySource = { Cookie: "lng=ja", "Accept-Language": "ja" };

  it("prefers ?lng over the cookie and Accept-Language", () => {
    expect(detectLanguage(request("?lng=en", everySource))).toBe("en");
  });

  it("uses the lng cookie when there is no ?lng", () => {
    expect(detectLanguage(request("", { Cookie: "sid=1; lng=en", "Accept-Language": "ja" }))).toBe("en");
  });

  it("uses Accept-Language when there is neither ?lng nor a cookie", () => {
    expect(detectLanguage(request("", { "Accept-Language": "en-US,en;q=0.9" }))).toBe("en");
  });

  it("defaults to Japanese", () => {
    expect(detectLanguage(request(""))).toBe("ja");
  });

  it("ignores unsupported or malformed lng values at each step", () => {
    expect(detectLanguage(request("?lng=fr", { Cookie: "lng=en" }))).toBe("en");
    expect(detectLanguage(request("?lng=EN", { Cookie: "lng=en" }))).toBe("en");
    expect(detectLanguage(request("?lng=", { Cookie: "lng=de", "Accept-Language": "en" }))).toBe("en");
    expect(detectLanguage(request("?lng=en-US", { Cookie: "lng=%E0%A4%A" }))).toBe("ja");
  });
});

describe("languageFromAcceptLanguage", () => {
  it.each([
    ["en", "en"],
    ["en-GB", "en"],
    ["EN-us", "en"],
    ["fr-FR, en;q=0.8, ja;q=0.5", "en"],
    ["ja;q=0.3, en;q=0.9", "en"],
    ["en;q=0.9, ja;q=0.9", "en"],
    ["ja;q=0.9, en;q=0.9", "ja"],
    ["en; q=0.5, ja ; q=0.4", "en"],
    ["en;q=0, ja;q=0.1", "ja"],
    ["en;q=0", "ja"],
    ["en;q=abc, fr", "ja"],
    ["*", "ja"],
    ["fr, de", "ja"],
    ["", "ja"],
  ])("%j → %s", (header, expected) => {
    expect(languageFromAcceptLanguage(header)).toBe(expected);
  });

  it("defaults to Japanese without a header", () => {
    expect(languageFromAcceptLanguage(null)).toBe("ja");
  });
});

describe("sharedI18n", () => {
  it("makes one translator per language and hands the same one to every request", async () => {
    expect(await sharedI18n("en")).toBe(await sharedI18n("en"));
    expect(await sharedI18n("ja")).not.toBe(await sharedI18n("en"));
    expect((await sharedI18n("en")).language).toBe("en");
  });

  it("translates the real resources in each language, the API's messages included", async () => {
    expect((await translatorFor("ja"))("mypage.title")).toBe("マイページ");
    expect((await translatorFor("en"))("mypage.title")).toBe("My Page");
    expect((await sharedI18n("en")).exists("api.unauthorized")).toBe(true);
  });
});
