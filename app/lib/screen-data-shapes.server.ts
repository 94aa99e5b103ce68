/**
 * The shapes of the API's answers that pages read, compiled once per process from the schemas the
 * server builds them by (schemas/*.schema.json): a loader given one checks the answer against it
 * and hands the page a typed value, no cast between (zapi.server.ts loadApiData).
 */

import type { ValidateFunction } from "ajv";
import accountSchema from "../../schemas/account.schema.json" with { type: "json" };
import accountGrantSchema from "../../schemas/account-grant.schema.json" with { type: "json" };
import registrationSettingSchema from "../../schemas/account-registration-setting.schema.json" with {
  type: "json",
};
import backupCodeCountScreenDataSchema from "../../schemas/backup-code-count-screen-data.schema.json" with {
  type: "json",
};
import backupCodeListScreenDataSchema from "../../schemas/backup-code-list-screen-data.schema.json" with {
  type: "json",
};
import connectionScreenDataSchema from "../../schemas/connection-screen-data.schema.json" with {
  type: "json",
};
import connectionsScreenDataSchema from "../../schemas/connections-screen-data.schema.json" with {
  type: "json",
};
import consentOptionSchema from "../../schemas/consent-option.schema.json" with { type: "json" };
import consentScreenDataSchema from "../../schemas/consent-screen-data.schema.json" with { type: "json" };
import consoleAuditScreenDataSchema from "../../schemas/console-audit-screen-data.schema.json" with {
  type: "json",
};
import consoleConfigChangeSchema from "../../schemas/console-config-change.schema.json" with { type: "json" };
import consoleMemberScreenDataSchema from "../../schemas/console-member-screen-data.schema.json" with {
  type: "json",
};
import consoleMembersScreenDataSchema from "../../schemas/console-members-screen-data.schema.json" with {
  type: "json",
};
import consolePreviewSettingsSchema from "../../schemas/console-preview-settings.schema.json" with {
  type: "json",
};
import consoleReportsScreenDataSchema from "../../schemas/console-reports-screen-data.schema.json" with {
  type: "json",
};
import consoleSettingsScreenDataSchema from "../../schemas/console-settings-screen-data.schema.json" with {
  type: "json",
};
import consoleSettingsSectionScreenDataSchema from "../../schemas/console-settings-section-screen-data.schema.json" with {
  type: "json",
};
import consoleSetupScreenDataSchema from "../../schemas/console-setup-screen-data.schema.json" with {
  type: "json",
};
import consoleStaffListScreenDataSchema from "../../schemas/console-staff-list-screen-data.schema.json" with {
  type: "json",
};
import consoleStaffScreenDataSchema from "../../schemas/console-staff-screen-data.schema.json" with {
  type: "json",
};
import consoleVersionsScreenDataSchema from "../../schemas/console-versions-screen-data.schema.json" with {
  type: "json",
};
import devicesScreenDataSchema from "../../schemas/devices-screen-data.schema.json" with { type: "json" };
import externalAccountSchema from "../../schemas/external-account.schema.json" with { type: "json" };
import formScreenDataSchema from "../../schemas/form-screen-data.schema.json" with { type: "json" };
import heldContractSchema from "../../schemas/held-contract.schema.json" with { type: "json" };
import invoiceSchema from "../../schemas/invoice.schema.json" with { type: "json" };
import licensesScreenDataSchema from "../../schemas/licenses-screen-data.schema.json" with { type: "json" };
import loginHistoryItemSchema from "../../schemas/login-history-item.schema.json" with { type: "json" };
import loginHistoryScreenDataSchema from "../../schemas/login-history-screen-data.schema.json" with {
  type: "json",
};
import multiFactorEmailScreenDataSchema from "../../schemas/multi-factor-email-screen-data.schema.json" with {
  type: "json",
};
import multiFactorLoginScreenDataSchema from "../../schemas/multi-factor-login-screen-data.schema.json" with {
  type: "json",
};
import multiFactorSettingsScreenDataSchema from "../../schemas/multi-factor-settings-screen-data.schema.json" with {
  type: "json",
};
import multiFactorSmsScreenDataSchema from "../../schemas/multi-factor-sms-screen-data.schema.json" with {
  type: "json",
};
import mypageScreenDataSchema from "../../schemas/mypage-screen-data.schema.json" with { type: "json" };
import oidcConsentScreenDataSchema from "../../schemas/oidc-consent-screen-data.schema.json" with {
  type: "json",
};
import orderVerifyResultSchema from "../../schemas/order-verify-result.schema.json" with { type: "json" };
import otpSetupScreenDataSchema from "../../schemas/otp-setup-screen-data.schema.json" with { type: "json" };
import passkeysScreenDataSchema from "../../schemas/passkeys-screen-data.schema.json" with { type: "json" };
import paymentHistorySchema from "../../schemas/payment-history.schema.json" with { type: "json" };
import paymentMethodSchema from "../../schemas/payment-method.schema.json" with { type: "json" };
import paymentMethodScreenDataSchema from "../../schemas/payment-method-screen-data.schema.json" with {
  type: "json",
};
import paymentProviderConfigSchema from "../../schemas/payment-provider-config.schema.json" with {
  type: "json",
};
import planOfferSchema from "../../schemas/plan-offer.schema.json" with { type: "json" };
import plansScreenDataSchema from "../../schemas/plans-screen-data.schema.json" with { type: "json" };
import policySchema from "../../schemas/policy.schema.json" with { type: "json" };
import policyScreenDataSchema from "../../schemas/policy-screen-data.schema.json" with { type: "json" };
import profileImageScreenDataSchema from "../../schemas/profile-image-screen-data.schema.json" with {
  type: "json",
};
import purchaseCompleteScreenDataSchema from "../../schemas/purchase-complete-screen-data.schema.json" with {
  type: "json",
};
import purchaseConfirmScreenDataSchema from "../../schemas/purchase-confirm-screen-data.schema.json" with {
  type: "json",
};
import purchaseFormScreenDataSchema from "../../schemas/purchase-form-screen-data.schema.json" with {
  type: "json",
};
import purchasePaymentChoiceSchema from "../../schemas/purchase-payment-choice.schema.json" with {
  type: "json",
};
import reauthenticationScreenDataSchema from "../../schemas/reauthentication-screen-data.schema.json" with {
  type: "json",
};
import returnInvoiceSchema from "../../schemas/return-invoice.schema.json" with { type: "json" };
import rootScreenDataSchema from "../../schemas/root-screen-data.schema.json" with { type: "json" };
import selectAccountScreenDataSchema from "../../schemas/select-account-screen-data.schema.json" with {
  type: "json",
};
import signupPlansScreenDataSchema from "../../schemas/signup-plans-screen-data.schema.json" with {
  type: "json",
};
import socialOfferSchema from "../../schemas/social-offer.schema.json" with { type: "json" };
import socialSignupScreenDataSchema from "../../schemas/social-signup-screen-data.schema.json" with {
  type: "json",
};
import storeSettingsSchema from "../../schemas/store-settings.schema.json" with { type: "json" };
import subscriptionSchema from "../../schemas/subscription.schema.json" with { type: "json" };
import subscriptionScreenDataSchema from "../../schemas/subscription-screen-data.schema.json" with {
  type: "json",
};
import subscriptionSummarySchema from "../../schemas/subscription-summary.schema.json" with { type: "json" };
import subscriptionsScreenDataSchema from "../../schemas/subscriptions-screen-data.schema.json" with {
  type: "json",
};
import surveySchema from "../../schemas/survey.schema.json" with { type: "json" };
import type { BackupCodeCountScreenData } from "../../schemas/types/backup-code-count-screen-data.gen.ts";
import type { BackupCodeListScreenData } from "../../schemas/types/backup-code-list-screen-data.gen.ts";
import type { ConnectionScreenData } from "../../schemas/types/connection-screen-data.gen.ts";
import type { ConnectionsScreenData } from "../../schemas/types/connections-screen-data.gen.ts";
import type { ConsentScreenData } from "../../schemas/types/consent-screen-data.gen.ts";
import type { ConsoleAuditScreenData } from "../../schemas/types/console-audit-screen-data.gen.ts";
import type { ConsoleMemberScreenData } from "../../schemas/types/console-member-screen-data.gen.ts";
import type { ConsoleMembersScreenData } from "../../schemas/types/console-members-screen-data.gen.ts";
import type { ConsolePreviewSettings } from "../../schemas/types/console-preview-settings.gen.ts";
import type { ConsoleReportsScreenData } from "../../schemas/types/console-reports-screen-data.gen.ts";
import type { ConsoleSettingsScreenData } from "../../schemas/types/console-settings-screen-data.gen.ts";
import type { ConsoleSettingsSectionScreenData } from "../../schemas/types/console-settings-section-screen-data.gen.ts";
import type { ConsoleSetupScreenData } from "../../schemas/types/console-setup-screen-data.gen.ts";
import type { ConsoleStaffListScreenData } from "../../schemas/types/console-staff-list-screen-data.gen.ts";
import type { ConsoleStaffScreenData } from "../../schemas/types/console-staff-screen-data.gen.ts";
import type { ConsoleVersionsScreenData } from "../../schemas/types/console-versions-screen-data.gen.ts";
import type { DevicesScreenData } from "../../schemas/types/devices-screen-data.gen.ts";
import type { FormScreenData } from "../../schemas/types/form-screen-data.gen.ts";
import type { InvoiceScreenData } from "../../schemas/types/invoice.gen.ts";
import type { LicensesScreenData } from "../../schemas/types/licenses-screen-data.gen.ts";
import type { LoginHistoryScreenData } from "../../schemas/types/login-history-screen-data.gen.ts";
import type { MultiFactorEmailScreenData } from "../../schemas/types/multi-factor-email-screen-data.gen.ts";
import type { MultiFactorLoginScreenData } from "../../schemas/types/multi-factor-login-screen-data.gen.ts";
import type { MultiFactorSettingsScreenData } from "../../schemas/types/multi-factor-settings-screen-data.gen.ts";
import type { MultiFactorSmsScreenData } from "../../schemas/types/multi-factor-sms-screen-data.gen.ts";
import type { MypageScreenData } from "../../schemas/types/mypage-screen-data.gen.ts";
import type { OidcConsentScreenData } from "../../schemas/types/oidc-consent-screen-data.gen.ts";
import type { OtpSetupScreenData } from "../../schemas/types/otp-setup-screen-data.gen.ts";
import type { PasskeysScreenData } from "../../schemas/types/passkeys-screen-data.gen.ts";
import type { PaymentHistoryPage } from "../../schemas/types/payment-history.gen.ts";
import type { PaymentMethodScreenData } from "../../schemas/types/payment-method-screen-data.gen.ts";
import type { PlansScreenData } from "../../schemas/types/plans-screen-data.gen.ts";
import type { PolicyScreenData } from "../../schemas/types/policy-screen-data.gen.ts";
import type { ProfileImageScreenData } from "../../schemas/types/profile-image-screen-data.gen.ts";
import type { PurchaseCompleteScreenData } from "../../schemas/types/purchase-complete-screen-data.gen.ts";
import type { PurchaseConfirmScreenData } from "../../schemas/types/purchase-confirm-screen-data.gen.ts";
import type { PurchaseFormScreenData } from "../../schemas/types/purchase-form-screen-data.gen.ts";
import type { ReauthenticationData } from "../../schemas/types/reauthentication-screen-data.gen.ts";
import type { ReturnInvoice } from "../../schemas/types/return-invoice.gen.ts";
import type { RootScreenData } from "../../schemas/types/root-screen-data.gen.ts";
import type { SelectAccountScreenData } from "../../schemas/types/select-account-screen-data.gen.ts";
import type { SignupPlansScreenData } from "../../schemas/types/signup-plans-screen-data.gen.ts";
import type { SocialOffer } from "../../schemas/types/social-offer.gen.ts";
import type { SocialSignupScreenData } from "../../schemas/types/social-signup-screen-data.gen.ts";
import type { SubscriptionScreenData } from "../../schemas/types/subscription-screen-data.gen.ts";
import type { SubscriptionsScreenData } from "../../schemas/types/subscriptions-screen-data.gen.ts";
import type { WithdrawScreenData } from "../../schemas/types/withdraw-screen-data.gen.ts";
import { createAjv } from "../../schemas/validation.ts";
import withdrawScreenDataSchema from "../../schemas/withdraw-screen-data.schema.json" with { type: "json" };
import type { ScreenContentName } from "../../screens/screen-definition.ts";
import type { ScreenBodyData, ScreenDataRecord } from "../components/screen/screen-bodies.ts";

