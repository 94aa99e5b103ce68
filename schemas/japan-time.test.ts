import { describe, expect, it } from "vitest";
import { japanDay, japanMidnight, japanToday, japanTodayDigits } from "./japan-time.ts";

describe("Japan time", () => {
  it("turns the day at 15:00 UTC, wherever the code runs", () => {
    expect(japanDay(new Date("2026-12-31T14:59:59Z"))).toBe("2026-12-31");
    expect(japanDay(new Date("2026-12-31T15:00:00Z"))).toBe("2027-01-01");
    expect(japanToday(new Date("2027-02-28T15:00:00Z"))).toEqual({ year: 2027, month: 3, day: 1 });
    expect(japanTodayDigits(new Date("2026-04-30T15:00:00Z"))).toBe("20260501");
  });

  it("starts a Japan day at 15:00 UTC of the day before, and refuses what is not a day", () => {
    expect(japanMidnight("2027-01-01").toISOString()).toBe("2026-12-31T15:00:00.000Z");
    expect(japanDay(japanMidnight("2027-03-01"))).toBe("2027-03-01");
    expect(() => japanMidnight("2027-1-1")).toThrow(RangeError);
  });
});
