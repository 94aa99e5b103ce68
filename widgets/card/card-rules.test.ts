import { describe, expect, it } from "vitest";
import { EXPIRY_MONTHS, expiryYears, formatCardNumber } from "./card-rules.ts";

describe("formatCardNumber", () => {
  it.each([
    ["4111111111111111", "4111 1111 1111 1111"],
    ["41111", "4111 1"],
    ["4111", "4111"],
    ["4111-1111", "4111 1111"],
    ["5105105105105100", "5105 1051 0510 5100"],
    ["3528000000000007", "3528 0000 0000 0007"],
    ["378282246310005", "3782 822463 10005"],
    ["3782822", "3782 822"],
    ["30569309025904", "3056 930902 5904"],
    ["", ""],
  ])("%j → %j", (input, expected) => {
    expect(formatCardNumber(input)).toBe(expected);
  });

  it("cuts to the spec's maximum lengths including spaces", () => {
    expect(formatCardNumber("4111 1111 1111 1111 999")).toBe("4111 1111 1111 1111");
    expect(formatCardNumber("378282246310005999")).toBe("3782 822463 10005");
    expect(formatCardNumber("378282246310005999")).toHaveLength(17);
    expect(formatCardNumber("30569309025904999")).toHaveLength(16);
  });
});

describe("expiry choices", () => {
  it("offers months 01 to 12", () => {
    expect(EXPIRY_MONTHS).toEqual(["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"]);
  });

  it("offers this year and the 9 following in two digits, across a century", () => {
    expect(expiryYears(new Date("2025-06-01T00:00:00Z"))).toEqual([
      "25",
      "26",
      "27",
      "28",
      "29",
      "30",
      "31",
      "32",
      "33",
      "34",
    ]);
    expect(expiryYears(new Date("2095-06-01T00:00:00Z"))).toEqual([
      "95",
      "96",
      "97",
      "98",
      "99",
      "00",
      "01",
      "02",
      "03",
      "04",
    ]);
  });

  it("counts the year in Japan, like the expiry rule", () => {
    // 15:30 UTC on 31 December is already New Year's Day in Tokyo.
    expect(expiryYears(new Date("2025-12-31T15:30:00Z"))[0]).toBe("26");
  });
});
