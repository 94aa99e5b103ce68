import { and, eq, lt, ne } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { cachedRead } from "../db/read-cache.ts";
import { accounts, profileImages, sessions } from "../db/schema.ts";
import { hashToken, isPlausibleToken, randomToken } from "../kit/tokens.ts";

export const SESSION_COOKIE = "sid";
const DAY = 24 * 60 * 60 * 1000;
/** Sessions slide: each use pushes the end 30 days out again, but never past the absolute end. */
export const SESSION_LIFETIME_MS = 30 * DAY;
/**
 * However often it is used, a session ends this long after the login that started it
 * (SESSION_MAX_AGE_DAYS); the member then logs in again.
 */
export const DEFAULT_SESSION_MAX_AGE_MS = 90 * DAY;
/** A session is written back at most this often, so browsing does not write on every request. */
const SLIDE_INTERVAL_MS = 60 * 60 * 1000;

export interface SessionAccount {
  accountId: string;
  publicId: string;
  /** Who the member is, as the header says it: the nickname, else the e-mail address, else the user ID. */
  label: string | null;
  /** When the member's profile image was last set; null without one (the header shows it). */
  profileImageUpdatedAt: Date | null;
}

export interface FoundSession extends SessionAccount {
  /** When the member last proved who they are in this session (login or re-authentication). */
  authenticatedAt: Date;
  /** Set when this lookup slid the session: the cookies should be set again with a fresh Max-Age. */
  slidUntil: Date | null;
  /** The social provider the session's login went through, or null (a password, a code, a sign-up). */
  externalType: string | null;
  /** How the session's login was made (RFC 8176 method names), or null when it did not say. */
  amr: string[] | null;
}

/** When a session started at `createdAt` and used at `now` ends: 30 days on, or its absolute end. */
export function sessionEnd(createdAt: Date, now: Date, maxAgeMs: number): Date {
  return new Date(Math.min(now.getTime() + SESSION_LIFETIME_MS, createdAt.getTime() + maxAgeMs));
}

/**
 * The account behind a session cookie, or null when the token is missing, unknown, expired or
 * past its absolute lifetime (`maxAgeMs` from its start). A session last written back over an
 * hour ago slides to 30 days from now, or to its absolute end if that comes first.
 */
export async function findSessionAccount(
  db: Db,
  token: string | undefined,
  now: Date,
  maxAgeMs: number,
): Promise<FoundSession | null> {
  if (!isPlausibleToken(token)) return null;
  const tokenHash = hashToken(token);
  // Kept in memory on PGlite (read by every member request): the row is looked up by its token
  // alone, and its time limits are checked here, so a kept row ends exactly when the SQL would.
  const [row] = await cachedRead(db, `session:${tokenHash}`, [sessions, accounts, profileImages], () =>
    db
      .select({
        accountId: accounts.id,
        publicId: accounts.publicId,
        nickname: accounts.nickname,
        contactEmail: accounts.contactEmail,
        userId: accounts.userId,
        profileImageUpdatedAt: profileImages.updatedAt,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        authenticatedAt: sessions.authenticatedAt,
        expiresAt: sessions.expiresAt,
        externalType: sessions.externalType,
        amr: sessions.amr,
      })
      .from(sessions)
      .innerJoin(accounts, eq(accounts.id, sessions.accountId))
      .leftJoin(profileImages, eq(profileImages.accountId, sessions.accountId))
      .where(eq(sessions.tokenHash, tokenHash))
      .limit(1),
  );
  // The absolute end holds even for a session stored before it was configured shorter.
  if (row && (row.expiresAt <= now || row.createdAt.getTime() <= now.getTime() - maxAgeMs)) return null;
  if (!row) return null;
  let slidUntil: Date | null = null;
  if (now.getTime() - row.lastSeenAt.getTime() >= SLIDE_INTERVAL_MS) {
    slidUntil = sessionEnd(row.createdAt, now, maxAgeMs);
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: slidUntil })
      .where(eq(sessions.tokenHash, tokenHash));
  }
  const label = row.nickname || row.contactEmail || row.userId || null;
  return {
    accountId: row.accountId,
    publicId: row.publicId,
    label,
    profileImageUpdatedAt: row.profileImageUpdatedAt,
    authenticatedAt: row.authenticatedAt,
    slidUntil,
    externalType: row.externalType,
    amr: row.amr,
  };
}

export interface StartedSession {
  token: string;
  expiresAt: Date;
}

/**
 * Signs the account in with a new session id. The session the browser had before, if any, ends
 * here: a login never keeps a session id that existed before it (session fixation).
 */
export async function startSession(
  db: Db,
  input: {
    accountId: string;
    previousToken: string | undefined;
    now: Date;
    /** The absolute lifetime (SESSION_MAX_AGE_DAYS). */
    maxAgeMs: number;
    userAgent: string | null;
    ip: string | null;
    /** The social provider the login went through, if it did. */
    externalType?: string | null;
    /** How the login was made (RFC 8176 method names), for the login provider's ID tokens. */
    amr?: string[] | null;
  },
): Promise<StartedSession> {
  if (isPlausibleToken(input.previousToken)) await endSession(db, input.previousToken);
  const token = randomToken();
  const expiresAt = sessionEnd(input.now, input.now, input.maxAgeMs);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    accountId: input.accountId,
    createdAt: input.now,
    lastSeenAt: input.now,
    authenticatedAt: input.now,
    expiresAt,
    userAgent: input.userAgent,
    ip: input.ip,
    externalType: input.externalType ?? null,
    amr: input.amr ?? null,
  });
  // Expired sessions are of no use to anyone; the account's own are swept at each login.
  await db
    .delete(sessions)
    .where(and(eq(sessions.accountId, input.accountId), lt(sessions.expiresAt, input.now)));
  return { token, expiresAt };
}

/** The member proved who they are again in this session (a re-authentication, issue 39 §4). */
export async function markAuthenticated(db: Db, token: string | undefined, now: Date): Promise<void> {
  if (!isPlausibleToken(token)) return;
  await db
    .update(sessions)
    .set({ authenticatedAt: now })
    .where(eq(sessions.tokenHash, hashToken(token)));
}

export async function endSession(db: Db, token: string | undefined): Promise<void> {
  if (!isPlausibleToken(token)) return;
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends the account's sessions other than the one of `keepToken`: a password change. */
export async function endOtherSessions(
  db: Db,
  accountId: string,
  keepToken: string | undefined,
): Promise<void> {
  const others = isPlausibleToken(keepToken)
    ? and(eq(sessions.accountId, accountId), ne(sessions.tokenHash, hashToken(keepToken)))
    : eq(sessions.accountId, accountId);
  await db.delete(sessions).where(others);
}

/** Ends every session of the account: password reset, withdrawal. */
export async function endAllSessions(db: Db, accountId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.accountId, accountId));
}
