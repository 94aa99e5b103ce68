/**
 * The member-information form of sign-up (/signup/form) and my page (/mypage/edit), built from
 * the store's AccountRegistrationSetting (spec §3): REQUIRED fields are mandatory, OPTIONAL or
 * omitted ones optional, NOT_USE ones absent (and rejected when sent).
 *
 * Custom associated info items are flat properties named `custom_<id>` so that each has its own
 * field, label and errors; the API payload carries them as `customAssociatedInfo: [{id, value}]`
 * with a checkbox as the text "true"/"false". toRegistrationPayload and fromRegistrationPayload
 * convert between the two.
 */
import type { JSONSchema7 } from "json-schema";
import type { FormDefinition, PasswordStrength } from "../form-definition.ts";
import {
  ADDRESS_MAX_LENGTH,
  birthdayField,
  COUNTRY_MAX_LENGTH,
  CUSTOM_TEXT_DEFAULT_MAX_LENGTH,
  type FieldSpec,
  FULL_NAME_MAX_LENGTH,
  kanaField,
  literalCheckboxField,
  literalChoiceField,
  literalTextField,
  NAME_PART_MAX_LENGTH,
  NICKNAME_MAX_LENGTH,
  newPasswordField,
  passwordConfirmationField,
  phoneNumberField,
  postalCodeField,
  prefectureField,
  sexField,
  textField,
  userIdField,
} from "../rules.ts";
import type {
  AccountRegistrationSetting,
  CustomAssociatedInfoItem,
  FieldRule,
} from "../types/account-registration-setting.gen.ts";
import type { Policy } from "../types/policy.gen.ts";
import type { RegistrationPayload } from "../types/registration-payload.gen.ts";
import { composeForm, dynamicProperty, type FormField } from "./compose.ts";
import { isPolicyProperty, policyFields } from "./consent.ts";
import { memoizeByVersion } from "./memoize.ts";

export const DEFAULT_PASSWORD_STRENGTH: PasswordStrength = "LOWER_DIGIT";
export const USER_ID_VERIFY_PATH = "/zapi/account/user-id/verify";
export const CUSTOM_PREFIX = "custom";

/**
 * The switchable built-in fields, in the order the form shows them: spec §2 Sign-up's ("user id,
 * name, name kana, given and family names, …"), family name first as Japanese forms write it.
 */
export const REGISTRATION_FIELDS = [
  "userId",
  "name",
  "nameKana",
  "familyName",
  "givenName",
  "familyNameKana",
  "givenNameKana",
  "nickname",
  "sex",
  "birthday",
  "phoneNumber",
  "country",
  "postalCode",
  "prefecture",
  "address",
  "address2",
] as const satisfies readonly (keyof AccountRegistrationSetting)[];
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

export interface RegistrationFormInput {
  setting: AccountRegistrationSetting;
  /** Sign-up asks for the user ID and, when the sign-up needs one, a password; my page edits neither. */
  purpose: "signup" | "edit";
  /** Sign-up page data isRequiredPassword: the form asks for a password and its confirmation. */
  isRequiredPassword?: boolean;
  /**
   * Sign-up: policies still to agree to, as checkboxes after the fields (a social sign-up, whose
   * e-mail step was the provider's).
   */
  policies?: readonly Policy[];
}

export function ruleOf(setting: AccountRegistrationSetting, name: RegistrationField): FieldRule {
  return setting[name] ?? "OPTIONAL";
}

