/**
 * Every validation rule of spec §5, once: each function returns the JSON Schema of one field with
 * its ajv-errors message keys, the key shown when a required field is missing, and its uiSchema.
 * Builders (schemas/forms) assemble forms from these; nothing else writes a rule.
 */
import type { JSONSchema7 } from "json-schema";
import type {
  FieldUiOptions,
  FieldUiSchema,
  PasswordStrength,
  PurchasePaymentChoice,
  WidgetName,
} from "./form-definition.ts";

export interface FieldSpec {
  schema: JSONSchema7;
  ui: FieldUiSchema;
  /** Translation key shown when the form requires the field and it is missing. */
  requiredMessage: string;
}

// Limits of spec §5 and §9.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 30;
export const USER_ID_MIN_LENGTH = 6;
export const USER_ID_MAX_LENGTH = 15;
export const EMAIL_MAX_LENGTH = 254;
export const AUTH_CODE_LENGTH = 6;
export const PROFILE_PIN_LENGTH = 4;
export const OTP_LENGTH = 6;
export const BACKUP_CODE_LENGTH = 8;
export const POSTAL_CODE_LENGTH = 7;
export const PREFECTURE_COUNT = 47;
export const CARD_NUMBER_MIN_LENGTH = 14;
export const CARD_NUMBER_MAX_LENGTH = 19;
export const INVOICE_ADDRESSEE_MAX_LENGTH = 100;
export const SURVEY_TEXT_MAX_LENGTH = 300;
export const CAMPAIGN_CODE_MAX_LENGTH = 64;
/** The spec names min/max length rules for names and nicknames without numbers; these are ours. */
export const NAME_PART_MAX_LENGTH = 50;
export const FULL_NAME_MAX_LENGTH = 100;
export const NICKNAME_MAX_LENGTH = 30;
export const ADDRESS_MAX_LENGTH = 100;
export const COUNTRY_MAX_LENGTH = 50;
export const CUSTOM_TEXT_DEFAULT_MAX_LENGTH = 255;

/** Gender codes (spec §3): 1 male, 2 female, 9 other, 0 prefer not to answer. */
export const SEX_CODES = [1, 2, 9, 0] as const;
export const UNKNOWN_SEX_CODE = 0;
const SEX_OPTION_KEYS: Record<(typeof SEX_CODES)[number], string> = {
  1: "field.sexOptions.male",
  2: "field.sexOptions.female",
  9: "field.sexOptions.other",
  0: "field.sexOptions.unanswered",
};

/** Printable ASCII without the space: letters, digits and symbols. */
const PASSWORD_CHARACTERS = "^[!-~]*$";
const HALF_WIDTH_ALPHANUMERIC = "^[A-Za-z0-9]*$";
const DIGITS_ONLY = "^[0-9]*$";
/** Full-width katakana (ァ … ヺ, ・, ー, ヽ, ヾ) and the space NFKC leaves of a full-width one. */
const KATAKANA = "^[\\u30A1-\\u30FE ]+$";
/** YYYYMMDD of 19xx or 20xx; `pastDate` then rejects days such as 20230230 and days after today. */
const BIRTHDAY = "^(19|20)[0-9]{2}(0[1-9]|1[0-2])(0[1-9]|[12][0-9]|3[01])$";
/**
 * A practical e-mail shape. Unlike ajv-formats' "email" it accepts dots at the start or end of the
 * local part and in a row, which older Japanese mobile carriers issued (e.g. taro..@docomo.ne.jp).
 */
const EMAIL =
  "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,}$";

interface BuiltInField {
  /** Translation key of the label (the schema title). */
  label: string;
  widget: WidgetName;
  schema: JSONSchema7;
  requiredMessage: string;
  options?: FieldUiOptions;
  /** Other uiSchema entries: autocomplete, placeholder, enum names. */
  ui?: Omit<FieldUiSchema, "ui:widget" | "ui:options">;
}

