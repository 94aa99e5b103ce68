/**
 * Throttling (issue 4 "Abuse resistance", issue 7 §5; NIST SP 800-63B §5.2.2 and Keycloak's
 * brute-force detector are the references). Two kinds of counter:
 *
 * - A key counts hits (failed logins or PIN guesses, or mails sent). Past a few free hits each
 *   further one makes the key wait twice as long before the next attempt, up to a ceiling. Only
 *   the mail caps lock at a limit; guesses (passwords, codes, PINs) never do: a lock is what
 *   lets a stranger shut a member out.
 * - A rate (GCRA, the "generic cell rate algorithm") allows a sustained pace plus a burst, and
 *   makes whoever comes faster wait for the next slot: the site-wide failed-login rate and the
 *   user-ID check per client address.
 *
 * Unknown identifiers are counted exactly like accounts, so the answers reveal nothing.
 */
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { authRates, authThrottles } from "../db/schema.ts";

export interface ThrottlePolicy {
  /** Hits that cost no waiting. */
  freeHits: number;
  /** The wait after the first hit past the free ones; it doubles with every further hit. */
  baseDelayMs: number;
  /** The longest wait between two hits before the lock (none = keeps doubling). */
  maxDelayMs?: number;
  /** At this many hits the key is locked for lockMs (none = never locked). */
  lockAfter?: number;
  lockMs?: number;
  /** Hits are forgotten once the last one is this old. */
  forgetAfterMs: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** A mailed code is void after this many wrong tries (server/identity/auth-codes.ts). */
export const MAX_WRONG_TRIES = 5;
/** A new code for the same purpose goes to a mailbox no sooner than this after the last one. */
export const RESEND_INTERVAL_MS = 30 * SECOND;

/**
 * Wrong passwords, login codes and mailed PINs of one client at one account: at a login, by a
 * stranger's browser per (account, client address) and by a browser the account knows (latid)
 * per (account, browser); a mailed PIN per (mailbox, client address) at a sign-up and per
 * account in a member's own procedures; a member's current password per account. 3 free, then
 * 1, 2, 4 … s up to 15 minutes between tries (about 100 tries a day); never a lock.
 */
export const CLIENT_GUESS_THROTTLE: ThrottlePolicy = {
  freeHits: 3,
  baseDelayMs: SECOND,
  maxDelayMs: 15 * MINUTE,
  forgetAfterMs: 12 * HOUR,
};

/**
 * Failed logins at one account from every browser it does not know, from any address (guessing
 * from rotating addresses). Browsers the account knows neither count here nor wait for it, so a
 * stranger can slow only other strangers. 5 free, then 1, 2, 4 … s up to 15 minutes.
 */
export const ACCOUNT_LOGIN_THROTTLE: ThrottlePolicy = {
  freeHits: 5,
  baseDelayMs: SECOND,
  maxDelayMs: 15 * MINUTE,
  forgetAfterMs: 12 * HOUR,
};

/**
 * Failed logins from one client address at any account, by browsers the account does not know,
 * and wrong sign-up PINs from one address at any mailbox. Looser, because many people share an
 * address (carrier-grade NAT, offices): 10 free, then 1, 2, 4 … s up to 5 minutes.
 */
export const ADDRESS_GUESS_THROTTLE: ThrottlePolicy = {
  freeHits: 10,
  baseDelayMs: SECOND,
  maxDelayMs: 5 * MINUTE,
  forgetAfterMs: HOUR,
};

/** Codes and links mailed to one mailbox, or codes texted to one phone number: 10 an hour, paced after the 5th. */
export const MAIL_THROTTLE: ThrottlePolicy = {
  freeHits: 5,
  baseDelayMs: 30 * SECOND,
  lockAfter: 10,
  lockMs: HOUR,
  forgetAfterMs: HOUR,
};

/**
 * Mails and texts triggered from one client address, to anyone: 100 an hour, paced after the 30th. Looser
 * than per recipient because many people share one address (carrier-grade NAT, offices).
 */
export const CLIENT_MAIL_THROTTLE: ThrottlePolicy = {
  freeHits: 30,
  baseDelayMs: 5 * SECOND,
  maxDelayMs: MINUTE,
  lockAfter: 100,
  lockMs: HOUR,
  forgetAfterMs: HOUR,
};

/** One code of a kind per mailbox or phone number every 30 s, whichever flow asks for it. */
export const CODE_RESEND_THROTTLE: ThrottlePolicy = {
  freeHits: 0,
  baseDelayMs: RESEND_INTERVAL_MS,
  maxDelayMs: RESEND_INTERVAL_MS,
  forgetAfterMs: RESEND_INTERVAL_MS,
};

/** A rate: `burst` events at once, then one every `intervalMs`. */
export interface RatePolicy {
  intervalMs: number;
  burst: number;
}

/**
 * Failed logins across the whole site. Normal traffic (a typo every few seconds at most) never
 * reaches it; spraying one password over many accounts from rotating addresses does, and then
 * every browser an account does not know waits for the next slot: at most one failure every
 * 5 s site-wide (720 an hour) after a burst of 50. Members on known browsers never wait for it.
 */
export const SITE_LOGIN_FAILURE_RATE: RatePolicy = { intervalMs: 5 * SECOND, burst: 50 };

/** User-ID availability checks from one client address: 20 at once, then one every 3 s. */
export const USER_ID_CHECK_RATE: RatePolicy = { intervalMs: 3 * SECOND, burst: 20 };
/** User-ID availability checks by one member or one sign-up in progress: 10 at once, then one every 3 s. */
export const USER_ID_CHECK_SESSION_RATE: RatePolicy = { intervalMs: 3 * SECOND, burst: 10 };
/**
 * User-ID availability checks across the site: far above what people typing IDs make (7,200 an
 * hour), far below what harvesting from rotating addresses needs.
 */
export const USER_ID_CHECK_SITE_RATE: RatePolicy = { intervalMs: SECOND / 2, burst: 100 };
/** Profile-picture uploads per member, each decoded in a worker: 5 in a row, then one every 20 s. */
export const PROFILE_IMAGE_UPLOAD_RATE: RatePolicy = { intervalMs: 20 * SECOND, burst: 5 };
/**
 * Payment method registrations per member (cards, PayPal, carriers): a few in a row, then one a
 * minute, so that the page cannot be used to try stolen cards one after another.
 */
export const PAYMENT_METHOD_REGISTER_RATE: RatePolicy = { intervalMs: 60 * SECOND, burst: 5 };
/**
 * Purchase quotes per member (each checks a campaign code and keeps a purchase token): plenty for
 * going back and forth between the form and the confirmation, too few to try codes by the
 * thousand (a code that applies is told apart from one that does not by being quoted).
 */
export const PURCHASE_VERIFY_RATE: RatePolicy = { intervalMs: 6 * SECOND, burst: 20 };
/**
 * Trips to a social login provider started from one client address (each keeps a flow row for an
 * hour): far more than people sharing an address start, too few to fill the table.
 */
export const SOCIAL_AUTHORIZE_RATE: RatePolicy = { intervalMs: 3 * SECOND, burst: 30 };
/** E-mail change requests per member: a few in a row, then one a minute. */
export const EMAIL_CHECK_RATE: RatePolicy = { intervalMs: 60 * SECOND, burst: 5 };

/**
 * The mailbox an address delivers to, for pacing only: lower-cased, with a `+tag` dropped from
 * the local part (a+1@x and a+2@x reach the same inbox). Mail still goes to the address as given.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 0) return address;
  const local = address.slice(0, at);
  const plus = local.indexOf("+");
  return plus > 0 ? `${local.slice(0, plus)}${address.slice(at)}` : address;
}

/** What a login identifier is: an e-mail address or a user ID. */
export type IdentifierKind = "email" | "userId";

export const throttleKey = {
  /**
   * Failures by browsers the account does not know, from anywhere, by the kind of identifier
   * typed: failures at a user ID must not slow the account's e-mail address, or a prober could
   * tell that the two name one account (issue 39 §6).
   */
  account: (accountId: string, kind: IdentifierKind) => `login:account:${accountId}:${kind}`,
  /** An identifier that names no account; counted like one. */
  identifier: (identifier: string) => `login:identifier:${identifier.toLowerCase()}`,
  /** One client address at one account (or unknown identifier). */
  accountFrom: (accountOrIdentifier: string, address: string) =>
    `login:pair:${accountOrIdentifier}:${address}`,
  /** One browser the account knows (by its latid hash) at that account. */
  accountBrowser: (accountId: string, browserHash: string) => `login:browser:${accountId}:${browserHash}`,
  /** Login failures from one client address, at any account. */
  loginFrom: (address: string) => `login:client:${address}`,
  /** The site-wide failed-login rate. */
  site: "login:site",
  /** Sign-up PIN guesses from one client address, at any mailbox. */
  codeGuessFrom: (address: string) => `code:guess:from:${address}`,
  /** Sign-up PIN guesses at one mailbox from one client address. */
  codeGuessAt: (email: string, address: string) => `code:guess:pair:${mailboxOf(email)}:${address}`,
  /** A member's guesses at the PINs mailed for their own procedures. */
  codeGuessBy: (accountId: string) => `code:guess:account:${accountId}`,
  /** A member's wrong current passwords (password and user-ID change). */
  passwordCheckBy: (accountId: string) => `password:check:${accountId}`,
  /**
   * Codes mailed to a mailbox, for the 30-second resend rule: per purpose, so that a sign-up PIN
   * does not hold back the login code the new member asks for next.
   */
  codeSentTo: (email: string, purpose: string) => `code:sent:${purpose}:${mailboxOf(email)}`,
  mailTo: (email: string) => `mail:to:${mailboxOf(email)}`,
  /** Codes texted to a phone number, for the 30-second resend rule. */
  codeTextedTo: (phoneNumber: string) => `code:sent:sms:${phoneNumber}`,
  /** Texts to a phone number: paced like mails to a mailbox. */
  smsTo: (phoneNumber: string) => `sms:to:${phoneNumber}`,
  mailFrom: (address: string) => `mail:from:${address}`,
  userIdCheckFrom: (address: string) => `user-id:check:${address}`,
  /** A member's checks, or one sign-up's (by its flow). */
  userIdCheckBy: (memberOrFlow: string) => `user-id:check:by:${memberOrFlow}`,
  /** The site-wide user-ID check rate. */
  userIdCheckSite: "user-id:check:site",
  /** A member's profile-picture uploads. */
  profileImageBy: (accountId: string) => `profile-image:upload:${accountId}`,
  /** A member's payment method registrations. */
  paymentMethodBy: (accountId: string) => `payment-method:register:${accountId}`,
  /** A member's purchase quotes (POST /zapi/purchase/verify, /form). */
  purchaseVerifyBy: (accountId: string) => `purchase:verify:${accountId}`,
  /** Trips to a social login provider started from one client address. */
  socialAuthorizeFrom: (address: string) => `social:authorize:${address}`,
  /** A member's e-mail changes: each tells whether the new address has an account. */
  emailCheckBy: (accountId: string) => `email:check:${accountId}`,
};

/** How long the wait after `hits` hits is (ms), or null when the key is to be locked. */
export function delayAfter(hits: number, policy: ThrottlePolicy): number | null {
  if (policy.lockAfter !== undefined && hits >= policy.lockAfter) return null;
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
        .set({ lockedUntil: new Date(now.getTime() + (policy.lockMs ?? 0)) })
        .where(sql`${authThrottles.key} = ${key}`);
    }
  }
}

