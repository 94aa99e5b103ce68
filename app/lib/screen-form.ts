/**
 * Which forms of a screen the query and the screen data show (`showWhen`, `withheldWhile`): for
 * the page (browser) and its action (server) alike. Building them is the server's
 * (screen-form-build.server.ts).
 */
import type { ScreenDefinition, ScreenForm } from "../../screens/screen-definition.ts";

/** Whether the query shows this form (`showWhen`): forms without the rule always show. */
export function isFormShown(form: ScreenForm, query: URLSearchParams): boolean {
  return !form.showWhen || query.get(form.showWhen.query) === form.showWhen.equals;
}

/** Whether the screen data withholds this form (`withheldWhile`: its list has entries). */
export function isFormWithheld(form: ScreenForm, screenData: Readonly<Record<string, unknown>>): boolean {
  const list = form.withheldWhile ? screenData[form.withheldWhile] : undefined;
  return Array.isArray(list) && list.length > 0;
}

/**
 * The forms of the screen the query shows. The page leaves out those the screen data withholds;
 * the action still takes them, so that a post from a page shown before gets the API's refusal.
 */
export function formsShownBy(screen: ScreenDefinition, query: URLSearchParams): ScreenForm[] {
  return screen.forms.filter((form) => isFormShown(form, query));
}
