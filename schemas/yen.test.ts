import { describe, expect, it } from "vitest";
import { YEN_DIGITS, yen } from "./yen.ts";

describe("yen", () => {
  it("writes whole yen with thousands separators", () => {
    expect(YEN_DIGITS.format(0)).toBe("0");
    expect(YEN_DIGITS.format(990)).toBe("990");
    expect(YEN_DIGITS.format(1980)).toBe("1,980");
    expect(YEN_DIGITS.format(1234567)).toBe("1,234,567");
    expect(yen(10780)).toBe("¥10,780");
  });

  it("writes a refund's negative amount with its sign before the figure", () => {
    expect(yen(-990)).toBe("¥-990");
    expect(YEN_DIGITS.format(-1980)).toBe("-1,980");
  });
});