const ajv = createAjv();
// What the shapes below refer to by $id.
for (const schema of [
  accountSchema,
  consentOptionSchema,
  externalAccountSchema,
  heldContractSchema,
  loginHistoryItemSchema,
  paymentMethodSchema,
  planOfferSchema,
  registrationSettingSchema,
  surveySchema,
  storeSettingsSchema,
  orderVerifyResultSchema,
  paymentProviderConfigSchema,
  purchasePaymentChoiceSchema,
  policySchema,
  subscriptionSchema,
  subscriptionSummarySchema,
  accountGrantSchema,
  consoleConfigChangeSchema,
]) {
  ajv.addSchema(schema);
}

/** /console/audit: a page of the console's audit trail. */
export const CONSOLE_AUDIT_SCREEN_DATA = ajv.compile<ConsoleAuditScreenData>(consoleAuditScreenDataSchema);
/** /console/setup: the set-up link's owner and the authenticator secret to add. */
export const CONSOLE_SETUP_SCREEN_DATA = ajv.compile<ConsoleSetupScreenData>(consoleSetupScreenDataSchema);
/** /console/staff: everyone who may use the console. */
export const CONSOLE_STAFF_LIST_SCREEN_DATA = ajv.compile<ConsoleStaffListScreenData>(
  consoleStaffListScreenDataSchema,
);
/** /console/versions: one configuration's versions. */
export const CONSOLE_VERSIONS_SCREEN_DATA = ajv.compile<ConsoleVersionsScreenData>(
  consoleVersionsScreenDataSchema,
);
/** /console/settings/store: the sections, the version in force and the staff member's draft. */
export const CONSOLE_SETTINGS_SCREEN_DATA = ajv.compile<ConsoleSettingsScreenData>(
  consoleSettingsScreenDataSchema,
);
/** /console/settings/store/{section}: what the section's form edits. */
export const CONSOLE_SETTINGS_SECTION_SCREEN_DATA = ajv.compile<ConsoleSettingsSectionScreenData>(
  consoleSettingsSectionScreenDataSchema,
);
/** /console/settings/{kind}/preview/{screen}: the settings and the screen data a preview renders with. */
export const CONSOLE_PREVIEW_SETTINGS = ajv.compile<ConsolePreviewSettings>(consolePreviewSettingsSchema);
/** /console/members: the members a search finds. */
export const CONSOLE_MEMBERS_SCREEN_DATA = ajv.compile<ConsoleMembersScreenData>(
  consoleMembersScreenDataSchema,
);
/** /console/members/{publicId}: a member's page, opened with a reason. */
export const CONSOLE_MEMBER_SCREEN_DATA = ajv.compile<ConsoleMemberScreenData>(consoleMemberScreenDataSchema);
/** /console/reports: the business over the last twelve months. */
export const CONSOLE_REPORTS_SCREEN_DATA = ajv.compile<ConsoleReportsScreenData>(
  consoleReportsScreenDataSchema,
);
/** /console: the signed-in staff member. */
export const CONSOLE_STAFF_SCREEN_DATA = ajv.compile<ConsoleStaffScreenData>(consoleStaffScreenDataSchema);
/** /plans: the member's contracts and every plan on offer. */
export const PLANS_SCREEN_DATA = ajv.compile<PlansScreenData>(plansScreenDataSchema);
/** /mypage/payment-history/{page}: one page of payments. */
export const PAYMENT_HISTORY_PAGE = ajv.compile<PaymentHistoryPage>(paymentHistorySchema);
/** /mypage/login-history: a page of the member's logins and what to suggest. */
export const LOGIN_HISTORY_SCREEN_DATA = ajv.compile<LoginHistoryScreenData>(loginHistoryScreenDataSchema);
/** /app/licenses: the production dependencies and their terms. */
export const LICENSES_SCREEN_DATA = ajv.compile<LicensesScreenData>(licensesScreenDataSchema);
/** /mypage/profile/edit: the member's picture now. */
export const PROFILE_IMAGE_SCREEN_DATA = ajv.compile<ProfileImageScreenData>(profileImageScreenDataSchema);
/** /terms, /privacy, /policies/{policyId}: the revision in force. */
export const POLICY_SCREEN_DATA = ajv.compile<PolicyScreenData>(policyScreenDataSchema);
/** /mypage: the account overview. */
export const MYPAGE_SCREEN_DATA = ajv.compile<MypageScreenData>(mypageScreenDataSchema);
/** What a screen's forms are built from (app/lib/screen-form-build.server.ts). */
export const FORM_SCREEN_DATA = ajv.compile<FormScreenData>(formScreenDataSchema);
/** /mypage/invoice/{earningsId}: the charge, and its invoice once issued. */
export const INVOICE_SCREEN_DATA = ajv.compile<InvoiceScreenData>(invoiceSchema);
/** /mypage/return-invoice/{refundId}: a refund as its return invoice (its issuer as the invoice's). */
export const RETURN_INVOICE = ajv.compile<ReturnInvoice>(returnInvoiceSchema);
/** Every page's root data: who is logged in and the store settings the browser may see. */
export const ROOT_SCREEN_DATA = ajv.compile<RootScreenData>(rootScreenDataSchema);
/** Whether a guarded page must first ask the member to prove who they are, and how. */
export const REAUTHENTICATION_DATA = ajv.compile<ReauthenticationData>(reauthenticationScreenDataSchema);
/**
 * A screen's data as a whole: an object. Each part of the page checks what it reads of it by its
 * own shape (the bodies below, the social buttons, the forms' inputs).
 */
