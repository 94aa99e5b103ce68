/**
 * What every way in ends with: a new session (never the one the browser had), the cookies, the
 * browser remembered for new-login notices, and for a login, its history row and the notice.
 */

import { eq } from "drizzle-orm";
import type { Context } from "hono";
import type { SecondFactorType } from "../../schemas/multi-factor.ts";
import { INTERACTION_REQUEST_PATHS } from "../../schemas/oidc-paths.ts";
import type { ApiEnv } from "../api/context.ts";
import { accounts } from "../db/schema.ts";
import { clientAddress, siteOrigin } from "../kit/request-info.ts";
import { requestLanguage } from "../kit/validation.ts";
import { sendMail } from "../mail/send-mail.ts";
import type { Account } from "./accounts.ts";
import { loginAlertToken, sessionToken, setLoginAlertCookie, setSessionCookies } from "./auth-cookies.ts";
import { rememberBrowser } from "./login-alerts.ts";
import { describeUserAgent, type LoginMethod, recordLoginAttempt } from "./login-history.ts";
import { isProviderLogin } from "./login-pages.ts";
import { outstandingPolicies } from "./policy-records.ts";
import { startSession } from "./sessions.ts";

/** Where a member who must agree to revised policies goes first (spec §2 Sign-up). */
export const POLICY_CONSENT_PATH = "/signup/policy";

export interface SignedIn {
  authId: string;
  /** Present when the member must agree to revised policies before continuing. */
  redirectTo?: string;
}

/**
 * The login's methods as RFC 8176 names them, which the login provider's ID tokens carry (amr):
 * a password "pwd", a code "otp" (by text "sms"), a passkey with user verification "hwk" and
 * "mfa" (a key only the device holds, unlocked by the member), a second factor adds "mfa". A
 * social login says nothing of how the other site checked the person.
 */
export function authenticationMethods(method: LoginMethod, secondFactor?: SecondFactorType): string[] | null {
  const first: Record<LoginMethod, string[] | null> = {
    Password: ["pwd"],
    AuthCode: ["otp"],
    Passkey: ["hwk", "mfa"],
    ExternalAuth: null,
  };
  const methods = first[method];
  if (!secondFactor || !methods) return methods;
  return [...new Set([...methods, secondFactor === "SMS" ? "sms" : "otp", "mfa"])];
}

/** Starts the member's session and remembers this browser; true when the browser was new to the account. */
export async function startMemberSession(
  c: Context<ApiEnv>,
  account: Account,
  how: { externalType?: string | null; amr?: string[] | null } = {},
): Promise<boolean> {
  const { db, now, sessionMaxAgeMs } = c.get("deps");
  const session = await startSession(db, {
    accountId: account.id,
    previousToken: sessionToken(c),
    now: now(),
    maxAgeMs: sessionMaxAgeMs,
    userAgent: c.req.header("user-agent") ?? null,
    ip: clientAddress(c),
    externalType: how.externalType ?? null,
    amr: how.amr ?? null,
  });
  setSessionCookies(c, { ...session, publicId: account.publicId });
  // Mails sent without a request (a declined renewal) speak the language the member last used.
  const language = requestLanguage(c);
  if (account.language !== language) {
    await db.update(accounts).set({ language }).where(eq(accounts.id, account.id));
  }
  const browser = await rememberBrowser(db, { token: loginAlertToken(c), accountId: account.id, now: now() });
  setLoginAlertCookie(c, browser.token);
  return !browser.known;
}

/**
 * Logs the account in after its credentials passed: session, history, and a new-login notice
 * to the contact e-mail when the browser is new to the account. The caller forgets the failures
 * its throttling counted (server/identity/auth.ts).
 */
export async function logIn(
  c: Context<ApiEnv>,
  account: Account,
  attempt: {
    method: LoginMethod;
    identifier: string;
    multiFactorType?: SecondFactorType;
    /** The social provider of an ExternalAuth login; the session remembers it. */
    externalType?: string;
  },
): Promise<SignedIn> {
  const deps = c.get("deps");
  const now = deps.now();
  const ip = clientAddress(c);
  const userAgent = c.req.header("user-agent") ?? null;
  const newBrowser = await startMemberSession(c, account, {
    externalType: attempt.externalType ?? null,
    amr: authenticationMethods(attempt.method, attempt.multiFactorType),
  });
  await recordLoginAttempt(deps.db, {
    accountId: account.id,
    identifier: attempt.identifier,
    method: attempt.method,
    failure: null,
    ip,
    userAgent,
    now,
    ...(attempt.multiFactorType ? { multiFactorType: attempt.multiFactorType } : {}),
  });
  if (newBrowser && account.contactEmail) {
    const { device, browser } = describeUserAgent(userAgent);
    // The login has happened; a mail that cannot be sent is logged, not a failed login.
    sendMail(deps, {
      to: account.contactEmail,
      language: requestLanguage(c),
      template: "newLogin",
      vars: {
        loggedInAt: now,
        device: device ?? "-",
        browser: browser ?? "-",
        ip: ip ?? "-",
        loginHistoryUrl: `${siteOrigin(c)}/mypage/login-history`,
      },
    }).catch((error: unknown) => console.error("[login] the new-login notice was not sent", error));
  }
  const outstanding = await outstandingPolicies(
    deps.db,
    account.id,
    deps.policies.current(),
    now,
    requestLanguage(c),
  );
  return {
    authId: account.publicId,
    ...(outstanding.length > 0 ? { redirectTo: policyConsentPath(c) } : {}),
  };
}

/**
 * The policy page for a member to agree first; inside the login provider's flow it then goes back
 * into the interaction (issue 47 §1) rather than to my page.
 */
function policyConsentPath(c: Context<ApiEnv>): string {
  if (!isProviderLogin(c)) return POLICY_CONSENT_PATH;
  return `${POLICY_CONSENT_PATH}?${new URLSearchParams({ returnTo: INTERACTION_REQUEST_PATHS.loginDone })}`;
}
