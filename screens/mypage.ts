import type { ScreenDefinition, ScreenLink } from "./screen-definition.ts";

/** The account area's form screens and their completion pages (spec §2 Account area, §8 My page). */

const pinCodeError = {
  PIN_CODE_ERROR: { field: "pinCode" },
} as const;

const TO_MY_PAGE = { to: "/mypage", labelKey: "screens.common.toMyPage" } as const satisfies ScreenLink;

/** A completion page of the account area: its title and lead, then `before` and the way to my page. */
function completion(
  id: string,
  path: string,
  titleKey: string,
  leadKey: string,
  before: readonly ScreenLink[] = [],
) {
  return {
    id,
    paths: [path],
    layout: "account",
    access: "member",
    titleKey,
    leadKey,
    forms: [],
    hideMenu: true,
    links: [...before, TO_MY_PAGE],
  } as const satisfies ScreenDefinition;
}

export const mypageEdit = {
  id: "mypage-edit",
  paths: ["/mypage/edit"],
  layout: "account",
  access: "member",
  backTo: "/mypage",
  titleKey: "screens.mypageEdit.title",
  screenData: "mypage/edit",
  forms: [
    {
      builder: "registration",
      builderOptions: { purpose: "edit" },
      prefillFrom: "values",
      submit: { method: "POST", path: "/zapi/account/edit", payload: "registration", wrapIn: "optionalInfo" },
      submitLabelKey: "screens.common.save",
      successTo: "/mypage/edit/complete",
    },
  ],
} as const satisfies ScreenDefinition;

export const mypageEditComplete = completion(
  "mypage-edit-complete",
  "/mypage/edit/complete",
  "screens.mypageEdit.completeTitle",
  "screens.mypageEdit.completeLead",
);

export const mypageEmailEdit = {
  id: "mypage-email-edit",
  reauthenticate: true,
  paths: ["/mypage/email/edit"],
  layout: "account",
  access: "member",
  backTo: "/mypage",
  titleKey: "screens.emailEdit.title",
  leadKey: "screens.emailEdit.lead",
  screenData: "mypage/email/edit",
  forms: [
    {
      builder: "emailChange",
      submit: {
        method: "POST",
        path: "/zapi/account/email/edit/send-pin-code",
        body: { type: "mailEdit" },
        bodyWithout: ["emailConfirm"],
      },
      submitLabelKey: "screens.emailEdit.submit",
      successTo: "/mypage/email/edit/pin-code",
      errors: { ACCOUNT_ALREADY_EXISTS_EMAIL: { field: "email" } },
    },
  ],
} as const satisfies ScreenDefinition;

export const mypageEmailEditPinCode = {
  id: "mypage-email-edit-pin-code",
  reauthenticate: true,
  paths: ["/mypage/email/edit/pin-code"],
  layout: "account",
  access: "member",
  backTo: "/mypage",
  titleKey: "screens.emailEdit.title",
  leadKey: "screens.pinCode.leadTo",
  screenData: "mypage/email/edit/pin-code",
  forms: [
    {
      builder: "authCode",
      builderOptions: { purpose: "mailEdit" },
      submit: { method: "POST", path: "/zapi/account/email/edit" },
      retryAfterChangeOf: "pinCode",
      resend: { path: "/zapi/account/email/send-pin-code", body: { type: "mailEdit" } },
      submitLabelKey: "screens.pinCode.submit",
      successTo: "/mypage/email/edit/complete",
      errors: pinCodeError,
    },
  ],
  links: [{ to: "/mypage/email/edit", labelKey: "screens.signupPinCode.changeEmail" }],
} as const satisfies ScreenDefinition;

export const mypageEmailEditComplete = completion(
  "mypage-email-edit-complete",
  "/mypage/email/edit/complete",
  "screens.emailEdit.completeTitle",
  "screens.emailEdit.completeLead",
);

export const mypageEmailVerify = {
  id: "mypage-email-verify",
  paths: ["/mypage/email/verify", "/mypage/email/verify/code"],
  layout: "account",
  access: "member",
  backTo: "/mypage",
  titleKey: "screens.emailVerify.title",
  leadKey: "screens.pinCode.leadToContact",
  screenData: "mypage/email/verify",
  forms: [
    {
      builder: "authCode",
      builderOptions: { purpose: "mailVerify" },
      submit: { method: "POST", path: "/zapi/account/email/verify" },
      retryAfterChangeOf: "pinCode",
      resend: { path: "/zapi/account/email/send-pin-code", body: { type: "mailVerify" } },
      submitLabelKey: "screens.pinCode.submit",
      successTo: "/mypage/email/verify/complete",
      errors: pinCodeError,
    },
  ],
  links: [{ to: "/mypage/email/edit", labelKey: "screens.emailVerify.changeEmail" }],
} as const satisfies ScreenDefinition;

