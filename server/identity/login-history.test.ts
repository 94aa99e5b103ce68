import { describe, expect, it } from "vitest";
import { describeUserAgent } from "./login-history.ts";

describe("describeUserAgent", () => {
  it.each([
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
      { device: "PC Macintosh", browser: "Chrome 124" },
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0",
      { device: "PC", browser: "Edge 124" },
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
      { device: "Mobile iPhone", browser: "Mobile Safari 17" },
    ],
    [
      "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
      { device: "Mobile K", browser: "Chrome 124" },
    ],
    [
      "Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
      { device: "Tablet iPad", browser: "Mobile Safari 17" },
    ],
  ])("names the devices of the spec's list: %s", (userAgent, expected) => {
    expect(describeUserAgent(userAgent)).toEqual(expected);
  });

  it("knows nothing without a user agent, and no browser for a tool", () => {
    expect(describeUserAgent(null)).toEqual({ device: null, browser: null });
    expect(describeUserAgent("curl/8.5.0")).toEqual({ device: "PC", browser: null });
  });

  it("reads only the first 500 characters (spec §9)", () => {
    const chrome =
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0";
    expect(describeUserAgent(`${"x".repeat(500)} ${chrome}`).browser).toBeNull();
    expect(describeUserAgent(`${chrome} ${"x".repeat(500)}`).browser).toBe("Chrome 124");
  });
});
