/**
 * Password, user ID and e-mail forms (spec §5 Password, User ID, E-mail). Confirmation fields are
 * optional per builder input: the API of a call whose body has no confirmation builds the form
 * without it, and the browser with it.
 */

import type { PasswordStrength } from "../form-definition.ts";
import type { CodeDisplayName, FieldSpec } from "../rules.ts";
import {
  authCodeField,
  currentPasswordField,
  emailConfirmationField,
  emailField,
  newPasswordField,
  passwordConfirmationField,
  userIdChangePasswordField,
  userIdField,
} from "../rules.ts";
import { composeForm, type FormField } from "./compose.ts";
import { memoizeByVersion } from "./memoize.ts";
import { USER_ID_VERIFY_PATH } from "./registration.ts";

function confirmed(name: string, spec: FieldSpec, confirmation: FieldSpec | undefined): FormField[] {
  return [
    { name, spec, required: true },
    ...(confirmation ? [{ name: `${name}Confirm`, spec: confirmation, required: true }] : []),
  ];
}

export interface PasswordSetFormInput {
  strength: PasswordStrength;
  /** authCodeSetting.passwordSetting: the code mailed to confirm the e-mail address. */
  codeName: CodeDisplayName;
}

/** /mypage/enable-password: {pinCode, password, passwordConfirm}. */
export const buildPasswordSetForm = memoizeByVersion(({ strength, codeName }: PasswordSetFormInput) =>
  composeForm({
    id: "password.set",
    fields: [
      { name: "pinCode", spec: authCodeField(codeName), required: true },
      ...confirmed("password", newPasswordField(strength), passwordConfirmationField("password")),
    ],
  }),
);

export interface PasswordChangeFormInput {
  strength: PasswordStrength;
  /** The screen confirms the new password; POST /password/edit carries only {oldPassword, newPassword}. */
  withConfirmation: boolean;
}

/** /mypage/password/edit: the current password, and a new one that differs from it. */
export const buildPasswordChangeForm = memoizeByVersion(
  ({ strength, withConfirmation }: PasswordChangeFormInput) =>
    composeForm({
      id: "password.change",
      fields: [
        { name: "oldPassword", spec: currentPasswordField(), required: true },
        ...confirmed(
          "newPassword",
          newPasswordField(strength, "field.newPassword", "oldPassword"),
          withConfirmation ? passwordConfirmationField("newPassword", "field.newPasswordConfirm") : undefined,
        ),
      ],
    }),
);

export interface PasswordResetFormInput {
  strength: PasswordStrength;
}

/** /password/reset: the mailed token (hidden; without it nothing can be sent) and the new password. */
export const buildPasswordResetForm = memoizeByVersion(({ strength }: PasswordResetFormInput) =>
  composeForm({
    id: "password.reset",
    fields: [
      {
        name: "token",
        spec: {
          schema: { title: "field.resetToken", type: "string" },
          ui: { "ui:widget": "hidden", "ui:options": { labelKey: true, normalize: "raw" } },
          requiredMessage: "validation.passwordReset.tokenMissing",
        },
        required: true,
      },
      ...confirmed("password", newPasswordField(strength), passwordConfirmationField("password")),
    ],
  }),
);

/** /password/forgot: the account's e-mail address. */
export const buildForgotPasswordForm = memoizeByVersion((_input: Record<string, never>) =>
  composeForm({ id: "password.forgot", fields: [{ name: "email", spec: emailField(), required: true }] }),
);

export interface UserIdChangeFormInput {
  currentUserId: string;
}

/** /mypage/user-id/edit: {userId, password}; the new ID must differ and the password be 8+ characters. */
export const buildUserIdChangeForm = memoizeByVersion(({ currentUserId }: UserIdChangeFormInput) =>
  composeForm({
    id: "userId.change",
    fields: [
      {
        name: "userId",
        spec: userIdField({
          labelKey: "field.newUserId",
          currentValue: currentUserId,
          verifyPath: USER_ID_VERIFY_PATH,
        }),
        required: true,
      },
      { name: "password", spec: userIdChangePasswordField(), required: true },
    ],
  }),
);

export interface EmailChangeFormInput {
  currentEmail: string;
  /** The screen confirms the address; POST /email/edit/send-pin-code carries only {email, type}. */
  withConfirmation: boolean;
}

/** /mypage/email/edit: a new address that differs from the current one. */
export const buildEmailChangeForm = memoizeByVersion(
  ({ currentEmail, withConfirmation }: EmailChangeFormInput) =>
    composeForm({
      id: "email.change",
      fields: confirmed(
        "email",
        emailField({ labelKey: "field.newEmail", currentValue: currentEmail }),
        withConfirmation ? emailConfirmationField("email", "field.newEmailConfirm") : undefined,
      ),
    }),
);

/**
 * What the code of a re-authentication is called (issue 39 §4). Not a store setting: the spec's
 * authCodeSetting names the codes of its own procedures, and this one is ours.
 */
export const REAUTHENTICATION_CODE_NAME: CodeDisplayName = {
  displayName: "本人確認用認証コード",
  displayNameEn: "identity confirmation code",
};

/** A re-authentication by the member's password: {password}, only required (it is checked, not set). */
export const buildReauthenticationPasswordForm = memoizeByVersion((_input: Record<string, never>) =>
  composeForm({
    id: "reauthentication.password",
    fields: [{ name: "password", spec: currentPasswordField(), required: true }],
  }),
);

/** A re-authentication by a code mailed to the member's current address: {pinCode}. */
export const buildReauthenticationCodeForm = memoizeByVersion((_input: Record<string, never>) =>
  composeForm({
    id: "reauthentication.code",
    fields: [{ name: "pinCode", spec: authCodeField(REAUTHENTICATION_CODE_NAME), required: true }],
  }),
);

/** The button that mails that code: a form without fields. */
export const buildReauthenticationSendCodeForm = memoizeByVersion((_input: Record<string, never>) =>
  composeForm({ id: "reauthentication.sendCode", fields: [] }),
);

/**
 * /email/recover: the link's token (hidden, from the query), and a button (issue 39 §4). The API
 * spends it and puts the old address back (server/identity/email-recovery.ts).
 */
export const buildEmailRecoveryForm = memoizeByVersion((_input: Record<string, never>) =>
  composeForm({
    id: "email.recovery",
    fields: [
      {
        name: "token",
        spec: {
          schema: { title: "field.recoveryToken", type: "string", maxLength: 200 },
          ui: { "ui:widget": "hidden", "ui:options": { labelKey: true, normalize: "raw" } },
          requiredMessage: "validation.emailRecovery.tokenMissing",
        },
        required: true,
      },
    ],
  }),
);
