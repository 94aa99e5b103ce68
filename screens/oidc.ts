/**
 * The login provider's screens (issue 46 §3; spec §2 OIDC): the site's login in the OIDC layout,
 * whose calls are answered under /zapi/oidc (server/api/login-pages.ts) and whose last step ends at
 * /oidc/loginInteraction, where the provider's interaction goes on; the consent and the account
 * selection, each a page body of its own (app/components/oidc).
 */
import type { ScreenDefinition } from "./screen-definition.ts";

/** Where every login step of the provider's flow ends: the provider takes the site's session. */
const LOGIN_DONE = "/oidc/loginInteraction";

export const oidcLogin = {
  id: "oidc-login",
  paths: ["/oidc/login"],
  layout: "oidc",
  // A member is here only when the client asked for a fresh login (prompt=login, max_age).
  access: "any",
  titleKey: "screens.login.title",
  screenData: "oidc/login",
  formRenderer: "plain",
  forms: [
    {
      builder: "loginPassword",
      showWhen: { query: "loginType", equals: null, labelKey: "screens.login.passwordMode" },
      submit: {
        method: "POST",
        path: "/oidc/login",
        body: { loginMethod: "Password" },
        recaptchaAction: "login",
      },
      submitLabelKey: "screens.login.submit",
      successTo: LOGIN_DONE,
    },
    {
      builder: "loginCode",
      showWhen: { query: "loginType", equals: "authCode", labelKey: "screens.login.codeMode" },
      submit: { method: "POST", path: "/oidc/login/code", recaptchaAction: "login_code" },
      submitLabelKey: "screens.login.sendCode",
      successTo: "/oidc/login/code",
    },
  ],
  links: [{ to: "/password/forgot", labelKey: "screens.login.forgotPassword", external: true }],
} as const satisfies ScreenDefinition;

export const oidcLoginCode = {
  id: "oidc-login-code",
  paths: ["/oidc/login/code"],
  layout: "oidc",
  access: "any",
  titleKey: "screens.loginCode.title",
  leadKey: "screens.pinCode.lead",
  screenData: "oidc/login/code",
  formRenderer: "plain",
  forms: [
    {
      builder: "loginCodeEntry",
      submit: {
        method: "POST",
        path: "/oidc/login",
        body: { loginMethod: "AuthCode" },
        bodyFromScreenData: { emailUserId: "email" },
      },
      retryAfterChangeOf: "authCode",
      resend: { path: "/zapi/account/email/send-pin-code", body: { type: "login" } },
      submitLabelKey: "screens.login.submit",
      successTo: LOGIN_DONE,
      errors: {
        PIN_CODE_ERROR: { field: "authCode" },
      },
    },
  ],
} as const satisfies ScreenDefinition;

/** /oidc/login/multi-factor: goes on to the pending login's default type (its screen data redirects). */
export const oidcLoginMultiFactorEntry = {
  id: "oidc-login-multi-factor",
  paths: ["/oidc/login/multi-factor"],
  layout: "oidc",
  access: "any",
  titleKey: "screens.multiFactor.title",
  screenData: "oidc/login/multi-factor",
  forms: [],
} as const satisfies ScreenDefinition;

export const oidcLoginMultiFactor = {
  id: "oidc-login-multi-factor-type",
  paths: ["/oidc/login/multi-factor/:type"],
  layout: "oidc",
  access: "any",
  titleKey: "screens.multiFactor.title",
  screenData: "oidc/login/multi-factor/:type",
  intro: "multiFactorLoginGuide",
  content: "multiFactorOtherTypes",
  forms: [
    {
      builder: "multiFactor",
      submit: { method: "POST", path: "/zapi/oidc/login/multi-factor/:type" },
      submitLabelKey: "screens.multiFactor.submit",
      successTo: LOGIN_DONE,
      errors: { MULTI_FACTOR_ERROR: { field: "value" } },
    },
  ],
} as const satisfies ScreenDefinition;

export const oidcConsent = {
  id: "oidc-consent",
  paths: ["/oidc/consent"],
  layout: "oidc",
  access: "any",
  titleKey: "oidcConsent.title",
  screenData: "oidc/consent",
  content: "oidcConsent",
  forms: [],
} as const satisfies ScreenDefinition;

export const oidcSelectAccount = {
  id: "oidc-select-account",
  paths: ["/oidc/select-account"],
  layout: "oidc",
  access: "any",
  titleKey: "oidcSelectAccount.title",
  screenData: "oidc/select-account",
  content: "oidcSelectAccount",
  forms: [],
} as const satisfies ScreenDefinition;