/** A key with the policy it is counted by. */
export interface ThrottleRule {
  key: string;
  policy: ThrottlePolicy;
}

/** Seconds until every rule's key may try again (0 = now), each by its own policy. */
export async function waitForRules(db: Db, rules: readonly ThrottleRule[], now: Date): Promise<number> {
  let wait = 0;
  for (const { key, policy } of rules) wait = Math.max(wait, await throttleWait(db, [key], policy, now));
  return wait;
}

/** The longest wait a policy can ask for, for SQL (a policy without a ceiling keeps doubling). */
const NO_CEILING_MS = 2 ** 50;

/** Thrown inside takeAttempt's transaction to undo the keys it had counted. */
class AttemptRefused extends Error {
  constructor(readonly wait: number) {
    super("attempt refused");
  }
}

/**
 * Counts one hit on the key if the key is ready for it (not locked, no wait pending), in one
 * statement: the row lock makes attempts sent at the same moment take their turns, and each sees
 * the hits of those before it. True when counted.
 */
async function takeHit(db: Db, key: string, policy: ThrottlePolicy, now: Date): Promise<boolean> {
  const t = authThrottles;
  const nowText = now.toISOString();
  const forgetBefore = new Date(now.getTime() - policy.forgetAfterMs).toISOString();
  // delayAfter(hits) in SQL; the exponent is capped so that power() cannot overflow.
  const delayMs = sql`case when ${t.hits} <= ${policy.freeHits} then 0 else least(${policy.baseDelayMs}::float8 * power(2::float8, least(${t.hits} - ${policy.freeHits} - 1, 50)), ${policy.maxDelayMs ?? NO_CEILING_MS}::float8) end`;
  const nextHits = sql`case when ${t.lastHitAt} <= ${forgetBefore}::timestamptz then 1 else ${t.hits} + 1 end`;
  const lockUntil = sql`${nowText}::timestamptz + ${`${policy.lockMs ?? 0} milliseconds`}::interval`;
  const lockedUntil =
    policy.lockAfter === undefined
      ? sql`null`
      : sql`case when ${nextHits} >= ${policy.lockAfter} then ${lockUntil} else null end`;
  const taken = await db
    .insert(t)
    .values({
      key,
      hits: 1,
      lastHitAt: now,
      lockedUntil: delayAfter(1, policy) === null ? new Date(now.getTime() + (policy.lockMs ?? 0)) : null,
    })
    .onConflictDoUpdate({
      target: t.key,
      set: { hits: nextHits, lastHitAt: now, lockedUntil },
      setWhere: sql`(${t.lockedUntil} is null or ${t.lockedUntil} <= ${nowText}::timestamptz) and (${t.lastHitAt} <= ${forgetBefore}::timestamptz or ${t.lastHitAt} + ${delayMs} * interval '1 millisecond' <= ${nowText}::timestamptz)`,
    })
    .returning({ hits: t.hits });
  return taken.length > 0;
}

