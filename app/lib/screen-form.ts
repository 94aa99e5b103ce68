/**
 * Which forms of a screen the query shows (`showWhen`): for the page (browser) and its action
 * (server) alike. Building them is the server's (screen-form-build.server.ts).
 */
import type { ScreenDefinition, ScreenForm } from "../../screens/screen-definition.ts";

/** Whether the query shows this form (`showWhen`): forms without the rule always show. */
export function isFormShown(form: ScreenForm, query: URLSearchParams): boolean {
  return !form.showWhen || query.get(form.showWhen.query) === form.showWhen.equals;
}

/** The forms of the screen the query shows. */
export function formsShownBy(screen: ScreenDefinition, query: URLSearchParams): ScreenForm[] {
  return screen.forms.filter((form) => isFormShown(form, query));
}
