/** The members tests/e2e/seed.ts writes before the e2e server starts, for the specs that use them. */
export const SEEDED_PASSWORD = "Seeded2026pass";

/** Members whose e-mail address is not verified, one per language of the verification spec. */
export const UNVERIFIED_MEMBERS = {
  ja: "unverified-ja@example.jp",
  en: "unverified-en@example.jp",
} as const;
