/**
 * Card number facts the card rules of spec §5 need: brand detection (spec §3 brand codes), the
 * brand's maximum length, the Luhn checksum and the security code length. Pure, so the ajv
 * keywords (keywords.ts) and the card widgets can share them.
 */
import { japanToday } from "./japan-time.ts";

/** The store's card brand codes (spec §3): V Visa, M Mastercard, A American Express, J JCB, D Diners. */
export type CardBrand = "V" | "M" | "A" | "J" | "D" | "Unknown";

/** Inclusive ranges of leading digits; each bound has as many digits as the prefix it checks. */
const BRAND_PREFIXES: ReadonlyArray<readonly [Exclude<CardBrand, "Unknown">, number, number]> = [
  ["V", 4, 4],
  ["M", 51, 55],
  ["M", 2221, 2720],
  ["A", 34, 34],
  ["A", 37, 37],
  ["J", 3528, 3589],
  ["D", 300, 305],
  ["D", 36, 36],
  ["D", 38, 39],
];

/** The brands' names as printed on cards, the same in every language. */
export const CARD_BRAND_NAMES: Record<Exclude<CardBrand, "Unknown">, string> = {
  V: "Visa",
  M: "Mastercard",
  A: "American Express",
  J: "JCB",
  D: "Diners Club",
};

export function cardDigits(cardNumber: string): string {
  return cardNumber.replace(/\D/g, "");
}

/** The brand of a card number (spaces allowed); "Unknown" until enough digits tell. */
export function detectCardBrand(cardNumber: string): CardBrand {
  const digits = cardDigits(cardNumber);
  for (const [brand, from, to] of BRAND_PREFIXES) {
    const width = String(from).length;
    if (digits.length < width) continue;
    const prefix = Number(digits.slice(0, width));
    if (prefix >= from && prefix <= to) return brand;
  }
  return "Unknown";
}

/**
 * Maximum length including the spaces of the printed grouping: American Express 4-6-5 (17),
 * Diners 4-6-4 (16), every other brand 4-4-4-4 and longer numbers up to 19 characters.
 */
export function maxCardNumberLength(brand: CardBrand): number {
  if (brand === "A") return 17;
  if (brand === "D") return 16;
  return 19;
}

/** The Luhn (mod 10) checksum; spaces are ignored. */
export function passesLuhn(cardNumber: string): boolean {
  const digits = cardDigits(cardNumber);
  if (!digits) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Security code length: 4 only for American Express, 3 for every other brand. */
export function securityCodeLength(brand: CardBrand): 3 | 4 {
  return brand === "A" ? 4 : 3;
}

/** True when a card expiring in this month ("01".."12") of this two-digit year can still be used. */
export function isExpiryInFuture(month: string, twoDigitYear: string, now: Date): boolean {
  const current = japanToday(now);
  const year = 2000 + Number(twoDigitYear);
  return year > current.year || (year === current.year && Number(month) >= current.month);
}
