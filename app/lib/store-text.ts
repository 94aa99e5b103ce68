import type { Language } from "../../locales/index.ts";

/**
 * A text the store supplies, in the page's language: its English field on English pages when the
 * operator filled it in, else the Japanese one (the store's own language, always present).
 */
export function storeText(language: Language | string, ja: string, en: string | null | undefined): string;
export function storeText(
  language: Language | string,
  ja: string | null | undefined,
  en: string | null | undefined,
): string | null;
export function storeText(
  language: Language | string,
  ja: string | null | undefined,
  en: string | null | undefined,
) {
  return (language === "en" && en) || ja || null;
}
