/**
 * The console's settings forms on the page's side: each section's form built as the API builds it
 * (schemas/forms/store-settings-sections.ts), labelled from the console's translations, with the
 * URL of its precompiled validator.
 */
import consoleJa from "../../locales/ja/console.json" with { type: "json" };
import type { FormDefinition } from "../../schemas/form-definition.ts";
import { buildStoreSectionForm, type StoreSectionId } from "../../schemas/forms/store-settings-sections.ts";
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

const built = new Map<StoreSectionId, FormDefinition>();

/** The section's form, built once per process (the schema is the code's, not the store's). */
export function storeSectionForm(section: StoreSectionId): { form: FormDefinition; validatorUrl?: string } {
  let form = built.get(section);
  if (!form) {
    form = buildStoreSectionForm(section, hasConsoleText);
    built.set(section, form);
  }
  try {
    return { form, validatorUrl: formValidatorModules.moduleFor(form).url };
  } catch (error) {
    console.error(`No precompiled validator for the console's ${section} section`, error);
    return { form };
  }
}
