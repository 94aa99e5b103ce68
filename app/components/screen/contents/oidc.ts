/** The login provider's page bodies (routes/oidc-consent.tsx, routes/oidc-select-account.tsx). */
import { OidcConsent } from "../../oidc/oidc-consent.tsx";
import { OidcSelectAccount } from "../../oidc/oidc-select-account.tsx";
import type { ScreenContents } from "../screen-view.tsx";

export const OIDC_CONSENT_CONTENTS = { oidcConsent: OidcConsent } as const satisfies ScreenContents;

export const OIDC_SELECT_ACCOUNT_CONTENTS = {
  oidcSelectAccount: OidcSelectAccount,
} as const satisfies ScreenContents;
