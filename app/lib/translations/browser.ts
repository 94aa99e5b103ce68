/**
 * The browser's translations (issue 28): the base texts of the page's language, plus the groups
 * the page's route modules ask for by importing `account.ts` or `forms.ts` here, so that a light
 * page carries no form or account texts. The server renders with every text (locales/index.ts).
 *
 * A group module's top-level await (`needTranslations`) runs as React Router imports the route:
 * before the first render on the page's first load (the entry then builds i18next with every group
 * asked for) and before the new route renders on a client navigation (added to the live instance).
 */
import type { i18n as I18n } from "i18next";
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  type TranslationGroup,
  type TranslationResource,
} from "../../../locales/index.ts";

type ResourceModule = Promise<{ default: TranslationResource }>;
export type GroupLoaders = Record<Language, () => ResourceModule>;

const BASE: GroupLoaders = {
  ja: () => import("../../../locales/ja/base.ts"),
  en: () => import("../../../locales/en/base.ts"),
};

/** The groups the page's modules asked for so far, with their loaders. */
const groups = new Map<TranslationGroup, GroupLoaders>();
let live: I18n | null = null;

function pageLanguage(): Language {
  const lang = live?.language ?? document.documentElement.lang;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/** Asks for a group of texts; resolves once they are loaded (and in the live instance, if any). */
export async function needTranslations(group: TranslationGroup, loaders: GroupLoaders): Promise<void> {
  // The server renders with every text; a group is loaded once.
  if (typeof document === "undefined" || groups.has(group)) return;
  groups.set(group, loaders);
  const language = pageLanguage();
  const resource = (await loaders[language]()).default;
  live?.addResourceBundle(language, "translation", resource, true, false);
}

/** The base texts of a language and every group asked for so far (the entry, a language switch). */
export async function browserTranslations(language: Language): Promise<TranslationResource> {
  const modules = await Promise.all([
    BASE[language](),
    ...[...groups.values()].map((loaders) => loaders[language]()),
  ]);
  return Object.assign({}, ...modules.map((module) => module.default));
}

/** The instance the groups asked for later are added to. */
export function attachBrowserI18n(instance: I18n): void {
  live = instance;
}
