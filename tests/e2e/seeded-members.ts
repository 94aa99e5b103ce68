/** The members tests/e2e/seed.ts writes before the e2e server starts, for the specs that use them. */
export const SEEDED_PASSWORD = "Seeded2026pass";

/** Members whose e-mail address is not verified, one per language of the verification spec. */
export const UNVERIFIED_MEMBERS = {
  ja: "unverified-ja@example.jp",
  en: "unverified-en@example.jp",
} as const;

/** Members without a password (they log in by e-mail code), one per language. */
export const PASSWORDLESS_MEMBERS = {
  ja: "passwordless-ja@example.jp",
  en: "passwordless-en@example.jp",
} as const;

/** A member holding a user ID that others then find taken. */
export const USER_ID_HOLDER = { email: "user-id-holder@example.jp", userId: "SeededTaken1" } as const;
