/**
 * Contract and billing days as Japan calendar days, `YYYY-MM-DD` (spec §9; today's is japanDay of
 * japan-time.ts).
 * Integer date arithmetic on UTC midnights, so the machine's time zone never moves a day.
 */

export type SpanUnit = "days" | "weeks" | "months";

const DAY_MS = 86_400_000;
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(day: string): { year: number; month: number; date: number } {
  const match = CALENDAR_DAY.exec(day);
  if (!match) throw new RangeError(`not a calendar day YYYY-MM-DD: ${day}`);
  return { year: Number(match[1]), month: Number(match[2]), date: Number(match[3]) };
}

function format(utcMs: number): string {
  return new Date(utcMs).toISOString().slice(0, 10);
}

function utcOf(day: string): number {
  const { year, month, date } = parts(day);
  return Date.UTC(year, month - 1, date);
}

export function addDays(day: string, days: number): string {
  return format(utcOf(day) + days * DAY_MS);
}

/** How many days from `from` to `to` (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcOf(to) - utcOf(from)) / DAY_MS);
}

/** The day of the month of a calendar day (a subscription's anchor). */
export function dayOfMonth(day: string): number {
  return parts(day).date;
}

/**
 * The settlement day `cycles` spans after `firstDay`. Months are counted from the first day's
 * month and land on the anchor day, or the month's last day when it is shorter (31 Jan → 28/29
 * Feb → 31 Mar): counted from the anchor, never from the previous (clamped) date. Negative
 * `cycles` count back: the settlement day before 28 Feb anchored on the 31st is 31 Jan.
 */
export function settlementDay(
  firstDay: string,
  cycles: number,
  span: number,
  unit: SpanUnit,
  anchorDay: number = dayOfMonth(firstDay),
): string {
  if (!Number.isInteger(cycles) || !Number.isInteger(span) || span < 1) {
    throw new RangeError(`settlementDay: cycles ${cycles} and span ${span} must be whole, span ≥ 1`);
  }
  if (unit === "days") return addDays(firstDay, cycles * span);
  if (unit === "weeks") return addDays(firstDay, cycles * span * 7);
  const { year, month } = parts(firstDay);
  const monthIndex = month - 1 + cycles * span;
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
  return format(Date.UTC(year, monthIndex, Math.min(anchorDay, lastDay)));
}
