/**
 * The store settings as the console edits them: one form per section, built from the store
 * settings' own JSON Schema (store-settings.schema.json and the schemas it names), so a setting
 * added to the schema appears in its section's form without code. A section is either one object
 * of the settings (its fields are the form's fields) or a few top-level settings side by side.
 */
import type { JSONSchema7 } from "json-schema";
import type { FieldUiSchema, FormDefinition, UiSchema } from "../form-definition.ts";
import { inlineRefs } from "../inline-refs.ts";
import storeSettingsSchema from "../store-settings.schema.json" with { type: "json" };
import type { StoreSettings } from "../types/store-settings.gen.ts";

type SettingName = Exclude<keyof StoreSettings, "$schema">;

/** The console's sections in the order its menu lists them; each setting belongs to exactly one. */
export const STORE_SECTIONS = {
  service: [
    "serviceName",
    "serviceNameEn",
    "serviceDescription",
    "serviceDescriptionEn",
    "theme",
    "env",
    "smtpDomain",
    "gtmId",
    "appUserAgentPattern",
  ],
  registration: ["accountRegistrationSetting"],
  signUp: ["signUp"],
  login: ["login"],
  socialLogin: ["socialLogin"],
  features: ["features"],
  appearance: ["colors", "images", "footers"],
  invoices: ["invoiceIssuer"],
  consent: ["consentOptions"],
  loginProvider: ["storeScopeSettings", "oidcPrecautions"],
  withdrawal: ["withdrawalSurvey"],
  codes: ["authCodeSetting"],
  payments: ["storePaymentMethods", "paymentProvider"],
  player: ["player"],
} as const satisfies Record<string, readonly SettingName[]>;

export type StoreSectionId = keyof typeof STORE_SECTIONS;

export const STORE_SECTION_IDS = Object.keys(STORE_SECTIONS) as StoreSectionId[];

export function isStoreSectionId(value: unknown): value is StoreSectionId {
  return typeof value === "string" && Object.hasOwn(STORE_SECTIONS, value);
}

const settingsSchema = storeSettingsSchema as JSONSchema7;

function settingSchema(name: SettingName): JSONSchema7 {
  const property = settingsSchema.properties?.[name];
  if (property === undefined) throw new Error(`store-settings.schema.json has no ${name}`);
  return inlineRefs(property, settingsSchema) as JSONSchema7;
}

/** A section that is one object of the settings edits that object's fields; others a few settings. */
function sectionObject(section: StoreSectionId): SettingName | null {
  const names: readonly SettingName[] = STORE_SECTIONS[section];
  const [only] = names;
  return names.length === 1 && only && settingSchema(only).type === "object" ? only : null;
}

/** A section that is one object the settings may leave out (invoices, social login): sent empty, it is removed. */
export function isOptionalObjectSection(section: StoreSectionId): boolean {
  const object = sectionObject(section);
  return object !== null && !settingsSchema.required?.includes(object);
}

/** The field rule's schema: REQUIRED / OPTIONAL / NOT_USE, edited as a segmented choice. */
function isFieldRule(schema: JSONSchema7): boolean {
  return JSON.stringify(schema.enum) === JSON.stringify(["REQUIRED", "OPTIONAL", "NOT_USE"]);
}

/**
 * Labels come from the console's translations where it has one — `console.fields.<path>`, the
 * path's parts joined by "/" (a list and its items' fields each have a label of their own) — the
 * property's name otherwise; every field rule is a segmented choice.
 */
