/**
 * i18next, as the design names it (ADR 0026, superseding 0021): one instance per language, made
 * once with its texts inline and initialised synchronously. Pages, widgets and the API all
 * translate with it, in the server and in the browser, so a page and its hydration agree to the
 * character; React reaches it through react-i18next's `I18nextProvider` and `useTranslation`.
 *
 * The rules our texts rely on (locales/i18n.test.ts pins them): dotted keys, `key_one`/`key_other`
 * by the language's plural rules, `{{a.b}}` reads a nested value, a placeholder with no value passed
 * stays as written, null and undefined become empty, a missing key translates to itself, Japanese is
 * the fallback. Nothing is escaped: React escapes what it renders, and the API's messages are JSON.
 */
import i18next, { type i18n, type TFunction } from "i18next";
import { DEFAULT_LANGUAGE, type Language, type TranslationResource } from "./index.ts";

/** Values for a text's placeholders; `count` also picks the plural form. */
export type TranslationValues = Readonly<Record<string, unknown>> & { readonly count?: number };

/** The translate function (i18next's), as code that is handed one takes it. */
export type Translate = TFunction;

export type I18n = i18n;

/**
 * An instance for `language` with the texts given (a language left out simply has none); keys the
 * language lacks come from Japanese, the source of truth.
 */
export function createI18n(
  language: Language,
  resources: Partial<Record<Language, TranslationResource>>,
): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: language === DEFAULT_LANGUAGE ? false : DEFAULT_LANGUAGE,
    supportedLngs: false,
    resources: Object.fromEntries(
      Object.entries(resources).map(([lng, texts]) => [lng, { translation: structuredClone(texts) }]),
    ),
    // Texts are inline: ready when init returns, on the server and before hydration alike.
    initAsync: false,
    // Keys are dotted paths; a colon or `$t(` in a text is just text.
    nsSeparator: false,
    interpolation: {
      escapeValue: false,
      skipOnVariables: true,
      nestingPrefix: "\u0000",
      nestingSuffix: "\u0000",
    },
    returnNull: false,
    returnEmptyString: true,
  });
  return instance;
}

/** Adds texts loaded later (a group of the browser's) to the instance's language; nested objects merge. */
export function addTexts(instance: I18n, texts: TranslationResource): void {
  instance.addResourceBundle(instance.language, "translation", texts, true, true);
}

/**
 * Whether the language (or the fallback) has a text for the key: a string, not a group of texts
 * (i18next's own `exists` says yes to a group).
 */
export function hasText(instance: I18n, key: string): boolean {
  const languages = [
    instance.language,
    ...(instance.language === DEFAULT_LANGUAGE ? [] : [DEFAULT_LANGUAGE]),
  ];
  return languages.some((lng) => typeof instance.getResource(lng, "translation", key) === "string");
}
