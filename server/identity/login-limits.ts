/**
 * The limits on logging in (issue 7 §5, issue 26; ADR 0011, 0018): which counters a login attempt
 * of this client counts on and waits for, the refusal while it must wait, and the login history row
 * of a failure. Shared by the first factor (server/identity/auth.ts) and the second (multi-factor-login.ts).
 */

import type { Context } from "hono";
import type { SecondFactorType } from "../../schemas/multi-factor.ts";
import type { ApiEnv } from "../api/context.ts";
import { retryLaterError } from "../kit/messages.ts";
import { clientAddress } from "../kit/request-info.ts";
import {
  ACCOUNT_LOGIN_THROTTLE,
  ADDRESS_GUESS_THROTTLE,
  CLIENT_GUESS_THROTTLE,
  clearThrottle,
  giveBackAttempt,
  giveBackRate,
  SITE_LOGIN_FAILURE_RATE,
  type ThrottleRule,
  takeAttempt,
  takeRate,
  throttleKey,
} from "../kit/throttle.ts";
import { type Account, looksLikeEmail } from "./accounts.ts";
import { loginAlertToken } from "./auth-cookies.ts";
import { knownBrowserOf } from "./login-alerts.ts";
import { type LoginFailure, type LoginMethod, recordLoginAttempt } from "./login-history.ts";

type ApiContext = Context<ApiEnv>;

/**
 * Who is trying to log in to which account, and so which limits apply (issue 7 §5). A browser
 * the account knows (its latid) waits only for its own failures there: no stranger's guessing,
 * however fast, slows it. Any other browser waits for its own failures from its address at the
 * account, for every stranger's failures at the account and from its address, and for the
 * site-wide failure rate. An identifier naming no account is counted like an account.
 */
export interface LoginClient {
  account: Account | null;
  identifier: string;
  address: string | null;
  /** The latid hash when the account knows this browser. */
  knownBrowser: string | null;
}

export async function loginClient(
  c: ApiContext,
  account: Account | null,
  identifier: string,
): Promise<LoginClient> {
  const knownBrowser = account
    ? await knownBrowserOf(c.get("deps").db, { token: loginAlertToken(c), accountId: account.id })
    : null;
  return { account, identifier, address: clientAddress(c), knownBrowser };
}

/** The counters a failure of this client counts on and that it waits for (the site rate aside). */
function loginThrottleRules({ account, identifier, address, knownBrowser }: LoginClient): ThrottleRule[] {
  if (account && knownBrowser) {
    return [{ key: throttleKey.accountBrowser(account.id, knownBrowser), policy: CLIENT_GUESS_THROTTLE }];
  }
  // Per identifier kind, so that one kind's failures say nothing of the other (issue 39 §6).
  const kind = looksLikeEmail(identifier) ? "email" : "userId";
  const target = account ? `${account.id}:${kind}` : `identifier:${identifier.toLowerCase()}`;
  return [
    {
      key: account ? throttleKey.account(account.id, kind) : throttleKey.identifier(identifier),
      policy: ACCOUNT_LOGIN_THROTTLE,
    },
    ...(address
      ? [
          { key: throttleKey.accountFrom(target, address), policy: CLIENT_GUESS_THROTTLE },
          { key: throttleKey.loginFrom(address), policy: ADDRESS_GUESS_THROTTLE },
        ]
      : []),
  ];
}

/**
 * Records a failed attempt in the login history. The limits counted it before it was evaluated
 * (takeLoginAttempt); a refusal before any check (throttled, reCAPTCHA, barred) counts on none.
 */
export async function recordFailedLogin(
  c: ApiContext,
  client: LoginClient,
  attempt: { method: LoginMethod; failure: LoginFailure; multiFactorType?: SecondFactorType },
) {
  const { db, now } = c.get("deps");
  await recordLoginAttempt(db, {
    accountId: client.account?.id ?? null,
    identifier: client.identifier,
    method: attempt.method,
    failure: attempt.failure,
    ip: client.address,
    userAgent: c.req.header("user-agent") ?? null,
    now: now(),
    ...(attempt.multiFactorType ? { multiFactorType: attempt.multiFactorType } : {}),
  });
}

