import { describe, expect, it } from "vitest";
import {
  birthdayCorrection,
  daysInMonth,
  displayBirthday,
  formatBirthdayInput,
  typedBirthdayDigits,
} from "./birthday-input.ts";

// 2025/11/20 at noon in Japan, where "today" is judged
const today = new Date("2025-11-20T12:00:00+09:00");

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
    expect(formatBirthdayInput(raw, today)).toMatchObject({ digits, display });
  });

  it.each([
    // readings of what was typed: padding, and a month of 13 read as January and a day from 3
    ["20243", false],
    ["202413", false],
    ["2024131", false],
    ["2023023", false],
    ["1990-1-5", false],
    ["20251120", false],
    // clamps: the year, 00, a day past the month's end, digits after a whole day, the future
    ["1899", true],
    ["2099", true],
    ["202400", true],
    ["20240100", true],
    ["20240132", true],
    ["20230229", true],
    ["19900230", true],
    ["20251121", true],
    ["20301340", true],
  ])("%j is corrected: %j", (raw, corrected) => {
    expect(formatBirthdayInput(raw, today).corrected).toBe(corrected);
  });

  it("judges today by the date in Japan, whatever the time zone", () => {
    // 23:30 on 19 Nov in UTC is already 20 Nov in Japan.
    const lateUtc = new Date("2025-11-19T23:30:00Z");
    expect(formatBirthdayInput("20251120", lateUtc)).toMatchObject({ digits: "20251120", corrected: false });
    expect(formatBirthdayInput("20251121", lateUtc).digits).toBe("20251120");
  });

  it("changes nothing when what is shown is formatted again", () => {
    for (const raw of ["19905", "202413", "2023023", "20240132", "20991", "202400", "2025121"]) {
      const once = formatBirthdayInput(raw, today);
      expect(formatBirthdayInput(once.display, today)).toEqual({ ...once, corrected: false });
    }
  });

  it("lets Backspace remove the last digit, slash and all", () => {
    expect(formatBirthdayInput("2024/01/", today).display).toBe("2024/01");
    expect(formatBirthdayInput("2024/0", today).display).toBe("2024/0");
  });
});

describe("the correction notice", () => {
  it("tells what was typed and what it became once the date is whole", () => {
    expect(birthdayCorrection("20301340", today)).toEqual({ from: "2030/13/40", to: "2025/01/31" });
    expect(birthdayCorrection("19900230", today)).toEqual({ from: "1990/02/30", to: "1990/02/03" });
    expect(birthdayCorrection("20301201", today)).toEqual({ from: "2030/12/01", to: "2025/11/20" });
    expect(birthdayCorrection("19900515", today)).toBeNull();
    // not yet whole: nothing to check yet
    expect(birthdayCorrection("2030", today)).toBeNull();
  });

  it("follows the typed digits behind the corrected ones shown", () => {
    // 2030 is shown as 2025; typing on at the end extends what was typed
    let typed = typedBirthdayDigits("", "", "2030", today);
    expect(typed).toBe("2030");
    typed = typedBirthdayDigits(typed, "2025", "2025/1", today);
    expect(typed).toBe("20301");
    typed = typedBirthdayDigits(typed, "20251", "2025/12", today);
    expect(typed).toBe("203012");
    // Backspace, or an edit inside, starts again from what the field holds
    expect(typedBirthdayDigits(typed, "202512", "2025/1", today)).toBe("20251");
    expect(typedBirthdayDigits(typed, "202512", "2024/12", today)).toBe("202412");
    // a paste into an empty field
    expect(typedBirthdayDigits("", "", "2030/13/40", today)).toBe("20301340");
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
