/**
 * The ajv set-up shared by the browser (rjsf) and the API: one option set, ajv-errors, and the
 * custom keywords for rules JSON Schema cannot express (declared for TypeScript in form-definition.ts).
 */
import type Ajv from "ajv";
import type { KeywordDefinition, Options } from "ajv";
import type { DataValidationCxt } from "ajv/dist/types/index.js";
import ajvErrors from "ajv-errors";
import {
  detectCardBrand,
  isExpiryInFuture,
  maxCardNumberLength,
  passesLuhn,
  securityCodeLength,
} from "./card.ts";

/**
 * Options of every ajv instance: all errors (ajv-errors needs them), `$data` references for
 * "must match the confirmation" rules, verbose errors (rjsf reads parentSchema), and non-strict
 * mode because rjsf adds its own marker keywords.
 */
export const AJV_OPTIONS = {
  allErrors: true,
  $data: true,
  verbose: true,
  strict: false,
} as const satisfies Options;

/** Password character classes (spec §5): letters, digits and the printable ASCII symbols. */
export const CHARACTER_CLASSES = {
  requireLowercase: /[a-z]/,
  requireUppercase: /[A-Z]/,
  requireDigit: /[0-9]/,
  requireSymbol: /[!-/:-@[-`{-~]/,
} as const;

function sibling(dataCxt: DataValidationCxt | undefined, name: string): unknown {
  const parent = dataCxt?.parentData as Record<string, unknown> | undefined;
  return parent && typeof parent === "object" ? parent[name] : undefined;
}

const YYYYMMDD = /^(\d{4})(\d{2})(\d{2})$/;

function isCalendarDate(value: string): boolean {
  const match = YYYYMMDD.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Card numbers the format rules accept; the brand and checksum rules judge only these. */
const CARD_NUMBER_SHAPE = /^[0-9 ]{14,19}$/;

function customKeywords(now: () => Date): KeywordDefinition[] {
  const characterClassKeywords = Object.entries(CHARACTER_CLASSES).map(
    ([keyword, pattern]): KeywordDefinition => ({
      keyword,
      type: "string",
      schemaType: "boolean",
      validate: (required: boolean, data: string) => !required || pattern.test(data),
    }),
  );
  return [
    ...characterClassKeywords,
    {
      keyword: "differsFrom",
      schemaType: "string",
      validate: (other: string, data: unknown, _schema, dataCxt) => {
        const otherValue = sibling(dataCxt, other);
        return otherValue === undefined || otherValue !== data;
      },
    },
    {
      keyword: "calendarDate",
      type: "string",
      schemaType: "boolean",
      validate: (enabled: boolean, data: string) => !enabled || isCalendarDate(data),
    },
    {
      keyword: "luhn",
      type: "string",
      schemaType: "boolean",
      validate: (enabled: boolean, data: string) =>
        !enabled || !CARD_NUMBER_SHAPE.test(data) || passesLuhn(data),
    },
    {
      keyword: "cardBrandLength",
      type: "string",
      schemaType: "boolean",
      validate: (enabled: boolean, data: string) =>
        !enabled || data.length <= maxCardNumberLength(detectCardBrand(data)),
    },
    {
      keyword: "securityCodeForCard",
      type: "string",
      schemaType: "string",
      validate: (cardNumberField: string, data: string, _schema, dataCxt) => {
        const cardNumber = sibling(dataCxt, cardNumberField);
        if (typeof cardNumber !== "string" || !/^\d+$/.test(data)) return true;
        return data.length === securityCodeLength(detectCardBrand(cardNumber));
      },
    },
    {
      keyword: "cardExpiryNotPast",
      type: "string",
      schemaType: "string",
      validate: (yearField: string, month: string, _schema, dataCxt) => {
        const year = sibling(dataCxt, yearField);
        if (typeof year !== "string" || !/^\d{2}$/.test(year) || !/^(0[1-9]|1[0-2])$/.test(month))
          return true;
        return isExpiryInFuture(month, year, now());
      },
    },
  ];
}

/**
 * Adds ajv-errors and our keywords to an ajv instance. Also rjsf's `extenderFn`, so the browser
 * validator and the API validator understand exactly the same schemas.
 */
export function extendAjv<A extends Ajv>(ajv: A, now: () => Date = () => new Date()): A {
  for (const definition of customKeywords(now)) ajv.addKeyword(definition);
  ajvErrors(ajv);
  return ajv;
}
