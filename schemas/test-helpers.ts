/** Shared by the schema tests: validate like the API does and read the translated messages. */
import enResources from "../locales/en/index.ts";
import { createI18n, hasText } from "../locales/i18n.ts";
import jaResources from "../locales/ja/index.ts";
import type { FieldError, FormDefinition } from "./form-definition.ts";
import { type FormValidatorCache, validateFormData } from "./validation.ts";
import { type Translate, translateValidationErrors } from "./validation-messages.ts";

// No fallback: a key missing in English must show up as missing.
function i18nOf(language: "ja" | "en") {
  return createI18n(language, { [language]: language === "en" ? enResources : jaResources });
}

const instances = { ja: i18nOf("ja"), en: i18nOf("en") };

export const translators: Record<"ja" | "en", Translate> = { ja: instances.ja.t, en: instances.en.t };

/** True when the language's resources define the key. */
export function hasTranslation(language: "ja" | "en", key: string): boolean {
  return hasText(instances[language], key);
}

/** Every translated error of `data`, [] when it is valid. */
export function errorsOf(
  form: FormDefinition,
  data: unknown,
  language: "ja" | "en" = "ja",
  cache?: FormValidatorCache,
): FieldError[] {
  const result = validateFormData(form, data, cache);
  return result.ok ? [] : translateValidationErrors(result.errors, form, translators[language], language);
}

/** The messages one field gets for `data`. */
export function messagesFor(
  form: FormDefinition,
  data: unknown,
  field: string,
  language: "ja" | "en" = "ja",
): string[] {
  return errorsOf(form, data, language)
    .filter((error) => error.field === field)
    .map((error) => error.message);
}
