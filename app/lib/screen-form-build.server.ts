/**
 * How a screen's forms are built from the store settings and the screen data: by the loader for
 * the page (the browser receives them built and ships no builders) and by the action again to judge
 * a post, so the action always judges the form the page showed.
 */
import type { FormDefinition } from "../../schemas/form-definition.ts";
import { buildScreenForm, type FormBuildContext } from "../../schemas/forms/registry.ts";
import type { FormScreenData } from "../../schemas/types/form-screen-data.gen.ts";
import type { ScreenDefinition, ScreenForm } from "../../screens/screen-definition.ts";
import { FORM_SCREEN_DATA } from "./screen-data-shapes.server.ts";
import { inShape } from "./zapi.server.ts";

/** What a screen's forms are built from: the store's settings and the screen's data, as loaded. */
export interface ScreenFormInputs extends Omit<FormBuildContext, "options" | "screenData"> {
  screenData: Readonly<Record<string, unknown>>;
}

/**
 * The screen data as the form builders read it (form-screen-data.schema.json): checked here, where
 * every build passes, so no builder reads a member by a guess; out of shape is the error page.
 */
export function formScreenData(screenData: Readonly<Record<string, unknown>>): FormScreenData {
  return inShape(screenData, FORM_SCREEN_DATA, "the screen data its forms are built from");
}

function buildChecked(definition: ScreenForm, context: FormBuildContext): FormDefinition {
  const form = buildScreenForm(definition.builder, { ...context, options: definition.builderOptions ?? {} });
  return definition.uiSchema ? { ...form, uiSchema: { ...form.uiSchema, ...definition.uiSchema } } : form;
}

/** The FormDefinition of one of a screen's forms, with the definition's uiSchema overrides. */
export function buildFormOfScreen(definition: ScreenForm, inputs: ScreenFormInputs): FormDefinition {
  return buildChecked(definition, { ...inputs, screenData: formScreenData(inputs.screenData), options: {} });
}

/** Every form of the screen, in its order. */
export function buildFormsOfScreen(screen: ScreenDefinition, inputs: ScreenFormInputs): FormDefinition[] {
  const context = { ...inputs, screenData: formScreenData(inputs.screenData), options: {} };
  return screen.forms.map((definition) => buildChecked(definition, context));
}
