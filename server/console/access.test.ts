import { describe, expect, it } from "vitest";
import { consoleGate, isConsolePath, parseAllowedAddresses } from "./access.ts";

describe("isConsolePath", () => {
  it("names the console's pages and calls, and nothing else", () => {
    for (const path of ["/console", "/console/", "/console/login", "/zapi/console/sign-in"]) {
      expect(isConsolePath(path), path).toBe(true);
    }
    for (const path of ["/consoles", "/mypage/console", "/zapi/consoled", "/zapi/login"]) {
      expect(isConsolePath(path), path).toBe(false);
    }
  });
});

describe("parseAllowedAddresses", () => {
  it("takes addresses and networks of both families", () => {
    expect(parseAllowedAddresses(" 203.0.113.7, 198.51.100.0/24,2001:db8::/32 ")).toEqual({
      entries: ["203.0.113.7", "198.51.100.0/24", "2001:db8::/32"],
    });
  });

  it("names an entry that is not one", () => {
    expect(parseAllowedAddresses("203.0.113.7, office")).toEqual({
      error: '"office" is not an address or a network',
    });
    expect(parseAllowedAddresses("198.51.100.0/33")).toHaveProperty("error");
    expect(parseAllowedAddresses("198.51.100.0/24/1")).toHaveProperty("error");
  });
});

describe("consoleGate", () => {
  it("lets anyone in when no list is given, and no one when the console is off", () => {
    expect(consoleGate({ enabled: true, allowedAddresses: null })("192.0.2.1")).toBe(true);
    expect(consoleGate({ enabled: false, allowedAddresses: null })("192.0.2.1")).toBe(false);
  });

  it("keeps the console to the listed addresses and networks", () => {
    const allowed = consoleGate({
      enabled: true,
      allowedAddresses: ["203.0.113.7", "198.51.100.0/24", "2001:db8::/32"],
    });
    expect(allowed("203.0.113.7")).toBe(true);
    expect(allowed("::ffff:198.51.100.42")).toBe(true);
    expect(allowed("2001:db8::1")).toBe(true);
    expect(allowed("203.0.113.8")).toBe(false);
    expect(allowed("2001:db9::1")).toBe(false);
    expect(allowed(null)).toBe(false);
  });
});