export const mypageEmailVerifyComplete = completion(
  "mypage-email-verify-complete",
  "/mypage/email/verify/complete",
  "screens.emailVerify.completeTitle",
  "screens.emailVerify.completeLead",
);

export const mypageEnablePassword = {
  id: "mypage-enable-password",
  paths: ["/mypage/enable-password"],
  layout: "account",
  access: "member",
  backTo: "/mypage",
  titleKey: "screens.enablePassword.title",
  leadKey: "screens.pinCode.lead",
  screenData: "mypage/enable-password",
  forms: [
    {
      builder: "passwordSet",
      submit: { method: "POST", path: "/zapi/account/enable-password" },
      retryAfterChangeOf: "pinCode",
      resend: { path: "/zapi/account/email/send-pin-code", body: { type: "passwordSetting" } },
      submitLabelKey: "screens.common.save",
      successTo: "/mypage/enable-password/complete",
      errors: pinCodeError,
    },
  ],
} as const satisfies ScreenDefinition;

export const mypageEnablePasswordComplete = completion(
  "mypage-enable-password-complete",
  "/mypage/enable-password/complete",
  "screens.enablePassword.completeTitle",
  "screens.enablePassword.completeLead",
);

export const mypagePasswordEdit = {
  id: "mypage-password-edit",
  paths: ["/mypage/password/edit"],
  layout: "account",
  access: "member",
  backTo: "/mypage",
  titleKey: "screens.passwordEdit.title",
  screenData: "mypage/password/edit",
  forms: [
    {
      builder: "passwordChange",
      submit: { method: "POST", path: "/zapi/account/password/edit", bodyWithout: ["newPasswordConfirm"] },
      submitLabelKey: "screens.common.change",
      successTo: "/mypage/password/edit/complete",
      errors: {
        INVALID_PASSWORD_REUSED: { field: "newPassword" },
        HTTP_401: { field: "oldPassword" },
      },
    },
  ],
} as const satisfies ScreenDefinition;

export const mypagePasswordEditComplete = completion(
  "mypage-password-edit-complete",
  "/mypage/password/edit/complete",
  "screens.passwordEdit.completeTitle",
  "screens.passwordEdit.completeLead",
);

export const mypageUserIdEdit = {
  id: "mypage-user-id-edit",
  paths: ["/mypage/user-id/edit"],
  layout: "account",
  access: "member",
  backTo: "/mypage",
  titleKey: "screens.userIdEdit.title",
  screenData: "mypage/user-id/edit",
  forms: [
    {
      builder: "userIdChange",
      submit: { method: "POST", path: "/zapi/account/user-id/edit" },
      submitLabelKey: "screens.common.change",
      successTo: "/mypage/user-id/edit/complete",
      errors: {
        ACCOUNT_ALREADY_EXISTS_USER_ID: { field: "userId" },
        REQUEST_UNAUTHORIZED: { field: "password" },
      },
    },
  ],
} as const satisfies ScreenDefinition;

export const mypageUserIdEditComplete = completion(
  "mypage-user-id-edit-complete",
  "/mypage/user-id/edit/complete",
  "screens.userIdEdit.completeTitle",
  "screens.userIdEdit.completeLead",
);

export const mypagePinCode = {
  id: "mypage-pin-code",
  paths: ["/mypage/pin-code"],
  layout: "account",
  access: "member",
  backTo: "/mypage",
  titleKey: "screens.pinCodeSetting.title",
  leadKey: "screens.pinCodeSetting.lead",
  forms: [
    {
      builder: "profilePin",
      submit: { method: "POST", path: "/zapi/account/pinCode/set", bodyWithout: ["pinCodeConfirm"] },
      submitLabelKey: "screens.pinCodeSetting.submit",
      successTo: "/mypage/pin-code/complete",
    },
  ],
} as const satisfies ScreenDefinition;

export const mypagePinCodeComplete = completion(
  "mypage-pin-code-complete",
  "/mypage/pin-code/complete",
  "screens.pinCodeSetting.completeTitle",
  "screens.pinCodeSetting.completeLead",
);

