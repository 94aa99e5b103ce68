/**
 * Multi-factor authentication (issue 27; spec §3 Multi-factor page data, MFA setup data, §4 MFA):
 * the methods a member has enabled (e-mail, SMS, authenticator app, whose codes server/kit/totp.ts
 * checks) and the backup codes (10, single use, shown once, stored as keyed hashes).
 */
import { randomInt } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { BACKUP_CODE_LENGTH } from "../../schemas/rules.ts";
import type { Db } from "../db/database.ts";
import { cachedRead } from "../db/read-cache.ts";
import { accounts, backupCodes, type MultiFactorMethodType, multiFactorMethods } from "../db/schema.ts";
import type { SecretBox } from "../kit/secret-box.ts";
import { acceptedOtpStep } from "../kit/totp.ts";

export type { MultiFactorMethodType };

/** The methods in the order pages list them. */
export const MULTI_FACTOR_METHODS: readonly MultiFactorMethodType[] = ["Email", "SMS", "OTP"];
export const BACKUP_CODE_COUNT = 10;

export function isMultiFactorMethodType(value: unknown): value is MultiFactorMethodType {
  return typeof value === "string" && (MULTI_FACTOR_METHODS as readonly string[]).includes(value);
}

export interface EnabledMethod {
  type: MultiFactorMethodType;
  enabledAt: Date;
  phoneNumber: string | null;
}

/** The member's enabled methods, oldest first. */
export async function enabledMethods(db: Db, accountId: string): Promise<EnabledMethod[]> {
  return cachedRead(db, `multi-factor-methods:${accountId}`, [multiFactorMethods], () =>
    db
      .select({
        type: multiFactorMethods.type,
        enabledAt: multiFactorMethods.enabledAt,
        phoneNumber: multiFactorMethods.phoneNumber,
      })
      .from(multiFactorMethods)
      .where(eq(multiFactorMethods.accountId, accountId))
      .orderBy(asc(multiFactorMethods.enabledAt), asc(multiFactorMethods.type)),
  );
}

export interface MultiFactorState {
  /** The enabled methods the store offers and that can reach the member, oldest first. */
  types: MultiFactorMethodType[];
  /** Asked first at a login: the preferred one while usable, else the first usable; null when none. */
  defaultType: MultiFactorMethodType | null;
}

/** Whether the method has somewhere to send its code: e-mail needs the contact address, SMS its number. */
function canReach(method: EnabledMethod, contactEmail: string | null): boolean {
  switch (method.type) {
    case "Email":
      return contactEmail !== null;
    case "SMS":
      return method.phoneNumber !== null;
    case "OTP":
      return true;
  }
}

/** The member's usable methods and their default, under the methods the store offers. */
export function usableMethods(
  enabled: readonly EnabledMethod[],
  member: { contactEmail: string | null; preferredMultiFactorType: MultiFactorMethodType | null },
  offered: readonly MultiFactorMethodType[],
): MultiFactorState {
  const types = enabled
    .filter((method) => offered.includes(method.type) && canReach(method, member.contactEmail))
    .map((method) => method.type);
  const preferred = member.preferredMultiFactorType;
  return { types, defaultType: preferred && types.includes(preferred) ? preferred : (types[0] ?? null) };
}

// ── Authenticator app (TOTP) ─────────────────────────────────────────────────────────────────────

/**
 * What an authenticator code proved: accepted (and now spent), already used (a right code whose
 * time step was spent before, e.g. the one that set the app up a moment ago), or wrong.
 */
export type OtpCheck = "accepted" | "used" | "wrong";

/**
 * Checks an authenticator code against the member's enabled OTP method and, when it is good,
 * records its step in the same statement (two requests with one code cannot both pass).
 */
export async function spendOtpCode(
  db: Db,
  box: SecretBox,
  accountId: string,
  token: string,
  now: Date,
): Promise<OtpCheck> {
  const [method] = await db
    .select()
    .from(multiFactorMethods)
    .where(and(eq(multiFactorMethods.accountId, accountId), eq(multiFactorMethods.type, "OTP")))
    .limit(1);
  if (!method?.otpSecret) return "wrong";
  const step = acceptedOtpStep(box.open(method.otpSecret), token, now, null);
  if (step === null) return "wrong";
  if (method.otpLastStep !== null && step <= method.otpLastStep) return "used";
  const taken = await db
    .update(multiFactorMethods)
    .set({ otpLastStep: step })
    .where(
      and(
        eq(multiFactorMethods.accountId, accountId),
        eq(multiFactorMethods.type, "OTP"),
        sql`coalesce(${multiFactorMethods.otpLastStep}, -1) < ${step}`,
      ),
    )
    .returning({ step: multiFactorMethods.otpLastStep });
  return taken.length > 0 ? "accepted" : "used";
}

// ── Enabling and disabling ───────────────────────────────────────────────────────────────────────

export interface MethodDetails {
  /** OTP: the secret, sealed. */
  otpSecret?: string;
  /** OTP: the step of the code that proved the secret, so that it cannot log in afterwards. */
  otpLastStep?: number;
  /** SMS: the number the code went to. */
  phoneNumber?: string;
}

