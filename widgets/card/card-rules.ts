/**
 * How the card widgets show card data. The rules themselves (brand detection, Luhn, lengths,
 * security code length, expiry) live in schemas/card.ts, shared with the ajv keywords; this file
 * adds only the display side: the printed grouping of the number and the expiry choices.
 */
import { type CardBrand, cardDigits, detectCardBrand, maxCardNumberLength } from "../../schemas/card.ts";
import { japanToday } from "../../schemas/japan-time.ts";

/**
 * The groups of digits as printed on the card: American Express (15 digits) 4-6-5, Diners (14)
 * 4-6-4, the others in fours. With a space between groups this gives the maximum lengths of
 * spec §5: 17, 16 and 19 characters.
 */
function groupSizes(brand: CardBrand): number[] {
  if (brand === "A") return [4, 6, 5];
  if (brand === "D") return [4, 6, 4];
  return [4, 4, 4, 4];
}

/** "4111111111111111" → "4111 1111 1111 1111"; "378282246310005" → "3782 822463 10005"; cut to the brand's length. */
export function formatCardNumber(cardNumber: string): string {
  const brand = detectCardBrand(cardNumber);
  let rest = cardDigits(cardNumber);
  const groups: string[] = [];
  for (const size of groupSizes(brand)) {
    if (!rest) break;
    groups.push(rest.slice(0, size));
    rest = rest.slice(size);
  }
  return groups.join(" ").slice(0, maxCardNumberLength(brand));
}

/** Expiry month choices 01 … 12. */
export const EXPIRY_MONTHS: readonly string[] = Array.from({ length: 12 }, (_, i) =>
  String(i + 1).padStart(2, "0"),
);

/**
 * Expiry year choices: this year and the 9 following, in two digits (spec §5, §9). "This year" is
 * Japan's, like the expiry rule in schemas/card.ts, so the choices and the rule agree at New Year.
 */
export function expiryYears(now: Date): string[] {
  const { year } = japanToday(now);
  return Array.from({ length: 10 }, (_, i) => String((year + i) % 100).padStart(2, "0"));
}
