import type { ScreenDefinition } from "./screen-definition.ts";

/** Sign-up (spec §2 Sign-up, §4 Sign-up sequence, §8 Sign-up errors). */

const summary = "screens.errors.signupSummary";

export const signup = {
  id: "signup",
  paths: ["/signup"],
  layout: "login",
  access: "guest",
  titleKey: "screens.signupPolicy.title",
  leadKey: "screens.signupPolicy.lead",
  screenData: "signup",
  forms: [
    {
      builder: "policyConsent",
      submit: { method: "POST", path: "/zapi/signup/policy", payload: "policyConsent" },
      submitLabelKey: "screens.signupPolicy.submit",
      successTo: "/signup/auth",
    },
  ],
} as const satisfies ScreenDefinition;

export const signupAuth = {
  id: "signup-auth",
  paths: ["/signup/auth", "/signup/email"],
  layout: "login",
  access: "guest",
  titleKey: "screens.signupAuth.title",
  leadKey: "screens.signupAuth.lead",
  screenData: "signup/auth",
  forms: [
    {
      builder: "signupEmail",
      submit: {
        method: "POST",
        path: "/zapi/signup/email",
        payload: "policyConsent",
        body: { type: "signUp" },
        recaptchaAction: "signup_email",
      },
      submitLabelKey: "screens.signupAuth.submit",
      successTo: "/signup/pin-code",
      errors: { ACCOUNT_ALREADY_EXISTS_EMAIL: { field: "email" } },
    },
  ],
  // Signing up through LINE, Google, Yahoo! JAPAN or Facebook instead (issue 48 §3); inside the
  // login provider's flow (/oidc/signup/auth) the API offers none.
  socialLogin: "signup",
  links: [{ to: "/login", labelKey: "screens.signupAuth.toLogin" }],
} as const satisfies ScreenDefinition;

export const signupPinCode = {
  id: "signup-pin-code",
  paths: ["/signup/pin-code"],
  layout: "login",
  access: "guest",
  titleKey: "screens.signupPinCode.title",
  // Where the code went, and a way back to another address (issue 41 §12).
  leadKey: "screens.pinCode.leadTo",
  screenData: "signup/pin-code",
  forms: [
    {
      builder: "authCode",
      builderOptions: { purpose: "signUp" },
      submit: { method: "POST", path: "/zapi/signup/pin-code" },
      retryAfterChangeOf: "pinCode",
      resend: { path: "/zapi/account/email/send-pin-code", body: { type: "signUp" } },
      submitLabelKey: "screens.pinCode.submit",
      successTo: "/signup/form",
      errors: {
        PIN_CODE_ERROR: { field: "pinCode" },
      },
    },
  ],
  links: [{ to: "/signup/auth", labelKey: "screens.signupPinCode.changeEmail" }],
} as const satisfies ScreenDefinition;

export const signupPolicy = {
  id: "signup-policy",
  paths: ["/signup/policy"],
  layout: "login",
  access: "any",
  titleKey: "screens.signupPolicy.title",
  leadKey: "screens.signupPolicy.revisedLead",
  screenData: "signup/policy",
  forms: [
    {
      builder: "policyConsent",
      submit: { method: "POST", path: "/zapi/signup/policy", payload: "policyConsent" },
      submitLabelKey: "screens.signupPolicy.submit",
      successTo: "/mypage",
      // A login inside the provider's flow goes back there (server/identity/sign-in.ts).
      landsOnReturnTo: true,
    },
  ],
} as const satisfies ScreenDefinition;

export const signupForm = {
  id: "signup-form",
  paths: ["/signup/form"],
  layout: "login",
  access: "guest",
  titleKey: "screens.signupForm.title",
  screenData: "signup/form",
  forms: [
    {
      builder: "registration",
      builderOptions: { purpose: "signup" },
      submit: { method: "POST", path: "/zapi/signup", payload: "registration" },
      submitLabelKey: "screens.signupForm.submit",
      successTo: "/signup/complete",
      errors: {
        ACCOUNT_ALREADY_EXISTS_USER_ID: {
          field: "userId",
          summaryKey: summary,
        },
        ACCOUNT_ALREADY_EXISTS_EMAIL: { summaryKey: summary },
        VALIDATION_ERROR: { summaryKey: summary },
      },
    },
  ],
} as const satisfies ScreenDefinition;

export const signupComplete = {
  id: "signup-complete",
  paths: ["/signup/complete"],
  layout: "login",
  access: "any",
  titleKey: "screens.signupComplete.title",
  leadKey: "screens.signupComplete.lead",
  // Only for the member the sign-up logged in (issue 41 §17).
  screenData: "signup/complete",
  forms: [],
  // Forward, not back: the new member has never been to My Page.
  links: [{ to: "/mypage", labelKey: "screens.common.goToMyPage" }],
} as const satisfies ScreenDefinition;

/**
 * A sign-up through a social provider (issue 48 §2): the store's registration form with the
 * policies still to agree to, for the e-mail the provider or the visitor proved.
 */
export const authCallbackForm = {
  id: "auth-callback-form",
  paths: ["/auth/callback/form"],
  layout: "login",
  access: "guest",
  titleKey: "screens.signupForm.title",
  screenData: "auth/callback/form",
  intro: "socialSignupEmail",
  forms: [
    {
      builder: "registration",
      builderOptions: { purpose: "signup" },
      submit: { method: "POST", path: "/zapi/signup", payload: "registration" },
      submitLabelKey: "screens.signupForm.submit",
      successTo: "/signup/complete",
      errors: {
        ACCOUNT_ALREADY_EXISTS_USER_ID: { field: "userId", summaryKey: summary },
        ACCOUNT_ALREADY_EXISTS_EMAIL: { summaryKey: summary },
        VALIDATION_ERROR: { summaryKey: summary },
      },
    },
  ],
} as const satisfies ScreenDefinition;