/**
 * Counts an attempt (a password, a code, a PIN) against every rule's key **before** it is
 * evaluated, in one transaction: answers 0 when every key took it — go on and evaluate — or the
 * seconds to wait, having counted nothing. Checking first and counting after the evaluation let
 * forty guesses sent at once all be evaluated (issue 39 §2). A right guess gives its count back
 * (giveBackAttempt).
 */
export async function takeAttempt(db: Db, rules: readonly ThrottleRule[], now: Date): Promise<number> {
  // One order for every caller, so that two transactions never wait for each other's rows.
  const ordered = [...rules].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  try {
    await db.transaction(async (tx) => {
      for (const { key, policy } of ordered) {
        if (!(await takeHit(tx, key, policy, now))) {
          throw new AttemptRefused(Math.max(1, await waitForRules(tx, rules, now)));
        }
      }
    });
    return 0;
  } catch (error) {
    if (error instanceof AttemptRefused) return error.wait;
    throw error;
  }
}

/** Gives an attempt's count back to every rule's key: the attempt was right, not a guess. */
export async function giveBackAttempt(db: Db, rules: readonly ThrottleRule[]): Promise<void> {
  const keys = [...new Set(rules.map((rule) => rule.key))];
  if (keys.length === 0) return;
  await db
    .update(authThrottles)
    .set({ hits: sql`greatest(${authThrottles.hits} - 1, 0)` })
    .where(inArray(authThrottles.key, keys));
}

