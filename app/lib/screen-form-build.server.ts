/**
 * How a screen's forms are built from the store settings and the screen data: by the loader for
 * the page (the browser receives them built and ships no builders) and by the action again to judge
 * a post, so the action always judges the form the page showed.
 */
import type { FormDefinition } from "../../schemas/form-definition.ts";
import { buildScreenForm, type FormBuildContext } from "../../schemas/forms/registry.ts";
import type { ScreenDefinition, ScreenForm } from "../../screens/screen-definition.ts";

/** The FormDefinition of one of a screen's forms, with the definition's uiSchema overrides. */
export function buildFormOfScreen(
  definition: ScreenForm,
  context: Omit<FormBuildContext, "options">,
): FormDefinition {
  const form = buildScreenForm(definition.builder, { ...context, options: definition.builderOptions ?? {} });
  return definition.uiSchema ? { ...form, uiSchema: { ...form.uiSchema, ...definition.uiSchema } } : form;
}

/** Every form of the screen, in its order. */
export function buildFormsOfScreen(
  screen: ScreenDefinition,
  context: Omit<FormBuildContext, "options">,
): FormDefinition[] {
  return screen.forms.map((definition) => buildFormOfScreen(definition, context));
}
