/**
 * Every form a screen definition (screens/) can name, as an adapter from what a screen has — the
 * store settings, the screen data of GET /zapi/internal/{path}/screen-data and the definition's
 * JSON `builderOptions` — to a builder's input. The API builds its forms directly (it knows the
 * account and leaves out confirmation fields the request body does not carry); screens always get
 * the confirmation fields.
 */

import type { FormDefinition, PasswordStrength } from "../form-definition.ts";
import { SECOND_FACTOR_TYPES } from "../multi-factor.ts";
import type { LoginIdentifier } from "../rules.ts";
import type { FormScreenData } from "../types/form-screen-data.gen.ts";
import type { StoreSettings } from "../types/store-settings.gen.ts";
import {
  buildAuthCodeForm,
  buildMultiFactorForm,
  buildOtpSetupForm,
  buildProfilePinForm,
  buildSmsSetupForm,
  type MultiFactorType,
} from "./codes.ts";
import { buildPolicyConsentForm, buildSignupEmailForm, buildWithdrawalForm } from "./consent.ts";
import {
  buildEmailChangeForm,
  buildEmailRecoveryForm,
  buildForgotPasswordForm,
  buildPasswordChangeForm,
  buildPasswordResetForm,
  buildPasswordSetForm,
  buildReauthenticationCodeForm,
  buildReauthenticationPasswordForm,
  buildReauthenticationSendCodeForm,
  buildUserIdChangeForm,
} from "./credentials.ts";
import { buildCodeLoginForm, buildLoginCodeEntryForm, buildPasswordLoginForm } from "./login.ts";
import { buildCardForm, buildInvoiceAddresseeForm, buildPaymentMethodForm } from "./payment.ts";
import { buildPurchaseConfirmForm, buildPurchaseForm } from "./purchase.ts";
import { buildRegistrationForm, DEFAULT_PASSWORD_STRENGTH } from "./registration.ts";
import { buildSubscriptionPaymentMethodForm } from "./subscription.ts";
import { buildSurveyForm } from "./survey.ts";

export type BuilderOptions = Readonly<Record<string, string | number | boolean>>;

export interface FormBuildContext {
  settings: StoreSettings;
  /** The settings version (StoreSnapshot.version) the builders memoise on. */
  settingsVersion: string;
  /** The screen's data as its forms read it (checked where the forms are built); each adapter's keys are named in FORM_BUILDERS. */
  screenData: FormScreenData;
  options: BuilderOptions;
}

type CodePurpose = keyof StoreSettings["authCodeSetting"];
const CODE_PURPOSES = [
  "mailEdit",
  "mailVerify",
  "passwordSetting",
  "withdraw",
  "login",
  "signUp",
  "multiFactorEmail",
] as const;

function oneOf<T extends string>(allowed: readonly T[], value: unknown, what: string): T {
  if (typeof value === "string" && (allowed as readonly string[]).includes(value)) return value as T;
  throw new Error(`${what} must be one of ${allowed.join(", ")}; got ${JSON.stringify(value)}`);
}

function storeStrength(settings: StoreSettings): PasswordStrength {
  return settings.accountRegistrationSetting.passwordStrength ?? DEFAULT_PASSWORD_STRENGTH;
}

/** An account's own strength (account screen data) wins over the store's current one. */
function accountStrength({ settings, screenData }: FormBuildContext): PasswordStrength {
  return screenData.passwordStrength ?? storeStrength(settings);
}

/** Login page data: with user IDs enabled either identifier works; `options.identifier` may narrow it. */
function loginIdentifier({ screenData, settings, options }: FormBuildContext): LoginIdentifier {
  if (options.identifier !== undefined)
    return oneOf(["emailOrUserId", "userId", "email"], options.identifier, "identifier");
  const enabled = screenData.isEnabledUserId ?? settings.features.isEnabledUserId;
  return enabled ? "emailOrUserId" : "email";
}

