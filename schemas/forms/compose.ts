/** Assembles FieldSpecs (rules.ts) into a FormDefinition; every builder goes through here. */
import type { JSONSchema7 } from "json-schema";
import type { FieldUiSchema, FormDefinition, FormUiOptions, UiSchema } from "../form-definition.ts";
import type { FieldSpec } from "../rules.ts";

export interface FormField {
  name: string;
  spec: FieldSpec;
  required: boolean;
}

/** Fields shown only while another field has one of some values (e.g. the chosen payment type). */
export interface ConditionalFields {
  when: { field: string; values: readonly (string | number | boolean)[] };
  fields: FormField[];
  /** Fields of the form itself that this branch makes required (shown whatever the branch). */
  alsoRequired?: FormField[];
}

export interface FormParts {
  id: string;
  fields: FormField[];
  conditional?: ConditionalFields[];
  uiOptions?: FormUiOptions;
  /** Literal text shown above the form, and its English variant. */
  description?: string;
  descriptionEn?: string;
}

/** Properties, `required` and the per-property `required` messages of one group of fields. */
function objectPart(fields: readonly FormField[]): JSONSchema7 {
  const required = fields.filter((entry) => entry.required);
  return {
    properties: Object.fromEntries(fields.map(({ name, spec }) => [name, spec.schema])),
    ...(required.length > 0
      ? {
          required: required.map(({ name }) => name),
          errorMessage: {
            required: Object.fromEntries(required.map(({ name, spec }) => [name, spec.requiredMessage])),
          },
        }
      : {}),
  };
}

/** A branch's part, with fields declared elsewhere in the form made required in it. */
function withRequired(part: JSONSchema7, fields: readonly FormField[]): JSONSchema7 {
  if (fields.length === 0) return part;
  const messages = (part.errorMessage as { required?: Record<string, string> } | undefined)?.required ?? {};
  return {
    ...part,
    required: [...(part.required ?? []), ...fields.map(({ name }) => name)],
    errorMessage: {
      required: {
        ...messages,
        ...Object.fromEntries(fields.map(({ name, spec }) => [name, spec.requiredMessage])),
      },
    },
  };
}

/** Property names may not contain what rjsf reads as a path ("." and "[") or the JSON pointer "/". */
const SAFE_ID = /^[A-Za-z0-9_-]+$/;

/** The property name of a store- or screen-defined item, e.g. custom_favoriteGenre. */
export function dynamicProperty(prefix: string, id: string): string {
  if (!SAFE_ID.test(id))
    throw new Error(`"${id}" cannot name a form field; use letters, digits, "_" and "-"`);
  return `${prefix}_${id}`;
}

/**
 * An object form that rejects unknown properties (`unevaluatedProperties`, which also sees the
 * fields of active if/then branches) and lists every field in `ui:order`.
 */
export function composeForm({
  id,
  fields,
  conditional = [],
  uiOptions,
  description,
  descriptionEn,
}: FormParts): Omit<FormDefinition, "version"> {
  const allFields = [...fields, ...conditional.flatMap((branch) => branch.fields)];
  if (new Set(allFields.map(({ name }) => name)).size !== allFields.length) {
    throw new Error(`${id}: a field is declared twice; a branch names fields of the form in alsoRequired`);
  }
  const uiSchema: UiSchema = {
    "ui:order": allFields.map(({ name }) => name),
    ...(uiOptions || (description && descriptionEn)
      ? { "ui:options": { ...uiOptions, ...(description && descriptionEn ? { descriptionEn } : {}) } }
      : {}),
    ...(description ? { "ui:description": description } : {}),
  };
  for (const { name, spec } of allFields) uiSchema[name] = spec.ui satisfies FieldUiSchema;
  const schema: JSONSchema7 = {
    type: "object",
    ...objectPart(fields),
    ...(conditional.length > 0
      ? {
          allOf: conditional.map(({ when, fields: branchFields, alsoRequired = [] }) => ({
            if: { properties: { [when.field]: { enum: [...when.values] } }, required: [when.field] },
            // biome-ignore lint/suspicious/noThenProperty: "then" is the JSON Schema keyword of if/then.
            then: withRequired(objectPart(branchFields), alsoRequired),
          })),
        }
      : {}),
    unevaluatedProperties: false,
  };
  return { id, schema, uiSchema };
}
