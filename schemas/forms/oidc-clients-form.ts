/**
 * The login provider's clients as the console edits them: one form, built from
 * schemas/oidc-clients.schema.json, where a client's secret is never shown back: the form has a
 * new secret to type instead, which replaces the one held when given and keeps it when empty.
 */
import type { JSONSchema7 } from "json-schema";
import type { FormDefinition } from "../form-definition.ts";
import { inlineRefs } from "../inline-refs.ts";
import oidcClientsSchema from "../oidc-clients.schema.json" with { type: "json" };
import { uiSchemaOf } from "./store-settings-sections.ts";

/** The form's field for a replacing secret, in place of the file's `client_secret`. */
export const NEW_CLIENT_SECRET = "new_client_secret";

export function buildOidcClientsForm(hasLabel: (key: string) => boolean = () => false): FormDefinition {
  const inlined = inlineRefs(oidcClientsSchema, oidcClientsSchema as JSONSchema7) as JSONSchema7;
  const clientsList = inlined.properties?.clients as JSONSchema7;
  const client = clientsList.items as JSONSchema7;
  const { client_secret: secret, ...properties } = client.properties ?? {};
  const clientForm: JSONSchema7 = {
    ...client,
    properties: { ...properties, [NEW_CLIENT_SECRET]: secret as JSONSchema7 },
  };
  const schema: JSONSchema7 = {
    type: "object",
    additionalProperties: false,
    required: ["clients"],
    properties: { clients: { ...clientsList, items: clientForm } },
  };
  const uiSchema = uiSchemaOf(schema, "", hasLabel) as Record<string, Record<string, unknown>>;
  const clientUi = (uiSchema.clients?.items ?? {}) as Record<string, Record<string, unknown>>;
  // Typed, never shown: the browser neither fills it in nor keeps it.
  clientUi[NEW_CLIENT_SECRET] = {
    ...clientUi[NEW_CLIENT_SECRET],
    "ui:widget": "password",
    "ui:autocomplete": "new-password",
    ...(hasLabel("console.settings.newClientSecretHelp")
      ? { "ui:help": "console.settings.newClientSecretHelp" }
      : {}),
  };
  uiSchema.clients = { ...uiSchema.clients, items: clientUi };
  return { id: "console-clients", version: "schema", schema, uiSchema };
}