function codeName(settings: StoreSettings, purpose: CodePurpose) {
  return settings.authCodeSetting[purpose];
}

const none: Record<string, never> = {};

export const FORM_BUILDERS = {
  /** options.purpose "signup" | "edit"; screen data isRequiredPassword (sign-up page data). */
  registration: ({ settings, settingsVersion, screenData, options }: FormBuildContext) =>
    buildRegistrationForm(
      {
        setting: settings.accountRegistrationSetting,
        purpose: oneOf(["signup", "edit"], options.purpose ?? "signup", "purpose"),
        isRequiredPassword: screenData.isRequiredPassword === true,
        policies: screenData.policies ?? [],
      },
      settingsVersion,
    ),
  /** Login page data isEnabledUserId, or options.identifier. */
  loginPassword: (context: FormBuildContext) =>
    buildPasswordLoginForm({ identifier: loginIdentifier(context) }, context.settingsVersion),
  loginCode: ({ settingsVersion }: FormBuildContext) => buildCodeLoginForm(none, settingsVersion),
  loginCodeEntry: ({ settings, settingsVersion }: FormBuildContext) =>
    buildLoginCodeEntryForm({ codeName: codeName(settings, "login") }, settingsVersion),
  /** options.purpose: the authCodeSetting entry that names the mailed code. */
  authCode: ({ settings, settingsVersion, options }: FormBuildContext) =>
    buildAuthCodeForm(
      { codeName: codeName(settings, oneOf(CODE_PURPOSES, options.purpose, "purpose")) },
      settingsVersion,
    ),
  profilePin: ({ settingsVersion }: FormBuildContext) =>
    buildProfilePinForm({ withConfirmation: true }, settingsVersion),
  /** Multi-factor page data: type (or options.type), multiFactorType list, defaultMultiFactorType. */
  multiFactor: ({ settings, settingsVersion, screenData, options }: FormBuildContext) => {
    const type = oneOf<MultiFactorType>(SECOND_FACTOR_TYPES, options.type ?? screenData.type, "type");
    // A list on the login's pages; a factor's own set-up page names its one factor, which no list offers.
    const availableTypes = Array.isArray(screenData.multiFactorType) ? screenData.multiFactorType : [];
    const defaultType = oneOf<MultiFactorType>(
      SECOND_FACTOR_TYPES,
      screenData.defaultMultiFactorType ?? type,
      "defaultMultiFactorType",
    );
    return buildMultiFactorForm(
      { type, availableTypes, defaultType, emailCodeName: codeName(settings, "multiFactorEmail") },
      settingsVersion,
    );
  },
  otpSetup: ({ settingsVersion }: FormBuildContext) => buildOtpSetupForm(none, settingsVersion),
  smsSetup: ({ settingsVersion }: FormBuildContext) => buildSmsSetupForm(none, settingsVersion),
  passwordSet: ({ settings, settingsVersion }: FormBuildContext) =>
    buildPasswordSetForm(
      { strength: storeStrength(settings), codeName: codeName(settings, "passwordSetting") },
      settingsVersion,
    ),
  /** Account screen data passwordStrength, else the store's. */
  passwordChange: (context: FormBuildContext) =>
    buildPasswordChangeForm(
      { strength: accountStrength(context), withConfirmation: true },
      context.settingsVersion,
    ),
  passwordReset: ({ settings, settingsVersion }: FormBuildContext) =>
    buildPasswordResetForm({ strength: storeStrength(settings) }, settingsVersion),
  passwordForgot: ({ settingsVersion }: FormBuildContext) => buildForgotPasswordForm(none, settingsVersion),
  /** Account screen data userId: the current one. */
  userIdChange: ({ settingsVersion, screenData }: FormBuildContext) =>
    buildUserIdChangeForm({ currentUserId: screenData.userId ?? "" }, settingsVersion),
  /** The way back from an e-mail change the member did not make (issue 39 §4): the link's token. */
  emailRecovery: ({ settingsVersion }: FormBuildContext) => buildEmailRecoveryForm(none, settingsVersion),
  /** A re-authentication (issue 39 §4): the password, or a mailed code and the button that sends it. */
  reauthenticationPassword: ({ settingsVersion }: FormBuildContext) =>
    buildReauthenticationPasswordForm(none, settingsVersion),
  reauthenticationCode: ({ settingsVersion }: FormBuildContext) =>
    buildReauthenticationCodeForm(none, settingsVersion),
  reauthenticationSendCode: ({ settingsVersion }: FormBuildContext) =>
    buildReauthenticationSendCodeForm(none, settingsVersion),
  /** Screen data policies (shown with the e-mail unless they had a step of their own). */
  signupEmail: ({ settingsVersion, screenData }: FormBuildContext) =>
    buildSignupEmailForm({ policies: screenData.policies ?? [] }, settingsVersion),
  /** Account screen data email (the login e-mail), else contactEmail. */
  emailChange: ({ settingsVersion, screenData }: FormBuildContext) =>
    buildEmailChangeForm(
      {
        currentEmail: screenData.email || screenData.contactEmail || "",
        withConfirmation: true,
      },
      settingsVersion,
    ),
  /** Screen data policies. */
  policyConsent: ({ settingsVersion, screenData }: FormBuildContext) =>
    buildPolicyConsentForm({ policies: screenData.policies ?? [] }, settingsVersion),
  /** Screen data survey (may be null). */
  withdrawal: ({ settingsVersion, screenData }: FormBuildContext) =>
    buildWithdrawalForm({ survey: screenData.survey ?? null }, settingsVersion),
  /** Screen data survey. */
  survey: ({ settingsVersion, screenData }: FormBuildContext) => {
    const survey = screenData.survey ?? { surveyName: "", questions: [] };
    return buildSurveyForm({ survey }, settingsVersion);
  },
  /** Purchase screen data paymentChoices (saved methods, the payment code), survey (the plan's), planChange. */
  purchase: ({ settingsVersion, screenData }: FormBuildContext) =>
    buildPurchaseForm(
      {
        choices: screenData.paymentChoices ?? [],
        survey: screenData.survey ?? null,
        planChange: screenData.planChange === true,
      },
      settingsVersion,
    ),
  purchaseConfirm: ({ settingsVersion }: FormBuildContext) => buildPurchaseConfirmForm(none, settingsVersion),
  /** Screen data paymentMethodTypes (the types the page offers), else the store's payment methods. */
  paymentMethod: ({ settings, settingsVersion, screenData }: FormBuildContext) =>
    buildPaymentMethodForm(
      {
        types: screenData.paymentMethodTypes ?? settings.storePaymentMethods ?? [],
      },
      settingsVersion,
    ),
  /** Screen data paymentChoices: the member's saved methods, the one paying now first. */
  subscriptionPaymentMethod: ({ settingsVersion, screenData }: FormBuildContext) =>
    buildSubscriptionPaymentMethodForm({ choices: screenData.paymentChoices ?? [] }, settingsVersion),
  card: ({ settingsVersion }: FormBuildContext) => buildCardForm(none, settingsVersion),
  invoiceAddressee: ({ settingsVersion }: FormBuildContext) =>
    buildInvoiceAddresseeForm(none, settingsVersion),
} satisfies Record<string, (context: FormBuildContext) => FormDefinition>;

export type FormBuilderName = keyof typeof FORM_BUILDERS;

export function isFormBuilderName(name: string): name is FormBuilderName {
  return Object.hasOwn(FORM_BUILDERS, name);
}

/** The form a screen definition names, built from what the screen has. */
export function buildScreenForm(name: FormBuilderName, context: FormBuildContext): FormDefinition {
  return FORM_BUILDERS[name](context);
}
