import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  SUPPORTED_LANGUAGES,
  type TranslationResource,
} from "../../locales/index.ts";
import { readCookie } from "./cookies.ts";

export const LANGUAGE_COOKIE = "lng";

/** The language a request asks for: `?lng=`, then the `lng` cookie, then Accept-Language, then ja. */
export function detectLanguage(request: Request): Language {
  const fromQuery = new URL(request.url).searchParams.get("lng");
  if (isLanguage(fromQuery)) return fromQuery;
  const fromCookie = readCookie(request.headers.get("Cookie"), LANGUAGE_COOKIE);
  if (isLanguage(fromCookie)) return fromCookie;
  return languageFromAcceptLanguage(request.headers.get("Accept-Language"));
}

export function languageFromAcceptLanguage(header: string | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.find((p) => p.trim().startsWith("q="));
      return { base: tag.trim().toLowerCase().split("-")[0], q: q ? Number(q.trim().slice(2)) : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isLanguage) ?? DEFAULT_LANGUAGE;
}

/** A fresh i18next instance (one per server request; one in the browser). */
export async function createI18n(
  language: Language,
  resources: Partial<Record<Language, TranslationResource>>,
): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    defaultNS: "translation",
    resources: Object.fromEntries(
      Object.entries(resources).map(([lng, translation]) => [lng, { translation }]),
    ),
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