/** How far ahead of now the bucket may empty while another event is still allowed. */
function tolerance(policy: RatePolicy): number {
  return (policy.burst - 1) * policy.intervalMs;
}

/**
 * Seconds until the rate allows the next event (0 = now). GCRA: the stored time is when the
 * bucket would be empty again at the allowed pace; an event is allowed while that lies less
 * than `burst` intervals ahead.
 */
export async function rateWait(db: Db, key: string, policy: RatePolicy, now: Date): Promise<number> {
  const [row] = await db
    .select({ emptyAt: authRates.emptyAt })
    .from(authRates)
    .where(sql`${authRates.key} = ${key}`)
    .limit(1);
  if (!row) return 0;
  const allowedAt = row.emptyAt.getTime() - tolerance(policy);
  return Math.max(0, Math.ceil((allowedAt - now.getTime()) / 1000));
}

/**
 * Counts one event against the rate if it is allowed now, in one statement (two requests at the
 * same moment cannot both take the last slot). Answers 0 when taken, else the seconds to wait.
 */
export async function takeRate(db: Db, key: string, policy: RatePolicy, now: Date): Promise<number> {
  const nowText = now.toISOString();
  const taken = await db
    .insert(authRates)
    .values({ key, emptyAt: new Date(now.getTime() + policy.intervalMs) })
    .onConflictDoUpdate({
      target: authRates.key,
      set: {
        emptyAt: sql`greatest(${authRates.emptyAt}, ${nowText}::timestamptz) + ${`${policy.intervalMs} milliseconds`}::interval`,
      },
      setWhere: sql`${authRates.emptyAt} <= ${nowText}::timestamptz + ${`${tolerance(policy)} milliseconds`}::interval`,
    })
    .returning({ key: authRates.key });
  if (taken.length > 0) return 0;
  return Math.max(1, await rateWait(db, key, policy, now));
}