function builtInSpec(
  name: RegistrationField,
  setting: AccountRegistrationSetting,
  present: (name: RegistrationField) => boolean,
): FieldSpec {
  switch (name) {
    case "userId":
      return userIdField({ verifyPath: USER_ID_VERIFY_PATH });
    case "familyName":
      return textField("field.familyName", NAME_PART_MAX_LENGTH, "family-name");
    case "givenName":
      return textField("field.givenName", NAME_PART_MAX_LENGTH, "given-name");
    case "familyNameKana":
      return kanaField("field.familyNameKana", NAME_PART_MAX_LENGTH);
    case "givenNameKana":
      return kanaField("field.givenNameKana", NAME_PART_MAX_LENGTH);
    case "name":
      return textField("field.name", FULL_NAME_MAX_LENGTH, "name");
    case "nameKana":
      return kanaField("field.nameKana", FULL_NAME_MAX_LENGTH);
    case "nickname":
      return textField("field.nickname", NICKNAME_MAX_LENGTH, "nickname");
    case "sex":
      return sexField(
        setting.genderInputType === "Radio" ? "radio" : "select",
        setting.disallowUnknownGender === true,
      );
    case "birthday":
      return birthdayField();
    case "phoneNumber":
      return phoneNumberField();
    case "country":
      return textField("field.country", COUNTRY_MAX_LENGTH, "country-name");
    case "postalCode":
      return postalCodeField({
        ...(present("prefecture") ? { prefectureField: "prefecture" } : {}),
        ...(present("address") ? { addressField: "address" } : {}),
      });
    case "prefecture":
      return prefectureField();
    case "address":
      return textField("field.address", ADDRESS_MAX_LENGTH, "address-line1");
    case "address2":
      return textField("field.address2", ADDRESS_MAX_LENGTH, "address-line2");
  }
}

function customSpec(item: CustomAssociatedInfoItem): FieldSpec {
  const label = { title: item.title, ...(item.titleEn ? { titleEn: item.titleEn } : {}) };
  switch (item.type) {
    case "TEXT":
      return literalTextField(label, item.maxLength ?? CUSTOM_TEXT_DEFAULT_MAX_LENGTH);
    case "SELECT":
      return literalChoiceField(
        label,
        (item.selectOptions ?? []).map((option) => ({
          value: option.id,
          label: option.label,
          ...(option.labelEn ? { labelEn: option.labelEn } : {}),
        })),
      );
    case "CHECKBOX":
      return literalCheckboxField(label, item.rule === "REQUIRED");
  }
}

export function customProperty(itemId: string): string {
  return dynamicProperty(CUSTOM_PREFIX, itemId);
}

function usedCustomItems(setting: AccountRegistrationSetting): CustomAssociatedInfoItem[] {
  return (setting.customAssociatedInfo ?? []).filter((item) => item.rule !== "NOT_USE");
}

function registrationForm({ setting, purpose, isRequiredPassword, policies = [] }: RegistrationFormInput) {
  const present = (name: RegistrationField) =>
    ruleOf(setting, name) !== "NOT_USE" && (name !== "userId" || purpose === "signup");
  const builtIns: FormField[] = REGISTRATION_FIELDS.filter(present).map((name) => ({
    name,
    spec: builtInSpec(name, setting, present),
    required: ruleOf(setting, name) === "REQUIRED",
  }));
  const customs: FormField[] = usedCustomItems(setting).map((item) => ({
    name: customProperty(item.id),
    spec: customSpec(item),
    required: item.rule === "REQUIRED",
  }));
  const passwords: FormField[] =
    purpose === "signup" && isRequiredPassword
      ? [
          {
            name: "password",
            spec: newPasswordField(setting.passwordStrength ?? DEFAULT_PASSWORD_STRENGTH),
            required: true,
          },
          { name: "passwordConfirm", spec: passwordConfirmationField("password"), required: true },
        ]
      : [];
  return composeForm({
    id: `registration.${purpose}`,
    fields: [...builtIns, ...customs, ...passwords, ...(purpose === "signup" ? policyFields(policies) : [])],
    ...(setting.message ? { description: setting.message } : {}),
    ...(setting.messageEn ? { descriptionEn: setting.messageEn } : {}),
  });
}

export const buildRegistrationForm = memoizeByVersion(registrationForm);

/** One custom item as the API carries it. */
export type CustomAssociatedInfoValue = NonNullable<RegistrationPayload["customAssociatedInfo"]>[number];

function customItemsOf(form: FormDefinition): { id: string; property: string; checkbox: boolean }[] {
  const prefix = `${CUSTOM_PREFIX}_`;
  return Object.entries(form.schema.properties ?? {}).flatMap(([property, schema]) =>
    property.startsWith(prefix) && typeof schema === "object"
      ? [{ id: property.slice(prefix.length), property, checkbox: schema.type === "boolean" }]
      : [],
  );
}

