import { describe, expect, it } from "vitest";
import {
  detectCardBrand,
  isExpiryInFuture,
  maxCardNumberLength,
  passesLuhn,
  securityCodeLength,
} from "./card.ts";

describe("card facts", () => {
  it.each([
    ["4111 1111 1111 1111", "V"],
    ["5555 5555 5555 4444", "M"],
    ["2221 0000 0000 0009", "M"],
    ["3782 822463 10005", "A"],
    ["3530 1113 3330 0000", "J"],
    ["3056 930902 5904", "D"],
    ["3600 000000 0008", "D"],
    ["6011 1111 1111 1117", "Unknown"],
    ["3", "Unknown"],
  ])("%s is brand %s", (number, brand) => {
    expect(detectCardBrand(number)).toBe(brand);
  });

  it("allows 17 characters for American Express, 16 for Diners and 19 otherwise", () => {
    expect([
      maxCardNumberLength("A"),
      maxCardNumberLength("D"),
      maxCardNumberLength("V"),
      maxCardNumberLength("Unknown"),
    ]).toEqual([17, 16, 19, 19]);
  });

  it("checks the Luhn checksum, ignoring spaces", () => {
    expect(passesLuhn("4111 1111 1111 1111")).toBe(true);
    expect(passesLuhn("378282246310005")).toBe(true);
    expect(passesLuhn("4111 1111 1111 1112")).toBe(false);
    expect(passesLuhn("")).toBe(false);
  });

  it("wants 4 security code digits only for American Express", () => {
    expect(securityCodeLength("A")).toBe(4);
    expect(securityCodeLength("V")).toBe(3);
    expect(securityCodeLength("Unknown")).toBe(3);
  });

  it("treats a card as valid to the end of its month in Japan", () => {
    const now = new Date("2026-04-30T14:59:00Z"); // 23:59 on 30 April in Japan
    expect(isExpiryInFuture("04", "26", now)).toBe(true);
    expect(isExpiryInFuture("04", "26", new Date("2026-04-30T15:00:00Z"))).toBe(false);
    expect(isExpiryInFuture("03", "27", now)).toBe(true);
    expect(isExpiryInFuture("12", "25", now)).toBe(false);
  });
});
