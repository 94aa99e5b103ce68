import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { Language } from "../../locales/index.ts";
import type { CardBrand } from "../../schemas/card.ts";
import type { PasswordStrength } from "../../schemas/form-definition.ts";
import type { SecondFactorType } from "../../schemas/multi-factor.ts";
import type { SEX_CODES } from "../../schemas/rules.ts";
import type { SubscriptionStatus } from "../../schemas/subscription-status.ts";
import type { OrderQuote } from "../../schemas/types/order-quote.gen.ts";
import type { AccountPaymentMethod, PaymentMethodType } from "../../schemas/types/payment-method.gen.ts";
import type { SurveyAnswers } from "../../schemas/types/survey-answers.gen.ts";

type SexCode = (typeof SEX_CODES)[number];
/** A multi-factor method a member enables (backup codes are a fallback, not a method). */
export type MultiFactorMethodType = "Email" | "SMS" | "OTP";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** A custom associated info answer as the registration payload carries it (checkboxes as "true"/"false"). */
export interface CustomAssociatedInfoValue {
  id: string;
  value: string | null;
}

/** A policy revision agreed to, as sign-up calls carry it (spec §7 policyConsentData). */
export interface AgreedPolicy {
  policyId: string;
  revision: number;
  key: string;
}

/**
 * A member: login identifiers, credentials and the registration fields of spec §3. Which
 * registration fields are asked for is the store's choice, so every one of them is nullable.
 */
export const accounts = pgTable(
  "accounts",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    /** The account identifier the browser sees (cookie auid, root data authId); carries no secret. */
    publicId: text("public_id").notNull().unique(),
    /** Where the service writes to the member. */
    contactEmail: text("contact_email"),
    /** The e-mail login identifier, lower-cased; null for an account that signs in otherwise. */
    email: text("email").unique(),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** The optional user ID login identifier, as typed; unique without regard to case. */
    userId: text("user_id"),
    /** argon2id in PHC format; null until the member sets a password. */
    passwordHash: text("password_hash"),
    passwordUpdatedAt: timestamp("password_updated_at", { withTimezone: true }),
    /** The store's strength rule when the password was set (spec §3 Account passwordStrength). */
    passwordStrength: text("password_strength").$type<PasswordStrength>(),
    /** The TV-app profile PIN (spec §5 PIN code (TV profile)), argon2id in PHC format; null until set. */
    profilePinHash: text("profile_pin_hash"),
    profilePinUpdatedAt: timestamp("profile_pin_updated_at", { withTimezone: true }),
    /** The multi-factor type the member chose at a login to be asked first (spec §2); null = the first enabled. */
    preferredMultiFactorType: text("preferred_multi_factor_type").$type<MultiFactorMethodType>(),
    /** Set when the operator has barred the account from logging in (LOGIN_PROHIBITED). */
    loginProhibitedAt: timestamp("login_prohibited_at", { withTimezone: true }),
    familyName: text("family_name"),
    givenName: text("given_name"),
    familyNameKana: text("family_name_kana"),
    givenNameKana: text("given_name_kana"),
    name: text("name"),
    nameKana: text("name_kana"),
    nickname: text("nickname"),
    /** 1 male, 2 female, 9 other, 0 prefer not to answer. */
    sex: smallint("sex").$type<SexCode>(),
    /** YYYYMMDD. */
    birthday: text("birthday"),
    phoneNumber: text("phone_number"),
    country: text("country"),
    postalCode: text("postal_code"),
    /** Prefecture code 1 (Hokkaido) to 47 (Okinawa). */
    prefecture: smallint("prefecture"),
    address: text("address"),
    address2: text("address2"),
    /**
     * The language of the member's last sign-in: mails sent without a request (a renewal declined,
     * a subscription ended) are written in it. Null before the first sign-in: Japanese.
     */
    language: text("language").$type<Language>(),
    customAssociatedInfo: jsonb("custom_associated_info")
      .$type<CustomAssociatedInfoValue[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("accounts_user_id_lower_unique").on(sql`lower(${table.userId})`)],
);

/** A signed-in browser. The cookie holds a random token; only its SHA-256 is stored here. */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    /** How my page's device list names the session: never the token or its hash. */
    publicId: uuid("public_id").notNull().unique().default(sql`gen_random_uuid()`),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /**
     * When the member last proved who they are in this session: the login, or a re-authentication
     * (issue 39 §4). Changes that take over an account need it within the last 10 minutes.
     */
    authenticatedAt: timestamp("authenticated_at", { withTimezone: true }).notNull().defaultNow(),
    userAgent: text("user_agent"),
    ip: text("ip"),
    /** The social provider the login of this session went through, if any ("logging in" on my page). */
    externalType: text("external_type"),
    /**
     * How the login of this session was made, as RFC 8176 names methods ("pwd", "otp", "hwk",
     * "mfa"): the login provider's ID tokens say it (amr). Null for sessions older than it.
     */
    amr: text("amr").array(),
  },
  (table) => [index("sessions_account_id_idx").on(table.accountId)],
);

/**
 * A person at a social login provider linked to an account (issue 48): one per provider and
 * account, and a provider's person belongs to one account at most.
 */