/** Gives back one event taken from the rate (takeRate): it proved not to be what the rate counts. */
export async function giveBackRate(db: Db, key: string, policy: RatePolicy): Promise<void> {
  await db
    .update(authRates)
    .set({ emptyAt: sql`${authRates.emptyAt} - ${`${policy.intervalMs} milliseconds`}::interval` })
    .where(sql`${authRates.key} = ${key}`);
}

/** Forgets the keys' hits: a successful login clears its client's count. */
/**
 * The beginnings of every counter of one account's own tries — failed logins (by any browser or
 * address), its code and current-password guesses — for support to lift them at once.
 */
export function accountThrottlePrefixes(accountId: string): string[] {
  return [
    `login:account:${accountId}:`,
    // Their keys with the address and the browser left off.
    throttleKey.accountFrom(accountId, ""),
    throttleKey.accountBrowser(accountId, ""),
    throttleKey.codeGuessBy(accountId),
    throttleKey.passwordCheckBy(accountId),
  ];
}

/**
 * The counters one client address ran up, at any account or mailbox: its failed logins, code
 * guesses and mails asked for — exact keys, and the pair keys that end with the address.
 */
export function addressThrottleKeys(address: string): { exact: string[]; endingWith: string } {
  return {
    exact: [
      throttleKey.loginFrom(address),
      throttleKey.codeGuessFrom(address),
      throttleKey.mailFrom(address),
    ],
    endingWith: `:${address}`,
  };
}

export async function clearThrottle(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await db.delete(authThrottles).where(inArray(authThrottles.key, [...keys]));
}