export const mypageConsent = {
  id: "mypage-consent",
  paths: ["/mypage/consent"],
  layout: "account",
  access: "member",
  backTo: "/mypage",
  // Spec §2: プライバシー管理 for type=privacy, otherwise メールマガジン.
  titleKey: "screens.consent.newsletterTitle",
  titleByScreenData: { member: "type", keys: { privacy: "screens.consent.title" } },
  screenData: "mypage/consent",
  // Each switch is its own call (POST /zapi/account/consent), made by the route's action.
  forms: [],
  content: "consentSwitches",
} as const satisfies ScreenDefinition;

/** /mypage/multi-factor (spec §2): a row per method the store offers, the backup codes while one is on. */
export const mypageMultiFactor = {
  id: "mypage-multi-factor",
  reauthenticate: true,
  paths: ["/mypage/multi-factor"],
  layout: "account",
  access: "member",
  backTo: "/mypage",
  titleKey: "mypage.multiFactorPage.title",
  leadKey: "mypage.multiFactorPage.lead",
  screenData: "mypage/multi-factor",
  // Each row's turn-off posts its own call (POST /zapi/account/disable-multi-factor) to the route action.
  forms: [],
  content: "multiFactorSettings",
} as const satisfies ScreenDefinition;

/**
 * The member's passkeys (ADR 0050): the list, renaming, deleting, and adding one, which the
 * browser's WebAuthn does on the page (app/routes/mypage-passkeys.tsx). Behind the
 * re-authentication, as the other takeover-grade settings are.
 */
export const mypagePasskeys = {
  id: "mypage-passkeys",
  reauthenticate: true,
  paths: ["/mypage/passkeys"],
  layout: "account",
  access: "member",
  backTo: "/mypage",
  titleKey: "passkeys.title",
  leadKey: "passkeys.lead",
  screenData: "mypage/passkeys",
  forms: [],
  content: "passkeyList",
} as const satisfies ScreenDefinition;

/**
 * Where the member is signed in (ログイン中の端末): each session, one signed out or every other,
 * behind the re-authentication (app/routes/mypage-devices.tsx).
 */
export const mypageDevices = {
  id: "mypage-devices",
  reauthenticate: true,
  paths: ["/mypage/devices"],
  layout: "account",
  access: "member",
  backTo: "/mypage",
  titleKey: "devices.title",
  leadKey: "devices.lead",
  screenData: "mypage/devices",
  forms: [],
  content: "deviceList",
} as const satisfies ScreenDefinition;

/** E-mail as a second factor: enabled only for a verified address (spec §4 MFA, §6). */
export const mypageMultiFactorEmail = {
  id: "mypage-multi-factor-email",
  paths: ["/mypage/multi-factor/email"],
  layout: "account",
  access: "member",
  backTo: "/mypage/multi-factor",
  titleKey: "mypage.multiFactorPage.email.title",
  screenData: "mypage/multi-factor/email",
  forms: [],
  content: "multiFactorEmail",
} as const satisfies ScreenDefinition;

/** SMS as a second factor: the account's phone number, proved by a texted code (issue 27 §1). */
export const mypageMultiFactorSms = {
  id: "mypage-multi-factor-sms",
  paths: ["/mypage/multi-factor/sms"],
  layout: "account",
  access: "member",
  backTo: "/mypage/multi-factor",
  titleKey: "mypage.multiFactorPage.sms.title",
  screenData: "mypage/multi-factor/sms",
  forms: [],
  content: "multiFactorSms",
} as const satisfies ScreenDefinition;

/** The code texted to the number; it proves the number and turns SMS on. */
export const mypageMultiFactorSmsCode = {
  id: "mypage-multi-factor-sms-code",
  paths: ["/mypage/multi-factor/sms/code"],
  layout: "account",
  access: "member",
  backTo: "/mypage/multi-factor/sms",
  titleKey: "mypage.multiFactorPage.sms.codeTitle",
  leadKey: "mypage.multiFactorPage.sms.codeLead",
  screenData: "mypage/multi-factor/sms/code",
  forms: [
    {
      builder: "smsSetup",
      submit: { method: "POST", path: "/zapi/account/enable-multi-factor", body: { multiFactorType: "SMS" } },
      retryAfterChangeOf: "token",
      resend: {
        path: "/zapi/account/enable-multi-factor",
        body: { multiFactorType: "SMS" },
        hintKey: "screens.pinCode.smsNotReceivedHint",
      },
      submitLabelKey: "mypage.multiFactorPage.sms.codeSubmit",
      // The API names the backup-code page when the member has no codes yet.
      successTo: "/mypage/multi-factor/complete",
      errors: { PIN_CODE_ERROR: { field: "token" } },
    },
  ],
} as const satisfies ScreenDefinition;