export const externalIdentities = pgTable(
  "external_identities",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The provider: Line, Google, YahooJapan or Facebook (the spec's userIdentifierType). */
    type: text("type").notNull(),
    /** The provider's stable id of the person (the ID token's sub; Facebook's app-scoped id). */
    subject: text("subject").notNull(),
    /** The e-mail the provider gave when the identity was linked, if any. */
    email: text("email"),
    linkedAt: timestamp("linked_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("external_identities_type_subject_idx").on(table.type, table.subject),
    uniqueIndex("external_identities_account_type_idx").on(table.accountId, table.type),
  ],
);

/**
 * A passkey (a WebAuthn discoverable credential) the member registered: the public key the
 * authenticator made, the signature counter last seen (a counter that goes back means a cloned
 * key), and whether the key is synced between the member's devices (backed up) or bound to one.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The credential id, base64url, as the browser names it. */
    credentialId: text("credential_id").notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports").array().notNull().default(sql`'{}'::text[]`),
    /** Synced between devices (multi-device and backed up), or bound to one. */
    backedUp: boolean("backed_up").notNull().default(false),
    /** The member's name for it; by default the device and browser it was made on. */
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (table) => [index("passkeys_account_id_idx").on(table.accountId)],
);

/** A social login under way: what the provider's callback must match, and what it was for. */
export interface SocialAuthorization {
  type: string;
  action: "login" | "signup" | "enableExternalAuth";
  /** Where a login ends (a same-site path), if the page asked. */
  returnTo: string | null;
  state: string;
  nonce: string | null;
  codeVerifier: string;
}

