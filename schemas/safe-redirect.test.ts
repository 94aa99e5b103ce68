import { describe, expect, it } from "vitest";
import corpus from "../tests/fixtures/open-redirect-payloads.json" with { type: "json" };
import { safeRedirectOr, safeRedirectPath } from "./safe-redirect.ts";

const SITE = "https://site.example";

/**
 * What a browser would do with the Location: browsers strip TAB/CR/LF and treat "\" as "/",
 * so the check resolves the lenient reading too.
 */
function browserTarget(location: string): URL {
  return new URL(location.replace(/[\t\n\r]/g, "").replace(/\\/g, "/"), `${SITE}/login`);
}

describe("safeRedirectPath", () => {
  it("keeps same-origin paths with their query and hash", () => {
    expect(safeRedirectPath("/mypage")).toBe("/mypage");
    expect(safeRedirectPath("/mypage/consent?type=privacy")).toBe("/mypage/consent?type=privacy");
    expect(safeRedirectPath("/mypage/edit#top")).toBe("/mypage/edit#top");
    expect(safeRedirectPath("/plans?q=a%20b")).toBe("/plans?q=a%20b");
  });

  it.each([
    ["protocol-relative", "//evil.example"],
    ["backslash", "/\\evil.example"],
    ["tab between the slashes", "/\t/evil.example"],
    ["line feed", "/\n/evil.example"],
    ["carriage return", "/\r/evil.example"],
    ["NUL", "/\u0000/evil.example"],
    ["ideographic space (U+3000)", "/\u3000/evil.example"],
    ["fullwidth solidus", "/\uff0f\uff0fevil.example"],
    ["encoded slashes", "/%2F%2Fevil.example"],
    ["double-encoded slashes", "/%252F%252Fevil.example"],
    ["encoded backslash", "/%5Cevil.example"],
    ["encoded U+3000", "/%E3%80%80/evil.example"],
    ["dot segments to //", "/..//evil.example"],
    ["absolute URL", "https://evil.example"],
    ["javascript: URL", "javascript:alert(1)"],
    ["relative path", "mypage"],
    ["malformed escape", "/%zz"],
    ["too long", `/${"a".repeat(5000)}`],
  ])("refuses %s", (_name, value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });

  it("refuses what is not a string", () => {
    for (const value of [null, undefined, 42, {}, ["/mypage"]]) expect(safeRedirectPath(value)).toBeNull();
  });

  it("falls back to the default page for a refused value", () => {
    expect(safeRedirectOr("//evil.example", "/mypage")).toBe("/mypage");
    expect(safeRedirectOr("/plans", "/mypage")).toBe("/plans");
  });

  it(`sends none of the ${corpus.payloads.length} corpus payloads off-site and never throws`, () => {
    const offSite: string[] = [];
    for (const payload of corpus.payloads) {
      const path = safeRedirectOr(payload, "/mypage");
      const target = browserTarget(path);
      if (target.origin !== SITE || !path.startsWith("/") || path.startsWith("//")) offSite.push(payload);
    }
    expect(offSite).toEqual([]);
  });

  it("accepts only same-site paths whose text merely contains the attacker's name", () => {
    const accepted = corpus.payloads.filter(
      (payload) => payload.includes("evil.example") && safeRedirectPath(payload) !== null,
    );
    expect(accepted).toEqual([
      "/@evil.example",
      "/..;//evil.example",
      "/;//evil.example",
      "/?//evil.example",
      "/#//evil.example",
    ]);
  });
});
