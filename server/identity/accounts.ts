/**
 * Accounts and their login identifiers (issue 4 §1): an e-mail, stored lower-cased, and an
 * optional user ID, unique without regard to case.
 */
import { randomUUID } from "node:crypto";
import { and, eq, or, sql } from "drizzle-orm";
import type { PasswordStrength } from "../../schemas/form-definition.ts";
import {
  DEFAULT_PASSWORD_STRENGTH,
  REGISTRATION_FIELDS,
  type RegistrationField,
} from "../../schemas/forms/registration.ts";
import type { RegistrationPayload } from "../../schemas/types/registration-payload.gen.ts";
import type { StoreSettings } from "../../schemas/types/store-settings.gen.ts";
import type { SurveyAnswers } from "../../schemas/types/survey-answers.gen.ts";
import { inForce } from "../billing/subscriptions.ts";
import type { Db } from "../db/database.ts";
import { cachedRead } from "../db/read-cache.ts";
import {
  type AgreedPolicy,
  accounts,
  authFlows,
  contracts,
  type ExternalIdentityClaim,
  externalIdentities,
  withdrawalSurveyAnswers,
} from "../db/schema.ts";
import { accountEvents } from "./account-events.ts";
import { recordConsents } from "./policy-records.ts";

export type Account = typeof accounts.$inferSelect;

/** E-mail addresses compare without regard to case (the form has already applied NFKC and trimmed). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function looksLikeEmail(identifier: string): boolean {
  return identifier.includes("@");
}

export async function findAccountByEmail(db: Db, email: string): Promise<Account | null> {
  const [account] = await db
    .select()
    .from(accounts)
    .where(eq(accounts.email, normalizeEmail(email)))
    .limit(1);
  return account ?? null;
}

export async function findAccountByUserId(db: Db, userId: string): Promise<Account | null> {
  const [account] = await db
    .select()
    .from(accounts)
    .where(sql`lower(${accounts.userId}) = ${userId.trim().toLowerCase()}`)
    .limit(1);
  return account ?? null;
}

export async function findAccountById(db: Db, accountId: string): Promise<Account | null> {
  // Kept in memory on PGlite (every member page reads it); a write to accounts ends it.
  const [account] = await cachedRead(db, `account:${accountId}`, [accounts], () =>
    db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1),
  );
  return account ?? null;
}

/**
 * The account a login identifier names: an e-mail address (it has an @), or a user ID when the
 * store enables user IDs.
 */
export async function findAccountForLogin(
  db: Db,
  identifier: string,
  options: { userIdEnabled: boolean },
): Promise<Account | null> {
  if (looksLikeEmail(identifier)) return findAccountByEmail(db, identifier);
  return options.userIdEnabled ? findAccountByUserId(db, identifier) : null;
}

export async function isUserIdTaken(db: Db, userId: string): Promise<boolean> {
  return (await findAccountByUserId(db, userId)) !== null;
}

/** A login identifier another account already has. */
export class IdentifierTakenError extends Error {
  constructor(readonly identifier: "email" | "userId" | "externalIdentity") {
    super(`the ${identifier} is already in use`);
    this.name = "IdentifierTakenError";
  }
}

/** The unique constraint a database error reports, looking through drizzle's wrapper. */
function violatedUniqueConstraint(error: unknown): string | null {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === "23505") return typeof constraint === "string" ? constraint : "";
  }
  return null;
}

export interface NewAccount {
  email: string;
  emailVerifiedAt: Date;
  passwordHash: string | null;
  passwordStrength: PasswordStrength;
  /** The validated registration payload (its password fields are ignored). */
  registration: RegistrationPayload;
  agreedPolicies: readonly AgreedPolicy[];
  now: Date;
  /** A social sign-up: the provider's person, linked in the same transaction. */
  externalIdentity?: ExternalIdentityClaim | null;
}

function registrationColumns(payload: RegistrationPayload) {
  const columns: Partial<Record<RegistrationField, unknown>> = {};
  for (const field of REGISTRATION_FIELDS) {
    const value = payload[field];
    if (value !== undefined) columns[field] = value;
  }
  return columns as Partial<Pick<Account, RegistrationField>>;
}

