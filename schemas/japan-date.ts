/**
 * The calendar date in Japan, where the service runs (birthdays, card expiry, contract dates).
 * Safe in the browser: a visitor abroad still gets Japan's date, so the form and the API agree.
 */
const JAPAN_DATE_PARTS = new Intl.DateTimeFormat("en-US", {
  timeZone: "Asia/Tokyo",
  year: "numeric",
  month: "numeric",
  day: "numeric",
});

export interface CalendarDay {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

export function japanToday(now: Date): CalendarDay {
  const parts = JAPAN_DATE_PARTS.formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part("year"), month: part("month"), day: part("day") };
}

/** Today in Japan as YYYYMMDD, which compares with stored dates as a string. */
export function japanTodayDigits(now: Date): string {
  const { year, month, day } = japanToday(now);
  return `${year}${String(month).padStart(2, "0")}${String(day).padStart(2, "0")}`;
}