/** A built-in field: its label is a translation key (`ui:options.labelKey`). */
function builtIn({ label, widget, schema, requiredMessage, options, ui = {} }: BuiltInField): FieldSpec {
  return {
    schema: { title: label, ...schema },
    ui: { "ui:widget": widget, "ui:options": { labelKey: true, ...options }, ...ui },
    requiredMessage,
  };
}

// ── Password ────────────────────────────────────────────────────────────────────────────────────

/** Lowercase and digit always; symbol, uppercase or both by the store's strength setting. */
export function passwordCharacterClasses(strength: PasswordStrength): JSONSchema7 {
  return {
    requireLowercase: true,
    requireDigit: true,
    ...(strength.includes("UPPER") ? { requireUppercase: true } : {}),
    ...(strength.includes("SYMBOL") ? { requireSymbol: true } : {}),
  };
}

/** A password being set: 8–30 characters of letters, digits and ASCII symbols, per the strength. */
export function newPasswordField(
  strength: PasswordStrength,
  labelKey = "field.password",
  differsFromField?: string,
): FieldSpec {
  return builtIn({
    label: labelKey,
    widget: "newPassword",
    schema: {
      type: "string",
      minLength: PASSWORD_MIN_LENGTH,
      maxLength: PASSWORD_MAX_LENGTH,
      pattern: PASSWORD_CHARACTERS,
      ...passwordCharacterClasses(strength),
      ...(differsFromField ? { differsFrom: differsFromField } : {}),
      errorMessage: {
        minLength: "validation.password.minLength",
        maxLength: "validation.password.maxLength",
        pattern: "validation.password.characters",
        requireLowercase: "validation.password.lowercase",
        requireDigit: "validation.password.digit",
        requireUppercase: "validation.password.uppercase",
        requireSymbol: "validation.password.symbol",
        differsFrom: "validation.password.unchanged",
      },
    },
    requiredMessage: "validation.password.required",
    options: { normalize: "raw", passwordStrength: strength },
    ui: { "ui:autocomplete": "new-password" },
  });
}

/** The confirmation of a password field: must match it. */
export function passwordConfirmationField(
  passwordField: string,
  labelKey = "field.passwordConfirm",
): FieldSpec {
  return builtIn({
    label: labelKey,
    widget: "password",
    schema: {
      type: "string",
      const: { $data: `1/${passwordField}` },
      errorMessage: { const: "validation.password.mismatch" },
    },
    requiredMessage: "validation.password.confirmationRequired",
    options: { normalize: "raw" },
    ui: { "ui:autocomplete": "new-password" },
  });
}

/** The current password, when changing it: only required. */
export function currentPasswordField(): FieldSpec {
  return builtIn({
    label: "field.currentPassword",
    widget: "password",
    schema: { type: "string" },
    requiredMessage: "validation.password.currentRequired",
    options: { normalize: "raw" },
    ui: { "ui:autocomplete": "current-password" },
  });
}

/** The password of the login form: only required (old passwords may predate today's rules). */
export function loginPasswordField(): FieldSpec {
  return builtIn({
    label: "field.password",
    widget: "password",
    schema: { type: "string" },
    requiredMessage: "validation.password.required",
    options: { normalize: "raw" },
    ui: { "ui:autocomplete": "current-password" },
  });
}

/** The password that authorises a user ID change: at least 8 characters. */
export function userIdChangePasswordField(): FieldSpec {
  return builtIn({
    label: "field.password",
    widget: "password",
    schema: {
      type: "string",
      minLength: PASSWORD_MIN_LENGTH,
      errorMessage: { minLength: "validation.userId.passwordMinLength" },
    },
    requiredMessage: "validation.password.required",
    options: { normalize: "raw" },
    ui: { "ui:autocomplete": "current-password" },
  });
}

// ── User ID and e-mail ─────────────────────────────────────────────────────────────────────────

/**
 * 6–15 half-width alphanumerics. With `currentValue` (user ID change) the new one must differ;
 * the widget checks availability at `verifyPath` on blur.
 */
