/**
 * What each named page body reads of its screen's data: the type of the schema the server builds
 * the answer by. The screen's loader checks the data against that schema
 * (app/lib/screen-data-shapes.server.ts) and hands the body its typed value; no body reads a member
 * by a guess.
 */

import type { BackupCodeCountScreenData } from "../../../schemas/types/backup-code-count-screen-data.gen.ts";
import type { BackupCodeListScreenData } from "../../../schemas/types/backup-code-list-screen-data.gen.ts";
import type { ConnectionScreenData } from "../../../schemas/types/connection-screen-data.gen.ts";
import type { ConnectionsScreenData } from "../../../schemas/types/connections-screen-data.gen.ts";
import type { ConsentScreenData } from "../../../schemas/types/consent-screen-data.gen.ts";
import type { DevicesScreenData } from "../../../schemas/types/devices-screen-data.gen.ts";
import type { MultiFactorEmailScreenData } from "../../../schemas/types/multi-factor-email-screen-data.gen.ts";
import type { MultiFactorLoginScreenData } from "../../../schemas/types/multi-factor-login-screen-data.gen.ts";
import type { MultiFactorSettingsScreenData } from "../../../schemas/types/multi-factor-settings-screen-data.gen.ts";
import type { MultiFactorSmsScreenData } from "../../../schemas/types/multi-factor-sms-screen-data.gen.ts";
import type { OidcConsentScreenData } from "../../../schemas/types/oidc-consent-screen-data.gen.ts";
import type { OtpSetupScreenData } from "../../../schemas/types/otp-setup-screen-data.gen.ts";
import type { PasskeysScreenData } from "../../../schemas/types/passkeys-screen-data.gen.ts";
import type { PaymentMethodScreenData } from "../../../schemas/types/payment-method-screen-data.gen.ts";
import type { PurchaseCompleteScreenData } from "../../../schemas/types/purchase-complete-screen-data.gen.ts";
import type { PurchaseConfirmScreenData } from "../../../schemas/types/purchase-confirm-screen-data.gen.ts";
import type { PurchaseFormScreenData } from "../../../schemas/types/purchase-form-screen-data.gen.ts";
import type { SelectAccountScreenData } from "../../../schemas/types/select-account-screen-data.gen.ts";
import type { SignupPlansScreenData } from "../../../schemas/types/signup-plans-screen-data.gen.ts";
import type { OfferedSocialLogin } from "../../../schemas/types/social-offer.gen.ts";
import type { SocialSignupScreenData } from "../../../schemas/types/social-signup-screen-data.gen.ts";
import type { SubscriptionScreenData } from "../../../schemas/types/subscription-screen-data.gen.ts";
import type { SubscriptionsScreenData } from "../../../schemas/types/subscriptions-screen-data.gen.ts";
import type { WithdrawScreenData } from "../../../schemas/types/withdraw-screen-data.gen.ts";
import type { ScreenContentName } from "../../../screens/screen-definition.ts";

export interface ScreenBodyDataByName {
  consentSwitches: ConsentScreenData;
  oidcConsent: OidcConsentScreenData;
  savedPaymentMethods: PaymentMethodScreenData;
  planToBuy: PurchaseFormScreenData;
  purchaseQuote: PurchaseConfirmScreenData;
  purchaseComplete: PurchaseCompleteScreenData;
  planChoices: SignupPlansScreenData;
  subscriptionList: SubscriptionsScreenData;
  subscriptionSummary: SubscriptionScreenData;
  subscriptionDetail: SubscriptionScreenData;
  subscriptionEnding: SubscriptionScreenData;
  socialSignupEmail: SocialSignupScreenData;
  multiFactorSettings: MultiFactorSettingsScreenData;
  multiFactorEmail: MultiFactorEmailScreenData;
  multiFactorSms: MultiFactorSmsScreenData;
  otpSetupGuide: OtpSetupScreenData;
  backupCodeCount: BackupCodeCountScreenData;
  backupCodeGenerate: BackupCodeListScreenData;
  connectedApps: ConnectionsScreenData;
  passkeyList: PasskeysScreenData;
  deviceList: DevicesScreenData;
  connectedApp: ConnectionScreenData;
  oidcSelectAccount: SelectAccountScreenData;
  multiFactorLoginGuide: MultiFactorLoginScreenData;
  multiFactorOtherTypes: MultiFactorLoginScreenData;
  contractedPlans: WithdrawScreenData;
  withdrawalNotes: WithdrawScreenData;
}

export type ScreenDataRecord = Readonly<Record<string, unknown>>;

/** Every body has one: a new name that comes without its schema's type fails here. */
export type ScreenBodyData<K extends ScreenContentName> = ScreenBodyDataByName[K];

/**
 * A page body with the screen data it reads, as the loader checked it: one member per name, so the
 * name tells the data's type (`body.name === "planToBuy"` narrows `body.screenData`).
 */
export type ScreenBody<K extends ScreenContentName = ScreenContentName> = {
  [Name in K]: { name: Name; screenData: ScreenBodyData<Name> };
}[K];

/** The screen's bodies above (`intro`) and below (`content`) its forms. */
export interface ScreenBodies {
  intro: ScreenBody | null;
  content: ScreenBody | null;
  /** The social providers the screen's data offers, on a screen that shows them (`socialLogin`). */
  socialLogins: readonly OfferedSocialLogin[];
}

export const NO_BODIES: ScreenBodies = { intro: null, content: null, socialLogins: [] };
