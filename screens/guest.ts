import type { ScreenDefinition } from "./screen-definition.ts";

/** Login, multi-factor and password screens (spec §2 Guest and login, §4 Login, Password reset). */

// Login errors need no mapping: the API's message (in the page's language) shows above the form,
// e.g. LOGIN_PROHIBITED, or TOO_MANY_ATTEMPTS stating the wait (「あと N 分後に…」).

export const login = {
  id: "login",
  paths: ["/login"],
  layout: "login",
  access: "guest",
  titleKey: "screens.login.title",
  screenData: "login",
  formRenderer: "plain",
  forms: [
    {
      builder: "loginPassword",
      showWhen: { query: "loginType", equals: null, labelKey: "screens.login.passwordMode" },
      submit: { method: "POST", path: "/login", body: { loginMethod: "Password" }, recaptchaAction: "login" },
      submitLabelKey: "screens.login.submit",
      successTo: "/mypage",
    },
    {
      builder: "loginCode",
      showWhen: { query: "loginType", equals: "authCode", labelKey: "screens.login.codeMode" },
      submit: { method: "POST", path: "/login/code", recaptchaAction: "login_code" },
      submitLabelKey: "screens.login.sendCode",
      successTo: "/login/code",
    },
  ],
  // LINE, Google, Yahoo! JAPAN and Facebook, as the store offers them (issue 48 §3).
  socialLogin: "login",
  links: [
    { to: "/password/forgot", labelKey: "screens.login.forgotPassword" },
    { to: "/signup", labelKey: "screens.login.signup" },
  ],
} as const satisfies ScreenDefinition;

export const loginCode = {
  id: "login-code",
  paths: ["/login/code"],
  layout: "login",
  access: "guest",
  titleKey: "screens.loginCode.title",
  leadKey: "screens.pinCode.lead",
  screenData: "login/code",
  formRenderer: "plain",
  forms: [
    {
      builder: "loginCodeEntry",
      submit: {
        method: "POST",
        path: "/login",
        body: { loginMethod: "AuthCode" },
        bodyFromScreenData: { emailUserId: "email" },
      },
      retryAfterChangeOf: "authCode",
      resend: { path: "/zapi/account/email/send-pin-code", body: { type: "login" } },
      submitLabelKey: "screens.login.submit",
      successTo: "/mypage",
      errors: {
        PIN_CODE_ERROR: { field: "authCode" },
      },
    },
  ],
} as const satisfies ScreenDefinition;

/** /login/multi-factor: goes on to the pending login's default type (its screen data redirects). */
export const loginMultiFactorEntry = {
  id: "login-multi-factor",
  paths: ["/login/multi-factor"],
  layout: "login",
  access: "guest",
  titleKey: "screens.multiFactor.title",
  screenData: "login/multi-factor",
  forms: [],
} as const satisfies ScreenDefinition;

export const loginMultiFactor = {
  id: "login-multi-factor-type",
  paths: ["/login/multi-factor/:type"],
  layout: "login",
  access: "guest",
  titleKey: "screens.multiFactor.title",
  screenData: "login/multi-factor/:type",
  intro: "multiFactorLoginGuide",
  content: "multiFactorOtherTypes",
  forms: [
    {
      builder: "multiFactor",
      submit: { method: "POST", path: "/zapi/login/multi-factor/:type" },
      submitLabelKey: "screens.multiFactor.submit",
      successTo: "/mypage",
      landsOnReturnTo: true,
      errors: { MULTI_FACTOR_ERROR: { field: "value" } },
    },
  ],
} as const satisfies ScreenDefinition;

export const passwordForgot = {
  id: "password-forgot",
  paths: ["/password/forgot", "/forgetpassword"],
  layout: "login",
  // A member is sent on as from /login (issue 41 §17).
  access: "guest",
  titleKey: "screens.passwordForgot.title",
  leadKey: "screens.passwordForgot.lead",
  forms: [
    {
      builder: "passwordForgot",
      submit: { method: "POST", path: "/zapi/auth/password/forgot" },
      submitLabelKey: "screens.passwordForgot.submit",
      successTo: "/password/forgot/complete",
    },
  ],
  links: [{ to: "/login", labelKey: "screens.common.toLogin" }],
} as const satisfies ScreenDefinition;

export const passwordForgotComplete = {
  id: "password-forgot-complete",
  paths: ["/password/forgot/complete"],
  layout: "login",
  access: "any",
  titleKey: "screens.passwordForgotComplete.title",
  leadKey: "screens.passwordForgotComplete.lead",
  forms: [],
  links: [{ to: "/login", labelKey: "screens.common.toLogin" }],
} as const satisfies ScreenDefinition;

export const passwordReset = {
  id: "password-reset",
  paths: ["/password/reset", "/newpassword"],
  layout: "login",
  access: "any",
  titleKey: "screens.passwordReset.title",
  forms: [
    {
      builder: "passwordReset",
      submit: { method: "POST", path: "/zapi/auth/password/reset", bodyFromQuery: ["token"] },
      submitLabelKey: "screens.passwordReset.submit",
      requireQuery: "token",
      successTo: "/password/reset/complete",
    },
  ],
  // A member who remembers the password after all goes back to log in.
  links: [{ to: "/login", labelKey: "screens.common.toLogin" }],
} as const satisfies ScreenDefinition;

/**
 * /email/recover: the link in the notice of an e-mail change (issue 39 §4). A button rather than
 * the link itself does it, so that a mail scanner opening links restores nothing.
 */
export const emailRecovery = {
  id: "email-recover",
  paths: ["/email/recover"],
  layout: "login",
  access: "any",
  titleKey: "screens.emailRecovery.title",
  leadKey: "screens.emailRecovery.lead",
  forms: [
    {
      builder: "emailRecovery",
      submit: { method: "POST", path: "/zapi/auth/email/recover", bodyFromQuery: ["token"] },
      submitLabelKey: "screens.emailRecovery.submit",
      requireQuery: "token",
      successTo: "/email/recover/complete",
    },
  ],
} as const satisfies ScreenDefinition;

export const emailRecoveryComplete = {
  id: "email-recover-complete",
  paths: ["/email/recover/complete"],
  layout: "login",
  access: "any",
  titleKey: "screens.emailRecovery.completeTitle",
  leadKey: "screens.emailRecovery.completeLead",
  forms: [],
  links: [{ to: "/login", labelKey: "screens.common.toLogin" }],
} as const satisfies ScreenDefinition;

export const passwordResetComplete = {
  id: "password-reset-complete",
  paths: ["/password/reset/complete"],
  layout: "login",
  access: "any",
  titleKey: "screens.passwordResetComplete.title",
  leadKey: "screens.passwordResetComplete.lead",
  forms: [],
  links: [{ to: "/login", labelKey: "screens.common.toLogin" }],
} as const satisfies ScreenDefinition;
