/**
 * The site's client at each fake identity provider (identity-providers.ts): ids and secrets, apart
 * from the fakes themselves so that playwright.config.ts can hand the secrets to the e2e server
 * without loading oidc-provider.
 */
export type FakeProviderType = "Line" | "Google" | "YahooJapan" | "Facebook";
export const FAKE_PROVIDER_TYPES: readonly FakeProviderType[] = ["Line", "Google", "YahooJapan", "Facebook"];

export const FAKE_CLIENT_ID: Readonly<Record<FakeProviderType, string>> = {
  Line: "fake-line-channel",
  Google: "fake-google-client.apps.example",
  YahooJapan: "fake-yahoo-japan-client",
  Facebook: "fake-facebook-app",
};
/** The secrets, as the site reads them from SOCIAL_<TYPE>_CLIENT_SECRET; HS256 needs 32 bytes. */
export const FAKE_CLIENT_SECRET: Readonly<Record<FakeProviderType, string>> = {
  Line: "fake-line-channel-secret-0123456789abcdef",
  Google: "fake-google-client-secret-0123456789abcdef",
  YahooJapan: "fake-yahoo-japan-secret-0123456789abcdef",
  Facebook: "fake-facebook-app-secret-0123456789abcdef",
};

/** SOCIAL_<TYPE>_CLIENT_SECRET of each fake, as the site reads them (server/social/providers.ts). */
export const FAKE_SECRET_ENV: Readonly<Record<string, string>> = Object.fromEntries(
  FAKE_PROVIDER_TYPES.map((type) => [`SOCIAL_${type.toUpperCase()}_CLIENT_SECRET`, FAKE_CLIENT_SECRET[type]]),
);
