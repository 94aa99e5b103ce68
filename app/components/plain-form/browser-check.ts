/**
 * The light renderer's check in the browser: the form's precompiled validator module (ADR 0012,
 * the same code the form pages run), with ajv's small runtime helpers and our messages. PlainForm
 * imports this module on demand, so /login's own bundle carries no ajv: the check arrives just
 * after hydration, and until then (or if it never does) the action checks.
 */
import type { FieldError, FormDefinition } from "../../../schemas/form-definition.ts";
import { standaloneRequire } from "../../../schemas/standalone-validators-runtime.ts";
import { type Translate, translateValidationErrors } from "../../../schemas/validation-messages.ts";

/** Checks normalised data: the spec's messages per field, none when the data is valid. */
export type FormCheck = (
  form: FormDefinition,
  data: Record<string, unknown>,
  t: Translate,
  language: string,
) => FieldError[];

interface ValidateFunction {
  (data: unknown): boolean;
  errors?: Parameters<typeof translateValidationErrors>[0] | null;
}

interface ValidatorModule {
  rootSchemaKey: string;
  create(require: (name: string) => unknown): Record<string, ValidateFunction>;
}

function isValidatorModule(value: unknown): value is ValidatorModule {
  const module = value as Partial<ValidatorModule> | null;
  return typeof module?.rootSchemaKey === "string" && typeof module.create === "function";
}

/** The check of the module at `url`; rejects when it cannot be loaded (the action checks then). */
export async function loadFormCheck(
  url: string,
  importer: (url: string) => Promise<unknown> = (moduleUrl) => import(/* @vite-ignore */ moduleUrl),
): Promise<FormCheck> {
  const module = await importer(url);
  if (!isValidatorModule(module)) throw new Error(`${url} is not a form validator module`);
  const validate = module.create(standaloneRequire())[module.rootSchemaKey];
  if (typeof validate !== "function") throw new Error(`${url} has no validator for its form`);
  return (form, data, t, language) =>
    validate(data) ? [] : translateValidationErrors(validate.errors ?? [], form, t, language);
}
