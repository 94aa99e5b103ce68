import type { FieldUiOptions } from "./form-definition.ts";

/**
 * The label rule of the form contract, shared by the rjsf theme (widgets/labels.ts) and the plain
 * login form: a built-in field's title is a translation key; a store-supplied title is literal text,
 * in English from `titleEn` when there is one.
 */
export function labelText(
  title: string,
  options: Pick<FieldUiOptions, "labelKey" | "titleEn"> | undefined,
  language: string,
  translate: (key: string) => string,
): string {
  if (options?.labelKey === true) return translate(title);
  if (language === "en" && options?.titleEn) return options.titleEn;
  return title;
}
