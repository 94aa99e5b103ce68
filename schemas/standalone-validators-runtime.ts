/**
 * What precompiled form validators (schemas/standalone-validators.ts) need at run time, and
 * nothing of the ajv compiler: the functions our custom keywords call (keywords.ts registers them
 * as code keywords that reference these) and ajv's small runtime helpers. Not ajv-formats' format
 * functions: no form uses `format` (e-mail is a pattern, rules.ts; ajv would write a regular
 * expression format into the code anyway), and they would weigh 7 KB on every form page (issue
 * 28); a form needing one is refused by the generator, which the tests over every form and store
 * configuration would show.
 *
 * The generated code asks for them with `require("<name>")`; `standaloneRequire()` is that
 * `require`. The server's runtime ajv calls the very same keyword functions, so the browser and
 * the API cannot disagree. Safe to import in the browser (ADR 0012).
 */
import * as equalModule from "ajv/dist/runtime/equal.js";
import * as ucs2lengthModule from "ajv/dist/runtime/ucs2length.js";
import {
  detectCardBrand,
  isExpiryInFuture,
  maxCardNumberLength,
  passesLuhn,
  securityCodeLength,
} from "./card.ts";
import { japanTodayDigits } from "./japan-time.ts";

/** The module name generated code uses for the keyword helpers (keywords.ts). */
export const KEYWORD_HELPERS_MODULE = "storefront:form-keywords";

/** Where generated code would read formats from (ajv option `code.formats`): not given to the browser. */
export const FORMATS_MODULE = "ajv-formats/dist/formats";

/** Password character classes (spec §5): letters, digits and the printable ASCII symbols. */
export const CHARACTER_CLASSES = {
  requireLowercase: /[a-z]/,
  requireUppercase: /[A-Z]/,
  requireDigit: /[0-9]/,
  requireSymbol: /[!-/:-@[-`{-~]/,
} as const;

export type CharacterClassKeyword = keyof typeof CHARACTER_CLASSES;

const YYYYMMDD = /^(\d{4})(\d{2})(\d{2})$/;
/** The first day a date field accepts (spec §5: years from 1900). */
const EARLIEST_DATE = "19000101";

function isCalendarDate(value: string): boolean {
  const match = YYYYMMDD.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Card numbers the format rules accept; the brand and checksum rules judge only these. */
const CARD_NUMBER_SHAPE = /^[0-9 ]{14,19}$/;

function sibling(parentData: unknown, name: string): unknown {
  return parentData && typeof parentData === "object"
    ? (parentData as Record<string, unknown>)[name]
    : undefined;
}

/**
 * The checks behind the custom keywords, each true when the value passes. Keywords whose schema
 * is `false` are not emitted at all, so these see only enabled rules. Rules about a sibling get
 * the data's parent object (ajv's `parentData`, undefined at the root).
 */
export interface KeywordHelpers {
  characterClass(keyword: CharacterClassKeyword, data: string): boolean;
  differsFrom(other: string, data: unknown, parentData: unknown): boolean;
  pastDate(data: string): boolean;
  luhn(data: string): boolean;
  cardBrandLength(data: string): boolean;
  securityCodeForCard(cardNumberField: string, data: string, parentData: unknown): boolean;
  cardExpiryNotPast(yearField: string, month: string, parentData: unknown): boolean;
}

export function createKeywordHelpers(now: () => Date = () => new Date()): KeywordHelpers {
  return {
    characterClass: (keyword, data) => CHARACTER_CLASSES[keyword].test(data),
    differsFrom: (other, data, parentData) => {
      const otherValue = sibling(parentData, other);
      return otherValue === undefined || otherValue !== data;
    },
    pastDate: (data) => isCalendarDate(data) && data >= EARLIEST_DATE && data <= japanTodayDigits(now()),
    luhn: (data) => !CARD_NUMBER_SHAPE.test(data) || passesLuhn(data),
    cardBrandLength: (data) => data.length <= maxCardNumberLength(detectCardBrand(data)),
    securityCodeForCard: (cardNumberField, data, parentData) => {
      const cardNumber = sibling(parentData, cardNumberField);
      if (typeof cardNumber !== "string" || !/^\d+$/.test(data)) return true;
      return data.length === securityCodeLength(detectCardBrand(cardNumber));
    },
    cardExpiryNotPast: (yearField, month, parentData) => {
      const year = sibling(parentData, yearField);
      if (typeof year !== "string" || !/^\d{2}$/.test(year) || !/^(0[1-9]|1[0-2])$/.test(month)) return true;
      return isExpiryInFuture(month, year, now());
    },
  };
}

/**
 * A CommonJS module's exports however the bundler hands them over: Node gives `module.exports`
 * (`{default: fn}`), Vite the `default` export itself when the module sets `__esModule`.
 */
function defaultExport(namespace: unknown): unknown {
  const outer = (namespace as { default?: unknown }).default ?? namespace;
  return typeof outer === "function" ? outer : (outer as { default?: unknown }).default;
}

/** Every module generated code may require, by the name it uses. */
function runtimeModules(now: () => Date): Record<string, unknown> {
  return {
    "ajv/dist/runtime/equal": { default: defaultExport(equalModule) },
    "ajv/dist/runtime/ucs2length": { default: defaultExport(ucs2lengthModule) },
    [KEYWORD_HELPERS_MODULE]: createKeywordHelpers(now),
  };
}

/** The module names generated code may require; the generator refuses code that needs others. */
export const STANDALONE_MODULES: readonly string[] = Object.keys(runtimeModules(() => new Date()));

/**
 * The `require` a precompiled validator module's `create` is called with. An unknown name throws,
 * so a module needing something the browser lacks fails to load (and the API still validates).
 */
export function standaloneRequire(now: () => Date = () => new Date()): (name: string) => unknown {
  const modules = runtimeModules(now);
  return (name) => {
    if (!Object.hasOwn(modules, name)) throw new Error(`A form validator requires unknown module "${name}"`);
    return modules[name];
  };
}
