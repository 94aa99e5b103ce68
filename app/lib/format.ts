import dayjs, { type Dayjs } from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";
import type { Translate } from "../../locales/i18n.ts";

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Display formats of spec §9. Texts come from locales/{ja,en}/format.json through `t`, so the
 * caller's language decides them; dates are always shown in Japan time, wherever the code runs.
 */

export const DISPLAY_TIME_ZONE = "Asia/Tokyo";

export type RenewSpanUnit = "days" | "weeks" | "months";

/** A plan billed every 12 months is an annual plan (spec §9). */
const MONTHS_PER_YEAR = 12;

const priceFormat = new Intl.NumberFormat("ja-JP", { maximumFractionDigits: 0 });

/** `¥1,980(税込)`: prices are tax-included yen with thousands separators. */
export function formatPrice(price: number, t: Translate): string {
  if (!Number.isFinite(price)) return "";
  return t("price.taxIncluded", { price: priceFormat.format(price) });
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

/**
 * The payment date `monthSpan` months after `from` (a date or instant, taken in Japan time), on
 * `paymentDay`; when that month is shorter, on its last day (Jan 31 + 1 month → Feb 28 or 29).
 * Returns a calendar date `YYYY-MM-DD`. Throws a RangeError for invalid input: this computes
 * billing dates, so a silent wrong answer would be worse than a failure.
 */
export function nextPaymentDay(from: Date | string, monthSpan: number, paymentDay: number): string {
  const start = toJapanTime(from);
  if (!start) throw new RangeError(`nextPaymentDay: invalid date ${String(from)}`);
  if (!Number.isInteger(monthSpan) || monthSpan < 0) {
    throw new RangeError(`nextPaymentDay: monthSpan must be a whole number ≥ 0, got ${monthSpan}`);
  }
  if (!Number.isInteger(paymentDay) || paymentDay < 1 || paymentDay > 31) {
    throw new RangeError(`nextPaymentDay: paymentDay must be 1 to 31, got ${paymentDay}`);
  }
  // Move from the 1st of the month so adding months never spills into the month after.
  const targetMonth = start.date(1).add(monthSpan, "month");
  return targetMonth.date(Math.min(paymentDay, targetMonth.daysInMonth())).format("YYYY-MM-DD");
}

function formatInJapan(value: DateInput, format: string): string {
  return toJapanTime(value)?.format(format) ?? "";
}

/** A string that names its own offset (`Z`, `+09:00`, `-0500`) is an instant. */
const EXPLICIT_OFFSET = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Reads a value as a moment in Japan time, or null when it is missing or invalid. Instants (Date,
 * epoch milliseconds, ISO strings with an offset) are converted; strings without an offset, such
 * as the calendar date `2024-03-05`, are taken as Japanese wall-clock time, so the machine's own
 * time zone never shifts a date.
 */
function toJapanTime(value: DateInput): Dayjs | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "string" && !EXPLICIT_OFFSET.test(value.trim())) {
    const wallClock = value.trim();
    return dayjs.utc(wallClock).isValid() ? dayjs.tz(wallClock, DISPLAY_TIME_ZONE) : null;
  }
  const instant = dayjs(value);
  return instant.isValid() ? instant.tz(DISPLAY_TIME_ZONE) : null;
}