export const ANY_SCREEN_DATA = ajv.compile<ScreenDataRecord>({ type: "object" });

/** A login's second-factor page (/login and the login provider's). */
const MULTI_FACTOR_LOGIN_SCREEN_DATA = ajv.compile<MultiFactorLoginScreenData>(
  multiFactorLoginScreenDataSchema,
);
/** /withdraw: what holds the withdrawal back, and the survey. */
const WITHDRAW_SCREEN_DATA = ajv.compile<WithdrawScreenData>(withdrawScreenDataSchema);
/** A subscription's page and each of its sub-pages. */
const SUBSCRIPTION_SCREEN_DATA = ajv.compile<SubscriptionScreenData>(subscriptionScreenDataSchema);

/** The social providers a login or sign-up page offers. */
export const SOCIAL_OFFER = ajv.compile<SocialOffer>(socialOfferSchema);

/** What each page body reads of its screen's data (app/components/screen/screen-bodies.ts). */
export const SCREEN_BODY_SHAPES: { [K in ScreenContentName]: ValidateFunction<ScreenBodyData<K>> } = {
  consentSwitches: ajv.compile<ConsentScreenData>(consentScreenDataSchema),
  connectedApps: ajv.compile<ConnectionsScreenData>(connectionsScreenDataSchema),
  connectedApp: ajv.compile<ConnectionScreenData>(connectionScreenDataSchema),
  oidcConsent: ajv.compile<OidcConsentScreenData>(oidcConsentScreenDataSchema),
  oidcSelectAccount: ajv.compile<SelectAccountScreenData>(selectAccountScreenDataSchema),
  multiFactorLoginGuide: MULTI_FACTOR_LOGIN_SCREEN_DATA,
  multiFactorOtherTypes: MULTI_FACTOR_LOGIN_SCREEN_DATA,
  otpSetupGuide: ajv.compile<OtpSetupScreenData>(otpSetupScreenDataSchema),
  multiFactorSettings: ajv.compile<MultiFactorSettingsScreenData>(multiFactorSettingsScreenDataSchema),
  multiFactorEmail: ajv.compile<MultiFactorEmailScreenData>(multiFactorEmailScreenDataSchema),
  multiFactorSms: ajv.compile<MultiFactorSmsScreenData>(multiFactorSmsScreenDataSchema),
  passkeyList: ajv.compile<PasskeysScreenData>(passkeysScreenDataSchema),
  deviceList: ajv.compile<DevicesScreenData>(devicesScreenDataSchema),
  backupCodeCount: ajv.compile<BackupCodeCountScreenData>(backupCodeCountScreenDataSchema),
  backupCodeGenerate: ajv.compile<BackupCodeListScreenData>(backupCodeListScreenDataSchema),
  withdrawalNotes: WITHDRAW_SCREEN_DATA,
  socialSignupEmail: ajv.compile<SocialSignupScreenData>(socialSignupScreenDataSchema),
  contractedPlans: WITHDRAW_SCREEN_DATA,
  savedPaymentMethods: ajv.compile<PaymentMethodScreenData>(paymentMethodScreenDataSchema),
  planToBuy: ajv.compile<PurchaseFormScreenData>(purchaseFormScreenDataSchema),
  purchaseQuote: ajv.compile<PurchaseConfirmScreenData>(purchaseConfirmScreenDataSchema),
  planChoices: ajv.compile<SignupPlansScreenData>(signupPlansScreenDataSchema),
  purchaseComplete: ajv.compile<PurchaseCompleteScreenData>(purchaseCompleteScreenDataSchema),
  subscriptionList: ajv.compile<SubscriptionsScreenData>(subscriptionsScreenDataSchema),
  subscriptionSummary: SUBSCRIPTION_SCREEN_DATA,
  subscriptionDetail: SUBSCRIPTION_SCREEN_DATA,
  subscriptionEnding: SUBSCRIPTION_SCREEN_DATA,
};
