/**
 * The cookies of spec §7 and issue 4 §2: sid (the session, HttpOnly), auid (the account's public
 * id, readable by the page's back/forward check), latid (the login-alert browser mark, HttpOnly)
 * and the guest flow cookies (sgid for sign-up, lcid for login by code). All are SameSite=Lax,
 * Path=/, and Secure when the site is served over https.
 */
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { type CookieOptions, serialize } from "hono/utils/cookie";
import type { ApiEnv } from "../api/context.ts";
import { FLOW_COOKIES, FLOW_LIFETIME_MS, type FlowPurpose } from "./auth-flows.ts";
import { LOGIN_ALERT_COOKIE, LOGIN_ALERT_LIFETIME_SECONDS } from "./login-alerts.ts";
import { SESSION_COOKIE } from "./sessions.ts";

export const ACCOUNT_ID_COOKIE = "auid";

/**
 * What the page after an act may say was done (the logout page, the withdrawal's completion): set
 * by the act itself for a few minutes, so that a visitor who did nothing is not told it was done
 * (issue 41 §17). app/routes/logout.tsx reads it by this name.
 */
export const DONE_COOKIE = "done";
export type DoneAct = "logout" | "withdraw";
const DONE_LIFETIME_SECONDS = 5 * 60;

export function setDoneCookie(c: Context<ApiEnv>, act: DoneAct): void {
  setCookie(c, DONE_COOKIE, act, { ...base(c), httpOnly: true, maxAge: DONE_LIFETIME_SECONDS });
}

export function doneAct(c: Context<ApiEnv>): DoneAct | null {
  const act = getCookie(c, DONE_COOKIE);
  return act === "logout" || act === "withdraw" ? act : null;
}

function base(c: Context<ApiEnv>): CookieOptions {
  return { path: "/", sameSite: "Lax", secure: c.get("deps").secureCookies };
}

function secondsUntil(expiresAt: Date, now: Date): number {
  return Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
}

export function setSessionCookies(
  c: Context<ApiEnv>,
  session: { token: string; publicId: string; expiresAt: Date },
): void {
  const maxAge = secondsUntil(session.expiresAt, c.get("deps").now());
  setCookie(c, SESSION_COOKIE, session.token, { ...base(c), httpOnly: true, maxAge });
  setCookie(c, ACCOUNT_ID_COOKIE, session.publicId, { ...base(c), maxAge });
}

export function clearSessionCookies(c: Context<ApiEnv>): void {
  for (const cookie of clearedSessionCookies(c.get("deps").secureCookies)) {
    c.header("Set-Cookie", cookie, { append: true });
  }
}

/**
 * The Set-Cookie values that end the session's cookies, for a response the API does not make (the
 * login provider's logout, server/oidc/logout.ts).
 */
export function clearedSessionCookies(secure: boolean): string[] {
  const options = { path: "/", sameSite: "Lax", secure, maxAge: 0, expires: new Date(0) } as const;
  return [
    serialize(SESSION_COOKIE, "", { ...options, httpOnly: true }),
    serialize(ACCOUNT_ID_COOKIE, "", options),
  ];
}

export function sessionToken(c: Context<ApiEnv>): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}

export function setLoginAlertCookie(c: Context<ApiEnv>, token: string): void {
  setCookie(c, LOGIN_ALERT_COOKIE, token, {
    ...base(c),
    httpOnly: true,
    maxAge: LOGIN_ALERT_LIFETIME_SECONDS,
  });
}

export function loginAlertToken(c: Context<ApiEnv>): string | undefined {
  return getCookie(c, LOGIN_ALERT_COOKIE);
}

export function setFlowCookie(c: Context<ApiEnv>, purpose: FlowPurpose, token: string): void {
  setCookie(c, FLOW_COOKIES[purpose], token, {
    ...base(c),
    httpOnly: true,
    maxAge: Math.floor(FLOW_LIFETIME_MS / 1000),
  });
}

export function flowToken(c: Context<ApiEnv>, purpose: FlowPurpose): string | undefined {
  return getCookie(c, FLOW_COOKIES[purpose]);
}

export function clearFlowCookie(c: Context<ApiEnv>, purpose: FlowPurpose): void {
  deleteCookie(c, FLOW_COOKIES[purpose], { ...base(c), httpOnly: true });
}
