/**
 * A JSON Schema with every `$ref` replaced by what it names, so that it stands alone: a form built
 * from the operator's configuration schemas renders in rjsf and compiles to a precompiled
 * validator without the other files.
 */
import type { JSONSchema7 } from "json-schema";
import registrationSettingSchema from "./account-registration-setting.schema.json" with { type: "json" };
import planCatalogueSchema from "./catalogue/plan-catalogue.schema.json" with { type: "json" };
import surveySchema from "./survey.schema.json" with { type: "json" };

/** The schemas the configuration schemas name by file, by file name (wherever the naming file is). */
const NAMED_SCHEMAS: Record<string, JSONSchema7> = {
  "account-registration-setting.schema.json": registrationSettingSchema as JSONSchema7,
  "survey.schema.json": surveySchema as JSONSchema7,
  "plan-catalogue.schema.json": planCatalogueSchema as JSONSchema7,
};

/**
 * `node` with its `$ref`s inlined (`#/definitions/x` in `document`, or another schema file), and
 * without `definitions` or the developers' `description` notes (spec references, not staff help).
 */
export function inlineRefs(node: unknown, document: JSONSchema7): unknown {
  if (Array.isArray(node)) return node.map((item) => inlineRefs(item, document));
  if (node === null || typeof node !== "object") return node;
  const { $ref, ...rest } = node as Record<string, unknown>;
  if (typeof $ref === "string") {
    const [file, pointer = ""] = $ref.split("#");
    const target = file ? NAMED_SCHEMAS[file.split("/").at(-1) ?? file] : document;
    if (!target) throw new Error(`inlineRefs: unknown schema ${file}`);
    const named = pointer
      .split("/")
      .filter(Boolean)
      .reduce<unknown>((at, part) => (at as Record<string, unknown>)?.[part], target);
    if (named === undefined) throw new Error(`inlineRefs: ${$ref} names nothing`);
    const {
      $id: _id,
      $schema: _schema,
      definitions: _definitions,
      ...resolved
    } = named as Record<string, unknown>;
    return { ...(inlineRefs(resolved, target) as object), ...(inlineRefs(rest, document) as object) };
  }
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (key === "definitions" || (key === "description" && typeof value === "string")) continue;
    copy[key] = inlineRefs(value, document);
  }
  return withoutNullChoice(copy);
}

/**
 * "X or null" as one nullable X: a form shows the field itself (left empty, it is absent) rather
 * than a choice between the field and "nothing", which is what a oneOf/anyOf would draw.
 */
function withoutNullChoice(schema: Record<string, unknown>): Record<string, unknown> {
  for (const keyword of ["oneOf", "anyOf"] as const) {
    const choices = schema[keyword];
    if (!Array.isArray(choices) || choices.length !== 2) continue;
    const isNull = (choice: unknown) =>
      typeof choice === "object" && choice !== null && JSON.stringify(choice) === '{"type":"null"}';
    const other = choices.find((choice) => !isNull(choice)) as Record<string, unknown> | undefined;
    if (!other || !choices.some(isNull) || typeof other.type !== "string") continue;
    const { [keyword]: _choices, ...rest } = schema;
    return { ...other, ...rest, type: [other.type, "null"] };
  }
  return schema;
}
