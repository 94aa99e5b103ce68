/**
 * The part of a FormDefinition that PlainForm can draw without rjsf: which fields, in which
 * order, with which widget, and how an HTML form post maps back onto the form's data. Pure, so
 * the route action (server) and the component (browser) read a form the same way.
 */
import type { JSONSchema7 } from "json-schema";
import type { FieldUiSchema, FormDefinition } from "../../../schemas/form-definition.ts";
import { fieldUiSchema } from "../../../schemas/form-definition.ts";
import { propertySchemas } from "../../../schemas/normalize.ts";

/** The widgets a plain HTML form can offer as they are (a PIN becomes one numeric text input). */
export const PLAIN_WIDGETS = ["text", "email", "password", "hidden", "checkbox", "pinCode"] as const;
export type PlainWidget = (typeof PLAIN_WIDGETS)[number];

/** What a ticked checkbox posts. */
export const CHECKED_VALUE = "true";

export interface PlainField {
  /** The property name: also the input's `name`, so a post without JavaScript carries it. */
  name: string;
  widget: PlainWidget;
  schema: JSONSchema7;
  ui: FieldUiSchema;
  required: boolean;
}

/** Passwords and masked PINs: drawn as password inputs and never sent back to the page. */
export function isSecret(field: PlainField): boolean {
  return (
    field.widget === "password" || (field.widget === "pinCode" && field.ui["ui:options"]?.masked === true)
  );
}

function isPlainWidget(name: string): name is PlainWidget {
  return (PLAIN_WIDGETS as readonly string[]).includes(name);
}

/** The same default as the rjsf theme (widgets/templates/field-template.tsx). */
function widgetOf(schema: JSONSchema7, ui: FieldUiSchema): string {
  if (ui["ui:widget"]) return ui["ui:widget"];
  return schema.type === "boolean" ? "checkbox" : "text";
}

/**
 * The fields in `ui:order`, then any the order leaves out. A form with a widget a plain form
 * cannot offer (postal search, policy scroll, …) is a programming error: such forms need SchemaForm.
 */
export function plainFields(form: FormDefinition): PlainField[] {
  const schemas = propertySchemas(form.schema);
  const order = form.uiSchema["ui:order"] ?? [];
  const names = [
    ...order.filter((name) => schemas.has(name)),
    ...[...schemas.keys()].filter((name) => !order.includes(name)),
  ];
  const required = new Set(form.schema.required ?? []);
  return names.map((name) => {
    const schema = schemas.get(name) ?? {};
    const ui = fieldUiSchema(form, name) ?? {};
    const widget = widgetOf(schema, ui);
    if (!isPlainWidget(widget)) {
      throw new Error(
        `Form "${form.id}": PlainForm cannot render the "${widget}" widget of "${name}"; use SchemaForm`,
      );
    }
    return { name, widget, schema, ui, required: required.has(name) };
  });
}
