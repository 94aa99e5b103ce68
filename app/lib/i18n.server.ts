/**
 * What the document render hands I18nextProvider: the shared instance of the language
 * (locales/language.ts) seen through an object of its own with no own properties. react-i18next
 * makes a wrapper per useTranslation call by copying the instance's own properties (42 of them),
 * and on the server every render is a first render, so that copy was ~7 % of a page's CPU; copying
 * none costs nothing. Every method of an i18next instance is bound to it, so calls through the view
 * act on the instance itself.
 */
import type { i18n } from "i18next";
import type { Language } from "../../locales/index.ts";
import { sharedI18n } from "../../locales/language.ts";

const renderViews = new Map<Language, Promise<i18n>>();

export function serverI18nForRender(language: Language): Promise<i18n> {
  let view = renderViews.get(language);
  if (!view) {
    view = sharedI18n(language).then((instance) => Object.create(instance) as i18n);
    view.catch(() => renderViews.delete(language));
    renderViews.set(language, view);
  }
  return view;
}
