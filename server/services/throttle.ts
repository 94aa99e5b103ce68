/**
 * Throttling with growing delays and a lock (issue 4 "Abuse resistance"). A key counts hits:
 * failed logins or PIN guesses, or mails sent. Past a few free hits each further one makes the
 * key wait twice as long before the next attempt; at the limit the key is locked for a while.
 * Unknown identifiers are counted exactly like accounts, so the answers reveal nothing.
 */
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { authThrottles } from "../db/schema.ts";

export interface ThrottlePolicy {
  /** Hits that cost no waiting. */
  freeHits: number;
  /** The wait after the first hit past the free ones; it doubles with every further hit. */
  baseDelayMs: number;
  /** The longest wait between two hits before the lock (none = keeps doubling). */
  maxDelayMs?: number;
  /** At this many hits the key is locked for lockMs. */
  lockAfter: number;
  lockMs: number;
  /** Hits are forgotten once the last one is this old. */
  forgetAfterMs: number;
}

const MINUTE = 60 * 1000;

/** Failed logins and PIN guesses: waits of 1, 2, 4 … 32 s after the 4th to 9th, a 15-minute lock at the 10th. */
export const LOGIN_THROTTLE: ThrottlePolicy = {
  freeHits: 3,
  baseDelayMs: 1000,
  lockAfter: 10,
  lockMs: 15 * MINUTE,
  forgetAfterMs: 15 * MINUTE,
};

/** Codes and links mailed to one recipient: 10 an hour, paced after the 5th. */
export const MAIL_THROTTLE: ThrottlePolicy = {
  freeHits: 5,
  baseDelayMs: 30 * 1000,
  lockAfter: 10,
  lockMs: 60 * MINUTE,
  forgetAfterMs: 60 * MINUTE,
};

/**
 * Mails triggered from one client address, to anyone: 100 an hour, paced after the 30th. Looser
 * than per recipient because many people share one address (carrier-grade NAT, offices).
 */
export const CLIENT_MAIL_THROTTLE: ThrottlePolicy = {
  freeHits: 30,
  baseDelayMs: 5 * 1000,
  maxDelayMs: 60 * 1000,
  lockAfter: 100,
  lockMs: 60 * MINUTE,
  forgetAfterMs: 60 * MINUTE,
};

export const throttleKey = {
  account: (accountId: string) => `login:account:${accountId}`,
  /** An identifier that names no account; counted like one. */
  identifier: (identifier: string) => `login:identifier:${identifier.toLowerCase()}`,
  address: (address: string) => `login:address:${address}`,
  /** Guesses at the codes mailed to an address outside a login (sign-up). */
  codeTo: (email: string) => `code:to:${email.toLowerCase()}`,
  mailTo: (email: string) => `mail:to:${email.toLowerCase()}`,
  mailFrom: (address: string) => `mail:from:${address}`,
};

/** How long the wait after `hits` hits is (ms), or null when the key is to be locked. */
export function delayAfter(hits: number, policy: ThrottlePolicy): number | null {
  if (hits >= policy.lockAfter) return null;
  if (hits <= policy.freeHits) return 0;
  const delay = policy.baseDelayMs * 2 ** (hits - policy.freeHits - 1);
  return Math.min(delay, policy.maxDelayMs ?? delay);
}

/**
 * Seconds until every key may try again (0 = now). Checked before the attempt, so a locked
 * account's password is not even looked at.
 */
export async function throttleWait(
  db: Db,
  keys: readonly string[],
  policy: ThrottlePolicy,
  now: Date,
): Promise<number> {
  if (keys.length === 0) return 0;
  const rows = await db
    .select()
    .from(authThrottles)
    .where(inArray(authThrottles.key, [...keys]));
  let readyAt = now.getTime();
  for (const row of rows) {
    if (row.lockedUntil && row.lockedUntil > now) {
      readyAt = Math.max(readyAt, row.lockedUntil.getTime());
      continue;
    }
    if (now.getTime() - row.lastHitAt.getTime() >= policy.forgetAfterMs) continue;
    const delay = delayAfter(row.hits, policy) ?? 0;
    readyAt = Math.max(readyAt, row.lastHitAt.getTime() + delay);
  }
  return Math.ceil((readyAt - now.getTime()) / 1000);
}

/** Counts one hit against every key; the hit that reaches the limit locks the key. */
export async function recordHit(
  db: Db,
  keys: readonly string[],
  policy: ThrottlePolicy,
  now: Date,
): Promise<void> {
  const forgetBefore = new Date(now.getTime() - policy.forgetAfterMs).toISOString();
  for (const key of new Set(keys)) {
    const [row] = await db
      .insert(authThrottles)
      .values({ key, hits: 1, lastHitAt: now })
      .onConflictDoUpdate({
        target: authThrottles.key,
        set: {
          hits: sql`case when ${authThrottles.lastHitAt} <= ${forgetBefore}::timestamptz then 1 else ${authThrottles.hits} + 1 end`,
          lastHitAt: now,
          lockedUntil: null,
        },
      })
      .returning({ hits: authThrottles.hits });
    if (row && delayAfter(row.hits, policy) === null) {
      await db
        .update(authThrottles)
        .set({ lockedUntil: new Date(now.getTime() + policy.lockMs) })
        .where(sql`${authThrottles.key} = ${key}`);
    }
  }
}

/** Forgets the keys' hits: a successful login clears its account's count. */
export async function clearThrottle(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await db.delete(authThrottles).where(inArray(authThrottles.key, [...keys]));
}
