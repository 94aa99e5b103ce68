/** Login forms (spec §2 Login, §5 Login): password mode, code mode, and the code entry of code mode. */
import type { CodeDisplayName, LoginIdentifier } from "../rules.ts";
import { authCodeField, emailField, loginIdentifierField, loginPasswordField } from "../rules.ts";
import { composeForm } from "./compose.ts";
import { memoizeByVersion } from "./memoize.ts";

export interface PasswordLoginFormInput {
  /** "user id or e-mail", "user id only" or "e-mail only", from the store's identifier settings. */
  identifier: LoginIdentifier;
}

/** Password mode: {emailUserId, password}, both required. */
export const buildPasswordLoginForm = memoizeByVersion(({ identifier }: PasswordLoginFormInput) =>
  composeForm({
    id: "login.password",
    fields: [
      { name: "emailUserId", spec: loginIdentifierField(identifier), required: true },
      { name: "password", spec: loginPasswordField(), required: true },
    ],
  }),
);

/** Code mode, first step: the e-mail address the login code is sent to. */
export const buildCodeLoginForm = memoizeByVersion((_input: Record<string, never>) =>
  composeForm({ id: "login.code", fields: [{ name: "email", spec: emailField(), required: true }] }),
);

export interface LoginCodeEntryFormInput {
  /** authCodeSetting.login of the store settings. */
  codeName: CodeDisplayName;
}

/** Code mode, second step (/login/code): the mailed code, named after the login purpose. */
export const buildLoginCodeEntryForm = memoizeByVersion(({ codeName }: LoginCodeEntryFormInput) =>
  composeForm({
    id: "login.codeEntry",
    fields: [{ name: "authCode", spec: authCodeField(codeName), required: true }],
  }),
);
