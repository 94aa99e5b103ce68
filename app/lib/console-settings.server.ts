/**
 * The console's settings forms on the page's side: each section's form built as the API builds it
 * (schemas/forms/store-settings-sections.ts), labelled from the console's translations, with the
 * URL of its precompiled validator.
 */
import consoleJa from "../../locales/ja/console.json" with { type: "json" };
import type { FormDefinition } from "../../schemas/form-definition.ts";
import { configurationForm, type EditableKind } from "../../schemas/forms/configuration-forms.ts";
import { formValidatorModules } from "./form-validators.server.ts";

/**
 * True when the console's translations have this text (a field's label, an option's name); both
 * languages have the same keys (the locales' tests).
 */
export function hasConsoleText(key: string): boolean {
  let at: unknown = consoleJa;
  for (const part of key.split(".")) {
    if (at === null || typeof at !== "object" || !Object.hasOwn(at, part)) return false;
    at = (at as Record<string, unknown>)[part];
  }
  return typeof at === "string";
}

const built = new Map<string, FormDefinition | null>();

/**
 * A configuration section's form, built once per process (the schema is the code's, not the
 * store's), with its validator's URL; null for a section the configuration does not have.
 */
export function sectionForm(
  kind: EditableKind,
  section: string,
): { form: FormDefinition; validatorUrl?: string } | null {
  const key = `${kind}/${section}`;
  let form = built.get(key);
  if (form === undefined) {
    form = configurationForm(kind, section, hasConsoleText);
    built.set(key, form);
  }
  if (!form) return null;
  try {
    return { form, validatorUrl: formValidatorModules.moduleFor(form).url };
  } catch (error) {
    console.error(`No precompiled validator for the console's ${key} form`, error);
    return { form };
  }
}
