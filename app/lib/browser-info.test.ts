import { describe, expect, it } from "vitest";
import { MAX_USER_AGENT_LENGTH, parseBrowserInfo } from "./browser-info.ts";

/** The shape of the store setting `appUserAgentPattern` (config/store.json uses this one). */
const APP_PATTERN = "SoramiruApp/(\\d+)\\.(\\d+)";

const ANDROID_PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";
const ANDROID_TABLET =
  "Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const IPAD =
  "Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const DESKTOP =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";

describe("parseBrowserInfo: devices", () => {
  it.each([
    ["an Android phone", ANDROID_PHONE, { isAndroid: true, isMobile: true }],
    ["an Android tablet", ANDROID_TABLET, { isAndroid: true, isMobile: true }],
    ["an iPhone", IPHONE, { isAndroid: false, isMobile: true }],
    ["an iPad", IPAD, { isAndroid: false, isMobile: true }],
    ["a desktop browser", DESKTOP, { isAndroid: false, isMobile: false }],
  ])("recognises %s", (_name, userAgent, expected) => {
    expect(parseBrowserInfo(userAgent, APP_PATTERN)).toEqual({ isApp: false, ...expected });
  });

  it("treats a missing user agent as a desktop browser", () => {
    expect(parseBrowserInfo(null, APP_PATTERN)).toEqual({ isApp: false, isAndroid: false, isMobile: false });
  });
});

describe("parseBrowserInfo: the native app", () => {
  it("recognises the app marker with two numeric version parts", () => {
    expect(parseBrowserInfo(`${ANDROID_PHONE} SoramiruApp/3.12`, APP_PATTERN)).toEqual({
      isApp: true,
      isAndroid: true,
      isMobile: true,
    });
    expect(parseBrowserInfo(`${IPHONE} SoramiruApp/10.0`, APP_PATTERN).isApp).toBe(true);
  });

  it.each(["SoramiruApp/3", "SoramiruApp/x.1", "SoramiruApp/3.x", "SoramiruApp", "OtherApp/3.12"])(
    "does not take %s for the app",
    (marker) => {
      expect(parseBrowserInfo(`${IPHONE} ${marker}`, APP_PATTERN).isApp).toBe(false);
    },
  );

  it("requires the pattern's two capture groups to be numbers", () => {
    expect(parseBrowserInfo(`${IPHONE} MyApp/3.12`, "MyApp/(\\w+)\\.(\\w+)").isApp).toBe(true);
    expect(parseBrowserInfo(`${IPHONE} MyApp/v3.12`, "MyApp/(\\w+)\\.(\\w+)").isApp).toBe(false);
    expect(parseBrowserInfo(`${IPHONE} MyApp/3.12`, "MyApp/\\d+\\.\\d+").isApp).toBe(false);
  });

  it("does not throw on an invalid pattern", () => {
    expect(parseBrowserInfo(`${IPHONE} SoramiruApp/3.12`, "SoramiruApp/(\\d+")).toEqual({
      isApp: false,
      isAndroid: false,
      isMobile: true,
    });
  });

  it(`reads only the first ${MAX_USER_AGENT_LENGTH} characters of the user agent`, () => {
    const marker = " SoramiruApp/3.12";
    const endsAtTheLimit = DESKTOP.padEnd(MAX_USER_AGENT_LENGTH - marker.length, "x") + marker;
    const startsAtTheLimit = DESKTOP.padEnd(MAX_USER_AGENT_LENGTH, "x") + marker;

    expect(endsAtTheLimit).toHaveLength(MAX_USER_AGENT_LENGTH);
    expect(parseBrowserInfo(endsAtTheLimit, APP_PATTERN).isApp).toBe(true);
    expect(parseBrowserInfo(startsAtTheLimit, APP_PATTERN).isApp).toBe(false);
  });

  it("ignores device hints beyond the truncation point", () => {
    const longDesktop = `${DESKTOP}${" ".repeat(MAX_USER_AGENT_LENGTH)}(Linux; Android 14) Mobile`;
    expect(parseBrowserInfo(longDesktop, APP_PATTERN)).toEqual({
      isApp: false,
      isAndroid: false,
      isMobile: false,
    });
  });
});

describe("parseBrowserInfo: remembered answers", () => {
  it("answers the same agent under another store pattern anew", () => {
    const app = `${IPHONE} OtherApp/1.2`;
    expect(parseBrowserInfo(app, APP_PATTERN).isApp).toBe(false);
    expect(parseBrowserInfo(app, "OtherApp/(\\d+)\\.(\\d+)").isApp).toBe(true);
  });

  it("gives each caller its own copy, and stays right after many distinct agents", () => {
    const first = parseBrowserInfo(ANDROID_PHONE, APP_PATTERN);
    first.isMobile = false;
    expect(parseBrowserInfo(ANDROID_PHONE, APP_PATTERN).isMobile).toBe(true);
    for (let index = 0; index < 1500; index++) parseBrowserInfo(`${DESKTOP} Build/${index}`, APP_PATTERN);
    expect(parseBrowserInfo(ANDROID_PHONE, APP_PATTERN)).toEqual({
      isApp: false,
      isAndroid: true,
      isMobile: true,
    });
  });
});