export function userIdField(
  options: { labelKey?: string; currentValue?: string; verifyPath?: string } = {},
): FieldSpec {
  const { labelKey = "field.userId", currentValue, verifyPath } = options;
  return builtIn({
    label: labelKey,
    widget: "userId",
    schema: {
      type: "string",
      minLength: USER_ID_MIN_LENGTH,
      maxLength: USER_ID_MAX_LENGTH,
      pattern: HALF_WIDTH_ALPHANUMERIC,
      ...(currentValue ? { not: { const: currentValue } } : {}),
      errorMessage: {
        minLength: "validation.userId.minLength",
        maxLength: "validation.userId.maxLength",
        pattern: "validation.userId.characters",
        not: "validation.userId.unchanged",
      },
    },
    requiredMessage: "validation.userId.required",
    options: {
      normalize: "trim",
      ...(verifyPath ? { verifyPath } : {}),
      ...(currentValue ? { currentValue } : {}),
    },
    ui: { "ui:autocomplete": "username" },
  });
}

/** An e-mail address; with `currentValue` (e-mail change) the new one must differ. */
export function emailField(options: { labelKey?: string; currentValue?: string } = {}): FieldSpec {
  const { labelKey = "field.email", currentValue } = options;
  return builtIn({
    label: labelKey,
    widget: "email",
    schema: {
      type: "string",
      maxLength: EMAIL_MAX_LENGTH,
      pattern: EMAIL,
      ...(currentValue ? { not: { const: currentValue } } : {}),
      errorMessage: {
        maxLength: "validation.email.maxLength",
        pattern: "validation.email.format",
        not: "validation.email.unchanged",
      },
    },
    requiredMessage: "validation.email.required",
    options: { normalize: "nfkc" },
    ui: { "ui:autocomplete": "email", "ui:placeholder": "example@example.com" },
  });
}

export function emailConfirmationField(emailField: string, labelKey = "field.emailConfirm"): FieldSpec {
  return builtIn({
    label: labelKey,
    widget: "email",
    schema: {
      type: "string",
      const: { $data: `1/${emailField}` },
      errorMessage: { const: "validation.email.mismatch" },
    },
    requiredMessage: "validation.email.confirmationRequired",
    options: { normalize: "nfkc" },
    ui: { "ui:autocomplete": "off" },
  });
}

/** How members identify themselves at login (store setting). */
export type LoginIdentifier = "emailOrUserId" | "userId" | "email";

/**
 * The login identifier: required; "e-mail only" stores also check the e-mail format. The browser
 * may offer the member's passkeys for it (`webauthn`: conditional mediation on the login page).
 */
export function loginIdentifierField(identifier: LoginIdentifier): FieldSpec {
  if (identifier === "email") {
    const field = emailField();
    return { ...field, ui: { ...field.ui, "ui:autocomplete": LOGIN_IDENTIFIER_AUTOCOMPLETE } };
  }
  const labelKey = identifier === "userId" ? "field.userId" : "field.emailOrUserId";
  const requiredMessage =
    identifier === "userId" ? "validation.userId.required" : "validation.login.identifierRequired";
  return builtIn({
    label: labelKey,
    widget: "text",
    schema: { type: "string" },
    requiredMessage: requiredMessage,
    options: { normalize: "nfkc" },
    ui: {
      "ui:autocomplete": LOGIN_IDENTIFIER_AUTOCOMPLETE,
    },
  });
}

/** The login identifier's autofill: the saved user names, and the passkeys of the site. */
export const LOGIN_IDENTIFIER_AUTOCOMPLETE = "username webauthn";

// ── Codes ────────────────────────────────────────────────────────────────────────────────────────

/** The store's name for a code purpose (authCodeSetting), in Japanese and optionally English. */
export interface CodeDisplayName {
  displayName: string;
  displayNameEn?: string;
}

