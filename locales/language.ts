/**
 * The one language module (issue 21 §5): which language a request is in, and the translators. The
 * app (documents, loaders, actions), the API and the tests all use it, so a page and the API calls
 * made for it agree.
 */
import i18next, { type i18n, type TFunction } from "i18next";
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  loadServerTranslation,
  SUPPORTED_LANGUAGES,
  type TranslationResource,
} from "./index.ts";

/** The query parameter that picks a language (the language switcher's links). */
export const LANGUAGE_PARAM = "lng";
/** The cookie that remembers it (set by the root loader). */
export const LANGUAGE_COOKIE = "lng";

/** The language a request asks for: `?lng=`, then the `lng` cookie, then Accept-Language, then ja. */
export function detectLanguage(request: Request): Language {
  const fromQuery = new URL(request.url).searchParams.get(LANGUAGE_PARAM);
  if (isLanguage(fromQuery)) return fromQuery;
  const fromCookie = languageCookie(request.headers.get("Cookie"));
  if (isLanguage(fromCookie)) return fromCookie;
  return languageFromAcceptLanguage(request.headers.get("Accept-Language"));
}

function languageCookie(header: string | null): string | null {
  const pair = header
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${LANGUAGE_COOKIE}=`));
  // Language codes are plain ASCII: an encoded or odd value is simply not a language.
  return pair ? pair.slice(LANGUAGE_COOKIE.length + 1) : null;
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

/**
 * A fresh i18next instance: the browser's, and a test's with the resources it gives. React reads it
 * through I18nextProvider, so no react-i18next plugin is registered.
 */
export async function createI18n(
  language: Language,
  resources: Partial<Record<Language, TranslationResource>>,
): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.init({
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

const shared = new Map<Language, Promise<i18n>>();

/**
 * The server's instance for `language` (pages and API alike): made on first use with Japanese as the
 * fallback, then shared by every request in that language. A request never changes an instance's
 * language, so sharing is safe, and nothing is initialised per request.
 */
export function sharedI18n(language: Language): Promise<i18n> {
  let instance = shared.get(language);
  if (!instance) {
    instance = (async () => {
      const languages = [...new Set([language, DEFAULT_LANGUAGE])];
      const resources = Object.fromEntries(
        await Promise.all(languages.map(async (lng) => [lng, await loadServerTranslation(lng)] as const)),
      );
      return createI18n(language, resources);
    })();
    // A failed load is not remembered: the next request tries again.
    instance.catch(() => shared.delete(language));
    shared.set(language, instance);
  }
  return instance;
}

/** The translator of the shared instance for `language`. */
export async function translatorFor(language: Language): Promise<TFunction> {
  return (await sharedI18n(language)).t;
}