/** The person a provider vouched for, kept by a sign-up flow until the registration form is sent. */
export interface ExternalIdentityClaim {
  type: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

/**
 * A guest's multi-step procedure in one browser (sign-up, login by e-mail code), named by a
 * short-lived cookie whose SHA-256 is the token hash. E-mail codes are bound to a flow.
 */
export const authFlows = pgTable("auth_flows", {
  id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
  tokenHash: text("token_hash").notNull().unique(),
  /** The code purpose the flow serves: signUp or login. */
  purpose: text("purpose").notNull(),
  /** The address codes go to, lower-cased; null until the e-mail step. */
  email: text("email"),
  /** Login by code: the account the address belongs to, when there is one. */
  accountId: uuid("account_id").references(() => accounts.id, { onDelete: "cascade" }),
  /** Sign-up: when a PIN proved the address. */
  emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
  /**
   * Sign-up: begun inside the login provider's flow (/oidc/signup/auth); it ends back in that
   * interaction, when it is still there, rather than on the site's completion (issue 47 §1).
   */
  forInteraction: boolean("for_interaction").notNull().default(false),
  /** A social login under way (purpose socialAuthorization): the checks its callback must pass. */
  socialAuthorization: jsonb("social_authorization").$type<SocialAuthorization>(),
  /** Sign-up through a social provider: the person it vouched for, linked once the account exists. */
  externalIdentity: jsonb("external_identity").$type<ExternalIdentityClaim>(),
  /** Sign-up: the policy revisions agreed to so far. */
  agreedPolicies: jsonb("agreed_policies").$type<AgreedPolicy[]>().notNull().default(sql`'[]'::jsonb`),
  /** When the last code was mailed; a resend within 30 s is refused. */
  codeSentAt: timestamp("code_sent_at", { withTimezone: true }),
  /** Withdrawal: the survey answers given on the first step, kept until the code confirms it. */
  surveyAnswers: jsonb("survey_answers").$type<SurveyAnswers>(),
  /** A login waiting for its second factor: how the first factor was given, and the identifier typed. */
  loginMethod: text("login_method"),
  loginIdentifier: text("login_identifier"),
  /**
   * A member's multi-factor set-up, encrypted, until the member proves it: the authenticator secret
   * shown, the backup codes shown, or the phone number an SMS code went to.
   */
  pendingSecret: text("pending_secret"),
  /** A passkey ceremony under way: the challenge the browser's authenticator must sign (single use). */
  challenge: text("challenge"),
  createdAt: createdAt(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * Why members left (the withdrawal survey), kept without any link to the deleted account: the
 * store's feedback, not personal data.
 */
export const withdrawalSurveyAnswers = pgTable("withdrawal_survey_answers", {
  id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
  surveyName: text("survey_name").notNull(),
  answers: jsonb("answers").$type<SurveyAnswers>().notNull(),
  answeredAt: timestamp("answered_at", { withTimezone: true }).notNull(),
});

/** A 6-digit e-mail PIN: stored as an HMAC with its own salt, for one purpose and one flow. */
export const authCodes = pgTable(
  "auth_codes",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    flowId: uuid("flow_id")
      .notNull()
      .references(() => authFlows.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(),
    codeHash: text("code_hash").notNull(),
    salt: text("salt").notNull(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set once the code was accepted, or voided (replaced by a resend, or too many wrong tries). */
    spentAt: timestamp("spent_at", { withTimezone: true }),
  },
  (table) => [index("auth_codes_flow_id_idx").on(table.flowId)],
);

/**
 * A mailed password-reset link's token (SHA-256), single use. A request for an address without an
 * account stores a decoy (no account, never mailed, matching nothing), so both requests do the
 * same work and take the same time.
 */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    /** Null for a decoy. */
    accountId: uuid("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [index("password_reset_tokens_account_id_idx").on(table.accountId)],
);

/**
 * The way back from an e-mail change the member did not make (issue 39 §4): a link mailed to the
 * old address, single use, valid 7 days. The token is stored hashed, with the address to restore.
 */
export const emailChangeRecoveries = pgTable(
  "email_change_recoveries",
  {
    tokenHash: text("token_hash").primaryKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    previousEmail: text("previous_email").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [index("email_change_recoveries_account_id_idx").on(table.accountId)],
);

/**
 * A browser this account has logged in from before: the latid cookie's token (SHA-256) paired
 * with each account that logged in with it. A login without such a pair mails a new-login notice.
 */
export const knownBrowsers = pgTable(
  "known_browsers",
  {
    tokenHash: text("token_hash").notNull(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tokenHash, table.accountId] }),
    index("known_browsers_account_id_idx").on(table.accountId),
  ],
);

/**
 * Throttling counters (server/kit/throttle.ts): failed logins and PIN guesses per account,
 * per unknown identifier and per client address; codes mailed per recipient. Counting restarts
 * once the last hit is old enough.
 */
export const authThrottles = pgTable("auth_throttles", {
  key: text("key").primaryKey(),
  hits: integer("hits").notNull(),
  lastHitAt: timestamp("last_hit_at", { withTimezone: true }).notNull(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

/**
 * Rate counters (server/kit/throttle.ts, GCRA): the site-wide failed-login rate and the
 * user-ID check per client address. `emptyAt` is when the counter would be back to zero at the
 * allowed pace; past events are not kept.
 */
export const authRates = pgTable("auth_rates", {
  key: text("key").primaryKey(),
  emptyAt: timestamp("empty_at", { withTimezone: true }).notNull(),
});

/**
 * The mails the site sent, by address and subject — never their content — so support can tell a
 * member who "never got the mail" that it went, and when. Kept 90 days; a withdrawing member's go.
 */
export const mailRecords = pgTable(
  "mail_records",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The address as sent to, lower-cased. */
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("mail_records_to_idx").on(table.to, table.sentAt),
    index("mail_records_sent_idx").on(table.sentAt),
  ],
);

/** What changed an account's security, as its record names it. */
export type AccountEventKind =
  | "sessions-ended"
  | "second-factors-removed"
  | "verification-resent"
  | "login-limits-lifted"
  | "free-days-given"
  | "subscription-cancelled"
  | "refunded";

/**
 * The account's security record: what changed its security or its money, when, from where and
 * whether the store's support did it (never which staff member: that is the audit trail's). Goes
 * with the account.
 */
export const accountEvents = pgTable(
  "account_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    kind: text("kind").$type<AccountEventKind>().notNull(),
    /** What the member may be shown of it (a plan's id, an amount, a day). */
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    bySupport: boolean("by_support").notNull(),
    ip: text("ip"),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (table) => [index("account_events_account_idx").on(table.accountId, table.at)],
);

/** Every login attempt, for /mypage/login-history (spec §3 Login history item). */
export const loginHistory = pgTable(
  "login_history",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    /** Null when the identifier named no account. */
    accountId: uuid("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    ip: text("ip"),
    result: boolean("result").notNull(),
    /** Why it failed, for operators: bad-credentials, bad-code, throttled, prohibited, recaptcha. */
    failureReason: text("failure_reason"),
    /** The identifier as typed (e-mail or user ID). */
    userIdentifierName: text("user_identifier_name"),
    loginMethod: text("login_method").notNull(),
    deviceInfo: text("device_info"),
    browserInfo: text("browser_info"),
    /** ISO 3166-1 alpha-2, when known. */
    country: text("country"),
    userAgent: text("user_agent"),
    /** The attempt was (or needed) a second factor, and which type was tried. */
    requestMultiFactor: boolean("request_multi_factor").notNull().default(false),
    multiFactorType: text("multi_factor_type").$type<SecondFactorType>(),
  },
  // The history page reads a member's rows newest first in keyset pages (createdAt, then id): the
  // index is scanned backwards. (A `desc()` index would be NULLS LAST, which ORDER BY … DESC is not,
  // and the planner would sort every row of the member instead.)
  (table) => [index("login_history_account_time_id_idx").on(table.accountId, table.createdAt, table.id)],
);

/** Every consent to a policy revision (policyId, revision, key, time). */
export const policyConsents = pgTable(
  "policy_consents",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    policyId: text("policy_id").notNull(),
    revision: integer("revision").notNull(),
    key: text("key").notNull(),
    consentedAt: timestamp("consented_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("policy_consents_account_id_idx").on(table.accountId, table.policyId)],
);

/**
 * Every change of a newsletter or privacy switch (spec §2 /mypage/consent), kept with its time:
 * the member's current value is the latest row of the option, else the store's default.
 */
export const consentChoices = pgTable(
  "consent_choices",
  {
    /** In insertion order: of two changes in the same millisecond, the later one wins. */
    id: bigserial("id", { mode: "number" }).primaryKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    consentOptionId: text("consent_option_id").notNull(),
    key: text("key").notNull(),
    value: boolean("value").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("consent_choices_account_option_changed_idx").on(
      table.accountId,
      table.consentOptionId,
      table.changedAt,
    ),
  ],
);

/** Raw bytes (PostgreSQL bytea). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/**
 * A member's profile image (spec §5 Profile image), as the server re-encoded it: 200×200, no
 * metadata. Kept apart from accounts so that reading an account never reads the picture.
 */
export const profileImages = pgTable("profile_images", {
  accountId: uuid("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  contentType: text("content_type").$type<"image/jpeg" | "image/png">().notNull(),
  data: bytea("data").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/**
 * A multi-factor method a member has enabled (spec §3 multiFactorType). For OTP the TOTP secret,
 * encrypted with the server's key, and the last time step accepted (each code works once); for SMS
 * the number the enabling code proved.
 */
export const multiFactorMethods = pgTable(
  "multi_factor_methods",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    type: text("type").$type<MultiFactorMethodType>().notNull(),
    otpSecret: text("otp_secret"),
    otpLastStep: integer("otp_last_step"),
    phoneNumber: text("phone_number"),
    enabledAt: timestamp("enabled_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.type] })],
);

/** A member's backup codes: single use, stored as salted HMACs (shown once, at generation). */
export const backupCodes = pgTable(
  "backup_codes",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    salt: text("salt").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("backup_codes_account_idx").on(table.accountId)],
);

/**
 * A member's saved payment method (spec §3 Payment method): the processor's reference and what a
 * merchant may keep of a card (brand, last four digits, expiry YYYYMM), never the card itself.
 * Removed methods keep their row (deletedAt) for the payment history that names them.
 */
export const paymentMethods = pgTable(
  "payment_methods",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    type: text("type").$type<PaymentMethodType>().notNull(),
    providerRef: text("provider_ref").notNull().unique(),
    cardBrand: text("card_brand").$type<CardBrand>(),
    cardLast4: text("card_last4"),
    cardExpiry: text("card_expiry"),
    /**
     * What the provider names the account by, masked (a PayPal e-mail, a phone number's last
     * digits), for the member to tell methods of one type apart; null when it tells nothing.
     */
    accountLabel: text("account_label"),
    createdAt: createdAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (table) => [index("payment_methods_account_idx").on(table.accountId)],
);

/**
 * A registration the member finishes on the processor's page (3-D Secure challenge, PayPal,
 * carrier billing). The return carries `state`, a random token stored here hashed: it must come
 * back once, to the member who started it, before it expires.
 */
export const paymentActions = pgTable(
  "payment_actions",
  {
    stateHash: text("state_hash").primaryKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    type: text("type").$type<PaymentMethodType>().notNull(),
    providerActionRef: text("provider_action_ref").notNull(),
    /** The purchase form the registration started from, to go back to (PAYMENT_RETURN_PATTERN). */
    returnTo: text("return_to"),
    /** A purchase's 3-D Secure challenge: the order its charge pays (null for a registration). */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [index("payment_actions_account_idx").on(table.accountId)],
);

// ---------- The sandbox processor's own tables (server/payments/sandbox; ADR 0028) ----------
// The merchant side never reads them: they stand for the processor's systems.

/** What a test card makes the sandbox do (server/payments/sandbox/test-cards.ts). */
export type SandboxCardBehaviour = "succeed" | "decline" | "challenge" | "declineCharges";

/** A one-time card token from token.js: the card's summary, bound to the first customer that presents it. */
export const sandboxCardTokens = pgTable("sandbox_card_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  tokenKeyHash: text("token_key_hash").notNull(),
  merchantId: text("merchant_id").notNull(),
  brand: text("brand").$type<CardBrand>().notNull(),
  last4: text("last4").notNull(),
  expiry: text("expiry").notNull(),
  behaviour: text("behaviour").$type<SandboxCardBehaviour>().notNull(),
  customerRef: text("customer_ref"),
  createdAt: createdAt(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

/** A one-time 3-D Secure 2 info token from tds2.js. */
export const sandboxTds2Tokens = pgTable("sandbox_tds2_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  tokenKeyHash: text("token_key_hash").notNull(),
  merchantId: text("merchant_id").notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

/**
 * A method the sandbox holds for a merchant's customer. `pending` until its action (challenge,
 * PayPal or carrier approval) succeeds; `failNextCharge` makes the next charge a decline.
 */
export const sandboxMethods = pgTable(
  "sandbox_methods",
  {
    ref: text("ref").primaryKey(),
    merchantId: text("merchant_id").notNull(),
    customerRef: text("customer_ref").notNull(),
    type: text("type").$type<PaymentMethodType>().notNull(),
    brand: text("brand").$type<CardBrand>(),
    last4: text("last4"),
    expiry: text("expiry"),
    /** PayPal and the carriers: the account the member approved with, masked as a provider tells it. */
    account: text("account"),
    behaviour: text("behaviour").$type<SandboxCardBehaviour>().notNull(),
    status: text("status").$type<"pending" | "active" | "removed">().notNull(),
    failNextCharge: boolean("fail_next_charge").notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index("sandbox_methods_customer_idx").on(table.merchantId, table.customerRef)],
);

/** A page the member must pass on the sandbox: a 3-D Secure challenge, a PayPal or carrier approval. */
export const sandboxActions = pgTable("sandbox_actions", {
  ref: text("ref").primaryKey(),
  methodRef: text("method_ref")
    .notNull()
    .references(() => sandboxMethods.ref, { onDelete: "cascade" }),
  kind: text("kind").$type<"challenge" | "approval">().notNull(),
  /** A challenge of a charge (3-D Secure at a purchase), rather than of a method's registration. */
  chargeRef: text("charge_ref").references((): AnyPgColumn => sandboxCharges.ref, { onDelete: "cascade" }),
  returnUrl: text("return_url").notNull(),
  status: text("status").$type<"pending" | "approved" | "refused" | "completed">().notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** A charge: one per (merchant, idempotency key), however often or concurrently it is asked for. */
export const sandboxCharges = pgTable(
  "sandbox_charges",
  {
    ref: text("ref").primaryKey(),
    merchantId: text("merchant_id").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    methodRef: text("method_ref")
      .notNull()
      .references(() => sandboxMethods.ref),
    amount: integer("amount").notNull(),
    /** pending: waiting for the member's 3-D Secure challenge (sandbox_actions.charge_ref). */
    status: text("status").$type<"succeeded" | "failed" | "pending">().notNull(),
    failureCode: text("failure_code"),
    refundedAmount: integer("refunded_amount").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("sandbox_charges_key_unique").on(table.merchantId, table.idempotencyKey)],
);

/**
 * A refund the sandbox made: one per (merchant, idempotency key), so a refund asked again — pressed
 * twice, retried after a timeout, sent by two processes — gives back the money once.
 */
export const sandboxRefunds = pgTable(
  "sandbox_refunds",
  {
    ref: text("ref").primaryKey(),
    merchantId: text("merchant_id").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    chargeRef: text("charge_ref")
      .notNull()
      .references(() => sandboxCharges.ref),
    amount: integer("amount").notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("sandbox_refunds_key_unique").on(table.merchantId, table.idempotencyKey)],
);

/**
 * A member's contract of a plan (issue 43 §6): a subscription with its status, billing anchor and
 * next settlement day (Japan dates), or a purchase or rental with its entitlement. The plan is
 * named by its catalogue id (config/plans.json). A subscription in force holds its payment method:
 * that method cannot be deleted (spec §4, §6).
 */
export const contracts = pgTable(
  "contracts",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    /** Null once the member has withdrawn: the record is kept without them (ADR 0033). */
    accountId: uuid("account_id").references(() => accounts.id, { onDelete: "set null" }),
    planId: text("plan_id").notNull(),
    planType: text("plan_type").$type<"subscription" | "purchase" | "rental">().notNull(),
    /** Subscriptions only. */
    subscriptionStatus: text("subscription_status").$type<SubscriptionStatus>(),
    /** Null when a payment code paid for it. */
    paymentMethodId: uuid("payment_method_id").references(() => paymentMethods.id, { onDelete: "set null" }),
    campaignId: text("campaign_id"),
    /** How many more billing cycles the campaign's discount applies to. */
    campaignCyclesLeft: integer("campaign_cycles_left").notNull().default(0),
    /** The day of the month billing falls on (1–31; the month's last day when it has fewer). */
    anchorDay: smallint("anchor_day"),
    /**
     * YYYY-MM-DD in Japan: the day the billing run next charges it (or, cancelling, ends it). On
     * hold, the day of the next retry.
     */
    nextSettlementDay: text("next_settlement_day"),
    /** On hold: the settlement day of the cycle whose charge was declined (YYYY-MM-DD in Japan). */
    heldCycleDay: text("held_cycle_day"),
    trialEndDay: text("trial_end_day"),
    /** Purchases and rentals: until when the content may be watched. */
    entitlementExpiresAt: timestamp("entitlement_expires_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** When the member asked to cancel (cleared when the member continues the plan). */
    cancelRequestedAt: timestamp("cancel_requested_at", { withTimezone: true }),
    /** The answers to the plan's cancellation survey, kept for the operator. */
    cancellationSurveyAnswers: jsonb("cancellation_survey_answers").$type<SurveyAnswers>(),
    /**
     * What the current period cost (integer yen, tax included); null for a period nothing paid
     * (a trial). An immediate plan change credits its unused part (ADR 0042).
     */
    periodAmount: integer("period_amount"),
    /** A plan change waiting for its day: the plan it changes to (ADR 0042). */
    pendingPlanId: text("pending_plan_id"),
    /** The day that change takes effect (YYYY-MM-DD in Japan): the settlement day it was made for. */
    pendingChangeDay: text("pending_change_day"),
  },
  (table) => [
    index("contracts_account_idx").on(table.accountId),
    index("contracts_payment_method_idx").on(table.paymentMethodId),
    index("contracts_plan_idx").on(table.planId),
    // The billing run's claim: subscriptions still running, by the day they are due.
    index("contracts_due_idx")
      .on(table.nextSettlementDay)
      .where(sql`${table.planType} = 'subscription' AND ${table.subscriptionStatus} <> 'CANCELLED'`),
  ],
);

/**
 * A quote the member has seen (POST /zapi/purchase/verify): what the purchase will charge, bound
 * to the member, the plan, the amount and the method. Its token is random, stored hashed, and is
 * spent by the first purchase call that presents it (issue 43 §5).
 */
export const purchaseTokens = pgTable(
  "purchase_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    planId: text("plan_id").notNull(),
    /** Null when a payment code pays. */
    paymentMethodId: uuid("payment_method_id").references(() => paymentMethods.id, { onDelete: "set null" }),
    campaignId: text("campaign_id"),
    /** What is charged at the purchase (integer yen, tax included). */
    amountDueNow: integer("amount_due_now").notNull(),
    /** The order verify result as the member was shown it (the confirm page shows it again). */
    quote: jsonb("quote").$type<OrderQuote>().notNull(),
    surveyAnswers: jsonb("survey_answers").$type<SurveyAnswers>(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [index("purchase_tokens_account_idx").on(table.accountId)],
);

export type OrderStatus = "pending" | "completed" | "failed";

/** A purchase: one per purchase token, the contract it made, the charge it took. */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    /** Null once the member has withdrawn: the record is kept without them (ADR 0033). */
    accountId: uuid("account_id").references(() => accounts.id, { onDelete: "set null" }),
    planId: text("plan_id").notNull(),
    purchaseTokenHash: text("purchase_token_hash").notNull().unique(),
    contractId: uuid("contract_id").references(() => contracts.id),
    paymentMethodId: uuid("payment_method_id").references(() => paymentMethods.id, { onDelete: "set null" }),
    campaignId: text("campaign_id"),
    amount: integer("amount").notNull(),
    status: text("status").$type<OrderStatus>().notNull(),
    /** Why it failed, in the provider's words (operators) — the member sees our message. */
    failureCode: text("failure_code"),
    surveyAnswers: jsonb("survey_answers").$type<SurveyAnswers>(),
    /**
     * What the contract is made of once the money is in (the plan's type and the quote it was
     * bought at): a charge challenged by 3-D Secure completes after the member comes back.
     */
    planType: text("plan_type").$type<"subscription" | "purchase" | "rental">(),
    quote: jsonb("quote").$type<OrderQuote>(),
    createdAt: createdAt(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (table) => [
    index("orders_account_created_idx").on(table.accountId, table.createdAt),
    index("orders_plan_status_idx").on(table.planId, table.status),
    // The purge of a withdrawn member's orders past their retention (ADR 0033).
    index("orders_withdrawn_idx").on(table.createdAt).where(sql`${table.accountId} IS NULL`),
  ],
);

export type ChargeStatus = "pending" | "succeeded" | "failed";

/**
 * Money taken through the payment provider: one row per idempotency key, made before the provider
 * is asked, so a key is charged at most once (ADR 0028, 0029). Tax as charged: 10 % inside the
 * amount, rounded down once.
 */
export const charges = pgTable(
  "charges",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    /** Null once the member has withdrawn: the record is kept without them (ADR 0033). */
    accountId: uuid("account_id").references(() => accounts.id, { onDelete: "set null" }),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    orderId: uuid("order_id").references(() => orders.id),
    contractId: uuid("contract_id").references(() => contracts.id),
    paymentMethodId: uuid("payment_method_id").references(() => paymentMethods.id, { onDelete: "set null" }),
    amount: integer("amount").notNull(),
    taxAmount: integer("tax_amount").notNull(),
    taxRate: smallint("tax_rate").notNull(),
    status: text("status").$type<ChargeStatus>().notNull(),
    providerRef: text("provider_ref"),
    failureCode: text("failure_code"),
    /** A renewal: the settlement day of the cycle it pays (YYYY-MM-DD in Japan); null for a purchase. */
    cycleDay: text("cycle_day"),
    /** The plan it paid for: a contract may change plan later (ADR 0042). */
    planId: text("plan_id").notNull(),
    createdAt: createdAt(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (table) => [
    index("charges_account_created_idx").on(table.accountId, table.createdAt),
    // A cycle is paid once: at most one charge of it under way or taken (declined ones may repeat).
    uniqueIndex("charges_cycle_unique")
      .on(table.contractId, table.cycleDay)
      .where(sql`${table.cycleDay} IS NOT NULL AND ${table.status} <> 'failed'`),
    // A subscription's attempts at a cycle, counted for the next attempt's key (declined ones too).
    index("charges_contract_cycle_idx").on(table.contractId, table.cycleDay),
    // The reaper's look for attempts left pending.
    index("charges_pending_idx").on(table.createdAt).where(sql`${table.status} = 'pending'`),
    // The purge of a withdrawn member's charges past their retention (ADR 0033).
    index("charges_withdrawn_idx").on(table.createdAt).where(sql`${table.accountId} IS NULL`),
    index("charges_order_idx").on(table.orderId),
  ],
);

export type InvoiceHonorific = "none" | "person" | "group";

/**
 * A copy of each invoice the site issued (適格請求書の写し, 消費税法 57条の4 ⑥; issue 45 §2): what the
 * member was shown, as it was, including the addressee they gave. Self-contained — names and the
 * method are written in, not referred to — so it outlives the charge's account, plan and method
 * (ADR 0033: kept 7 years past the filing deadline).
 */
/** The serial part of invoice numbers: one per payment invoiced, never reused. */
export const invoiceNumbers = pgSequence("invoice_numbers");

export const issuedInvoices = pgTable(
  "issued_invoices",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    /** Null once the member has withdrawn. */
    accountId: uuid("account_id").references(() => accounts.id, { onDelete: "set null" }),
    chargeId: uuid("charge_id").references(() => charges.id, { onDelete: "set null" }),
    /**
     * The payment's invoice number (e.g. 2026-000123): given at its first issue and carried by every
     * copy issued again, so one payment has one number for ever.
     */
    invoiceNumber: text("invoice_number").notNull(),
    /** 0: the first issue; 1, 2…: copies issued again (再発行), each with its own date and addressee. */
    copyNumber: integer("copy_number").notNull(),
    issuerName: text("issuer_name").notNull(),
    issuerNameEn: text("issuer_name_en"),
    /** The issuer's address as the store settings gave it at the issue; null: none given. */
    issuerAddress: text("issuer_address"),
    issuerAddressEn: text("issuer_address_en"),
    /** T and 13 digits; null for a store that is not a registered issuer (a plain receipt). */
    registrationNumber: text("registration_number"),
    addressee: text("addressee"),
    honorific: text("honorific").$type<InvoiceHonorific>().notNull(),
    planName: text("plan_name").notNull(),
    planNameEn: text("plan_name_en"),
    /** The method that paid, as the member's list showed it (spec §3 Payment method); null: none. */
    paymentMethod: jsonb("payment_method").$type<AccountPaymentMethod | null>(),
    amount: integer("amount").notNull(),
    taxAmount: integer("tax_amount").notNull(),
    taxRate: smallint("tax_rate").notNull(),
    /** The member's contact e-mail as the invoice showed it; cleared when the member withdraws. */
    contactEmail: text("contact_email"),
    chargedAt: timestamp("charged_at", { withTimezone: true }).notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("issued_invoices_account_idx").on(table.accountId),
    // One first issue per payment, and each copy counted once, even when two are asked at once.
    uniqueIndex("issued_invoices_charge_copy_idx").on(table.chargeId, table.copyNumber),
    // The purge of copies past their 7 years.
    index("issued_invoices_issued_idx").on(table.issuedAt),
  ],
);

export type RefundStatus = "pending" | "succeeded" | "failed";

/** The serial part of return invoice numbers (適格返還請求書): one per refund, never reused. */
export const returnInvoiceNumbers = pgSequence("return_invoice_numbers");

/**
 * Money given back from a charge by staff: one row per idempotency key, written (pending) before
 * the provider is asked, so pressing twice or two staff at once refund once, and never more than
 * what is left of the charge. A succeeded refund is also the member's qualified return invoice
 * (適格返還請求書): the issuer, the plan and the sale's date are written in, so it outlives the
 * account, the plan and the settings (ADR 0033).
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    /** Null once the charge is past its retention: the return invoice is kept on its own. */
    chargeId: uuid("charge_id").references(() => charges.id, { onDelete: "set null" }),
    /** Null once the member has withdrawn. */
    accountId: uuid("account_id").references(() => accounts.id, { onDelete: "set null" }),
    /** Integer yen, tax included; the tax inside it rounded down once (ADR 0029). */
    amount: integer("amount").notNull(),
    taxAmount: integer("tax_amount").notNull(),
    taxRate: smallint("tax_rate").notNull(),
    status: text("status").$type<RefundStatus>().notNull(),
    providerRef: text("provider_ref"),
    failureCode: text("failure_code"),
    staffId: uuid("staff_id").references(() => staff.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    /** The return invoice's number (e.g. R2026-000001), given when the refund succeeds. */
    returnInvoiceNumber: text("return_invoice_number"),
    issuerName: text("issuer_name").notNull(),
    issuerNameEn: text("issuer_name_en"),
    issuerAddress: text("issuer_address"),
    issuerAddressEn: text("issuer_address_en"),
    /** T and 13 digits; null for a store that is not a registered issuer. */
    registrationNumber: text("registration_number"),
    planName: text("plan_name").notNull(),
    planNameEn: text("plan_name_en"),
    /** The original sale's date: when the charge was taken. */
    chargedAt: timestamp("charged_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (table) => [
    index("refunds_charge_idx").on(table.chargeId),
    index("refunds_account_idx").on(table.accountId),
    index("refunds_settled_idx").on(table.settledAt),
  ],
);

/**
 * The OpenID Provider's model instances (oidc-provider: sessions, interactions, grants, codes,
 * tokens; server/oidc/adapter.ts), one row each, keyed by model name and id, with the indexes its
 * look-ups need. `expires_at` null: the model does not expire; past it a row is as gone.
 */
export const oidcModels = pgTable(
  "oidc_models",
  {
    model: text("model").notNull(),
    id: text("id").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    grantId: text("grant_id"),
    userCode: text("user_code"),
    uid: text("uid"),
    /** The member (accounts.public_id, the provider's accountId) and the client, when the model has them. */
    accountId: text("account_id"),
    clientId: text("client_id"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** A code or token used once (its payload then says `consumed`). */
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.model, table.id] }),
    index("oidc_models_uid_idx").on(table.model, table.uid),
    index("oidc_models_grant_idx").on(table.grantId),
    index("oidc_models_user_code_idx").on(table.model, table.userCode),
    index("oidc_models_account_idx").on(table.model, table.accountId, table.clientId),
    index("oidc_models_expires_idx").on(table.expiresAt),
  ],
);

export type OidcKeyKind = "signing" | "cookie";

/**
 * The provider's keys (server/oidc/keys.ts): signing keys (a private JWK) and cookie keys, made on
 * first start, sealed with the server's encryption key. The newest active key of a kind signs; the
 * older active ones still verify until they are retired.
 */
export const oidcKeys = pgTable(
  "oidc_keys",
  {
    kid: text("kid").primaryKey(),
    kind: text("kind").$type<OidcKeyKind>().notNull(),
    /** The key material, sealed (SecretBox). */
    sealed: text("sealed").notNull(),
    createdAt: createdAt(),
    retiredAt: timestamp("retired_at", { withTimezone: true }),
  },
  (table) => [index("oidc_keys_kind_idx").on(table.kind, table.createdAt)],
);

// ── The operator console (server/console/) ──────────────────────────────────────────────────────

/** What a staff member may do in the console: owners everything, the others their part. */
export type StaffRole = "owner" | "configuration" | "support" | "finance";

/**
 * People who run the store from /console. Never member accounts: another table, another session
 * cookie, another login. A staff member signs in only once set up: a password and an authenticator
 * app, both chosen on the one-time set-up page `npm run staff:add` prints.
 */
export const staff = pgTable(
  "staff",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    role: text("role").$type<StaffRole>().notNull(),
    passwordHash: text("password_hash"),
    /** The authenticator app's secret, sealed (SecretBox); null until set up. */
    otpSecret: text("otp_secret"),
    /** The last time step an authenticator code was accepted for: each code works once. */
    otpLastStep: integer("otp_last_step"),
    /** The set-up link's token (hashed) and when it stops working; null once used. */
    setupTokenHash: text("setup_token_hash"),
    setupExpiresAt: timestamp("setup_expires_at", { withTimezone: true }),
    /** The secret shown on the set-up page, sealed, until a code from it completes the set-up. */
    pendingOtpSecret: text("pending_otp_secret"),
    createdAt: createdAt(),
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("staff_email_idx").on(table.email),
    uniqueIndex("staff_setup_token_idx").on(table.setupTokenHash),
  ],
);

/** A staff member's signed-in browser: 12 hours at most, ended by 30 minutes without a request. */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    staffId: uuid("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("staff_sessions_staff_id_idx").on(table.staffId)],
);

/**
 * Everything staff do, appended and never changed: sign-ins and failed ones, set-ups, staff added
 * or removed, publications. `staffId` is who acted (null for a failed sign-in of an unknown
 * address, and for `npm run staff:add` run on the server).
 */
export const staffAudit = pgTable(
  "staff_audit",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    staffId: uuid("staff_id").references(() => staff.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    /** What the action was about (the staff member added, the e-mail address tried, …). */
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    ip: text("ip"),
  },
  (table) => [
    index("staff_audit_at_idx").on(table.at),
    index("staff_audit_staff_idx").on(table.staffId, table.at),
  ],
);

/** The configurations held as versions (server/store/config-versions.ts). */
export type ConfigKind = "store" | "plans" | "campaigns" | "clients" | "policies";

/**
 * Every version of each configuration, numbered per kind and never changed: a file edit imported
 * (source `file`), or later a console publication (source `staff`, with who and a note).
 */
export const configVersions = pgTable(
  "config_versions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").$type<ConfigKind>().notNull(),
    number: integer("number").notNull(),
    content: jsonb("content").$type<unknown>().notNull(),
    /** SHA-256 of the content's canonical JSON: an import of unchanged content adds no version. */
    contentHash: text("content_hash").notNull(),
    source: text("source").$type<"file" | "staff">().notNull(),
    staffId: uuid("staff_id").references(() => staff.id, { onDelete: "set null" }),
    note: text("note"),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("config_versions_kind_number_idx").on(table.kind, table.number)],
);

/**
 * The images staff upload for the store settings (logos, icons), kept by their content's SHA-256 and
 * never changed or removed: any version that names one, old or new, still shows it.
 */
export const configAssets = pgTable("config_assets", {
  hash: text("hash").primaryKey(),
  contentType: text("content_type").notNull(),
  data: bytea("data").notNull(),
  staffId: uuid("staff_id").references(() => staff.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/**
 * A staff member's unpublished edit of one configuration: the whole content as it would be
 * published, and the version it started from (a publication since then is named before publishing).
 */
export const configDrafts = pgTable(
  "config_drafts",
  {
    kind: text("kind").$type<ConfigKind>().notNull(),
    staffId: uuid("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    content: jsonb("content").$type<unknown>().notNull(),
    baseNumber: integer("base_number").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.staffId] })],
);