/** The 6-digit code mailed for a purpose; messages name the purpose's display name. */
export function authCodeField({ displayName, displayNameEn }: CodeDisplayName): FieldSpec {
  const format = "validation.authCode.format";
  return {
    schema: {
      title: displayName,
      type: "string",
      pattern: DIGITS_ONLY,
      minLength: AUTH_CODE_LENGTH,
      maxLength: AUTH_CODE_LENGTH,
      errorMessage: { pattern: format, minLength: format, maxLength: format },
    },
    ui: {
      "ui:widget": "pinCode",
      "ui:options": {
        ...(displayNameEn ? { titleEn: displayNameEn } : {}),
        length: AUTH_CODE_LENGTH,
        masked: false,
        normalize: "nfkc",
        messageParams: { displayName, length: AUTH_CODE_LENGTH },
        ...(displayNameEn ? { messageParamsEn: { displayName: displayNameEn } } : {}),
      },
      "ui:autocomplete": "one-time-code",
    },
    requiredMessage: "validation.authCode.required",
  };
}

/** The code of an SMS multi-factor login: 6 digits. */
export function smsCodeField(): FieldSpec {
  const format = "validation.multiFactor.format";
  return builtIn({
    label: "field.multiFactorCode",
    widget: "pinCode",
    schema: {
      type: "string",
      pattern: DIGITS_ONLY,
      minLength: AUTH_CODE_LENGTH,
      maxLength: AUTH_CODE_LENGTH,
      errorMessage: { pattern: format, minLength: format, maxLength: format },
    },
    requiredMessage: "validation.multiFactor.required",
    options: {
      length: AUTH_CODE_LENGTH,
      masked: false,
      normalize: "nfkc",
      messageParams: { length: AUTH_CODE_LENGTH },
    },
    ui: { "ui:autocomplete": "one-time-code" },
  });
}

/** The PIN that protects a TV-app profile: exactly 4 digits. */
export function profilePinField(labelKey = "field.profilePin"): FieldSpec {
  const length = "validation.profilePin.length";
  return builtIn({
    label: labelKey,
    widget: "pinCode",
    schema: {
      type: "string",
      pattern: DIGITS_ONLY,
      minLength: PROFILE_PIN_LENGTH,
      maxLength: PROFILE_PIN_LENGTH,
      errorMessage: { pattern: "validation.profilePin.characters", minLength: length, maxLength: length },
    },
    requiredMessage: length,
    options: { length: PROFILE_PIN_LENGTH, masked: true, normalize: "nfkc" },
    ui: { "ui:autocomplete": "off" },
  });
}

/** The confirmation PIN: the same rules, and it must match the PIN. */
export function profilePinConfirmationField(pinField: string): FieldSpec {
  const pin = profilePinField("field.profilePinConfirm");
  const errorMessage = pin.schema.errorMessage as Record<string, string>;
  return {
    ...pin,
    schema: {
      ...pin.schema,
      const: { $data: `1/${pinField}` },
      errorMessage: { ...errorMessage, const: "validation.profilePin.mismatch" },
    },
  };
}

/** An authenticator-app one-time password: exactly 6 digits. */
export function otpField(): FieldSpec {
  const message = "validation.otp.length";
  return builtIn({
    label: "field.otp",
    widget: "pinCode",
    schema: {
      type: "string",
      pattern: `^[0-9]{${OTP_LENGTH}}$`,
      errorMessage: { pattern: message },
    },
    requiredMessage: message,
    options: { length: OTP_LENGTH, masked: false, normalize: "nfkc" },
    ui: { "ui:autocomplete": "one-time-code" },
  });
}

/** A backup code: 8 half-width letters and digits (server/identity generates them with this length). */
export function backupCodeField(): FieldSpec {
  return builtIn({
    label: "field.backupCode",
    widget: "text",
    schema: {
      type: "string",
      pattern: `^[A-Za-z0-9]{${BACKUP_CODE_LENGTH}}$`,
      errorMessage: { pattern: "validation.backupCode.format" },
    },
    requiredMessage: "validation.backupCode.required",
    options: { normalize: "nfkc", messageParams: { length: BACKUP_CODE_LENGTH } },
    ui: { "ui:autocomplete": "one-time-code" },
  });
}

