import { type EnumOptionsType, getUiOptions, type RJSFSchema, type UiSchema } from "@rjsf/utils";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { hasText } from "../locales/i18n.ts";
import type { FieldUiOptions } from "../schemas/form-definition.ts";
import { labelText } from "../schemas/label-text.ts";

/**
 * Texts of a form definition, resolved per the schema-engine contract:
 * - a label (schema `title`) is a translation key when `ui:options.labelKey` is true (built-in
 *   fields), else the store's literal text, in English from `ui:options.titleEn` when there is one;
 * - option names (`ui:enumNames`) likewise: keys with `ui:options.enumNamesKeys`, English literals
 *   in `ui:options.enumNamesEn` (an array in enum order, or a map by value);
 * - a store item's description is `ui:options.descriptionText` (English: descriptionTextEn);
 * - placeholders, help and schema descriptions are translated when they are keys and shown as they
 *   are otherwise.
 */
export interface FieldText {
  label(schema: RJSFSchema, uiSchema: UiSchema | undefined, fallback: string): string;
  description(uiSchema: UiSchema | undefined, rawDescription: string | undefined): string | undefined;
  option(option: EnumOptionsType, schema: RJSFSchema, uiSchema: UiSchema | undefined): string;
  text(keyOrText: string): string;
}

function englishOptionName(names: unknown, option: EnumOptionsType, schema: RJSFSchema): string | undefined {
  if (Array.isArray(names)) {
    // The enum of a single choice, or of the items of a multiple choice (checkboxGroup).
    const items = typeof schema.items === "object" && !Array.isArray(schema.items) ? schema.items : undefined;
    const index = (schema.enum ?? items?.enum ?? []).indexOf(option.value);
    const name: unknown = index >= 0 ? names[index] : undefined;
    return typeof name === "string" ? name : undefined;
  }
  if (names && typeof names === "object") {
    const name: unknown = (names as Record<string, unknown>)[String(option.value)];
    return typeof name === "string" ? name : undefined;
  }
  return undefined;
}

export function useFieldText(): FieldText {
  const { t, i18n } = useTranslation();
  const english = i18n.language === "en";
  return useMemo<FieldText>(() => {
    const text = (keyOrText: string) => (hasText(i18n, keyOrText) ? t(keyOrText) : keyOrText);
    return {
      label(schema, uiSchema, fallback) {
        const options = getUiOptions(uiSchema);
        const title = options.title ?? schema.title ?? fallback;
        return labelText(title, options as FieldUiOptions, i18n.language, (key) => t(key));
      },
      description(uiSchema, rawDescription) {
        const options = getUiOptions(uiSchema);
        if (typeof options.descriptionText === "string") {
          const en = options.descriptionTextEn;
          return english && typeof en === "string" && en ? en : options.descriptionText;
        }
        return rawDescription ? text(rawDescription) : undefined;
      },
      option(option, schema, uiSchema) {
        const options = getUiOptions(uiSchema);
        if (options.enumNamesKeys === true) return t(option.label);
        if (english) return englishOptionName(options.enumNamesEn, option, schema) ?? option.label;
        return option.label;
      },
      text,
    };
  }, [t, i18n, english]);
}
