/**
 * The one language module (issue 21 §5): which language a request is in, and the translators. The
 * app (documents, loaders, actions), the API and the tests all use it, so a page and the API calls
 * made for it agree.
 */

import { createI18n, type I18n, type Translate } from "./i18n.ts";
import { DEFAULT_LANGUAGE, isLanguage, type Language, loadServerTranslation } from "./index.ts";

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

const shared = new Map<Language, Promise<I18n>>();

/**
 * The server's translator for `language` (pages and API alike): made on first use with Japanese as
 * the fallback, then shared by every request in that language. Nothing changes a server translator
 * once made, so sharing is safe, and nothing is set up per request.
 */
export function sharedI18n(language: Language): Promise<I18n> {
  let translator = shared.get(language);
  if (!translator) {
    translator = (async () => {
      const languages = [...new Set([language, DEFAULT_LANGUAGE])];
      const resources = Object.fromEntries(
        await Promise.all(languages.map(async (lng) => [lng, await loadServerTranslation(lng)] as const)),
      );
      return createI18n(language, resources);
    })();
    // A failed load is not remembered: the next request tries again.
    translator.catch(() => shared.delete(language));
    shared.set(language, translator);
  }
  return translator;
}

/** The translate function of the shared translator for `language`. */
export async function translatorFor(language: Language): Promise<Translate> {
  return (await sharedI18n(language)).t;
}