// ── Registration fields ────────────────────────────────────────────────────────────────────────

/** A free-text field with a maximum length (names, nickname, address lines). */
export function textField(labelKey: string, maxLength: number, autocomplete?: string): FieldSpec {
  return builtIn({
    label: labelKey,
    widget: "text",
    schema: { type: "string", maxLength, errorMessage: { maxLength: "validation.input.maxLength" } },
    requiredMessage: "validation.input.required",
    options: { normalize: "trim" },
    ui: autocomplete ? { "ui:autocomplete": autocomplete } : {},
  });
}

/** A kana field: full-width katakana (half-width kana become full-width by NFKC). */
export function kanaField(labelKey: string, maxLength: number): FieldSpec {
  return builtIn({
    label: labelKey,
    widget: "kana",
    schema: {
      type: "string",
      maxLength,
      pattern: KATAKANA,
      errorMessage: { pattern: "validation.registration.kana", maxLength: "validation.input.maxLength" },
    },
    requiredMessage: "validation.input.required",
    options: { normalize: "nfkc" },
  });
}

/**
 * Birthday as YYYYMMDD of a real day from 1900 through today in Japan (the widget shows YYYY/MM/DD
 * and corrects what it can; another client's impossible or future date is refused).
 */
export function birthdayField(): FieldSpec {
  const message = "validation.registration.birthday";
  return builtIn({
    label: "field.birthday",
    widget: "birthday",
    schema: {
      type: "string",
      pattern: BIRTHDAY,
      pastDate: true,
      errorMessage: { pattern: message, pastDate: message },
    },
    requiredMessage: "validation.input.required",
    options: { normalize: "date" },
    ui: { "ui:autocomplete": "bday" },
  });
}

/** Gender code; 0 (prefer not to answer) is left out when the store disallows it. */
export function sexField(widget: "select" | "radio", disallowUnknown: boolean): FieldSpec {
  const codes = SEX_CODES.filter((code) => !(disallowUnknown && code === UNKNOWN_SEX_CODE));
  const message = "validation.registration.sex";
  return builtIn({
    label: "field.sex",
    widget: widget,
    schema: { type: "integer", enum: codes, errorMessage: { type: message, enum: message } },
    requiredMessage: message,
    options: { enumNamesKeys: true },
    ui: { "ui:enumNames": codes.map((code) => SEX_OPTION_KEYS[code]) },
  });
}

/** Phone number: 10 or 11 digits; hyphens and spaces typed by the member are removed first. */
export function phoneNumberField(): FieldSpec {
  const message = "validation.registration.phoneNumber";
  return builtIn({
    label: "field.phoneNumber",
    widget: "phone",
    schema: { type: "string", pattern: "^[0-9]{10,11}$", errorMessage: { pattern: message } },
    requiredMessage: "validation.input.required",
    options: { normalize: "phoneNumber" },
    ui: { "ui:autocomplete": "tel-national", "ui:placeholder": "09012345678" },
  });
}

/** Postal code: 7 digits; the hyphen of 123-4567 is removed first. The widget fills the address. */
export function postalCodeField(fill: { prefectureField?: string; addressField?: string } = {}): FieldSpec {
  const message = "validation.registration.postalCode";
  return builtIn({
    label: "field.postalCode",
    widget: "postalCode",
    schema: { type: "string", pattern: `^[0-9]{${POSTAL_CODE_LENGTH}}$`, errorMessage: { pattern: message } },
    requiredMessage: "validation.input.required",
    options: { normalize: "postalCode", ...fill },
    ui: { "ui:autocomplete": "postal-code", "ui:placeholder": "1000001" },
  });
}

