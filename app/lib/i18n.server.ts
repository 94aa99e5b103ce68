/**
 * The server's i18next instances: one per language, made on first use and shared by every request
 * in that language. A request never changes an instance's language, so sharing is safe, and a
 * page no longer pays for createInstance/init and a resource import each time (issue 20).
 */
import type { i18n, TFunction } from "i18next";
import { DEFAULT_LANGUAGE, type Language, loadTranslation } from "../../locales/index.ts";
import { createI18n } from "./i18n.ts";

const instances = new Map<Language, Promise<i18n>>();

/** The shared instance for `language`, with Japanese as the fallback for any key it lacks. */
export function serverI18n(language: Language): Promise<i18n> {
  let instance = instances.get(language);
  if (!instance) {
    instance = (async () => {
      const languages = [...new Set([language, DEFAULT_LANGUAGE])];
      const resources = Object.fromEntries(
        await Promise.all(languages.map(async (lng) => [lng, await loadTranslation(lng)] as const)),
      );
      return createI18n(language, resources);
    })();
    // A failed load is not remembered: the next request tries again.
    instance.catch(() => instances.delete(language));
    instances.set(language, instance);
  }
  return instance;
}

/** The translator of the shared instance for `language`. */
export async function serverTranslator(language: Language): Promise<TFunction> {
  return (await serverI18n(language)).t;
}
