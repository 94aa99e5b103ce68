/**
 * The plans and the campaign codes as the console edits them: each one form, built from its
 * catalogue schema (schemas/catalogue/), labelled like the store settings' sections.
 */
import type { JSONSchema7 } from "json-schema";
import campaignCatalogueSchema from "../catalogue/campaign-catalogue.schema.json" with { type: "json" };
import planCatalogueSchema from "../catalogue/plan-catalogue.schema.json" with { type: "json" };
import type { FormDefinition } from "../form-definition.ts";
import { inlineRefs } from "../inline-refs.ts";
import { uiSchemaOf } from "./store-settings-sections.ts";

/** The catalogue document's schema without its `$schema` member (a file's, not a setting). */
function documentSchema(schema: JSONSchema7): JSONSchema7 {
  const inlined = inlineRefs(schema, schema) as JSONSchema7;
  const { $schema: _schema, ...properties } = inlined.properties ?? {};
  return { ...inlined, properties };
}

export function buildPlansForm(hasLabel: (key: string) => boolean = () => false): FormDefinition {
  const schema = documentSchema(planCatalogueSchema as JSONSchema7);
  return { id: "console-plans", version: "schema", schema, uiSchema: uiSchemaOf(schema, "", hasLabel) };
}

export function buildCampaignsForm(hasLabel: (key: string) => boolean = () => false): FormDefinition {
  const schema = documentSchema(campaignCatalogueSchema as JSONSchema7);
  return { id: "console-campaigns", version: "schema", schema, uiSchema: uiSchemaOf(schema, "", hasLabel) };
}