export const mypageMultiFactorOtp = {
  id: "mypage-multi-factor-otp",
  paths: ["/mypage/multi-factor/otp"],
  layout: "account",
  access: "member",
  backTo: "/mypage/multi-factor",
  titleKey: "screens.otpSetup.title",
  leadKey: "screens.otpSetup.lead",
  screenData: "mypage/multi-factor/otp",
  intro: "otpSetupGuide",
  forms: [
    {
      builder: "otpSetup",
      submit: { method: "POST", path: "/zapi/account/enable-multi-factor", body: { multiFactorType: "OTP" } },
      submitLabelKey: "screens.otpSetup.submit",
      // The API names the backup-code page when the member has no codes yet.
      successTo: "/mypage/multi-factor/complete",
      errors: { MULTI_FACTOR_ERROR: { field: "token" } },
    },
  ],
} as const satisfies ScreenDefinition;

export const mypageMultiFactorBackupCode = {
  id: "mypage-multi-factor-backup-code",
  paths: ["/mypage/multi-factor/backup-code"],
  layout: "account",
  access: "member",
  backTo: "/mypage/multi-factor",
  titleKey: "mypage.multiFactorPage.backupCode.title",
  leadKey: "mypage.multiFactorPage.backupCode.lead",
  screenData: "mypage/multi-factor/backup-code",
  forms: [],
  content: "backupCodeCount",
} as const satisfies ScreenDefinition;

/** New backup codes, shown once; registered only once the member confirms having saved them (spec §4). */
export const mypageMultiFactorBackupCodeGenerate = {
  id: "mypage-multi-factor-backup-code-generate",
  reauthenticate: true,
  paths: ["/mypage/multi-factor/backup-code/generate"],
  layout: "account",
  access: "member",
  backTo: "/mypage/multi-factor",
  titleKey: "mypage.multiFactorPage.generate.title",
  leadKey: "mypage.multiFactorPage.generate.lead",
  screenData: "mypage/multi-factor/backup-code/generate",
  forms: [],
  content: "backupCodeGenerate",
} as const satisfies ScreenDefinition;

export const mypageMultiFactorComplete = completion(
  "mypage-multi-factor-complete",
  "/mypage/multi-factor/complete",
  "mypage.multiFactorPage.complete.title",
  "mypage.multiFactorPage.complete.lead",
  [{ to: "/mypage/multi-factor", labelKey: "mypage.multiFactorPage.complete.back" }],
);

/**
 * /mypage/payment-method (spec §2, §4 Payment method selection): the saved methods, then the type
 * chooser with the form of the chosen type. The card's fields never leave the browser: the
 * provider's script turns them into tokens, which routes/mypage-payment-method.tsx posts.
 */
export const mypagePaymentMethod = {
  id: "mypage-payment-method",
  paths: ["/mypage/payment-method"],
  layout: "account",
  access: "member",
  backTo: "/mypage",
  titleKey: "screens.paymentMethod.title",
  screenData: "mypage/payment-method",
  intro: "savedPaymentMethods",
  forms: [
    {
      builder: "paymentMethod",
      submit: { method: "POST", path: "/zapi/account/payment-method/credit" },
      submitLabelKey: "screens.paymentMethod.submit",
      successTo: "/mypage/payment-method/complete",
    },
  ],
} as const satisfies ScreenDefinition;

export const mypagePaymentMethodComplete = completion(
  "mypage-payment-method-complete",
  "/mypage/payment-method/complete",
  "screens.paymentMethod.completeTitle",
  "screens.paymentMethod.completeLead",
  [{ to: "/mypage/payment-method", labelKey: "screens.paymentMethod.backToList" }],
);

export const mypagePaymentMethodDeleteComplete = completion(
  "mypage-payment-method-delete-complete",
  "/mypage/payment-method/delete/complete",
  "screens.paymentMethod.deleteCompleteTitle",
  "screens.paymentMethod.deleteCompleteLead",
  [{ to: "/mypage/payment-method", labelKey: "screens.paymentMethod.backToList" }],
);

