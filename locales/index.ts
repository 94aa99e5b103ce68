export const SUPPORTED_LANGUAGES = ["ja", "en"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "ja";

export type TranslationResource = Record<string, unknown>;

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The groups of a language's texts the browser loads on top of the base, each only for the pages
 * that show it (issue 28: light pages carry no form or account texts).
 */
export const TRANSLATION_GROUPS = [
  "screens",
  "account",
  "plans",
  "documents",
  "security",
  "pages",
  "forms",
  "widgets",
  "oidc",
  "console",
] as const;
export type TranslationGroup = (typeof TRANSLATION_GROUPS)[number];

export function isTranslationGroup(value: unknown): value is TranslationGroup {
  return typeof value === "string" && (TRANSLATION_GROUPS as readonly string[]).includes(value);
}

type GroupModule = Promise<{ default: TranslationResource }>;

/** One module per language and group, so that each is a chunk of its own. */
const GROUP_LOADERS: Record<Language, Record<"base" | TranslationGroup, () => GroupModule>> = {
  ja: {
    base: () => import("./ja/base.ts"),
    screens: () => import("./ja/screens.ts"),
    account: () => import("./ja/account.ts"),
    plans: () => import("./ja/plans.ts"),
    documents: () => import("./ja/documents.ts"),
    security: () => import("./ja/security.ts"),
    pages: () => import("./ja/pages.ts"),
    forms: () => import("./ja/forms.ts"),
    widgets: () => import("./ja/widgets.ts"),
    oidc: () => import("./ja/oidc.ts"),
    console: () => import("./ja/console.ts"),
  },
  en: {
    base: () => import("./en/base.ts"),
    screens: () => import("./en/screens.ts"),
    account: () => import("./en/account.ts"),
    plans: () => import("./en/plans.ts"),
    documents: () => import("./en/documents.ts"),
    security: () => import("./en/security.ts"),
    pages: () => import("./en/pages.ts"),
    forms: () => import("./en/forms.ts"),
    widgets: () => import("./en/widgets.ts"),
    oidc: () => import("./en/oidc.ts"),
    console: () => import("./en/console.ts"),
  },
};

/**
 * Loads one language's base texts and the groups asked for (all of them unless told); the browser
 * fetches only the language it shows.
 */
export async function loadTranslation(
  language: Language,
  groups: readonly TranslationGroup[] = TRANSLATION_GROUPS,
): Promise<TranslationResource> {
  const loaders = GROUP_LOADERS[language];
  const modules = await Promise.all([loaders.base(), ...groups.map((group) => loaders[group]())]);
  return Object.assign({}, ...modules.map((module) => module.default));
}

/**
 * Every resource of one language the server needs: the pages' and the API's messages (api.*),
 * which only the server shows, so the browser's chunk leaves them out.
 */
export async function loadServerTranslation(language: Language): Promise<TranslationResource> {
  const api =
    language === "en"
      ? await import("./en/api.json", { with: { type: "json" } })
      : await import("./ja/api.json", { with: { type: "json" } });
  return { ...(await loadTranslation(language)), ...api.default };
}
