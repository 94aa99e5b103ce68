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

/** The passkeys lane's member: no password, no social link; logs in by mailed codes (tests/e2e/passkeys.spec.ts). */
export const PASSKEY_ONLY_MEMBER = "passkey-only@example.jp";

/** A member holding a user ID that others then find taken. */
export const USER_ID_HOLDER = { email: "user-id-holder@example.jp", userId: "SeededTaken1" } as const;

/**
 * Members logged in 20 minutes before the server started, with e-mail as a second factor: a
 * session past the re-authentication window (issue 39 §4), one per test that uses it. The spec
 * sets the session cookie itself (the token is fixed here; the seed stores its hash).
 */
export const STALE_SESSION_MEMBERS = {
  multiFactorJa: {
    email: "stale-mfa-ja@example.jp",
    sessionToken: "staleSession-mfa-ja-000000000000000000000000",
  },
  multiFactorEn: {
    email: "stale-mfa-en@example.jp",
    sessionToken: "staleSession-mfa-en-000000000000000000000000",
  },
  emailEn: {
    email: "stale-email-en@example.jp",
    sessionToken: "staleSession-email-en-0000000000000000000000",
  },
} as const;

/**
 * Members with a subscription due today paid by a card the sandbox declines (0341) and a second
 * card that pays (4242): the server's billing run holds it at start (issue 44).
 */
export const RENEWAL_MEMBERS = {
  ja: "renewal-ja@example.jp",
  en: "renewal-en@example.jp",
} as const;

/** Members who register payment methods (issue 42), one per language of the walk. */
export const PAYMENT_MEMBERS = {
  ja: "payment-ja@example.jp",
  en: "payment-en@example.jp",
} as const;

/**
 * Members on the monthly plan, paid by a card that pays, its next settlement ten days on: they
 * change to the annual plan and undo it (ADR 0042).
 */
export const PLAN_CHANGE_MEMBERS = {
  ja: "plan-change-ja@example.jp",
  en: "plan-change-en@example.jp",
} as const;

/**
 * Staff of the operator console added as `npm run staff:add` adds them (not yet set up), with the
 * set-up link's token known to the spec: the command itself cannot run beside the e2e server, which
 * owns the embedded database (scripts/staff-add.test.ts runs it).
 */
export const CONSOLE_STAFF = {
  ja: {
    email: "console-owner-ja@example.jp",
    setupToken: "e2e-console-setup-ja-7d1c0f3b9a2e4c6d8f0a1b2c3d4e5f60",
  },
  en: {
    email: "console-owner-en@example.jp",
    setupToken: "e2e-console-setup-en-0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d",
  },
} as const;

/** The owner who edits the store in the console, on the store-edits lane's server (its own data). */
export const CONSOLE_SETTINGS_STAFF = {
  email: "console-settings-owner@example.jp",
  setupToken: "e2e-console-settings-4b6f1e2d8c0a9f7e5d3c1b0a2f4e6d8c",
} as const;

/** Staff of the console's member pages, one per role the spec plays; set up by the spec itself. */
export const CONSOLE_ROLE_STAFF = {
  support: {
    email: "console-support@example.jp",
    setupToken: "e2e-console-setup-support-5b4a39281706f5e4d3c2b1a09f8e7d6c",
    role: "support",
  },
  finance: {
    email: "console-finance@example.jp",
    setupToken: "e2e-console-setup-finance-1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f",
    role: "finance",
  },
} as const;

/**
 * The member who calls support: e-mail as a second factor, the monthly plan, logged in on a browser
 * whose session the spec holds (the token is fixed here; the seed stores its hash).
 */
export const SUPPORT_CASE_MEMBER = {
  email: "support-case@example.jp",
  sessionToken: "supportCase-session-000000000000000000000000",
} as const;

/** The member refunded: a ¥990 payment of the monthly plan taken from a card three days before. */
export const REFUND_CASE_MEMBER = "refund-case@example.jp";