/**
 * The request body of POST /zapi/signup and the `optionalInfo` of POST /zapi/account/edit from
 * (normalised) form data: every field of the form is sent, an empty one as null (spec §5).
 */
export function toRegistrationPayload(
  form: FormDefinition,
  data: Record<string, unknown>,
): RegistrationPayload {
  const customs = customItemsOf(form);
  const customProperties = new Set(customs.map(({ property }) => property));
  const payload: Record<string, unknown> = {};
  for (const property of Object.keys(form.schema.properties ?? {})) {
    // Consent travels as policyConsentData (app/lib/screen-api-call.ts), not as fields.
    if (!customProperties.has(property) && !isPolicyProperty(property))
      payload[property] = data[property] ?? null;
  }
  if (customs.length > 0) {
    payload.customAssociatedInfo = customs.map(({ id, property, checkbox }): CustomAssociatedInfoValue => {
      const value = data[property];
      if (checkbox) return { id, value: value === true ? "true" : "false" };
      return { id, value: value === undefined || value === null ? null : String(value) };
    });
  }
  // The form validated `data`, and the payload schema is generated from this very form.
  return payload as RegistrationPayload;
}

/**
 * Form data from a registration payload (the API's body, or an account's stored values for the
 * edit screen). Items of unknown ids become `custom_<id>` properties the form then rejects.
 */
export function fromRegistrationPayload(form: FormDefinition, payload: unknown): unknown {
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return payload;
  const { customAssociatedInfo, ...fields } = payload as Record<string, unknown>;
  if (customAssociatedInfo === undefined || customAssociatedInfo === null) return fields;
  if (!Array.isArray(customAssociatedInfo)) return { ...fields, customAssociatedInfo };
  const checkboxes = new Set(
    customItemsOf(form)
      .filter((item) => item.checkbox)
      .map((item) => item.property),
  );
  const data: Record<string, unknown> = { ...fields };
  for (const item of customAssociatedInfo) {
    const { id, value } = (item ?? {}) as Partial<CustomAssociatedInfoValue>;
    // Not customProperty(): a bad id in a request is the sender's mistake, which validation reports.
    const property = typeof id === "string" ? `${CUSTOM_PREFIX}_${id}` : "customAssociatedInfo";
    data[property] =
      checkboxes.has(property) && (value === "true" || value === "false") ? value === "true" : value;
  }
  return data;
}

/** The keywords that describe a value for generated TypeScript; messages and cross-field rules stay with the form. */
const PAYLOAD_KEYWORDS = [
  "enum",
  "items",
  "uniqueItems",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "pattern",
] as const;

/** A field's schema as sent: the same value type, or null when empty. */
function payloadPropertySchema(schema: JSONSchema7): JSONSchema7 {
  const kept: JSONSchema7 = {};
  for (const keyword of PAYLOAD_KEYWORDS) {
    if (schema[keyword] !== undefined) Object.assign(kept, { [keyword]: schema[keyword] });
  }
  return {
    ...kept,
    type: [schema.type as Exclude<JSONSchema7["type"], unknown[] | undefined>, "null"],
    ...(kept.enum ? { enum: [...kept.enum, null] } : {}),
  };
}

/**
 * The JSON Schema of the registration payload a form produces (scripts/gen-form-schemas.ts writes
 * it for the maximal settings so json-schema-to-typescript can type the payload).
 */
export function registrationPayloadSchema(form: FormDefinition): JSONSchema7 {
  const customs = customItemsOf(form);
  const customProperties = new Set(customs.map(({ property }) => property));
  const properties: Record<string, JSONSchema7> = {};
  for (const [property, schema] of Object.entries(form.schema.properties ?? {})) {
    if (!customProperties.has(property) && typeof schema === "object") {
      properties[property] = payloadPropertySchema(schema);
    }
  }
  properties.customAssociatedInfo = {
    type: "array",
    description: 'Custom associated info items; a CHECKBOX item\'s value is "true" or "false".',
    items: {
      type: "object",
      additionalProperties: false,
      required: ["id", "value"],
      properties: { id: { type: "string" }, value: { type: ["string", "null"] } },
    },
  };
  return { type: "object", additionalProperties: false, properties };
}