/** Prefecture code 1 (Hokkaido) to 47 (Okinawa). */
export function prefectureField(): FieldSpec {
  const invalid = "validation.registration.prefectureInvalid";
  return builtIn({
    label: "field.prefecture",
    widget: "prefecture",
    schema: {
      type: "integer",
      minimum: 1,
      maximum: PREFECTURE_COUNT,
      errorMessage: { type: invalid, minimum: invalid, maximum: invalid },
    },
    requiredMessage: "validation.registration.prefectureRequired",
    ui: { "ui:autocomplete": "address-level1" },
  });
}

// ── Store-defined items (custom registration info, survey questions) ─────────────────────────

/** A store-supplied label: literal text with an optional English variant. */
export interface LiteralLabel {
  title: string;
  titleEn?: string;
}

export interface LiteralOption {
  value: string;
  label: string;
  labelEn?: string;
}

interface StoreDefinedField {
  label: LiteralLabel;
  widget: WidgetName;
  schema: JSONSchema7;
  requiredMessage: string;
  options?: FieldUiOptions;
  /** The options' display names, by position. */
  enumNames?: readonly LiteralOption[];
}

/** A store-defined field: label and option names are the store's literal text, with English variants. */
function storeDefined({
  label,
  widget,
  schema,
  requiredMessage,
  options,
  enumNames,
}: StoreDefinedField): FieldSpec {
  const english = enumNames?.some((option) => option.labelEn);
  return {
    schema: { title: label.title, ...schema },
    ui: {
      "ui:widget": widget,
      "ui:options": {
        ...(label.titleEn ? { titleEn: label.titleEn } : {}),
        ...(english ? { enumNamesEn: enumNames?.map((option) => option.labelEn ?? option.label) } : {}),
        ...options,
      },
      ...(enumNames ? { "ui:enumNames": enumNames.map((option) => option.label) } : {}),
    },
    requiredMessage,
  };
}

/** Store-defined free text with a maximum length. */
export function literalTextField(
  label: LiteralLabel,
  maxLength: number,
  widget: "text" | "textarea" = "text",
): FieldSpec {
  return storeDefined({
    label,
    widget,
    schema: { type: "string", maxLength, errorMessage: { maxLength: "validation.input.maxLength" } },
    requiredMessage: "validation.input.required",
    options: { normalize: "trim" },
  });
}

/** Store-defined single choice, as a select or radio buttons. */
export function literalChoiceField(
  label: LiteralLabel,
  options: readonly LiteralOption[],
  widget: "select" | "radio" = "select",
): FieldSpec {
  return storeDefined({
    label,
    widget,
    schema: {
      type: "string",
      enum: options.map((option) => option.value),
      errorMessage: { enum: "validation.generic.enum" },
    },
    requiredMessage: "validation.input.selectRequired",
    enumNames: options,
  });
}

/** Store-defined single checkbox; when required it must be ticked. */
export function literalCheckboxField(label: LiteralLabel, mustBeChecked: boolean): FieldSpec {
  return storeDefined({
    label,
    widget: "checkbox",
    schema: {
      type: "boolean",
      ...(mustBeChecked ? { enum: [true] } : {}),
      errorMessage: { enum: "validation.input.checkRequired" },
    },
    requiredMessage: "validation.input.checkRequired",
  });
}

/** A survey text answer: at most 300 characters, optionally matching the question's pattern. */
export function surveyTextField(
  label: LiteralLabel,
  pattern: string | undefined,
  multiline: boolean,
): FieldSpec {
  if (pattern !== undefined) assertRegExp(pattern, label.title);
  return storeDefined({
    label,
    widget: multiline ? "textarea" : "text",
    schema: {
      type: "string",
      maxLength: SURVEY_TEXT_MAX_LENGTH,
      ...(pattern !== undefined ? { pattern } : {}),
      errorMessage: { maxLength: "validation.generic.maxLength", pattern: "validation.survey.pattern" },
    },
    // "Required" means at least one character (spec §5): normalisation drops blank answers.
    requiredMessage: "validation.survey.required",
    options: { normalize: "trim" },
  });
}

