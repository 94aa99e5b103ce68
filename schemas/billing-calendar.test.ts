import { describe, expect, it } from "vitest";
import { addDays, daysBetween, settlementDay } from "./billing-calendar.ts";
import { japanDay, japanMidnight } from "./japan-time.ts";

describe("billing calendar (spec §9)", () => {
  it("takes today in Japan, whatever the machine's zone", () => {
    expect(japanDay(new Date("2026-11-25T14:59:59Z"))).toBe("2026-11-25");
    expect(japanDay(new Date("2026-11-25T15:00:00Z"))).toBe("2026-11-26");
    expect(japanMidnight("2026-11-26").toISOString()).toBe("2026-11-25T15:00:00.000Z");
  });

  it("adds days across months and years", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
  });

  it("keeps the anchor day and clamps to the month's end, counted from the anchor", () => {
    const days = [0, 1, 2, 3].map((cycle) => settlementDay("2027-01-31", cycle, 1, "months"));
    expect(days).toEqual(["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30"]);
    expect(settlementDay("2028-01-31", 1, 1, "months")).toBe("2028-02-29");
    expect(settlementDay("2026-11-30", 3, 1, "months", 31)).toBe("2027-02-28");
  });

  it("keeps a payment day the month has, and crosses years (spec §9)", () => {
    expect(settlementDay("2024-01-15", 1, 1, "months")).toBe("2024-02-15");
    expect(settlementDay("2024-02-29", 1, 1, "months", 31)).toBe("2024-03-31");
    expect(settlementDay("2024-11-30", 3, 1, "months", 30)).toBe("2025-02-28");
    expect(settlementDay("2024-12-31", 2, 1, "months")).toBe("2025-02-28");
    expect(settlementDay("2023-01-31", 1, 1, "months")).toBe("2023-02-28");
  });

  it("counts a year as 12 months, and days and weeks as such", () => {
    expect(settlementDay("2028-02-29", 1, 12, "months")).toBe("2029-02-28");
    expect(settlementDay("2026-11-26", 2, 10, "days")).toBe("2026-12-16");
    expect(settlementDay("2026-11-26", 1, 2, "weeks")).toBe("2026-12-10");
  });

  it("counts back to the settlement day before, on the anchor", () => {
    expect(settlementDay("2027-02-28", -1, 1, "months", 31)).toBe("2027-01-31");
    expect(settlementDay("2027-03-31", -1, 1, "months", 31)).toBe("2027-02-28");
    expect(settlementDay("2027-01-15", -1, 1, "months")).toBe("2026-12-15");
    expect(settlementDay("2027-04-01", -1, 12, "months")).toBe("2026-04-01");
    expect(settlementDay("2026-12-10", -1, 2, "weeks")).toBe("2026-11-26");
  });

  it("counts the days between two days, across a leap day", () => {
    expect(daysBetween("2027-01-31", "2027-02-28")).toBe(28);
    expect(daysBetween("2028-02-01", "2028-03-01")).toBe(29);
    expect(daysBetween("2026-04-01", "2027-04-01")).toBe(365);
    expect(daysBetween("2027-02-10", "2027-02-10")).toBe(0);
    expect(daysBetween("2027-02-11", "2027-02-10")).toBe(-1);
  });

  it("refuses what is not a calendar day or a whole span", () => {
    expect(() => settlementDay("2026-11-26T00:00", 1, 1, "months")).toThrow(RangeError);
    expect(() => settlementDay("2026-11-26", 1, 0, "months")).toThrow(RangeError);
    expect(() => settlementDay("2026-11-26", 0.5, 1, "months")).toThrow(RangeError);
  });
});
