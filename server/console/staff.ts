/**
 * Staff of the operator console (ARCHITECTURE.md "Operators and staff"): added on the server with
 * a one-time set-up link, set up with a password and an authenticator app (a second factor is not
 * optional for staff), signed in with both, in sessions of their own that end after 12 hours or
 * 30 minutes without a request. Everything here is written to the audit trail.
 */
import { and, desc, eq, gt, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { type StaffRole, staff, staffAudit, staffSessions } from "../db/schema.ts";
import type { SecretBox } from "../kit/secret-box.ts";
import {
  ACCOUNT_LOGIN_THROTTLE,
  ADDRESS_GUESS_THROTTLE,
  type ThrottleRule,
  takeAttempt,
} from "../kit/throttle.ts";
import { hashToken, isPlausibleToken, randomToken } from "../kit/tokens.ts";
import { acceptedOtpStep, newOtpSecret, otpauthUrl } from "../kit/totp.ts";

export type { StaffRole };

export const STAFF_ROLES: readonly StaffRole[] = ["owner", "configuration", "support", "finance"];

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
/** How long a set-up link works. */
export const SETUP_LINK_LIFETIME_MS = 24 * HOUR;
/** A console session ends this long after the sign-in, whatever happens. */
export const STAFF_SESSION_LIFETIME_MS = 12 * HOUR;
/** …and this long after its last request. */
export const STAFF_SESSION_IDLE_MS = 30 * MINUTE;
/** Staff passwords are long: they open the whole store. */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
export const STAFF_PASSWORD_MAX_LENGTH = 128;
/** A session's last request is written at most this often, not on every request. */
const LAST_SEEN_PRECISION_MS = MINUTE;

/** What the console's functions need: the database, the sealing key, the password hasher, the clock. */
export interface ConsoleDeps {
  db: Db;
  secretBox: SecretBox;
  passwords: {
    hash(password: string): Promise<string>;
    verify(hash: string | null, password: string): Promise<boolean>;
  };
  now: () => Date;
}

/** Who did something, for the audit trail: a signed-in staff member or the server (null), and from where. */
export interface Actor {
  staffId: string | null;
  ip: string | null;
}

export interface StaffMember {
  id: string;
  email: string;
  role: StaffRole;
}

/** An audit entry's action names: what the console's audit page filters on. */
export const AUDIT_ACTIONS = [
  "staff.added",
  "staff.role-changed",
  "staff.removed",
  "staff.setup",
  "staff.signin",
  "staff.signin-failed",
  "staff.signout",
  "config.imported",
  "config.published",
  "config.rolled-back",
  "config.asset-uploaded",
  "member.searched",
  "member.viewed",
  "member.sessions-ended",
  "member.second-factors-removed",
  "member.refunded",
  "member.subscription-cancelled",
  "member.free-days-given",
  "member.verification-resent",
  "member.throttles-lifted",
  "throttles.address-lifted",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === "string" && (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/** Appends one entry to the audit trail. Nothing ever updates or deletes one. */
export async function recordAudit(
  db: Db,
  actor: Actor,
  action: AuditAction,
  detail: Record<string, unknown>,
  at: Date,
): Promise<void> {
  await db.insert(staffAudit).values({ staffId: actor.staffId, action, detail, ip: actor.ip, at });
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

/** E-mail addresses compare without case: one person, one staff row. */
export function normalizeStaffEmail(email: string): string {
  return email.trim().toLowerCase();
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export class StaffError extends Error {
  constructor(
    readonly code: "INVALID_EMAIL" | "INVALID_ROLE" | "EMAIL_TAKEN" | "NOT_FOUND" | "LAST_OWNER" | "SELF",
  ) {
    super(code);
  }
}

/**
 * Adds a staff member who is not set up yet, and gives the set-up link's token (shown once; only
 * its hash is kept).
 */
export async function addStaff(
  deps: ConsoleDeps,
  input: { email: string; role: string },
  actor: Actor,
): Promise<{ staffId: string; setupToken: string; expiresAt: Date }> {
  const email = normalizeStaffEmail(input.email);
  if (!EMAIL.test(email) || email.length > 254) throw new StaffError("INVALID_EMAIL");
  if (!isStaffRole(input.role)) throw new StaffError("INVALID_ROLE");
  const now = deps.now();
  const setupToken = randomToken();
  const expiresAt = new Date(now.getTime() + SETUP_LINK_LIFETIME_MS);
  const [added] = await deps.db
    .insert(staff)
    .values({
      email,
      role: input.role,
      setupTokenHash: hashToken(setupToken),
      setupExpiresAt: expiresAt,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: staff.id });
  if (!added) throw new StaffError("EMAIL_TAKEN");
  await recordAudit(deps.db, actor, "staff.added", { staffId: added.id, email, role: input.role }, now);
  return { staffId: added.id, setupToken, expiresAt };
}

async function staffOfSetupToken(deps: ConsoleDeps, token: string | undefined) {
  if (!isPlausibleToken(token)) return null;
  const [row] = await deps.db
    .select()
    .from(staff)
    .where(
      and(
        eq(staff.setupTokenHash, hashToken(token)),
        gt(staff.setupExpiresAt, deps.now()),
        isNull(staff.removedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** What the set-up page shows: whose link it is and the authenticator app's secret to add. */
export interface SetupOffer {
  email: string;
  otpSecret: string;
  otpauthUrl: string;
}

/**
 * The set-up link's page: the same secret on every visit until the set-up is done (a reload must
 * not invalidate what the app has just scanned). Null for a link that is unknown, used or expired.
 */
export async function setupOffer(
  deps: ConsoleDeps,
  token: string | undefined,
  issuer: string,
): Promise<SetupOffer | null> {
  const row = await staffOfSetupToken(deps, token);
  if (!row) return null;
  let secret = row.pendingOtpSecret ? deps.secretBox.open(row.pendingOtpSecret) : null;
  if (!secret) {
    secret = newOtpSecret();
    await deps.db
      .update(staff)
      .set({ pendingOtpSecret: deps.secretBox.seal(secret) })
      .where(eq(staff.id, row.id));
  }
  return { email: row.email, otpSecret: secret, otpauthUrl: otpauthUrl(secret, row.email, issuer) };
}

/** Whether a password holds the address, or its name part when that is long enough to guess from. */
function containsAddress(password: string, email: string): boolean {
  const lower = password.toLowerCase();
  const name = email.split("@")[0] ?? "";
  return lower.includes(email) || (name.length >= 4 && lower.includes(name));
}

export type SetupResult = "done" | "invalid-link" | "weak-password" | "wrong-code";

/**
 * Completes the set-up: a long enough password and a code from the app that scanned the offered
 * secret. Done, the link stops working and the staff member may sign in.
 */
export async function completeSetup(
  deps: ConsoleDeps,
  token: string | undefined,
  input: { password: string; code: string },
  ip: string | null,
): Promise<SetupResult> {
  const row = await staffOfSetupToken(deps, token);
  if (!row?.pendingOtpSecret) return "invalid-link";
  if (
    input.password.length < STAFF_PASSWORD_MIN_LENGTH ||
    input.password.length > STAFF_PASSWORD_MAX_LENGTH ||
    containsAddress(input.password, row.email)
  ) {
    return "weak-password";
  }
  const now = deps.now();
  const secret = deps.secretBox.open(row.pendingOtpSecret);
  const step = acceptedOtpStep(secret, input.code, now, null);
  if (step === null) return "wrong-code";
  const passwordHash = await deps.passwords.hash(input.password);
  // The token in the condition: two set-ups sent at once cannot both complete.
  const [done] = await deps.db
    .update(staff)
    .set({
      passwordHash,
      otpSecret: row.pendingOtpSecret,
      otpLastStep: step,
      pendingOtpSecret: null,
      setupTokenHash: null,
      setupExpiresAt: null,
    })
    .where(and(eq(staff.id, row.id), eq(staff.setupTokenHash, row.setupTokenHash ?? "")))
    .returning({ id: staff.id });
  if (!done) return "invalid-link";
  await recordAudit(deps.db, { staffId: row.id, ip }, "staff.setup", {}, now);
  return "done";
}

/** Why a sign-in failed, for the audit trail only: the page says the same thing for all of them. */
type SignInFailure = "unknown" | "not-set-up" | "password" | "code";

export type SignInResult =
  | { kind: "signed-in"; token: string; staff: StaffMember; expiresAt: Date }
  | { kind: "refused" }
  | { kind: "wait"; seconds: number };

/** The guessing limits of a staff sign-in: per address tried and per client address. */
function signInRules(email: string, ip: string | null): ThrottleRule[] {
  return [
    { key: `staff-login:${email}`, policy: ACCOUNT_LOGIN_THROTTLE },
    ...(ip ? [{ key: `staff-login-ip:${ip}`, policy: ADDRESS_GUESS_THROTTLE }] : []),
  ];
}

/**
 * Signs a staff member in with e-mail, password and authenticator code, all three at once. Every
 * attempt counts against the guessing limits before it is checked; the password is checked even
 * for an unknown address, so both answers take as long. Each authenticator code works once.
 */
export async function signIn(
  deps: ConsoleDeps,
  input: { email: string; password: string; code: string },
  ip: string | null,
): Promise<SignInResult> {
  const email = normalizeStaffEmail(input.email);
  const now = deps.now();
  const wait = await takeAttempt(deps.db, signInRules(email, ip), now);
  if (wait > 0) return { kind: "wait", seconds: wait };
  const [row] = await deps.db
    .select()
    .from(staff)
    .where(and(eq(staff.email, email), isNull(staff.removedAt)))
    .limit(1);
  const passwordRight = await deps.passwords.verify(row?.passwordHash ?? null, input.password);
  const fail = async (reason: SignInFailure): Promise<SignInResult> => {
    await recordAudit(
      deps.db,
      { staffId: row?.id ?? null, ip },
      "staff.signin-failed",
      { email, reason },
      now,
    );
    return { kind: "refused" };
  };
  if (!row) return fail("unknown");
  if (!row.passwordHash || !row.otpSecret) return fail("not-set-up");
  if (!passwordRight) return fail("password");
  const step = acceptedOtpStep(deps.secretBox.open(row.otpSecret), input.code, now, row.otpLastStep);
  if (step === null) return fail("code");
  // Spent in the same statement that checks it was not: one code, one sign-in.
  const [spent] = await deps.db
    .update(staff)
    .set({ otpLastStep: step })
    .where(and(eq(staff.id, row.id), or(isNull(staff.otpLastStep), lt(staff.otpLastStep, step))))
    .returning({ id: staff.id });
  if (!spent) return fail("code");
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + STAFF_SESSION_LIFETIME_MS);
  await deps.db
    .insert(staffSessions)
    .values({ tokenHash: hashToken(token), staffId: row.id, createdAt: now, lastSeenAt: now, expiresAt });
  await recordAudit(deps.db, { staffId: row.id, ip }, "staff.signin", {}, now);
  return { kind: "signed-in", token, staff: { id: row.id, email: row.email, role: row.role }, expiresAt };
}

/**
 * The staff member a console session cookie belongs to, while the session is within its 12 hours
 * and was used in the last 30 minutes; the use is recorded (to the minute).
 */
export async function findStaffSession(
  deps: ConsoleDeps,
  token: string | undefined,
): Promise<StaffMember | null> {
  if (!isPlausibleToken(token)) return null;
  const now = deps.now();
  const tokenHash = hashToken(token);
  const [row] = await deps.db
    .select({
      id: staff.id,
      email: staff.email,
      role: staff.role,
      lastSeenAt: staffSessions.lastSeenAt,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastSeenAt, new Date(now.getTime() - STAFF_SESSION_IDLE_MS)),
        isNull(staff.removedAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_PRECISION_MS) {
    await deps.db
      .update(staffSessions)
      .set({ lastSeenAt: sql`greatest(${staffSessions.lastSeenAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(staffSessions.tokenHash, tokenHash));
  }
  return { id: row.id, email: row.email, role: row.role };
}

/** Ends a console session (signing out), recorded when it was one. */
export async function endStaffSession(
  deps: ConsoleDeps,
  token: string | undefined,
  ip: string | null,
): Promise<void> {
  if (!isPlausibleToken(token)) return;
  const [ended] = await deps.db
    .delete(staffSessions)
    .where(eq(staffSessions.tokenHash, hashToken(token)))
    .returning({ staffId: staffSessions.staffId });
  if (ended) await recordAudit(deps.db, { staffId: ended.staffId, ip }, "staff.signout", {}, deps.now());
}

/** One entry of the audit trail as the console shows it. */
export interface AuditEntry {
  id: number;
  at: Date;
  action: string;
  /** Who acted: a staff member's address, or null for the server (`npm run staff:add`). */
  staffEmail: string | null;
  detail: Record<string, unknown>;
  ip: string | null;
}

export const AUDIT_PAGE_SIZE = 50;

/**
 * A page of the audit trail, newest first: entries before `before` (an entry's id), of one action
 * and one staff member when asked. `nextBefore` continues the list; null at its end.
 */
export async function auditPage(
  db: Db,
  filter: { action?: AuditAction; staffEmail?: string; before?: number },
): Promise<{ entries: AuditEntry[]; nextBefore: number | null }> {
  const conditions: SQL[] = [];
  if (filter.action) conditions.push(eq(staffAudit.action, filter.action));
  if (filter.staffEmail) conditions.push(eq(staff.email, normalizeStaffEmail(filter.staffEmail)));
  if (filter.before !== undefined) conditions.push(lt(staffAudit.id, filter.before));
  const rows = await db
    .select({
      id: staffAudit.id,
      at: staffAudit.at,
      action: staffAudit.action,
      staffEmail: staff.email,
      detail: staffAudit.detail,
      ip: staffAudit.ip,
    })
    .from(staffAudit)
    .leftJoin(staff, eq(staff.id, staffAudit.staffId))
    .where(and(...conditions))
    .orderBy(desc(staffAudit.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  const entries = rows.slice(0, AUDIT_PAGE_SIZE);
  return { entries, nextBefore: rows.length > AUDIT_PAGE_SIZE ? (entries.at(-1)?.id ?? null) : null };
}

/** A staff member as the staff page lists them. */
export interface StaffListing extends StaffMember {
  /** Whether the set-up is done (password and authenticator app); else the link is pending. */
  setUp: boolean;
  createdAt: Date;
}

/** Everyone who may use the console (removed staff are left out), oldest first. */
export async function listStaff(db: Db): Promise<StaffListing[]> {
  const rows = await db
    .select({
      id: staff.id,
      email: staff.email,
      role: staff.role,
      otpSecret: staff.otpSecret,
      createdAt: staff.createdAt,
    })
    .from(staff)
    .where(isNull(staff.removedAt))
    .orderBy(staff.createdAt);
  return rows.map(({ otpSecret, ...row }) => ({ ...row, setUp: otpSecret !== null }));
}

/**
 * Runs `change` while holding every owner's row, and refuses with LAST_OWNER when it would leave
 * no owner: the console must always keep one who can manage staff. Two owners demoting each other
 * at once take turns, and the second sees the first's change (PostgreSQL re-reads a row it waited
 * for), so they cannot both succeed.
 */
async function keepingAnOwner(
  db: Db,
  staffId: string,
  losesOwnership: boolean,
  change: (tx: Db) => Promise<boolean>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const owners = await tx
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.role, "owner"), isNull(staff.removedAt)))
      .for("update");
    if (losesOwnership && owners.every((owner) => owner.id === staffId)) throw new StaffError("LAST_OWNER");
    return change(tx);
  });
}

/** Gives a staff member another role; the last owner keeps theirs. Audited with both roles. */
export async function changeStaffRole(
  deps: ConsoleDeps,
  staffId: string,
  role: string,
  actor: Actor,
): Promise<void> {
  if (!isStaffRole(role)) throw new StaffError("INVALID_ROLE");
  const [current] = await deps.db
    .select({ role: staff.role })
    .from(staff)
    .where(and(eq(staff.id, staffId), isNull(staff.removedAt)))
    .limit(1);
  if (!current) throw new StaffError("NOT_FOUND");
  if (current.role === role) return;
  const changed = await keepingAnOwner(deps.db, staffId, current.role === "owner", async (tx) => {
    const rows = await tx
      .update(staff)
      .set({ role })
      .where(and(eq(staff.id, staffId), isNull(staff.removedAt), eq(staff.role, current.role)))
      .returning({ id: staff.id });
    return rows.length > 0;
  });
  if (!changed) throw new StaffError("NOT_FOUND");
  await recordAudit(
    deps.db,
    actor,
    "staff.role-changed",
    { staffId, from: current.role, to: role },
    deps.now(),
  );
}

/**
 * Removes a staff member: their sessions end at once and they can no longer sign in; the row stays
 * for the audit trail. Nobody removes themselves, and the last owner stays.
 */
export async function removeStaff(deps: ConsoleDeps, staffId: string, actor: Actor): Promise<void> {
  if (staffId === actor.staffId) throw new StaffError("SELF");
  const now = deps.now();
  const [current] = await deps.db
    .select({ role: staff.role, email: staff.email })
    .from(staff)
    .where(and(eq(staff.id, staffId), isNull(staff.removedAt)))
    .limit(1);
  if (!current) throw new StaffError("NOT_FOUND");
  const removed = await keepingAnOwner(deps.db, staffId, current.role === "owner", async (tx) => {
    const rows = await tx
      .update(staff)
      .set({ removedAt: now, setupTokenHash: null, setupExpiresAt: null, pendingOtpSecret: null })
      .where(and(eq(staff.id, staffId), isNull(staff.removedAt)))
      .returning({ id: staff.id });
    if (rows.length === 0) return false;
    await tx.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
    return true;
  });
  if (!removed) throw new StaffError("NOT_FOUND");
  await recordAudit(deps.db, actor, "staff.removed", { staffId, email: current.email }, now);
}