/** A survey single choice. */
export function surveyChoiceField(
  label: LiteralLabel,
  options: readonly LiteralOption[],
  widget: "select" | "radio",
): FieldSpec {
  return {
    ...literalChoiceField(label, options, widget),
    requiredMessage: "validation.survey.selectRequired",
  };
}

/** A survey multiple choice with minimum and maximum counts; required means at least one. */
export function surveyCheckboxesField(
  label: LiteralLabel,
  options: readonly LiteralOption[],
  counts: { required: boolean; minCount?: number; maxCount?: number },
): FieldSpec {
  const minCount = Math.max(counts.minCount ?? 0, counts.required ? 1 : 0);
  const { maxCount } = counts;
  return storeDefined({
    label,
    widget: "checkboxGroup",
    schema: {
      type: "array",
      uniqueItems: true,
      items: { type: "string", enum: options.map((option) => option.value) },
      ...(minCount > 0 ? { minItems: minCount } : {}),
      ...(maxCount !== undefined ? { maxItems: maxCount } : {}),
      errorMessage: { minItems: "validation.survey.minCount", maxItems: "validation.survey.maxCount" },
    },
    requiredMessage: "validation.survey.selectRequired",
    options: { ...(minCount > 0 ? { minCount } : {}), ...(maxCount !== undefined ? { maxCount } : {}) },
    enumNames: options,
  });
}

function assertRegExp(pattern: string, where: string): void {
  try {
    new RegExp(pattern, "u");
  } catch (error) {
    throw new Error(
      `The validation pattern of "${where}" is not a valid regular expression: ${(error as Error).message}`,
    );
  }
}

// ── Card ───────────────────────────────────────────────────────────────────────────────────────

/** Card number: 14–19 digits and spaces, within the brand's length, passing the Luhn check. */
export function cardNumberField(): FieldSpec {
  const format = "validation.card.numberFormat";
  return builtIn({
    label: "field.cardNumber",
    widget: "cardNumber",
    schema: {
      type: "string",
      pattern: "^[0-9 ]*$",
      minLength: CARD_NUMBER_MIN_LENGTH,
      maxLength: CARD_NUMBER_MAX_LENGTH,
      cardBrandLength: true,
      luhn: true,
      errorMessage: {
        pattern: format,
        minLength: format,
        maxLength: format,
        cardBrandLength: format,
        luhn: "validation.card.numberInvalid",
      },
    },
    requiredMessage: "validation.card.numberRequired",
    options: { normalize: "nfkc" },
    ui: { "ui:autocomplete": "cc-number" },
  });
}

export const EXPIRY_MONTHS = Array.from({ length: 12 }, (_, index) => String(index + 1).padStart(2, "0"));

/** Expiry month 01–12, not before the current month of the chosen year. */
export function cardExpiryMonthField(yearField: string): FieldSpec {
  const required = "validation.card.expiryMonthRequired";
  return builtIn({
    label: "field.cardExpiryMonth",
    widget: "cardExpiryMonth",
    schema: {
      type: "string",
      enum: EXPIRY_MONTHS,
      cardExpiryNotPast: yearField,
      errorMessage: { enum: required, cardExpiryNotPast: "validation.card.expired" },
    },
    requiredMessage: required,
    ui: { "ui:autocomplete": "cc-exp-month" },
  });
}

/** Expiry year in two digits (the widget offers this year and the 9 following). */
export function cardExpiryYearField(): FieldSpec {
  const required = "validation.card.expiryYearRequired";
  return builtIn({
    label: "field.cardExpiryYear",
    widget: "cardExpiryYear",
    schema: { type: "string", pattern: "^[0-9]{2}$", errorMessage: { pattern: required } },
    requiredMessage: required,
    ui: { "ui:autocomplete": "cc-exp-year" },
  });
}

