/**
 * The contract between the schema builders (schemas/forms), the rjsf theme (widgets/) and the API
 * (server/kit/validation.ts). A form is pure JSON data: the same definition renders in the browser
 * and validates request bodies on the server. ADR 0007 explains the conventions.
 */

import type { JSONSchema7 } from "json-schema";
import type { AccountRegistrationSetting, FieldRule } from "./types/account-registration-setting.gen.ts";
import type { PurchasePaymentChoice } from "./types/purchase-payment-choice.gen.ts";

export type { FieldRule };
export type PasswordStrength = NonNullable<AccountRegistrationSetting["passwordStrength"]>;

/**
 * Our schemas use keywords that @types/json-schema does not know: ajv-errors' `errorMessage`,
 * draft 2019-09's `unevaluatedProperties`, and the custom keywords registered in keywords.ts.
 */
declare module "json-schema" {
  interface JSONSchema7 {
    /** ajv-errors: translation keys (never display text) per failing keyword. */
    errorMessage?: ErrorMessageSpec;
    /** Rejects properties that no `properties` (including those of `if`/`then` branches) declares. */
    unevaluatedProperties?: JSONSchema7Definition;
    /** The string must contain at least one character of this class. */
    requireLowercase?: boolean;
    requireUppercase?: boolean;
    requireDigit?: boolean;
    requireSymbol?: boolean;
    /** The value must differ from the sibling property of this name (when that one is present). */
    differsFrom?: string;
    /** YYYYMMDD that names a real calendar day from 1900-01-01 through today in Japan. */
    pastDate?: boolean;
    /** The digits of the string pass the Luhn checksum. */
    luhn?: boolean;
    /** The card number is no longer than its brand allows (American Express 17, Diners 16 characters). */
    cardBrandLength?: boolean;
    /** A 4-digit security code is accepted only when the sibling card number is American Express. */
    securityCodeForCard?: string;
    /** Month "01".."12" that, with the sibling two-digit year, is not before the current month. */
    cardExpiryNotPast?: string;
  }
}

/**
 * ajv-errors `errorMessage`: one translation key per keyword; for `required` (on the object) one key
 * per property name. Every key lives under the top-level `validation` key of locales/*\/validation.json.
 */
export type ErrorMessageSpec = string | { [keyword: string]: string | { [property: string]: string } };

/** The widgets the theme registers by name (widgets/); a uiSchema may name only these. */
export const WIDGET_NAMES = [
  "text",
  "textarea",
  "email",
  "password",
  "newPassword",
  "kana",
  "phone",
  "postalCode",
  "prefecture",
  "birthday",
  "select",
  "radio",
  "checkbox",
  "checkboxGroup",
  "pinCode",
  "cardNumber",
  "cardExpiryMonth",
  "cardExpiryYear",
  "securityCode",
  "policyScroll",
  "userId",
  "paymentMethodType",
  "purchasePayment",
  "hidden",
] as const;
export type WidgetName = (typeof WIDGET_NAMES)[number];

export type { PurchasePaymentChoice };

/**
 * How normalizeFormData (normalize.ts) cleans one value before validation, in the browser and in
 * the API alike. Every kind turns "" into null and drops it.
 * - trim: trims text (the default for strings);
 * - raw: leaves the text as typed (passwords: spaces and width are significant);
 * - nfkc: NFKC (full-width letters and digits become half-width, half-width kana full-width), then trims;
 * - phoneNumber: NFKC, then removes the separators people type (hyphens, spaces, brackets); letters
 *   stay, so the format rule can name the mistake;
 * - postalCode: NFKC, then removes the hyphen and spaces of 123-4567;
 * - date: NFKC, then removes the separators of 1990/04/15 (the birthday is stored as YYYYMMDD).
 */
export type NormalizeKind = "trim" | "raw" | "nfkc" | "phoneNumber" | "postalCode" | "date";

export type MessageParams = Record<string, string | number>;

