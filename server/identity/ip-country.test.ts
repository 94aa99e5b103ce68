import { describe, expect, it } from "vitest";
import { countryOfAddress } from "./ip-country.ts";

describe("countryOfAddress", () => {
  it.each([
    ["1.0.16.1", "JP"],
    ["8.8.8.8", "US"],
    ["::ffff:1.0.16.1", "JP"],
  ])("finds %s in %s", (address, country) => {
    expect(countryOfAddress(address)).toBe(country);
  });

  it.each([
    null,
    "",
    "127.0.0.1",
    "10.1.2.3",
    "192.168.0.1",
    "2001:db8::1",
    "::1",
    "not an address",
    "1.2.3",
    "999.1.1.1",
  ])("knows no country for %j", (address) => {
    expect(countryOfAddress(address)).toBeNull();
  });
});