/** Security code: 3 digits, or 4 for American Express. */
export function securityCodeField(cardNumberField: string): FieldSpec {
  const format = "validation.card.securityCodeFormat";
  return builtIn({
    label: "field.securityCode",
    widget: "securityCode",
    schema: {
      type: "string",
      pattern: "^[0-9]{3,4}$",
      securityCodeForCard: cardNumberField,
      errorMessage: { pattern: format, securityCodeForCard: format },
    },
    requiredMessage: "validation.card.securityCodeRequired",
    options: { normalize: "nfkc" },
    ui: { "ui:autocomplete": "cc-csc" },
  });
}

/** The last four digits of a registered card. */
export function cardLastFourField(): FieldSpec {
  const message = "validation.card.lastFour";
  return builtIn({
    label: "field.cardLastFour",
    widget: "text",
    schema: { type: "string", pattern: "^[0-9]{4}$", errorMessage: { pattern: message } },
    requiredMessage: message,
    options: { normalize: "nfkc" },
  });
}

// ── Purchase, consent, invoice, withdrawal ─────────────────────────────────────────────────────

/** Campaign code: half-width letters and digits, trimmed. */
export function campaignCodeField(): FieldSpec {
  return builtIn({
    label: "field.campaignCode",
    widget: "text",
    schema: {
      type: "string",
      pattern: HALF_WIDTH_ALPHANUMERIC,
      maxLength: CAMPAIGN_CODE_MAX_LENGTH,
      errorMessage: {
        pattern: "validation.campaignCode.characters",
        maxLength: "validation.generic.maxLength",
      },
    },
    requiredMessage: "validation.campaignCode.required",
    options: { normalize: "trim" },
    ui: { "ui:autocomplete": "off" },
  });
}

/** What pays for a purchase: a saved method's id (a UUID) or the payment code (CampaignCode). */
export const PURCHASE_PAYMENT_PATTERN =
  "^(CampaignCode|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$";

/**
 * The purchase's payment (spec §2 purchase form): one of the member's saved methods or the payment
 * code, drawn from `choices` (member data in the uiSchema, so the schema and its compiled
 * validator are the same for every member).
 */
export function purchasePaymentField(choices: PurchasePaymentChoice[]): FieldSpec {
  return builtIn({
    label: "field.paymentMethodType",
    widget: "purchasePayment",
    schema: {
      type: "string",
      pattern: PURCHASE_PAYMENT_PATTERN,
      errorMessage: { pattern: "validation.paymentMethod.required" },
    },
    requiredMessage: "validation.paymentMethod.required",
    options: { choices },
  });
}

/** A policy the member must agree to: read to the end in a scroll box, or ticked when external. */
export function policyConsentField(policy: {
  title: string;
  renderData: string;
  isExternal: boolean;
  url?: string;
}): FieldSpec {
  const message = "validation.consent.required";
  return {
    schema: { title: policy.title, type: "boolean", enum: [true], errorMessage: { enum: message } },
    ui: {
      "ui:widget": policy.isExternal ? "checkbox" : "policyScroll",
      "ui:options": {
        policyTitle: policy.title,
        renderData: policy.renderData,
        isExternal: policy.isExternal,
        ...(policy.url ? { url: policy.url } : {}),
      },
    },
    requiredMessage: message,
  };
}

/** The withdrawal consent checkbox. */
export function withdrawalConsentField(): FieldSpec {
  const message = "validation.withdrawal.consentRequired";
  return builtIn({
    label: "field.withdrawalConsent",
    widget: "checkbox",
    schema: { type: "boolean", enum: [true], errorMessage: { enum: message } },
    requiredMessage: message,
  });
}

/** The invoice addressee: required when the member chose to specify one, at most 100 characters. */
export function invoiceAddresseeField(): FieldSpec {
  return builtIn({
    label: "field.addressee",
    widget: "text",
    schema: {
      type: "string",
      maxLength: INVOICE_ADDRESSEE_MAX_LENGTH,
      errorMessage: { maxLength: "validation.invoice.addresseeMaxLength" },
    },
    requiredMessage: "validation.invoice.addresseeRequired",
    options: { normalize: "trim" },
  });
}
