/**
 * The store's policies as the console edits them: one form, built from schemas/policies.schema.json,
 * each revision's texts as Markdown in a text area.
 */
import type { JSONSchema7 } from "json-schema";
import type { FormDefinition } from "../form-definition.ts";
import { inlineRefs } from "../inline-refs.ts";
import policiesSchema from "../policies.schema.json" with { type: "json" };
import { uiSchemaOf } from "./store-settings-sections.ts";

export function buildPoliciesForm(hasLabel: (key: string) => boolean = () => false): FormDefinition {
  const schema = inlineRefs(policiesSchema, policiesSchema as JSONSchema7) as JSONSchema7;
  const { $schema: _schema, $id: _id, title: _title, ...standalone } = schema;
  const uiSchema = uiSchemaOf(standalone, "", hasLabel) as Record<string, Record<string, unknown>>;
  const policy = (uiSchema.policies?.items ?? {}) as Record<string, Record<string, unknown>>;
  const revision = (policy.revisions?.items ?? {}) as Record<string, Record<string, unknown>>;
  for (const text of ["textJa", "textEn"]) {
    revision[text] = {
      ...revision[text],
      "ui:widget": "textarea",
      "ui:options": { ...(revision[text]?.["ui:options"] as object), rows: 12 },
    };
  }
  policy.revisions = { ...policy.revisions, items: revision };
  uiSchema.policies = { ...uiSchema.policies, items: policy };
  return { id: "console-policies", version: "schema", schema: standalone, uiSchema };
}
