/**
 * Which forms of a screen a page shows and how each is built: shared by the page (browser) and its
 * action (server), so the action always judges the form the page showed.
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

/** Whether the query shows this form (`showWhen`): forms without the rule always show. */
export function isFormShown(form: ScreenForm, query: URLSearchParams): boolean {
  return !form.showWhen || query.get(form.showWhen.query) === form.showWhen.equals;
}

/** The forms of the screen the query shows. */
export function formsShownBy(screen: ScreenDefinition, query: URLSearchParams): ScreenForm[] {
  return screen.forms.filter((form) => isFormShown(form, query));
}
