import { describe, expect, it } from "vitest";
import { corporateNumberCheckDigit, isInvoiceRegistrationNumber } from "./invoice-registration-number.ts";

describe("qualified invoice registration numbers (T + 法人番号)", () => {
  it.each([
    // 国税庁's own, another, and one whose weighted sum is a multiple of 9 (check digit 9).
    ["T7000012050002"],
    ["T1000012030001"],
    ["T9000000000000"],
  ])("accepts %s", (number) => {
    expect(isInvoiceRegistrationNumber(number)).toBe(true);
  });

  it.each([
    ["T7000012050003", "a base digit changed"],
    ["T6000012050002", "the check digit changed"],
    ["7000012050002", "no T"],
    ["t7000012050002", "a small t"],
    ["T700001205000", "12 digits"],
    ["T70000120500021", "14 digits"],
    ["T7000012O50002", "a letter O"],
    ["T７000012050002", "a full-width digit"],
    ["", "nothing"],
  ])("refuses %s (%s)", (number) => {
    expect(isInvoiceRegistrationNumber(number)).toBe(false);
  });

  it("computes the check digit from the twelve base digits, weighted 1, 2, 1, … from the right", () => {
    expect(corporateNumberCheckDigit("000012050002")).toBe(7);
    expect(corporateNumberCheckDigit("000000000000")).toBe(9);
    expect(corporateNumberCheckDigit("000000000001")).toBe(8);
    expect(corporateNumberCheckDigit("000000000010")).toBe(7);
  });
});