/**
 * How a login attempt meets the site-wide failure rate (only browsers the account does not know
 * do): "refuse" waits for the next slot like any limit; "report" goes on and answers the wait, for
 * a password that, if right, continues with a mailed code (new-browser verification, issue 39 §3);
 * "skip" — an attempt after a first factor already proved (the mailed code, the second factor).
 */
export type SiteRateUse = "refuse" | "report" | "skip";

/** A login attempt counted on the limits: what to give back if it proves right. */
export interface LoginAttempt {
  /** Seconds until the site-wide failure rate has a slot; 0 when it had one or was not asked. */
  siteWait: number;
  /** This attempt took a slot of the site-wide failure rate. */
  tookSiteSlot: boolean;
}

/**
 * Counts a password or code on the client's limits **before** it is looked at (issue 39 §2), so
 * that attempts sent at once are evaluated only as far as the limits allow; a browser the account
 * does not know also takes a slot of the site-wide failure rate (see SiteRateUse). While the client
 * must wait: 429 TOO_MANY_ATTEMPTS with Retry-After and the wait, recorded in the history, nothing
 * counted. A right attempt gives its count back (giveBackLoginAttempt).
 */
export async function takeLoginAttempt(
  c: ApiContext,
  client: LoginClient,
  attempt: { method: LoginMethod; siteRate: SiteRateUse; multiFactorType?: SecondFactorType },
): Promise<LoginAttempt> {
  const { db, now } = c.get("deps");
  const rules = loginThrottleRules(client);
  let wait = await takeAttempt(db, rules, now());
  let siteWait = 0;
  const asksSite = !client.knownBrowser && attempt.siteRate !== "skip";
  if (wait === 0 && asksSite) {
    siteWait = await takeRate(db, throttleKey.site, SITE_LOGIN_FAILURE_RATE, now());
    if (siteWait > 0 && attempt.siteRate === "refuse") {
      await giveBackAttempt(db, rules);
      wait = siteWait;
    }
  }
  if (wait === 0) return { siteWait, tookSiteSlot: asksSite && siteWait === 0 };
  return refuseThrottled(c, client, attempt, wait);
}

/** 429 TOO_MANY_ATTEMPTS with the wait, recorded in the login history as throttled. */
export async function refuseThrottled(
  c: ApiContext,
  client: LoginClient,
  attempt: { method: LoginMethod; multiFactorType?: SecondFactorType },
  wait: number,
): Promise<never> {
  await recordFailedLogin(c, client, {
    method: attempt.method,
    failure: "throttled",
    ...(attempt.multiFactorType ? { multiFactorType: attempt.multiFactorType } : {}),
  });
  throw await retryLaterError(c, "TOO_MANY_ATTEMPTS", wait, {}, "login");
}

/** The attempt was right (whatever follows it): its count on the limits is given back. */
export async function giveBackLoginAttempt(
  c: ApiContext,
  client: LoginClient,
  attempt: LoginAttempt,
): Promise<void> {
  const { db } = c.get("deps");
  await giveBackAttempt(db, loginThrottleRules(client));
  if (attempt.tookSiteSlot) await giveBackRate(db, throttleKey.site, SITE_LOGIN_FAILURE_RATE);
}

/**
 * After a successful login: forgets the client's own failures. The account-wide count of
 * strangers' failures stays (a member logging in must not hand a guesser a fresh allowance);
 * a password reset or time clears it.
 */
export async function forgetClientFailures(c: ApiContext, client: LoginClient): Promise<void> {
  const own = loginThrottleRules(client).filter((rule) => rule.policy === CLIENT_GUESS_THROTTLE);
  await clearThrottle(
    c.get("deps").db,
    own.map((rule) => rule.key),
  );
}
