/**
 * Normalisation of form data (spec §5 "General form rules", "Registration fields"), run in the
 * browser before validation and submit and in the API before ajv, so both judge the same value.
 */
import type { JSONSchema7, JSONSchema7Definition } from "json-schema";
import { type FormDefinition, fieldUiSchema, type NormalizeKind } from "./form-definition.ts";

/** Separators people type inside phone numbers; the katakana ー is what a Japanese IME gives for "-". */
const PHONE_SEPARATORS = /[\s\-‐‑‒–—―−ー()（）]/g;
const POSTAL_CODE_SEPARATORS = /[\s\-‐‑‒–—―−ー]/g;
/** Between the year, month and day of 1990/04/15, 1990-04-15 or 1990.04.15. */
const DATE_SEPARATORS = /[\s/\-.‐‑‒–—―−ー]/g;

function normalizeText(text: string, kind: NormalizeKind): string {
  switch (kind) {
    case "raw":
      return text;
    case "trim":
      return text.trim();
    case "nfkc":
      return text.normalize("NFKC").trim();
    case "phoneNumber":
      return text.normalize("NFKC").replace(PHONE_SEPARATORS, "");
    case "postalCode":
      return text.normalize("NFKC").replace(POSTAL_CODE_SEPARATORS, "");
    case "date":
      return text.normalize("NFKC").replace(DATE_SEPARATORS, "");
  }
}

/** Every property schema of the form, including those declared in if/then/else branches. */
export function propertySchemas(schema: JSONSchema7): Map<string, JSONSchema7> {
  const found = new Map<string, JSONSchema7>();
  const visit = (definition: JSONSchema7Definition | undefined) => {
    if (!definition || typeof definition === "boolean") return;
    for (const [name, property] of Object.entries(definition.properties ?? {})) {
      if (typeof property === "object" && !found.has(name)) found.set(name, property);
    }
    for (const part of definition.allOf ?? []) visit(part);
    visit(definition.then);
    visit(definition.else);
  };
  visit(schema);
  return found;
}

function isNumeric(schema: JSONSchema7 | undefined): boolean {
  const types = [schema?.type].flat();
  return types.includes("integer") || types.includes("number");
}

function normalizeValue(value: unknown, kind: NormalizeKind, schema: JSONSchema7 | undefined): unknown {
  if (typeof value === "string") {
    const text = normalizeText(value, kind);
    if (text === "") return null;
    // A select or an HTML form gives "13" for the integer 13; number inputs strip non-digits (§5).
    if (isNumeric(schema)) {
      const halfWidth = text.normalize("NFKC");
      return /^-?\d+(\.\d+)?$/.test(halfWidth) ? Number(halfWidth) : text;
    }
    return text;
  }
  if (Array.isArray(value)) {
    return value
      .map((item) => (typeof item === "string" ? normalizeText(item, kind) : item))
      .filter((item) => item !== "" && item !== null && item !== undefined);
  }
  return value;
}

/**
 * Trims text, turns "" into null and then drops null and undefined values (so `required` reports
 * a missing field rather than a wrong type), cleans digit fields, applies NFKC where the field
 * asks for it (`ui:options.normalize`), and turns numeric strings of number fields into numbers.
 * Values that are not objects are returned unchanged for ajv to reject.
 */
export function normalizeFormData(
  form: FormDefinition,
  data: Record<string, unknown>,
): Record<string, unknown>;
export function normalizeFormData(form: FormDefinition, data: unknown): unknown;
export function normalizeFormData(form: FormDefinition, data: unknown): unknown {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return data;
  const schemas = propertySchemas(form.schema);
  const normalized: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(data)) {
    const kind = fieldUiSchema(form, name)?.["ui:options"]?.normalize ?? "trim";
    const clean = normalizeValue(value, kind, schemas.get(name));
    if (clean !== null && clean !== undefined) normalized[name] = clean;
  }
  return normalized;
}
