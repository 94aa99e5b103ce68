/**
 * How a form travels from the page to its route action (issue 22, ADR 0015). Two ways, one shape
 * at the end: the form's own data, field by field, as normalize.ts and ajv expect it.
 *
 * - Without JavaScript the browser posts the HTML form: every input is named after its field
 *   (SchemaForm's name generator), the submit button carries the form's id, and
 *   {@link valuesFromFormPost} reads the post back into the form's data by the form's schema.
 * - With JavaScript the form posts a {@link FormSubmission} as JSON: the same data, already typed.
 *
 * Pure and free of ajv, so the browser and the server read a post the same way.
 */
import type { JSONSchema7 } from "json-schema";
import { type FieldError, type FormDefinition, fieldUiSchema } from "./form-definition.ts";
import { propertySchemas } from "./normalize.ts";

/** The submit button's name (its value is the form's id): a page can offer more than one form. */
export const FORM_ID_FIELD = "_form";

/** The body member (and HTML form field) that carries a reCAPTCHA token (spec §3 login payload). */
export const RECAPTCHA_TOKEN_FIELD = "token";

/** What a page posts with JavaScript: the form's id, its data, and a reCAPTCHA token when it has one. */
export interface FormSubmission {
  [FORM_ID_FIELD]: string;
  values: Record<string, unknown>;
  [RECAPTCHA_TOKEN_FIELD]?: string;
}

/**
 * What a route action answers when a post fails, for the page to show: messages per field (or
 * "root"), a message about the whole form, and the data posted (secrets left out) so that a page
 * rendered again without JavaScript keeps what was typed.
 */
export interface FormFailure {
  formId: string;
  errors: FieldError[];
  summary: string;
  values: Record<string, unknown>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A JSON body that has the shape of a {@link FormSubmission}, or null. */
export function asFormSubmission(body: unknown): FormSubmission | null {
  if (!isRecord(body)) return null;
  const formId = body[FORM_ID_FIELD];
  const token = body[RECAPTCHA_TOKEN_FIELD];
  if (typeof formId !== "string" || !isRecord(body.values)) return null;
  if (token !== undefined && typeof token !== "string") return null;
  return {
    [FORM_ID_FIELD]: formId,
    values: body.values,
    ...(typeof token === "string" ? { [RECAPTCHA_TOKEN_FIELD]: token } : {}),
  };
}

function widgetOf(form: FormDefinition, name: string, schema: JSONSchema7): string {
  return fieldUiSchema(form, name)?.["ui:widget"] ?? (schema.type === "boolean" ? "checkbox" : "text");
}

/** What a checkbox or a yes/no choice posts for "no"; a ticked checkbox posts its value or "on". */
const NO = new Set(["false", ""]);

/**
 * The form's data from an HTML form post, before normalisation and validation. Only the form's own
 * fields are read, each by its schema: an unticked checkbox is absent from a post, so it means
 * `false` for an optional field and "not answered" (caught by `required`) for a required one; a
 * multiple choice posts each ticked value; a PIN posts each box, or the whole code in the first.
 * Numbers stay text here: normalisation turns numeric text into numbers, as it does for a select.
 */
export function valuesFromFormPost(form: FormDefinition, posted: FormData): Record<string, unknown> {
  const required = new Set(form.schema.required ?? []);
  const values: Record<string, unknown> = {};
  for (const [name, schema] of propertySchemas(form.schema)) {
    const all = posted.getAll(name).filter((value): value is string => typeof value === "string");
    if (schema.type === "array") {
      values[name] = all;
    } else if (schema.type === "boolean") {
      const [value] = all;
      if (value !== undefined) values[name] = !NO.has(value);
      else if (!required.has(name)) values[name] = false;
    } else if (widgetOf(form, name, schema) === "pinCode") {
      // The whole code typed (or autofilled) into the first box wins over what the others hold.
      const [first = ""] = all;
      if (all.length > 0) values[name] = first.length > 1 ? first : all.join("");
    } else if (all[0] !== undefined) {
      values[name] = all[0];
    }
  }
  return values;
}

/** Passwords and masked PINs are never sent back to the page. */
export function isSecretField(form: FormDefinition, name: string): boolean {
  const ui = fieldUiSchema(form, name);
  const widget = ui?.["ui:widget"];
  return (
    widget === "password" ||
    widget === "newPassword" ||
    (widget === "pinCode" && ui?.["ui:options"]?.masked === true)
  );
}

/** The posted data to put back into the form after a failed post: the form's own fields, without secrets. */
export function echoedValues(form: FormDefinition, values: Record<string, unknown>): Record<string, unknown> {
  const fields = propertySchemas(form.schema);
  return Object.fromEntries(
    Object.entries(values).filter(([name]) => fields.has(name) && !isSecretField(form, name)),
  );
}
