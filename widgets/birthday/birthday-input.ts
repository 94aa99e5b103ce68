/**
 * The birthday field's typing rules (spec §5 "Birth date input"): what the user types is reduced to
 * at most eight digits YYYYMMDD and shown as YYYY/MM/DD, corrected as it grows:
 *
 * 1. Year: once four digits are there, clamped to 1900 … the current year.
 * 2. Month and day follow one digit-shift rule. A first digit that cannot start a valid two-digit
 *    value (month: 2–9, since months stop at 12; day: above the tens digit of the month's length,
 *    e.g. 3 in February) is read as a single digit and padded: "2024" + "3" → 2024/03.
 * 3. A complete month above 12 keeps its first digit as 01 and shifts the second into the day:
 *    "13" → 01 + day "3". A complete day above the month's length (leap years included) is
 *    clamped to it, since nothing follows a day to shift into. "00" becomes 01 in both places.
 * 4. A complete date after today (in Japan, as the API judges it) becomes today.
 *
 * The rules are idempotent, so reformatting what is already shown changes nothing, and Backspace
 * simply removes the last digit. Reading a digit as a padded one or shifting it into the day (rules
 * 2 and 3) keeps what was meant; the clamps change it, and `corrected` says so, for the widget to
 * tell the person.
 */
import { japanToday, japanTodayDigits } from "../../schemas/japan-time.ts";

export const BIRTHDAY_DIGITS = 8;
export const BIRTHDAY_MIN_YEAR = 1900;
/** YYYY/MM/DD */
export const BIRTHDAY_DISPLAY_LENGTH = 10;

export interface BirthdayInput {
  /** The corrected digits, YYYYMMDD when complete; "" when nothing was typed. */
  digits: string;
  /** The digits as YYYY/MM/DD, a slash only before a part that has begun. */
  display: string;
  /** A rule changed a typed value (year, month, day or the whole date), not only its padding. */
  corrected: boolean;
}

export function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one; Date handles the leap years.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function pad2(value: number): string {
  return String(value).padStart(2, "0");
}

/**
 * Reads a two-digit part (month or day) from the front of `rest`. Returns the corrected part (one
 * digit while only one was typed and it may still grow), the digits left over for what follows,
 * and whether the part had to be changed (00, or above `max`).
 */
function takePart(
  rest: string,
  max: number,
  shiftOverflow: boolean,
): { part: string; rest: string; corrected: boolean } {
  const first = rest[0];
  if (first === undefined) return { part: "", rest, corrected: false };
  if (Number(first) > Math.floor(max / 10))
    return { part: `0${first}`, rest: rest.slice(1), corrected: false };
  const second = rest[1];
  if (second === undefined) return { part: first, rest: "", corrected: false };
  const value = Number(first + second);
  if (value === 0) return { part: "01", rest: rest.slice(2), corrected: true };
  if (value <= max) return { part: first + second, rest: rest.slice(2), corrected: false };
  // "13" read as January and a day starting with 3: a reading of what was typed, like "3" → 03.
  if (shiftOverflow) return { part: `0${first}`, rest: rest.slice(1), corrected: false };
  return { part: pad2(max), rest: rest.slice(2), corrected: true };
}

export function formatBirthdayInput(raw: string, now: Date): BirthdayInput {
  // NFKC first: a Japanese IME in full-width mode types "１９９０".
  const typed = raw.normalize("NFKC").replace(/\D/g, "").slice(0, BIRTHDAY_DIGITS);
  if (typed.length < 4) return { digits: typed, display: typed, corrected: false };

  const typedYear = Number(typed.slice(0, 4));
  const year = Math.min(Math.max(typedYear, BIRTHDAY_MIN_YEAR), japanToday(now).year);
  const month = takePart(typed.slice(4), 12, true);
  const monthLength = month.part.length === 2 ? daysInMonth(year, Number(month.part)) : 31;
  const day = takePart(month.rest, monthLength, false);

  let digits = `${year}${month.part}${day.part}`.slice(0, BIRTHDAY_DIGITS);
  // Digits typed after a complete day were dropped: "19900230" reads 1990/02/03 and loses the 0.
  let corrected = year !== typedYear || month.corrected || day.corrected || day.rest !== "";
  const today = japanTodayDigits(now);
  if (digits.length === BIRTHDAY_DIGITS && digits > today) {
    digits = today;
    corrected = true;
  }
  return { digits, display: displayBirthday(digits), corrected };
}

/** "19900515" → "1990/05/15"; a partial "19905" → "1990/5". */
export function displayBirthday(digits: string): string {
  return [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8)].filter(Boolean).join("/");
}

/**
 * The digits the person has typed, before any rule changed them. The field shows the corrected
 * date, so a digit typed at its end extends what they typed (2030 shown as 2026, then 1231 makes
 * 20301231); any other edit (Backspace, a paste over it, an edit inside) starts again from `raw`.
 */
export function typedBirthdayDigits(
  previousTyped: string,
  shownDigits: string,
  raw: string,
  now: Date,
): string {
  const rawDigits = raw.normalize("NFKC").replace(/\D/g, "");
  if (!rawDigits.startsWith(shownDigits)) return rawDigits.slice(0, BIRTHDAY_DIGITS);
  const base = formatBirthdayInput(previousTyped, now).digits === shownDigits ? previousTyped : shownDigits;
  return (base + rawDigits.slice(shownDigits.length)).slice(0, BIRTHDAY_DIGITS);
}

export interface BirthdayCorrection {
  /** What was typed, as YYYY/MM/DD. */
  from: string;
  /** The date it became. */
  to: string;
}

/** The correction to tell the person about once their date is complete, or null. */
export function birthdayCorrection(typedDigits: string, now: Date): BirthdayCorrection | null {
  const result = formatBirthdayInput(typedDigits, now);
  if (!result.corrected || result.digits.length < BIRTHDAY_DIGITS) return null;
  return { from: displayBirthday(typedDigits), to: result.display };
}
