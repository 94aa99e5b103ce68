import type { WidgetProps } from "@rjsf/utils";

/** The uiSchema's `ui:autocomplete` when it gives one, else the widget's own default. */
export function autocompleteOf(options: WidgetProps["options"], widgetDefault: string): string {
  return typeof options.autocomplete === "string" ? options.autocomplete : widgetDefault;
}
