/**
 * The browser's translations (issue 28): the base texts of the page's language, plus the groups
 * the page's route modules ask for by importing `account.ts` or `forms.ts` here, so that a light
 * page carries no form or account texts. The server renders with every text (locales/index.ts).
 *
 * A group module's top-level await (`needTranslations`) runs as React Router imports the route:
 * before the first render on the page's first load (the entry then makes the translator with every
 * group asked for) and before the new route renders on a client navigation (added to the live one).
 */
import { useSyncExternalStore } from "react";
import { addTexts, createI18n, type I18n } from "../../../locales/i18n.ts";
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
const listeners = new Set<() => void>();

function pageLanguage(): Language {
  const lang = live?.language ?? document.documentElement.lang;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/** Asks for a group of texts; resolves once they are loaded (and in the live translator, if any). */
export async function needTranslations(group: TranslationGroup, loaders: GroupLoaders): Promise<void> {
  // The server renders with every text; a group is loaded once.
  if (typeof document === "undefined" || groups.has(group)) return;
  groups.set(group, loaders);
  const language = pageLanguage();
  const resource = (await loaders[language]()).default;
  if (live?.language === language) addTexts(live, resource);
}

/** A translator with the base texts of a language and every group asked for so far. */
async function loadTranslator(language: Language): Promise<I18n> {
  const modules = await Promise.all([
    BASE[language](),
    ...[...groups.values()].map((loaders) => loaders[language]()),
  ]);
  return createI18n(language, {
    [language]: Object.assign({}, ...modules.map((module) => module.default)),
  });
}

/** The entry's translator, in the page's language (the server set `<html lang>`), before hydrating. */
export async function startBrowserTranslator(): Promise<I18n> {
  live = await loadTranslator(pageLanguage());
  return live;
}

/**
 * Switches the page to another language (a client navigation with `?lng=`) once its texts are
 * loaded: every component that translates renders again with the new translator.
 */
export async function switchBrowserLanguage(language: Language): Promise<void> {
  if (live?.language === language) return;
  const translator = await loadTranslator(language);
  live = translator;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The live translator, for the provider around the app. */
export function useBrowserTranslator(initial: I18n): I18n {
  return useSyncExternalStore(
    subscribe,
    () => live ?? initial,
    () => initial,
  );
}
