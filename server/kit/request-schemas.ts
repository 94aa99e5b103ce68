/**
 * Request bodies that are not a form, or the parts of one outside its form (loginMethod, type,
 * policyConsentData), checked against the request schemas of schemas/requests with the same ajv
 * set-up as the forms. A failure is the same 400 VALIDATION_ERROR `{errors: [{field, message}]}`.
 */
import type { Context } from "hono";
import type { JSONSchema7 } from "json-schema";
import { translatorFor } from "../../locales/language.ts";
import paymentMethodSchema from "../../schemas/payment-method.schema.json" with { type: "json" };
import policyConsentDataSchema from "../../schemas/policy-consent-data.schema.json" with { type: "json" };
import backupCodeListRequestSchema from "../../schemas/requests/backup-code-list-request.schema.json" with {
  type: "json",
};
import changePaymentMethodRequestSchema from "../../schemas/requests/change-payment-method-request.schema.json" with {
  type: "json",
};
import consentRequestSchema from "../../schemas/requests/consent-request.schema.json" with { type: "json" };
import consoleAssetRequestSchema from "../../schemas/requests/console-asset-request.schema.json" with {
  type: "json",
};
import consoleCancelSubscriptionRequestSchema from "../../schemas/requests/console-cancel-subscription-request.schema.json" with {
  type: "json",
};
import consoleFreeDaysRequestSchema from "../../schemas/requests/console-free-days-request.schema.json" with {
  type: "json",
};
import consoleLiftAddressRequestSchema from "../../schemas/requests/console-lift-address-request.schema.json" with {
  type: "json",
};
import consoleMemberActionRequestSchema from "../../schemas/requests/console-member-action-request.schema.json" with {
  type: "json",
};
import consolePublishRequestSchema from "../../schemas/requests/console-publish-request.schema.json" with {
  type: "json",
};
import consoleRefundRequestSchema from "../../schemas/requests/console-refund-request.schema.json" with {
  type: "json",
};
import consoleRollbackRequestSchema from "../../schemas/requests/console-rollback-request.schema.json" with {
  type: "json",
};
import consoleSetupRequestSchema from "../../schemas/requests/console-setup-request.schema.json" with {
  type: "json",
};
import consoleSignInRequestSchema from "../../schemas/requests/console-sign-in-request.schema.json" with {
  type: "json",
};
import consoleStaffAddRequestSchema from "../../schemas/requests/console-staff-add-request.schema.json" with {
  type: "json",
};
import consoleStaffRoleRequestSchema from "../../schemas/requests/console-staff-role-request.schema.json" with {
  type: "json",
};
import disableMultiFactorRequestSchema from "../../schemas/requests/disable-multi-factor-request.schema.json" with {
  type: "json",
};
import emptyRequestSchema from "../../schemas/requests/empty-request.schema.json" with { type: "json" };
import enableMultiFactorRequestSchema from "../../schemas/requests/enable-multi-factor-request.schema.json" with {
  type: "json",
};
import loginCodeRequestSchema from "../../schemas/requests/login-code-request.schema.json" with {
  type: "json",
};
import loginRequestSchema from "../../schemas/requests/login-request.schema.json" with { type: "json" };
import multiFactorLoginRequestSchema from "../../schemas/requests/multi-factor-login-request.schema.json" with {
  type: "json",
};
import passkeyLoginRequestSchema from "../../schemas/requests/passkey-login-request.schema.json" with {
  type: "json",
};
import passkeyRegistrationRequestSchema from "../../schemas/requests/passkey-registration-request.schema.json" with {
  type: "json",
};
import passkeyRenameRequestSchema from "../../schemas/requests/passkey-rename-request.schema.json" with {
  type: "json",
};
import paymentMethodCreditRequestSchema from "../../schemas/requests/payment-method-credit-request.schema.json" with {
  type: "json",
};
import paymentMethodLinkRequestSchema from "../../schemas/requests/payment-method-link-request.schema.json" with {
  type: "json",
};
import paymentMethodReturnRequestSchema from "../../schemas/requests/payment-method-return-request.schema.json" with {
  type: "json",
};
import playbackFetchRequestSchema from "../../schemas/requests/playback-fetch-request.schema.json" with {
  type: "json",
};
import profileImageRequestSchema from "../../schemas/requests/profile-image-request.schema.json" with {
  type: "json",
};
import purchaseRequestSchema from "../../schemas/requests/purchase-request.schema.json" with { type: "json" };
import purchaseReturnRequestSchema from "../../schemas/requests/purchase-return-request.schema.json" with {
  type: "json",
};
import purchaseVerifyRequestSchema from "../../schemas/requests/purchase-verify-request.schema.json" with {
  type: "json",
};
import sendPinCodeRequestSchema from "../../schemas/requests/send-pin-code-request.schema.json" with {
  type: "json",
};
import signupEmailRequestSchema from "../../schemas/requests/signup-email-request.schema.json" with {
  type: "json",
};
import socialAuthorizeRequestSchema from "../../schemas/requests/social-authorize-request.schema.json" with {
  type: "json",
};
import socialCallbackRequestSchema from "../../schemas/requests/social-callback-request.schema.json" with {
  type: "json",
};
import socialDisableRequestSchema from "../../schemas/requests/social-disable-request.schema.json" with {
  type: "json",
};
import subscriptionWithdrawRequestSchema from "../../schemas/requests/subscription-withdraw-request.schema.json" with {
  type: "json",
};
import userIdVerifyRequestSchema from "../../schemas/requests/user-id-verify-request.schema.json" with {
  type: "json",
};
import surveyAnswersSchema from "../../schemas/survey-answers.schema.json" with { type: "json" };
import { createAjv } from "../../schemas/validation.ts";
import { translateValidationErrors } from "../../schemas/validation-messages.ts";
import type { ApiEnv } from "../api/context.ts";
import { ApiError } from "./errors.ts";
import { requestLanguage } from "./validation.ts";

