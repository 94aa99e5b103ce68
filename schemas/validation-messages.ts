/**
 * Turns ajv errors into messages people read, one translator for the browser (rjsf's
 * `transformErrors`) and the API (`{field, message}` of a VALIDATION_ERROR body).
 *
 * Every rule's ajv-errors `errorMessage` is a translation key under `validation`; a keyword without
 * one falls back to a generic key (validation.generic.*). Interpolation values are the ajv params
 * (e.g. `limit`), the field's `label`, and the field's `ui:options.messageParams`.
 */
import type { RJSFValidationError } from "@rjsf/utils";
import type { ErrorObject } from "ajv";
import type { JSONSchema7, JSONSchema7Definition } from "json-schema";
import type { Translate } from "../locales/i18n.ts";
import type { FieldError, FormDefinition, MessageParams } from "./form-definition.ts";
import { fieldUiSchema } from "./form-definition.ts";
import { propertySchemas } from "./normalize.ts";

export type { Translate };

export const ROOT_FIELD = "root";

const GENERIC_KEYS: Record<string, string> = {
  required: "validation.generic.required",
  type: "validation.generic.type",
  minLength: "validation.generic.minLength",
  maxLength: "validation.generic.maxLength",
  minimum: "validation.generic.minimum",
  exclusiveMinimum: "validation.generic.minimum",
  maximum: "validation.generic.maximum",
  exclusiveMaximum: "validation.generic.maximum",
  pattern: "validation.generic.pattern",
  format: "validation.generic.format",
  enum: "validation.generic.enum",
  const: "validation.generic.const",
  minItems: "validation.generic.minItems",
  maxItems: "validation.generic.maxItems",
  additionalProperties: "validation.generic.notAllowed",
  unevaluatedProperties: "validation.generic.notAllowed",
};
const FALLBACK_KEY = "validation.generic.invalid";

/** Keywords that only summarise the failure of a branch whose own errors are reported anyway. */
const SUMMARY_KEYWORDS = new Set(["if", "anyOf", "oneOf"]);
const UNKNOWN_FIELD_KEYWORDS = new Set(["additionalProperties", "unevaluatedProperties"]);

/** An ajv error or an rjsf error made from one, reduced to what the translation needs. */
interface RawError {
  keyword: string;
  /** Instance path segments: ["familyName"] for /familyName. */
  path: string[];
  params: Record<string, unknown>;
  message: string | undefined;
  /** Where in the schema the failing keyword is, e.g. #/allOf/0/if. */
  schemaPath: string;
}

function pointerSegments(pointer: string): string[] {
  return pointer
    .split("/")
    .slice(1)
    .map((segment) => segment.replaceAll("~1", "/").replaceAll("~0", "~"));
}

function fromAjv(error: ErrorObject): RawError {
  return {
    keyword: error.keyword,
    path: pointerSegments(error.instancePath),
    params: error.params,
    message: error.message,
    schemaPath: error.schemaPath,
  };
}

function fromRjsf(error: RJSFValidationError): RawError {
  return {
    keyword: error.name ?? "",
    path: (error.property ?? "").split(".").filter(Boolean),
    params: (error.params ?? {}) as Record<string, unknown>,
    message: error.message,
    schemaPath: error.schemaPath ?? "",
  };
}

/** The errors an ajv-errors message replaced, or the error itself. */
function underlying(error: RawError): RawError[] {
  if (error.keyword !== "errorMessage") return [error];
  const inner = (error.params.errors ?? []) as ErrorObject[];
  return inner.length > 0 ? inner.map(fromAjv) : [error];
}

function fieldOf(error: RawError): string {
  const [top] = error.path;
  if (top !== undefined) return top;
  for (const inner of underlying(error)) {
    const { missingProperty, additionalProperty, unevaluatedProperty } = inner.params;
    const property = missingProperty ?? additionalProperty ?? unevaluatedProperty;
    if (typeof property === "string") return property;
  }
  return ROOT_FIELD;
}

function keywordOf(error: RawError): string {
  return underlying(error)[0]?.keyword ?? error.keyword;
}

function messageKeyOf(error: RawError): string {
  if (error.keyword === "errorMessage" && error.message?.startsWith("validation.")) return error.message;
  return GENERIC_KEYS[keywordOf(error)] ?? FALLBACK_KEY;
}

function isEnglish(language: string | undefined): boolean {
  return language === "en" || Boolean(language?.startsWith("en-"));
}

