/**
 * What each named page body reads of its screen's data. A body named in ScreenBodyDataByName reads
 * the answer by the schema the server builds it by: the screen's loader checks the data against that
 * schema (app/lib/screen-data-shapes.server.ts) and hands the body its typed value. Any other body
 * reads its screen data member by member, checking each as it reads it.
 */

import type { ConsentScreenData } from "../../../schemas/types/consent-screen-data.gen.ts";
import type { OidcConsentScreenData } from "../../../schemas/types/oidc-consent-screen-data.gen.ts";
import type { PaymentMethodScreenData } from "../../../schemas/types/payment-method-screen-data.gen.ts";
import type { PurchaseCompleteScreenData } from "../../../schemas/types/purchase-complete-screen-data.gen.ts";
import type { PurchaseConfirmScreenData } from "../../../schemas/types/purchase-confirm-screen-data.gen.ts";
import type { PurchaseFormScreenData } from "../../../schemas/types/purchase-form-screen-data.gen.ts";
import type { SignupPlansScreenData } from "../../../schemas/types/signup-plans-screen-data.gen.ts";
import type { SubscriptionScreenData } from "../../../schemas/types/subscription-screen-data.gen.ts";
import type { SubscriptionsScreenData } from "../../../schemas/types/subscriptions-screen-data.gen.ts";
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
}

export type ScreenDataRecord = Readonly<Record<string, unknown>>;

export type ScreenBodyData<K extends ScreenContentName> = K extends keyof ScreenBodyDataByName
  ? ScreenBodyDataByName[K]
  : ScreenDataRecord;

/** A page body with the screen data it reads, as the loader checked it. */
export interface ScreenBody<K extends ScreenContentName = ScreenContentName> {
  name: K;
  screenData: ScreenBodyData<K>;
}

/** The screen's bodies above (`intro`) and below (`content`) its forms. */
export interface ScreenBodies {
  intro: ScreenBody | null;
  content: ScreenBody | null;
}

/**
 * Whether the body is the one of this name. The name vouches for the data's type: the loader
 * checked the data by that name's shape before it named the body (screen-loader.server.ts).
 */
export function isBodyNamed<K extends ScreenContentName>(
  body: ScreenBody | null,
  name: K,
): body is ScreenBody<K> {
  return body?.name === name;
}

export const NO_BODIES: ScreenBodies = { intro: null, content: null };
