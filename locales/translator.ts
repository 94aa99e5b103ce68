/**
 * The translator (ADR 0021): looks a dotted key up in the texts of a language, then of the
 * fallback, picks the plural form for `count`, and fills in `{{name}}` placeholders. It is what
 * pages, widgets and the API all translate with, in the server and in the browser, so a page and
 * its hydration agree to the character.
 *
 * The rules are i18next's, whose resource format our locale files keep: `key_one`/`key_other` by
 * the language's plural rules (Intl.PluralRules), `{{a.b}}` reads a nested value, a placeholder with
 * no value passed stays as written, a missing key translates to itself. Nothing is escaped: React
 * escapes what it renders, and the API's messages are JSON.
 */
import { DEFAULT_LANGUAGE, type Language, type TranslationResource } from "./index.ts";

/** Values for a text's placeholders; `count` also picks the plural form. */
export type TranslationValues = Readonly<Record<string, unknown>> & { readonly count?: number };

export type Translate = (key: string, values?: TranslationValues) => string;

export interface Translator {
  readonly language: Language;
  readonly t: Translate;
  /** Whether the language (or the fallback) has a text for the key. */
  exists(key: string): boolean;
  /** Adds texts to the language's (a group loaded later); later keys win, nested objects merge. */
  addTexts(texts: TranslationResource): void;
}

const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function lookUp(texts: TranslationResource | undefined, key: string): string | undefined {
  let node: unknown = texts;
  for (const part of key.split(".")) {
    if (!isRecord(node) || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

function valueAt(values: TranslationValues, path: string): { found: boolean; value?: unknown } {
  if (Object.hasOwn(values, path)) return { found: true, value: values[path] };
  let node: unknown = values;
  for (const part of path.split(".")) {
    if (!isRecord(node) || !Object.hasOwn(node, part)) return { found: false };
    node = node[part];
  }
  return { found: true, value: node };
}

function interpolate(text: string, values: TranslationValues | undefined): string {
  if (!values || !text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (placeholder, path: string) => {
    const { found, value } = valueAt(values, path);
    if (!found) return placeholder;
    return value === undefined || value === null ? "" : String(value);
  });
}

function mergeInto(target: Record<string, unknown>, source: TranslationResource): void {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (isRecord(current) && isRecord(value)) mergeInto(current, value);
    else target[key] = isRecord(value) ? structuredClone(value) : value;
  }
}

/**
 * A translator for `language` with the texts given (a language left out simply has none); keys the
 * language lacks come from Japanese, the source of truth.
 */
export function createTranslator(
  language: Language,
  resources: Partial<Record<Language, TranslationResource>>,
): Translator {
  const own: Record<string, unknown> = {};
  mergeInto(own, resources[language] ?? {});
  const fallback = language === DEFAULT_LANGUAGE ? undefined : resources[DEFAULT_LANGUAGE];
  const plurals = new Intl.PluralRules(language);
  const find = (key: string) => lookUp(own, key) ?? lookUp(fallback, key);

  const t: Translate = (key, values) => {
    const count = values?.count;
    const text =
      (typeof count === "number" ? find(`${key}_${plurals.select(count)}`) : undefined) ?? find(key) ?? key;
    return interpolate(text, values);
  };
  return {
    language,
    t,
    exists: (key) => find(key) !== undefined,
    addTexts: (texts) => mergeInto(own, texts),
  };
}
