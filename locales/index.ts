export const SUPPORTED_LANGUAGES = ["ja", "en"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "ja";

export type TranslationResource = Record<string, unknown>;

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** Loads one language's resources; the browser fetches only the language it shows. */
export async function loadTranslation(language: Language): Promise<TranslationResource> {
  const module = language === "en" ? await import("./en/index.ts") : await import("./ja/index.ts");
  return module.default;
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
