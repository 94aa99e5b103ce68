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

const renderViews = new Map<Language, Promise<i18n>>();

/**
 * What the document render hands I18nextProvider: the shared instance seen through an object of
 * its own with no own properties. react-i18next makes a wrapper per useTranslation call by copying
 * the instance's own properties (42 of them), and on the server every render is a first render, so
 * that copy was ~7 % of a page's CPU; copying none costs nothing. Every method of an i18next
 * instance is bound to it, so calls through the view act on the instance itself.
 */
export function serverI18nForRender(language: Language): Promise<i18n> {
  let view = renderViews.get(language);
  if (!view) {
    view = serverI18n(language).then((instance) => Object.create(instance) as i18n);
    view.catch(() => renderViews.delete(language));
    renderViews.set(language, view);
  }
  return view;
}