export function uiSchemaOf(schema: JSONSchema7, path: string, hasLabel: (key: string) => boolean): UiSchema {
  const ui: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (typeof property !== "object") continue;
    const fieldPath = `${path}${name}`.replaceAll(".", "/");
    const key = `console.fields.${fieldPath}`;
    const field: FieldUiSchema & Record<string, unknown> = hasLabel(key)
      ? { "ui:title": key, "ui:options": { labelKey: true } }
      : {};
    // A choice's options by name where the translations have them (console.options.<path>.<value>).
    const values = property.enum ?? [];
    const optionKeys = values.map((value) => `console.options.${fieldPath}.${String(value)}`);
    if (values.length > 0 && !isFieldRule(property) && optionKeys.every(hasLabel)) {
      field["ui:enumNames"] = optionKeys;
      field["ui:options"] = { ...field["ui:options"], enumNamesKeys: true };
    }
    if (isFieldRule(property)) {
      field["ui:widget"] = "radio";
      field["ui:classNames"] = "console-segmented";
      field["ui:enumNames"] = (property.enum as string[]).map((rule) => `console.fieldRules.${rule}`);
      field["ui:options"] = { ...field["ui:options"], enumNamesKeys: true };
    }
    if (property.type === "object") Object.assign(field, uiSchemaOf(property, `${path}${name}.`, hasLabel));
    const items = property.items;
    if (property.type === "array" && items && typeof items === "object" && !Array.isArray(items)) {
      if (items.type === "object") field.items = uiSchemaOf(items, `${path}${name}.`, hasLabel);
      // A set of choices (each at most once): one checkbox per choice.
      if (items.enum && property.uniqueItems) field["ui:widget"] = "checkboxGroup";
    }
    if (Object.keys(field).length > 0) ui[name] = field;
  }
  return ui as UiSchema;
}

/**
 * The form of one section: its schema from the settings' schema, labels by translation key where
 * `hasLabel` knows one. Pure: the same section gives an equal form.
 */
export function buildStoreSectionForm(
  section: StoreSectionId,
  hasLabel: (key: string) => boolean = () => false,
): FormDefinition {
  const object = sectionObject(section);
  const names: readonly SettingName[] = STORE_SECTIONS[section];
  const schema: JSONSchema7 = object
    ? settingSchema(object)
    : {
        type: "object",
        additionalProperties: false,
        properties: Object.fromEntries(names.map((name) => [name, settingSchema(name)])),
        required: (settingsSchema.required ?? []).filter((name) =>
          (names as readonly string[]).includes(name),
        ),
      };
  return {
    id: `console-store-${section}`,
    version: "schema",
    schema,
    uiSchema: uiSchemaOf(schema, object ? `${object}.` : "", hasLabel),
  };
}

/** What the section's form edits, from the whole settings. */
export function sectionValue(settings: StoreSettings, section: StoreSectionId): Record<string, unknown> {
  const object = sectionObject(section);
  if (object) return { ...(settings[object] as Record<string, unknown> | undefined) };
  const names: readonly SettingName[] = STORE_SECTIONS[section];
  return Object.fromEntries(
    names.filter((name) => settings[name] !== undefined).map((name) => [name, settings[name]]),
  );
}

/**
 * The whole settings with the section replaced by the form's value; a setting left empty, or an
 * optional object section sent empty, is removed.
 */
export function withSectionValue(
  settings: StoreSettings,
  section: StoreSectionId,
  value: Record<string, unknown>,
): StoreSettings {
  const object = sectionObject(section);
  if (object && Object.keys(value).length === 0 && isOptionalObjectSection(section)) {
    // An optional object left empty is no setting at all (no invoices, no social login).
    const { [object]: _removed, ...rest } = settings;
    return rest as StoreSettings;
  }
  if (object) return { ...settings, [object]: value };
  const next: Record<string, unknown> = { ...settings };
  for (const name of STORE_SECTIONS[section]) {
    if (value[name] === undefined) delete next[name];
    else next[name] = value[name];
  }
  return next as unknown as StoreSettings;
}

/** Where a problem shows in a form: its top-level field ("root": the form's own), and the path inside it. */
export interface ProblemPlace {
  field: string;
  within: string[];
}

/**
 * Where a problem of the whole settings at `path` ("accountRegistrationSetting.customAssociatedInfo.0.id")
 * shows in the section's form: its field and the rest of the path. Null when the problem is not
 * about this section.
 */
export function sectionFieldOf(section: StoreSectionId, path: string): ProblemPlace | null {
  const [setting = "", ...inner] = path.split(".");
  if (!(STORE_SECTIONS[section] as readonly string[]).includes(setting)) return null;
  const object = sectionObject(section);
  if (object && inner.length === 0) return { field: "root", within: [] };
  const [field = setting, ...within] = object ? inner : [setting, ...inner];
  return { field, within };
}
