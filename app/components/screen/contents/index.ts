/**
 * Every route's page bodies by route file, for what draws a screen outside its route (the
 * gallery) and for the test that every screen's route draws the bodies it names. Routes import
 * their own module, never this one, so that a page ships only its bodies.
 */
import type { ScreenContents } from "../screen-view.tsx";
import { CONNECTIONS_CONTENTS } from "./connections.ts";
import { CONSENT_CONTENTS } from "./consent.ts";
import { CONTENT_SCREEN_CONTENTS } from "./content-screen.ts";
import { DEVICE_CONTENTS } from "./devices.ts";
import { FORM_SCREEN_CONTENTS } from "./form-screen.ts";
import { MULTI_FACTOR_CONTENTS } from "./multi-factor.ts";
import { OIDC_CONSENT_CONTENTS, OIDC_SELECT_ACCOUNT_CONTENTS } from "./oidc.ts";
import { PASSKEY_CONTENTS } from "./passkeys.ts";
import { PAYMENT_METHOD_CONTENTS } from "./payment-method.ts";
import { PLAN_TO_BUY_CONTENTS } from "./plan-to-buy.ts";
import { PURCHASE_QUOTE_CONTENTS } from "./purchase-quote.ts";
import { SUBSCRIPTION_CONTENTS } from "./subscription.ts";

export const ROUTE_CONTENTS: Readonly<Record<string, ScreenContents>> = {
  "routes/form-screen.tsx": FORM_SCREEN_CONTENTS,
  "routes/content-screen.tsx": CONTENT_SCREEN_CONTENTS,
  "routes/mypage-multi-factor.tsx": MULTI_FACTOR_CONTENTS,
  "routes/mypage-consent.tsx": CONSENT_CONTENTS,
  "routes/mypage-connections.tsx": CONNECTIONS_CONTENTS,
  "routes/mypage-passkeys.tsx": PASSKEY_CONTENTS,
  "routes/mypage-devices.tsx": DEVICE_CONTENTS,
  "routes/mypage-payment-method.tsx": PAYMENT_METHOD_CONTENTS,
  "routes/plans-purchase.tsx": PLAN_TO_BUY_CONTENTS,
  "routes/plans-purchase-confirm.tsx": PURCHASE_QUOTE_CONTENTS,
  "routes/mypage-subscription.tsx": SUBSCRIPTION_CONTENTS,
  "routes/oidc-consent.tsx": OIDC_CONSENT_CONTENTS,
  "routes/oidc-select-account.tsx": OIDC_SELECT_ACCOUNT_CONTENTS,
};
