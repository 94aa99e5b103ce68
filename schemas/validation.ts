/**
 * One validator for both sides of a form: `validateFormData()` for the API, and in the browser the
 * standalone code of the same ajv set-up (standalone-validators.ts, ADR 0012), run the same ajv
 * options and keywords (keywords.ts) over the same FormDefinition, after the same normalisation
 * (normalize.ts).
 */
import type { ValidatorType } from "@rjsf/utils";
import { customizeValidator } from "@rjsf/validator-ajv8";
import type { ErrorObject, Options, ValidateFunction } from "ajv";
import Ajv2019 from "ajv/dist/2019.js";
import draft7MetaSchema from "ajv/dist/refs/json-schema-draft-07.json" with { type: "json" };
import addFormats from "ajv-formats";
import type { JSONSchema7 } from "json-schema";
import type { FormDefinition } from "./form-definition.ts";
import { AJV_OPTIONS, extendAjv } from "./keywords.ts";
import { normalizeFormData } from "./normalize.ts";

export type AjvError = ErrorObject;

/**
 * Draft 2019-09 for `unevaluatedProperties` (unknown fields are rejected even when a field is
 * declared inside an if/then branch); the draft-07 meta-schema is added so the entity schemas
 * (`"$schema": draft-07`) compile on the same instance. `extraOptions` adds to AJV_OPTIONS (the
 * standalone generator's `code` options).
 */
export function createAjv(now?: () => Date, extraOptions: Options = {}): Ajv2019 {
  const ajv = new Ajv2019({ ...AJV_OPTIONS, ...extraOptions });
  ajv.addMetaSchema(draft7MetaSchema);
  addFormats(ajv);
  return extendAjv(ajv, now);
}

/**
 * An rjsf validator that compiles in place: rjsf's own ajv set-up (it adds the formats) with our
 * class, options and keywords. For tests and tools only: pages get validators the server
 * precompiled (ADR 0012), since compiling needs `new Function`, which the site's CSP forbids.
 */
export function createFormValidator(): ValidatorType {
  return customizeValidator({
    AjvClass: Ajv2019,
    ajvOptionsOverrides: AJV_OPTIONS,
    additionalMetaSchemas: [draft7MetaSchema],
    extenderFn: (ajv) => extendAjv(ajv),
  });
}

interface CompiledForm {
  version: string;
  schema: JSONSchema7;
  validate: ValidateFunction;
}

/**
 * Compiled validators, one per form id: compiling is the expensive step, so a form is compiled
 * again only when its version changes (settings reloaded, other screen data). The replaced
 * schema is removed from ajv so its own cache does not grow.
 */
export class FormValidatorCache {
  private readonly compiled = new Map<string, CompiledForm>();

  constructor(private readonly ajv: Ajv2019 = createAjv()) {}

  validatorFor(form: FormDefinition): ValidateFunction {
    const cached = this.compiled.get(form.id);
    if (cached?.version === form.version) return cached.validate;
    if (cached) this.ajv.removeSchema(cached.schema);
    const validate = this.ajv.compile(form.schema);
    this.compiled.set(form.id, { version: form.version, schema: form.schema, validate });
    return validate;
  }
}

export type FormValidationResult =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; errors: AjvError[] };

const sharedCache = new FormValidatorCache();

/**
 * Normalises `data` (normalize.ts) and validates it against the form. On success `value` is the
 * normalised data: trimmed, empty values dropped, digits cleaned.
 */
export function validateFormData(
  form: FormDefinition,
  data: unknown,
  cache: FormValidatorCache = sharedCache,
): FormValidationResult {
  const value = normalizeFormData(form, data);
  const validate = cache.validatorFor(form);
  if (validate(value)) return { ok: true, value: value as Record<string, unknown> };
  return { ok: false, errors: [...(validate.errors ?? [])] };
}
