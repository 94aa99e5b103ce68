import type { SecondFactorType } from "../multi-factor.ts";
/** Code forms: e-mail PIN codes, the TV-profile PIN, multi-factor codes and the OTP set-up. */
import type { CodeDisplayName, FieldSpec } from "../rules.ts";
import {
  authCodeField,
  backupCodeField,
  otpField,
  profilePinConfirmationField,
  profilePinField,
  smsCodeField,
} from "../rules.ts";
import { composeForm, type FormField } from "./compose.ts";
import { memoizeByVersion } from "./memoize.ts";

export interface AuthCodeFormInput {
  /** The purpose's entry of authCodeSetting (signUp, mailEdit, mailVerify, withdraw, …). */
  codeName: CodeDisplayName;
}

/** An e-mail PIN screen: {pinCode}, 6 digits, messages naming the purpose's display name. */
export const buildAuthCodeForm = memoizeByVersion(({ codeName }: AuthCodeFormInput) =>
  composeForm({
    id: "code.email",
    fields: [{ name: "pinCode", spec: authCodeField(codeName), required: true }],
  }),
);

export interface ProfilePinFormInput {
  /**
   * The screen asks for the PIN twice; the API receives only {pinCode} and builds the form
   * without the confirmation.
   */
  withConfirmation: boolean;
}

/** /mypage/pin-code: a 4-digit PIN and its confirmation; submit waits for all 8 boxes. */
export const buildProfilePinForm = memoizeByVersion(({ withConfirmation }: ProfilePinFormInput) =>
  composeForm({
    id: "code.profilePin",
    fields: [
      { name: "pinCode", spec: profilePinField(), required: true },
      ...(withConfirmation
        ? [{ name: "pinCodeConfirm", spec: profilePinConfirmationField("pinCode"), required: true }]
        : []),
    ],
    uiOptions: { submitDisabledUntil: "filled" },
  }),
);

/** A login's second factor (schemas/multi-factor.ts). */
export type MultiFactorType = SecondFactorType;

export interface MultiFactorFormInput {
  type: MultiFactorType;
  /** The types the member has enabled, and their default one. */
  availableTypes: MultiFactorType[];
  defaultType: MultiFactorType;
  /** authCodeSetting.multiFactorEmail, which names the e-mail code. */
  emailCodeName: CodeDisplayName;
}

/**
 * "Set as preferred" is offered only when several types exist, this type is not the default one,
 * and it is not a backup code (spec §2 multi-factor entry screen).
 */
export function offersPreferredType({ type, availableTypes, defaultType }: MultiFactorFormInput): boolean {
  return availableTypes.length > 1 && type !== defaultType && type !== "BackupCode";
}

function multiFactorCodeSpec(type: MultiFactorType, emailCodeName: CodeDisplayName): FieldSpec {
  switch (type) {
    case "Email":
      return authCodeField(emailCodeName);
    case "SMS":
      return smsCodeField();
    case "OTP":
      return otpField();
    case "BackupCode":
      return backupCodeField();
  }
}

/** A multi-factor login step: {value, isPreferred}. */
export const buildMultiFactorForm = memoizeByVersion((input: MultiFactorFormInput) => {
  const fields: FormField[] = [
    { name: "value", spec: multiFactorCodeSpec(input.type, input.emailCodeName), required: true },
  ];
  if (offersPreferredType(input)) {
    fields.push({
      name: "isPreferred",
      spec: {
        schema: { title: "field.isPreferred", type: "boolean", default: false },
        ui: { "ui:widget": "checkbox", "ui:options": { labelKey: true } },
        requiredMessage: "validation.generic.required",
      },
      required: false,
    });
  }
  return composeForm({ id: `multiFactor.${input.type}`, fields });
});

/** Authenticator-app set-up: the first one-time password the app shows (`token`), 6 digits. */
export const buildOtpSetupForm = memoizeByVersion((_input: Record<string, never>) =>
  composeForm({ id: "multiFactor.otpSetup", fields: [{ name: "token", spec: otpField(), required: true }] }),
);

/** SMS set-up: the code texted to the account's phone number (`token`), 6 digits. */
export const buildSmsSetupForm = memoizeByVersion((_input: Record<string, never>) =>
  composeForm({
    id: "multiFactor.smsSetup",
    fields: [{ name: "token", spec: smsCodeField(), required: true }],
  }),
);
