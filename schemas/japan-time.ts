/**
 * Japan time, where the service runs, in one place: today's date (birthdays, card expiry, contract
 * and billing days, policies in force) and the instant a Japan day starts. Safe in the browser: a
 * visitor abroad still gets Japan's date, so the form and the API agree.
 */

/** The service's time zone: contract and billing dates, and every date a member is shown. */
export const JAPAN_TIME_ZONE = "Asia/Tokyo";
/** Japan has kept +09:00 all year since 1952. */
export const JAPAN_OFFSET_MS = 9 * 3_600_000;

export interface CalendarDay {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

/** Today's date in Japan at `now`: a fixed offset, so plain arithmetic, in the browser as on the server. */
export function japanToday(now: Date): CalendarDay {
  const japan = new Date(now.getTime() + JAPAN_OFFSET_MS);
  return { year: japan.getUTCFullYear(), month: japan.getUTCMonth() + 1, day: japan.getUTCDate() };
}

/** Today in Japan at `now`, as the calendar day `YYYY-MM-DD` (which compares as a string). */
export function japanDay(now: Date): string {
  return new Date(now.getTime() + JAPAN_OFFSET_MS).toISOString().slice(0, 10);
}

/** Today in Japan as YYYYMMDD, which compares with stored dates as a string. */
export function japanTodayDigits(now: Date): string {
  return japanDay(now).replaceAll("-", "");
}

/** 00:00 Japan time of a calendar day `YYYY-MM-DD`, as an instant. */
export function japanMidnight(day: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new RangeError(day);
  // A date-only ISO string is read as UTC midnight.
  return new Date(Date.parse(day) - JAPAN_OFFSET_MS);
}
