import { describe, expect, it } from "vitest";
import { isProviderAddress } from "./social-authorize.tsx";

describe("isProviderAddress: where /auth/authorize may send the browser", () => {
  it("follows https addresses and plain http on this machine only", () => {
    expect(isProviderAddress("https://access.line.me/oauth2/v2.1/authorize?state=x")).toBe(true);
    expect(isProviderAddress("http://127.0.0.1:3230/auth?x=1")).toBe(true);
    expect(isProviderAddress("http://localhost:3231/auth")).toBe(true);
  });

  it("refuses anything else: plain http elsewhere, scripts, paths, garbage", () => {
    for (const value of [
      "http://evil.example/auth",
      "javascript:alert(1)",
      "//evil.example/",
      "/mypage",
      "not a url",
      42,
      null,
    ]) {
      expect(isProviderAddress(value), String(value)).toBe(false);
    }
  });
});