/**
 * Creates the account with its policy consents, in one transaction. Throws IdentifierTakenError
 * when the e-mail or user ID is taken, also when another sign-up took it a moment earlier.
 */
export async function createAccount(db: Db, input: NewAccount): Promise<Account> {
  const email = normalizeEmail(input.email);
  try {
    return await db.transaction(async (tx) => {
      const [account] = await tx
        .insert(accounts)
        .values({
          ...registrationColumns(input.registration),
          publicId: randomUUID(),
          contactEmail: email,
          email,
          emailVerifiedAt: input.emailVerifiedAt,
          passwordHash: input.passwordHash,
          passwordUpdatedAt: input.passwordHash ? input.now : null,
          passwordStrength: input.passwordStrength,
          customAssociatedInfo: input.registration.customAssociatedInfo ?? [],
          createdAt: input.now,
          updatedAt: input.now,
        })
        .returning();
      if (!account) throw new Error("the account was not stored");
      await recordConsents(tx, account.id, input.agreedPolicies, input.now);
      if (input.externalIdentity) {
        const { type, subject, email: externalEmail } = input.externalIdentity;
        await tx
          .insert(externalIdentities)
          .values({ accountId: account.id, type, subject, email: externalEmail, linkedAt: input.now });
      }
      return account;
    });
  } catch (error) {
    const constraint = violatedUniqueConstraint(error);
    if (constraint === null) throw error;
    throw new IdentifierTakenError(
      constraint.includes("user_id")
        ? "userId"
        : constraint.startsWith("external_identities")
          ? "externalIdentity"
          : "email",
    );
  }
}

/** The strength rule of the account's password: the one it was set under, else the store's. */
export function accountPasswordStrength(
  account: Pick<Account, "passwordStrength">,
  settings: Pick<StoreSettings, "accountRegistrationSetting">,
): PasswordStrength {
  return (
    account.passwordStrength ??
    settings.accountRegistrationSetting.passwordStrength ??
    DEFAULT_PASSWORD_STRENGTH
  );
}

export async function setPassword(
  db: Pick<Db, "select" | "update" | "delete">,
  accountId: string,
  input: { passwordHash: string; strength: PasswordStrength; now: Date },
): Promise<void> {
  await db
    .update(accounts)
    .set({
      passwordHash: input.passwordHash,
      passwordStrength: input.strength,
      passwordUpdatedAt: input.now,
      updatedAt: input.now,
    })
    .where(eq(accounts.id, accountId));
  // A login half-way through on the old password (its second step, or the code of a new-browser
  // verification) ends with it (issue 39 §5).
  await db
    .delete(authFlows)
    .where(
      and(
        eq(authFlows.accountId, accountId),
        or(
          eq(authFlows.purpose, "multiFactor"),
          and(eq(authFlows.purpose, "login"), eq(authFlows.loginMethod, "Password")),
        ),
      ),
    );
  // So do the tokens the login provider issued to other services.
  await accountEvents.passwordChanged(db, accountId);
}

/** Stores the TV-app profile PIN's hash (spec §5 PIN code (TV profile)). */
export async function setProfilePin(
  db: Pick<Db, "update">,
  accountId: string,
  input: { pinHash: string; now: Date },
): Promise<void> {
  await db
    .update(accounts)
    .set({ profilePinHash: input.pinHash, profilePinUpdatedAt: input.now, updatedAt: input.now })
    .where(eq(accounts.id, accountId));
}

/** Replaces a hash made with weaker parameters; the password itself has not changed. */
export async function rehashPassword(db: Db, accountId: string, passwordHash: string): Promise<void> {
  await db.update(accounts).set({ passwordHash }).where(eq(accounts.id, accountId));
}

/**
 * Stores the registration info a member edited (POST /zapi/account/edit): the fields the store's
 * edit form has, as sent (an emptied field becomes null); fields the store does not use and
 * custom items the form did not carry keep their stored values.
 */
