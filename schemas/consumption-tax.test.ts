import { describe, expect, it } from "vitest";
import { taxBreakdown } from "./consumption-tax.ts";

describe("taxBreakdown (ADR 0029: 10 % inside the price, rounded down once per order)", () => {
  it.each([
    [990, 90, 900],
    [1100, 100, 1000],
    [9900, 900, 9000],
    [440, 40, 400],
    [1490, 135, 1355],
    [1, 0, 1],
    [0, 0, 0],
    [109, 9, 100],
    [2500, 227, 2273],
  ])("¥%i holds ¥%i tax on ¥%i net", (amount, tax, net) => {
    expect(taxBreakdown(amount)).toEqual({
      billingAmount: amount,
      netBillingAmount: net,
      taxAmount: tax,
      taxRate: 10,
    });
  });

  it("never rounds up, and net plus tax is the amount, for every amount up to 200,000 yen", () => {
    for (let amount = 0; amount <= 200_000; amount++) {
      const { taxAmount, netBillingAmount } = taxBreakdown(amount);
      expect(taxAmount * 110 <= amount * 10 && (taxAmount + 1) * 110 > amount * 10).toBe(true);
      expect(taxAmount + netBillingAmount).toBe(amount);
    }
  });

  it("refuses what is not an amount of yen", () => {
    for (const amount of [-1, 1.5, Number.NaN, 2 ** 53]) {
      expect(() => taxBreakdown(amount)).toThrow(RangeError);
    }
  });
});
