import type { Translate } from "../../locales/i18n.ts";
import { YEN_DIGITS } from "../../schemas/yen.ts";

/**
 * Display formats of spec §9. Texts come from locales/{ja,en}/format.json through `t`, so the
 * caller's language decides them; dates are always shown in Japan time, wherever the code runs.
 */

export type RenewSpanUnit = "days" | "weeks" | "months";

/** A plan billed every 12 months is an annual plan (spec §9). */
const MONTHS_PER_YEAR = 12;

/** `¥1,980(税込)`: prices are tax-included yen with thousands separators. */
export function formatPrice(price: number, t: Translate): string {
  if (!Number.isFinite(price)) return "";
  return t("price.taxIncluded", { price: YEN_DIGITS.format(price) });
}

/** The per-period suffix after a price: `/日`, `/3日`, `/週`, `/2週`, `/月`, `/年`, `/6ヶ月`. */
export function spanSuffix(renewSpan: number, renewSpanUnit: RenewSpanUnit, t: Translate): string {
  const count = renewSpan;
  switch (renewSpanUnit) {
    case "days":
      return count === 1 ? t("spanSuffix.perDay") : t("spanSuffix.perDays", { count });
    case "weeks":
      return count === 1 ? t("spanSuffix.perWeek") : t("spanSuffix.perWeeks", { count });
    case "months":
      if (count === 1) return t("spanSuffix.perMonth");
      if (count === MONTHS_PER_YEAR) return t("spanSuffix.perYear");
      return t("spanSuffix.perMonths", { count });
  }
}

/** How often a subscription renews: `3日ごと`, `2週ごと`, `6ヶ月ごと`, or `年間` for 12 months. */
export function renewalCycle(renewSpan: number, renewSpanUnit: RenewSpanUnit, t: Translate): string {
  const count = renewSpan;
  switch (renewSpanUnit) {
    case "days":
      return t("renewalCycle.days", { count });
    case "weeks":
      return t("renewalCycle.weeks", { count });
    case "months":
      return count === MONTHS_PER_YEAR ? t("renewalCycle.yearly") : t("renewalCycle.months", { count });
  }
}

export type DateInput = Date | string | number | null | undefined;

/** `2024年3月5日` / `Mar 5, 2024`; "" for a missing or invalid value. */
export function formatDate(value: DateInput, t: Translate): string {
  return formatInJapan(value, t("dateFormat.YYYYMD"));
}

/** `2024年3月5日 09:07` / `Mar 5, 2024 09:07`; "" for a missing or invalid value. */
export function formatDateTime(value: DateInput, t: Translate): string {
  return formatInJapan(value, t("dateFormat.YYYYMD_HHMM"));
}

/** Login and payment history rows: `2024/03/05 09:07:30`, the same in every language. */
export function formatHistoryDateTime(value: DateInput): string {
  return formatInJapan(value, "YYYY/MM/DD HH:mm:ss");
}

/** When the password was last changed: `2024/03/05 09:07`, the same in every language. */
export function formatPasswordUpdatedAt(value: DateInput): string {
  return formatInJapan(value, "YYYY/MM/DD HH:mm");
}

function formatInJapan(value: DateInput, format: string): string {
  const time = toJapanTime(value);
  if (!time) return "";
  return format.replace(/YYYY|MMM|MM|M|DD|D|HH|mm|ss/g, (token) => {
    switch (token) {
      case "YYYY":
        return String(time.year);
      case "MMM":
        return MONTH_NAMES[time.month - 1] ?? "";
      case "MM":
        return pad(time.month);
      case "M":
        return String(time.month);
      case "DD":
        return pad(time.day);
      case "D":
        return String(time.day);
      case "HH":
        return pad(time.hour);
      case "mm":
        return pad(time.minute);
      default:
        return pad(time.second);
    }
  });
}

/** `MMM` in the English formats (locales/en/format.json). */
const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function pad(value: number): string {
  return String(value).padStart(2, "0");
}

interface JapanTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * Japan has kept +09:00 all year since 1952. The one copy outside schemas/japan-time.ts: importing
 * that module here put the light login pages, which load this for one date, 0.2 KB over budget.
 */
const JAPAN_OFFSET_MS = 9 * 3_600_000;

/** A string that names its own offset (`Z`, `+09:00`, `-0500`) is an instant. */
const EXPLICIT_OFFSET = /(?:Z|[+-]\d{2}:?\d{2})$/i;
/** A calendar date or a wall-clock time: 2024-03-05, 20240305, 2024-03-05 23:59(:59), 2024-03-05T23:59. */
const WALL_CLOCK = /^(\d{4})-?(\d{2})-?(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * Reads a value as a moment in Japan time, or null when it is missing or invalid. Instants (Date,
 * epoch milliseconds, ISO strings with an offset) are converted; strings without an offset, such
 * as the calendar date `2024-03-05`, are taken as Japanese wall-clock time, so the machine's own
 * time zone never shifts a date.
 */
function toJapanTime(value: DateInput): JapanTime | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "string" && !EXPLICIT_OFFSET.test(value.trim())) {
    const match = WALL_CLOCK.exec(value.trim());
    if (!match) return null;
    const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const utc = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
    // Date.UTC rolls 13/45 over into the next year: a value that moved was not a real time.
    if (
      utc.getUTCMonth() !== month - 1 ||
      utc.getUTCDate() !== day ||
      hour > 23 ||
      minute > 59 ||
      second > 59
    ) {
      return null;
    }
    return { year, month, day, hour, minute, second };
  }
  const text = typeof value === "string" ? value.trim().replace(/([+-]\d{2})(\d{2})$/, "$1:$2") : value;
  const instant = text instanceof Date ? text : new Date(text);
  const ms = instant.getTime();
  if (Number.isNaN(ms)) return null;
  const japan = new Date(ms + JAPAN_OFFSET_MS);
  return {
    year: japan.getUTCFullYear(),
    month: japan.getUTCMonth() + 1,
    day: japan.getUTCDate(),
    hour: japan.getUTCHours(),
    minute: japan.getUTCMinutes(),
    second: japan.getUTCSeconds(),
  };
}