function fieldLabel(form: FormDefinition, field: string, t: Translate, language?: string): string {
  const title = propertySchemas(form.schema).get(field)?.title;
  if (!title) return "";
  const options = fieldUiSchema(form, field)?.["ui:options"];
  if (options?.labelKey) return t(title);
  return isEnglish(language) && options?.titleEn ? options.titleEn : title;
}

function messageParams(form: FormDefinition, field: string, language?: string): MessageParams {
  const options = fieldUiSchema(form, field)?.["ui:options"];
  return { ...options?.messageParams, ...(isEnglish(language) ? options?.messageParamsEn : undefined) };
}

function schemaAt(schema: JSONSchema7, schemaPath: string): JSONSchema7Definition | undefined {
  let node: unknown = schema;
  for (const segment of pointerSegments(schemaPath.replace(/^#/, ""))) {
    node = typeof node === "object" && node !== null ? (node as Record<string, unknown>)[segment] : undefined;
  }
  return node as JSONSchema7Definition | undefined;
}

/**
 * The fields of if/then branches that failed. Ajv counts none of a failed branch's properties as
 * evaluated, so a valid field there would also be reported as unknown.
 */
function fieldsOfFailedBranches(errors: RawError[], form: FormDefinition): Set<string> {
  const fields = new Set<string>();
  for (const error of errors) {
    if (error.keyword !== "if") continue;
    const conditional = schemaAt(form.schema, error.schemaPath.replace(/\/if$/, ""));
    const failing = error.params.failingKeyword === "else" ? "else" : "then";
    const branch = typeof conditional === "object" ? conditional[failing] : undefined;
    if (typeof branch === "object") for (const name of Object.keys(branch.properties ?? {})) fields.add(name);
  }
  return fields;
}

function translateAll(
  errors: RawError[],
  form: FormDefinition,
  t: Translate,
  language: string | undefined,
): FieldError[] {
  const declaredInFailedBranch = fieldsOfFailedBranches(errors, form);
  const relevant = errors.filter((error) => !SUMMARY_KEYWORDS.has(keywordOf(error)));
  const seen = new Set<string>();
  const result: FieldError[] = [];
  for (const error of relevant) {
    const field = fieldOf(error);
    if (UNKNOWN_FIELD_KEYWORDS.has(keywordOf(error)) && declaredInFailedBranch.has(field)) continue;
    const params = Object.assign({}, ...underlying(error).map((inner) => inner.params));
    // ajv's params are plain values; String() keeps i18next's wider return type out.
    const message = String(
      t(messageKeyOf(error), {
        ...params,
        label: fieldLabel(form, field, t, language),
        ...messageParams(form, field, language),
      }),
    );
    const identity = `${field}\u0000${message}`;
    if (seen.has(identity)) continue;
    seen.add(identity);
    result.push({ field, message });
  }
  return inFormOrder(result, form);
}

/** Errors in the order the fields show (form-level ones first), so the first one is the topmost. */
function inFormOrder(errors: FieldError[], form: FormDefinition): FieldError[] {
  const order = form.uiSchema["ui:order"] ?? [];
  const position = (field: string) => {
    if (field === ROOT_FIELD) return -1;
    const index = order.indexOf(field);
    return index === -1 ? order.length : index;
  };
  return [...errors].sort((a, b) => position(a.field) - position(b.field));
}

/**
 * Translates ajv errors (of validateFormData) into `{field, message}`: `field` is the top-level
 * property, or "root". `language` picks the English variants of store-supplied texts
 * (`titleEn`, `messageParamsEn`); Japanese is used when it is omitted.
 */
export function translateValidationErrors(
  errors: readonly ErrorObject[],
  form: FormDefinition,
  t: Translate,
  language?: string,
): FieldError[] {
  return translateAll(errors.map(fromAjv), form, t, language);
}

/**
 * An rjsf `transformErrors` for this form: each error is translated and moved onto its field
 * (rjsf would put a `required` error of ajv-errors on the form itself).
 */
export function createErrorTransformer(
  form: FormDefinition,
  t: Translate,
  language?: string,
): (errors: RJSFValidationError[]) => RJSFValidationError[] {
  return (errors) =>
    translateAll(errors.map(fromRjsf), form, t, language).map(({ field, message }) => ({
      name: "validation",
      property: field === ROOT_FIELD ? "" : `.${field}`,
      message,
      stack: message,
      params: {},
    }));
}
