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
 * 4. A complete date after today becomes today.
 *
 * The rules are idempotent, so reformatting what is already shown changes nothing, and Backspace
 * simply removes the last digit.
 */

export const BIRTHDAY_DIGITS = 8;
export const BIRTHDAY_MIN_YEAR = 1900;
/** YYYY/MM/DD */
export const BIRTHDAY_DISPLAY_LENGTH = 10;

export interface BirthdayInput {
  /** The corrected digits, YYYYMMDD when complete; "" when nothing was typed. */
  digits: string;
  /** The digits as YYYY/MM/DD, a slash only before a part that has begun. */
  display: string;
}

export function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one; Date handles the leap years.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function pad2(value: number): string {
  return String(value).padStart(2, "0");
}

function todayDigits(today: Date): string {
  return `${today.getFullYear()}${pad2(today.getMonth() + 1)}${pad2(today.getDate())}`;
}

/**
 * Reads a two-digit part (month or day) from the front of `rest`. Returns the corrected part (one
 * digit while only one was typed and it may still grow) and the digits left over for what follows.
 */
function takePart(rest: string, max: number, shiftOverflow: boolean): { part: string; rest: string } {
  const first = rest[0];
  if (first === undefined) return { part: "", rest };
  if (Number(first) > Math.floor(max / 10)) return { part: `0${first}`, rest: rest.slice(1) };
  const second = rest[1];
  if (second === undefined) return { part: first, rest: "" };
  const value = Number(first + second);
  if (value === 0) return { part: "01", rest: rest.slice(2) };
  if (value <= max) return { part: first + second, rest: rest.slice(2) };
  if (shiftOverflow) return { part: `0${first}`, rest: rest.slice(1) };
  return { part: pad2(max), rest: rest.slice(2) };
}

export function formatBirthdayInput(raw: string, today: Date): BirthdayInput {
  // NFKC first: a Japanese IME in full-width mode types "１９９０".
  const typed = raw.normalize("NFKC").replace(/\D/g, "").slice(0, BIRTHDAY_DIGITS);
  if (typed.length < 4) return { digits: typed, display: typed };

  const year = Math.min(Math.max(Number(typed.slice(0, 4)), BIRTHDAY_MIN_YEAR), today.getFullYear());
  const month = takePart(typed.slice(4), 12, true);
  const monthLength = month.part.length === 2 ? daysInMonth(year, Number(month.part)) : 31;
  const day = takePart(month.rest, monthLength, false);

  let digits = `${year}${month.part}${day.part}`.slice(0, BIRTHDAY_DIGITS);
  if (digits.length === BIRTHDAY_DIGITS && digits > todayDigits(today)) digits = todayDigits(today);
  return { digits, display: displayBirthday(digits) };
}

/** "19900515" → "1990/05/15"; a partial "19905" → "1990/5". */
export function displayBirthday(digits: string): string {
  return [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8)].filter(Boolean).join("/");
}
