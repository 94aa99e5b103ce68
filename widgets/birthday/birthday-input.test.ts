import { describe, expect, it } from "vitest";
import { daysInMonth, displayBirthday, formatBirthdayInput } from "./birthday-input.ts";

const today = new Date(2025, 10, 20); // 2025/11/20, local time like the browser

describe("formatBirthdayInput", () => {
  it.each([
    // typing digit by digit
    ["", "", ""],
    ["1", "1", "1"],
    ["199", "199", "199"],
    ["1990", "1990", "1990"],
    ["19905", "199005", "1990/05"],
    ["19901", "19901", "1990/1"],
    ["199012", "199012", "1990/12"],
    ["1990121", "1990121", "1990/12/1"],
    ["19901215", "19901215", "1990/12/15"],
    // the display's own slashes and anything else that is not a digit are ignored
    ["1990/12/15", "19901215", "1990/12/15"],
    ["1990-1-5", "19900105", "1990/01/05"],
    ["１９９０年５月", "199005", "1990/05"],
    ["a1b9c9d0", "1990", "1990"],
    // at most eight digits
    ["199012151", "19901215", "1990/12/15"],
    // year clamped to 1900 … this year once it has four digits
    ["1899", "1900", "1900"],
    ["0000", "1900", "1900"],
    ["2099", "2025", "2025"],
    ["20991", "20251", "2025/1"],
    // month: a first digit above 1 is a whole month
    ["20243", "202403", "2024/03"],
    ["20249", "202409", "2024/09"],
    // month: 13 … 19 keep 01 and shift the second digit into the day
    ["202413", "2024013", "2024/01/3"],
    ["2024131", "20240131", "2024/01/31"],
    ["202419", "20240109", "2024/01/09"],
    // month and day 00 become 01
    ["202400", "202401", "2024/01"],
    ["20240100", "20240101", "2024/01/01"],
    // day: a first digit above the tens of the month's length is a whole day
    ["2024014", "20240104", "2024/01/04"],
    ["2023023", "20230203", "2023/02/03"],
    ["2024043", "2024043", "2024/04/3"],
    // day clamped to the month's length, leap years included
    ["20240132", "20240131", "2024/01/31"],
    ["20240431", "20240430", "2024/04/30"],
    ["20240229", "20240229", "2024/02/29"],
    ["20230229", "20230228", "2023/02/28"],
    ["19000229", "19000228", "1900/02/28"],
    ["20000229", "20000229", "2000/02/29"],
    // a future date becomes today
    ["20251121", "20251120", "2025/11/20"],
    ["20251201", "20251120", "2025/11/20"],
    ["20251120", "20251120", "2025/11/20"],
    ["20251119", "20251119", "2025/11/19"],
  ])("%j → %j shown as %j", (raw, digits, display) => {
    expect(formatBirthdayInput(raw, today)).toEqual({ digits, display });
  });

  it("changes nothing when what is shown is formatted again", () => {
    for (const raw of ["19905", "202413", "2023023", "20240132", "20991", "202400", "2025121"]) {
      const once = formatBirthdayInput(raw, today);
      expect(formatBirthdayInput(once.display, today)).toEqual(once);
    }
  });

  it("lets Backspace remove the last digit, slash and all", () => {
    expect(formatBirthdayInput("2024/01/", today).display).toBe("2024/01");
    expect(formatBirthdayInput("2024/0", today).display).toBe("2024/0");
  });
});

describe("daysInMonth", () => {
  it.each([
    [2024, 2, 29],
    [2023, 2, 28],
    [2100, 2, 28],
    [2000, 2, 29],
    [2024, 4, 30],
    [2024, 12, 31],
  ])("%i/%i has %i days", (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });
});

describe("displayBirthday", () => {
  it("shows stored digits as YYYY/MM/DD", () => {
    expect(displayBirthday("19900515")).toBe("1990/05/15");
    expect(displayBirthday("")).toBe("");
  });
});