/** The body of POST /zapi/signup/policy: {policyConsentData}. */
const signupPolicyRequestSchema = {
  $id: "requests/signup-policy-request.local.json",
  type: "object",
  additionalProperties: false,
  required: ["policyConsentData"],
  properties: { policyConsentData: { $ref: "../policy-consent-data.schema.json" } },
};

/** POST /zapi/signup/email: the shared sign-up e-mail request, for the signUp purpose only. */
const signupEmailForSignUpSchema = {
  $id: "requests/signup-email-sign-up.local.json",
  allOf: [{ $ref: "signup-email-request.schema.json" }, { properties: { type: { const: "signUp" } } }],
};

/** POST /zapi/account/edit: {optionalInfo}, whose members the store's registration form checks. */
const accountEditRequestSchema = {
  $id: "requests/account-edit-request.local.json",
  type: "object",
  additionalProperties: false,
  required: ["optionalInfo"],
  properties: { optionalInfo: { type: "object" } },
};

/**
 * POST /zapi/account/email/edit/send-pin-code {email, type} (spec §7): the new address (the form
 * checks it) for mailEdit. Its confirmation is the form's check, made before the call.
 */
const emailEditSendPinCodeRequestSchema = {
  $id: "requests/email-edit-send-pin-code-request.local.json",
  type: "object",
  additionalProperties: false,
  required: ["type"],
  properties: { type: { const: "mailEdit" }, email: {} },
};

/** The request schemas by call; checkRequest names the body type of each at its call site. */
export const REQUEST_SCHEMAS = {
  login: loginRequestSchema,
  loginCode: loginCodeRequestSchema,
  multiFactorLogin: multiFactorLoginRequestSchema,
  sendPinCode: sendPinCodeRequestSchema,
  signupEmail: signupEmailForSignUpSchema,
  signupPolicy: signupPolicyRequestSchema,
  policyConsentData: policyConsentDataSchema,
  userIdVerify: userIdVerifyRequestSchema,
  accountEdit: accountEditRequestSchema,
  emailEditSendPinCode: emailEditSendPinCodeRequestSchema,
  consent: consentRequestSchema,
  profileImage: profileImageRequestSchema,
  enableMultiFactor: enableMultiFactorRequestSchema,
  disableMultiFactor: disableMultiFactorRequestSchema,
  backupCodeList: backupCodeListRequestSchema,
  paymentMethodCredit: paymentMethodCreditRequestSchema,
  paymentMethodLink: paymentMethodLinkRequestSchema,
  paymentMethodReturn: paymentMethodReturnRequestSchema,
  purchaseVerify: purchaseVerifyRequestSchema,
  purchase: purchaseRequestSchema,
  purchaseReturn: purchaseReturnRequestSchema,
  playbackFetch: playbackFetchRequestSchema,
  changePaymentMethod: changePaymentMethodRequestSchema,
  empty: emptyRequestSchema,
  subscriptionWithdraw: subscriptionWithdrawRequestSchema,
  socialAuthorize: socialAuthorizeRequestSchema,
  socialCallback: socialCallbackRequestSchema,
  socialDisable: socialDisableRequestSchema,
  consoleSetup: consoleSetupRequestSchema,
  consoleSignIn: consoleSignInRequestSchema,
  consoleStaffAdd: consoleStaffAddRequestSchema,
  consoleStaffRole: consoleStaffRoleRequestSchema,
  consolePublish: consolePublishRequestSchema,
  consoleRollback: consoleRollbackRequestSchema,
  consoleAsset: consoleAssetRequestSchema,
  consoleMemberAction: consoleMemberActionRequestSchema,
  consoleRefund: consoleRefundRequestSchema,
  consoleCancelSubscription: consoleCancelSubscriptionRequestSchema,
  consoleFreeDays: consoleFreeDaysRequestSchema,
  consoleLiftAddress: consoleLiftAddressRequestSchema,
  passkeyRegistration: passkeyRegistrationRequestSchema,
  passkeyLogin: passkeyLoginRequestSchema,
  passkeyRename: passkeyRenameRequestSchema,
};

const ajv = createAjv();
ajv.addSchema(policyConsentDataSchema);
ajv.addSchema(signupEmailRequestSchema);
ajv.addSchema(paymentMethodSchema);
ajv.addSchema(surveyAnswersSchema);

function validatorFor(schema: { $id: string }) {
  return ajv.getSchema(schema.$id) ?? ajv.compile(schema);
}

/** `body` as the request schema's type, or ApiError 400 VALIDATION_ERROR with per-field messages. */
export async function checkRequest<T>(
  c: Context<ApiEnv>,
  schema: { $id: string },
  body: unknown,
): Promise<T> {
  const validate = validatorFor(schema);
  if (validate(body)) return body as T;
  const language = requestLanguage(c);
  const t = await translatorFor(language);
  const form = { id: schema.$id, version: "request", schema: schema as JSONSchema7, uiSchema: {} };
  const errors = translateValidationErrors(validate.errors ?? [], form, t, language);
  throw new ApiError(400, "VALIDATION_ERROR", t("validation.summary"), { errors });
}

/** A JSON object body as a record; anything else as an empty one, which validation then refuses. */
export function asRecord(body: unknown): Record<string, unknown> {
  return typeof body === "object" && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/** The members of a JSON object body named in `names` (what one form of the call describes). */
export function pick(body: unknown, names: readonly string[]): Record<string, unknown> {
  const record = asRecord(body);
  return Object.fromEntries(names.filter((name) => name in record).map((name) => [name, record[name]]));
}