/** Enables (or re-enables, replacing its details) a method. */
export async function enableMethod(
  db: Db,
  accountId: string,
  type: MultiFactorMethodType,
  details: MethodDetails,
  now: Date,
): Promise<void> {
  const values = {
    otpSecret: details.otpSecret ?? null,
    otpLastStep: details.otpLastStep ?? null,
    phoneNumber: details.phoneNumber ?? null,
    enabledAt: now,
  };
  await db
    .insert(multiFactorMethods)
    .values({ accountId, type, ...values })
    .onConflictDoUpdate({ target: [multiFactorMethods.accountId, multiFactorMethods.type], set: values });
}

/**
 * Disables a method. With the last one gone the backup codes and the preference go too (spec §2:
 * the backup-code row shows only while a method is on). Answers the methods left.
 */
export async function disableMethod(db: Db, accountId: string, type: MultiFactorMethodType): Promise<number> {
  return db.transaction(async (tx) => {
    await tx
      .delete(multiFactorMethods)
      .where(and(eq(multiFactorMethods.accountId, accountId), eq(multiFactorMethods.type, type)));
    const [left] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(multiFactorMethods)
      .where(eq(multiFactorMethods.accountId, accountId));
    const remaining = left?.count ?? 0;
    if (remaining === 0) {
      await tx.delete(backupCodes).where(eq(backupCodes.accountId, accountId));
    }
    await tx
      .update(accounts)
      .set({ preferredMultiFactorType: null })
      .where(
        remaining === 0
          ? eq(accounts.id, accountId)
          : and(eq(accounts.id, accountId), eq(accounts.preferredMultiFactorType, type)),
      );
    return remaining;
  });
}

export async function setPreferredType(
  db: Db,
  accountId: string,
  type: MultiFactorMethodType,
): Promise<void> {
  await db.update(accounts).set({ preferredMultiFactorType: type }).where(eq(accounts.id, accountId));
}

// ── Backup codes ─────────────────────────────────────────────────────────────────────────────────

/** Letters and digits that cannot be mistaken for each other when copied by hand (no 0/o, 1/l/i). */
const BACKUP_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** 10 new codes of 8 characters (about 40 bits each), to show once. */
export function newBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, () =>
    Array.from({ length: BACKUP_CODE_LENGTH }, () => BACKUP_ALPHABET[randomInt(BACKUP_ALPHABET.length)]).join(
      "",
    ),
  );
}

/** How a typed code is compared: case and width do not matter. */
function normalizeBackupCode(code: string): string {
  return code.normalize("NFKC").trim().toLowerCase();
}

function backupCodeHash(box: SecretBox, accountId: string, salt: string, code: string): string {
  return box.keyedHash("backup-code", `${accountId}\n${salt}\n${normalizeBackupCode(code)}`);
}

/** Replaces the member's backup codes with these (registration and regeneration). */
export async function storeBackupCodes(
  db: Db,
  box: SecretBox,
  accountId: string,
  codes: readonly string[],
  now: Date,
): Promise<void> {
  await db.transaction((tx) => replaceBackupCodes(tx, box, accountId, codes, now));
}

/**
 * Enables the member's first method together with the backup codes they confirmed having saved,
 * in one transaction: two-step verification is never on without codes (issue 41 §2).
 */
export async function enableMethodWithBackupCodes(
  db: Db,
  box: SecretBox,
  accountId: string,
  method: { type: MultiFactorMethodType; details: MethodDetails },
  codes: readonly string[],
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await replaceBackupCodes(tx, box, accountId, codes, now);
    await enableMethod(tx, accountId, method.type, method.details, now);
  });
}

async function replaceBackupCodes(
  db: Db,
  box: SecretBox,
  accountId: string,
  codes: readonly string[],
  now: Date,
): Promise<void> {
  await db.delete(backupCodes).where(eq(backupCodes.accountId, accountId));
  await db.insert(backupCodes).values(
    codes.map((code) => {
      const salt = randomInt(2 ** 47).toString(36);
      return { accountId, salt, codeHash: backupCodeHash(box, accountId, salt, code), createdAt: now };
    }),
  );
}

/** How many unused backup codes the member has. */
export async function remainingBackupCodes(db: Db, accountId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(backupCodes)
    .where(and(eq(backupCodes.accountId, accountId), isNull(backupCodes.usedAt)));
  return row?.count ?? 0;
}

/** Spends a backup code: true once for each code, then never again. */
export async function spendBackupCode(
  db: Db,
  box: SecretBox,
  accountId: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const unused = await db
    .select({ id: backupCodes.id, salt: backupCodes.salt, codeHash: backupCodes.codeHash })
    .from(backupCodes)
    .where(and(eq(backupCodes.accountId, accountId), isNull(backupCodes.usedAt)));
  const match = unused.find((row) => row.codeHash === backupCodeHash(box, accountId, row.salt, code));
  if (!match) return false;
  const spent = await db
    .update(backupCodes)
    .set({ usedAt: now })
    .where(and(eq(backupCodes.id, match.id), isNull(backupCodes.usedAt)))
    .returning({ id: backupCodes.id });
  return spent.length > 0;
}
