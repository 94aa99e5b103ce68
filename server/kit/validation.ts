/**
 * Request bodies checked by the same FormDefinition the browser renders (schemas/): parse JSON,
 * normalise, validate with ajv, and answer 400 VALIDATION_ERROR with per-field messages in the
 * request's language when something is wrong.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { Language } from "../../locales/index.ts";
import { detectLanguage, translatorFor } from "../../locales/language.ts";
import type { FieldError, FormDefinition } from "../../schemas/form-definition.ts";
import { validateFormData } from "../../schemas/validation.ts";
import { ROOT_FIELD, translateValidationErrors } from "../../schemas/validation-messages.ts";
import { ApiError } from "./errors.ts";

/** The language of API answers, detected as the pages detect theirs (locales/language.ts). */
export function requestLanguage(c: Context): Language {
  return detectLanguage(c.req.raw);
}

/**
 * What a Postgres text value cannot hold: NUL, and a UTF-16 surrogate without its other half
 * (not encodable as UTF-8). JSON can carry both ("\u0000", "\ud800"); refused here, they never
 * reach a query (where NUL was a database error, a 500).
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(value: string): boolean {
  return !value.includes("\u0000") && !LONE_SURROGATE.test(value);
}

/**
 * Deeper than any request of the API (a form's custom item list is 3 levels): refused before
 * anything walks it, so no recursive normaliser or validator meets a 10,000-level array.
 */
export const MAX_BODY_DEPTH = 32;

type BodyFault = { kind: "depth" } | { kind: "characters"; field: string };

/**
 * The first thing in a parsed body that no handler may be given: nesting past MAX_BODY_DEPTH, or
 * a key or string that is not storable text (its field is the nearest property name). Iterative,
 * so the check itself cannot overflow the stack.
 */
export function bodyFault(body: unknown): BodyFault | null {
  const pending: { value: unknown; depth: number; field: string }[] = [
    { value: body, depth: 0, field: ROOT_FIELD },
  ];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { value, depth, field } = item;
    if (typeof value === "string") {
      if (!isStorableText(value)) return { kind: "characters", field };
    } else if (typeof value === "object" && value !== null) {
      if (depth >= MAX_BODY_DEPTH) return { kind: "depth" };
      if (Array.isArray(value)) {
        for (const element of value) pending.push({ value: element, depth: depth + 1, field });
      } else {
        for (const [key, member] of Object.entries(value)) {
          if (!isStorableText(key)) return { kind: "characters", field };
          pending.push({ value: member, depth: depth + 1, field: key });
        }
      }
    }
  }
  return null;
}

async function unstorableError(c: Context, field: string): Promise<ApiError> {
  const t = await translatorFor(requestLanguage(c));
  return new ApiError(400, "VALIDATION_ERROR", t("validation.summary"), {
    errors: [{ field, message: t("validation.invalidCharacters") }],
  });
}

/**
 * The JSON body of the request; anything else (including an empty body) is 400 INVALID_JSON,
 * and a body bodyFault() finds fault with is 400 VALIDATION_ERROR.
 */
export async function readJsonBody(c: Context): Promise<unknown> {
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    const language = requestLanguage(c);
    const t = await translatorFor(language);
    throw new ApiError(400, "INVALID_JSON", t("validation.invalidJson"));
  }
  const fault = bodyFault(body);
  if (fault?.kind === "characters") throw await unstorableError(c, fault.field);
  if (fault?.kind === "depth") {
    const t = await translatorFor(requestLanguage(c));
    throw new ApiError(400, "VALIDATION_ERROR", t("validation.summary"), {
      errors: [{ field: ROOT_FIELD, message: t("validation.generic.invalid") }],
    });
  }
  return body;
}

/** Query parameters are checked like body strings before any handler reads them. */
export const refuseUnstorableQuery: MiddlewareHandler = async (c, next) => {
  // URLSearchParams rather than c.req.queries(): no object is keyed by a client's name (__proto__).
  for (const [key, value] of new URL(c.req.url).searchParams) {
    if (!isStorableText(key) || !isStorableText(value)) {
      throw await unstorableError(c, isStorableText(key) ? key : ROOT_FIELD);
    }
  }
  await next();
};

/**
 * Normalises and validates `data` against the form; returns the normalised value, or throws
 * ApiError 400 VALIDATION_ERROR `{errors: [{field, message}]}` with a summary message.
 */
export async function validateRequestData(
  c: Context,
  form: FormDefinition,
  data: unknown,
): Promise<Record<string, unknown>> {
  const result = validateFormData(form, data);
  if (result.ok) return result.value;
  const language = requestLanguage(c);
  const t = await translatorFor(language);
  const errors: FieldError[] = translateValidationErrors(result.errors, form, t, language);
  throw new ApiError(400, "VALIDATION_ERROR", t("validation.summary"), { errors });
}

/**
 * The validated JSON body of the request. `toFormData` picks or reshapes the part of the body the
 * form describes, e.g. `(body) => fromRegistrationPayload(form, body.optionalInfo)`.
 *
 *   const data = await validatedJson(c, buildPasswordChangeForm({strength, withConfirmation: false}, version));
 */
export async function validatedJson(
  c: Context,
  form: FormDefinition,
  toFormData: (body: unknown) => unknown = (body) => body,
): Promise<Record<string, unknown>> {
  return validateRequestData(c, form, toFormData(await readJsonBody(c)));
}