export const mypageInvoice = {
  id: "mypage-invoice-earningsId",
  paths: ["/mypage/invoice/:earningsId"],
  layout: "account",
  access: "member",
  backTo: "/mypage",
  titleKey: "screens.invoice.title",
  screenData: "mypage/invoice/:earningsId",
  hideMenu: true,
  forms: [
    {
      builder: "invoiceAddressee",
      submit: { method: "POST", path: "/zapi/account/invoice/:earningsId" },
      submitLabelKey: "screens.invoice.submit",
    },
  ],
} as const satisfies ScreenDefinition;

export const withdraw = {
  id: "withdraw",
  reauthenticate: true,
  paths: ["/withdraw"],
  layout: "account",
  access: "member",
  backTo: "/mypage",
  titleKey: "screens.withdraw.title",
  leadKey: "screens.withdraw.lead",
  screenData: "withdraw",
  // The 注意事項 the consent checkbox names (issue 41 §14).
  intro: "withdrawalNotes",
  // While plans are in force: those plans, each with the way to cancel it, instead of the form.
  content: "contractedPlans",
  forms: [
    {
      builder: "withdrawal",
      submit: { method: "POST", path: "/zapi/account/withdraw/confirm" },
      submitLabelKey: "screens.withdraw.submit",
      successTo: "/withdraw/pin-code",
      withheldWhile: "contractedPlans",
    },
  ],
} as const satisfies ScreenDefinition;

export const withdrawPinCode = {
  id: "withdraw-pin-code",
  reauthenticate: true,
  paths: ["/withdraw/pin-code"],
  layout: "account",
  access: "member",
  backTo: "/mypage",
  titleKey: "screens.withdraw.title",
  leadKey: "screens.pinCode.lead",
  screenData: "withdraw/pin-code",
  forms: [
    {
      builder: "authCode",
      builderOptions: { purpose: "withdraw" },
      submit: { method: "DELETE", path: "/zapi/account/withdraw" },
      irreversible: true,
      retryAfterChangeOf: "pinCode",
      resend: { path: "/zapi/account/email/send-pin-code", body: { type: "withdraw" } },
      submitLabelKey: "screens.withdraw.confirmSubmit",
      successTo: "/withdraw/complete",
      errors: pinCodeError,
    },
  ],
} as const satisfies ScreenDefinition;

export const withdrawComplete = {
  id: "withdraw-complete",
  paths: ["/withdraw/complete"],
  layout: "login",
  access: "any",
  titleKey: "screens.withdraw.completeTitle",
  leadKey: "screens.withdraw.completeLead",
  // Only right after a withdrawal (issue 41 §17).
  screenData: "withdraw/complete",
  forms: [],
  links: [{ to: "/", labelKey: "common.backToTop" }],
} as const satisfies ScreenDefinition;

/** Connected apps (issue 47 §2; spec §2): the clients the member let in through the login provider. */
export const mypageConnections = {
  id: "mypage-connections",
  paths: ["/mypage/connections"],
  layout: "account",
  access: "member",
  backTo: "/mypage",
  titleKey: "mypage.connectionsPage.title",
  screenData: "mypage/connections",
  content: "connectedApps",
  forms: [],
} as const satisfies ScreenDefinition;

export const mypageConnectionsClient = {
  id: "mypage-connections-client-clientId",
  paths: ["/mypage/connections/client/:clientId"],
  layout: "account",
  access: "member",
  backTo: "/mypage/connections",
  titleKey: "mypage.connectionsPage.title",
  screenData: "mypage/connections/client/:clientId",
  content: "connectedApp",
  forms: [],
} as const satisfies ScreenDefinition;

/** A provider linked from my page (issue 48 §2). */
export const mypageSocialEnableComplete = completion(
  "mypage-social-enable-complete",
  "/mypage/social/enable/complete",
  "social.link.enableTitle",
  "social.link.enableLead",
);

/** A provider unlinked from my page (issue 48 §2). */
export const mypageSocialDisableComplete = completion(
  "mypage-social-disable-complete",
  "/mypage/social/disable/complete",
  "social.link.disableTitle",
  "social.link.disableLead",
);

/** The provider's person is another account's (spec §8 External ID link, ACCOUNT_ALREADY_EXISTS). */
export const socialRelateError = {
  ...completion(
    "social-relate-error",
    "/social/relate/error",
    "social.link.relateErrorTitle",
    "social.link.relateErrorLead",
  ),
} as const satisfies ScreenDefinition;