/** `ui:options` of one field. Options of a widget are read only by that widget. */
export interface FieldUiOptions {
  /** The schema `title` (and `ui:enumNames` when enumNamesKeys) are translation keys, not display text. */
  labelKey?: boolean;
  /** English label of a literal (store-supplied) title. */
  titleEn?: string;
  enumNamesKeys?: boolean;
  /** English names of literal (store-supplied) options, by position. */
  enumNamesEn?: string[];
  /** Interpolation values for this field's validation messages, e.g. {displayName}. */
  messageParams?: MessageParams;
  /** English variants of messageParams values that are store-supplied literal text. */
  messageParamsEn?: MessageParams;
  normalize?: NormalizeKind;
  /** newPassword: the strength rule the hint explains. */
  passwordStrength?: PasswordStrength;
  /** postalCode: fields filled from the lookup result. */
  prefectureField?: string;
  addressField?: string;
  /** checkboxGroup */
  minCount?: number;
  maxCount?: number;
  /** pinCode */
  length?: 4 | 6;
  masked?: boolean;
  /** policyScroll */
  policyTitle?: string;
  renderData?: string;
  isExternal?: boolean;
  url?: string;
  /** userId: POST {userId} here on blur when the value differs from currentValue. */
  verifyPath?: string;
  currentValue?: string;
  /** purchasePayment: what pays, as the screen data lists it (a saved method, or a payment code). */
  choices?: PurchasePaymentChoice[];
  /** Literal description of a store-supplied item (policy, survey question, consent option). */
  descriptionText?: string;
  descriptionTextEn?: string;
}

/** The uiSchema of one field (a top-level property). */
export interface FieldUiSchema {
  "ui:widget"?: WidgetName;
  "ui:options"?: FieldUiOptions;
  "ui:enumNames"?: string[];
  /** Literal, language-neutral example such as 09012345678. */
  "ui:placeholder"?: string;
  /** Translation key of a hint shown under the field. */
  "ui:help"?: string;
  "ui:autocomplete"?: string;
}

/** `ui:options` of the form itself: screen behaviour the builders know from the spec. */
export interface FormUiOptions {
  /**
   * The submit button stays disabled until every required field has a value ("filled", e.g. a
   * payment type is chosen, all 8 PIN boxes are typed) or the whole form validates ("valid").
   */
  submitDisabledUntil?: "filled" | "valid";
  /** English variant of the form's literal description (`ui:description`, store-supplied text). */
  descriptionEn?: string;
}

export interface UiSchema {
  "ui:order"?: string[];
  "ui:options"?: FormUiOptions;
  /** Literal text shown above the form (the store's registration message). */
  "ui:description"?: string;
  [property: string]: FieldUiSchema | FormUiOptions | string[] | string | undefined;
}

export interface FormDefinition {
  /** Stable name of the form, e.g. "registration" or "login.password". */
  id: string;
  /**
   * Changes whenever the schema may change (settings version plus a digest of screen data); the
   * compiled-validator cache keys on id + version.
   */
  version: string;
  /** An object schema; `title`s of built-in fields are translation keys (see FieldUiOptions.labelKey). */
  schema: JSONSchema7;
  uiSchema: UiSchema;
}

/** The uiSchema of one property, or undefined when it has none. */
export function fieldUiSchema(form: FormDefinition, property: string): FieldUiSchema | undefined {
  if (property.startsWith("ui:")) return undefined;
  const entry = form.uiSchema[property];
  return typeof entry === "object" && entry !== null && !Array.isArray(entry)
    ? (entry as FieldUiSchema)
    : undefined;
}

/** One validation failure, ready to show: `field` is a top-level property name, or "root". */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * Builder conventions (schemas/forms/*.ts): `buildXForm(input, version)` is pure, takes store
 * settings and/or screen data as `input` and the settings version as `version`, and is wrapped in
 * memoizeByVersion so an unchanged (version, input) returns the same FormDefinition object.
 */
export type FormBuilder<Input> = (input: Input, version: string) => FormDefinition;