export async function updateRegistration(
  db: Db,
  account: Pick<Account, "id" | "customAssociatedInfo">,
  registration: RegistrationPayload,
  now: Date,
): Promise<void> {
  const sent = registration.customAssociatedInfo ?? [];
  const sentIds = new Set(sent.map((item) => item.id));
  const customAssociatedInfo = [
    ...account.customAssociatedInfo.filter((item) => !sentIds.has(item.id)),
    ...sent,
  ];
  await db
    .update(accounts)
    .set({ ...registrationColumns(registration), customAssociatedInfo, updatedAt: now })
    .where(eq(accounts.id, account.id));
}

/** The account's registration info as the registration payload carries it (the edit form's values). */
export function registrationOf(account: Account): RegistrationPayload {
  const payload: Record<string, unknown> = {};
  for (const field of REGISTRATION_FIELDS) payload[field] = account[field];
  return { ...payload, customAssociatedInfo: account.customAssociatedInfo } as RegistrationPayload;
}

/**
 * Moves the account to a new e-mail address its holder proved with a code: the contact address,
 * and the login identifier when the account logs in by e-mail. Throws IdentifierTakenError when
 * another account took the address meanwhile.
 */
export async function changeEmail(
  db: Db,
  account: Pick<Account, "id" | "email">,
  newEmail: string,
  now: Date,
): Promise<void> {
  const email = normalizeEmail(newEmail);
  try {
    await db
      .update(accounts)
      .set({
        contactEmail: email,
        ...(account.email !== null ? { email } : {}),
        emailVerifiedAt: now,
        updatedAt: now,
      })
      .where(eq(accounts.id, account.id));
  } catch (error) {
    if (violatedUniqueConstraint(error) === null) throw error;
    throw new IdentifierTakenError("email");
  }
}

/** The contact address was proved by a code mailed to it (the address the code went to). */
export async function markEmailVerified(
  db: Db,
  accountId: string,
  provedEmail: string,
  now: Date,
): Promise<boolean> {
  const updated = await db
    .update(accounts)
    .set({ emailVerifiedAt: now, updatedAt: now })
    .where(and(eq(accounts.id, accountId), eq(accounts.contactEmail, provedEmail)))
    .returning({ id: accounts.id });
  return updated.length === 1;
}

/** Gives the account a new user ID; IdentifierTakenError when another account holds it (any case). */
export async function changeUserId(db: Db, accountId: string, userId: string, now: Date): Promise<void> {
  try {
    await db.update(accounts).set({ userId, updatedAt: now }).where(eq(accounts.id, accountId));
  } catch (error) {
    if (violatedUniqueConstraint(error) === null) throw error;
    throw new IdentifierTakenError("userId");
  }
}

/**
 * Deletes the account and everything of it (sessions, flows, consents, login history go with it by
 * their foreign keys), keeping the withdrawal survey's answers without any link to it — unless a
 * subscription of it is in force (spec §4), checked under the account's row lock so that a
 * purchase at the same moment either comes first and blocks, or finds the account gone.
 */
export async function withdrawAccount(
  db: Db,
  accountId: string,
  survey: { surveyName: string; answers: SurveyAnswers } | null,
  now: Date,
): Promise<"withdrawn" | "contractInForce"> {
  return db.transaction(async (tx) => {
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for("update");
    const [blocking] = await tx
      .select({ id: contracts.id })
      .from(contracts)
      .where(inForce(accountId))
      .limit(1);
    if (blocking) return "contractInForce" as const;
    if (survey && survey.answers.length > 0) {
      await tx.insert(withdrawalSurveyAnswers).values({ ...survey, answeredAt: now });
    }
    await accountEvents.accountRemoving(tx, accountId);
    // Everything of the member goes with the row but the books (orders, charges, contracts) and
    // the invoice copies, which lose the link to them (ADR 0033); the e-mail and user ID are free.
    await tx.delete(accounts).where(eq(accounts.id, accountId));
    return "withdrawn" as const;
  });
}
