/**
 * Every login attempt, for the login-history page (spec §3 Login history item): time, address,
 * result, identifier used, method, device and browser (from the user agent), country when known.
 */
import UAParser from "ua-parser-js";
import type { Db } from "../db/database.ts";
import { loginHistory } from "../db/schema.ts";

export type LoginMethod = "Password" | "AuthCode" | "ExternalAuth";

/** Why an attempt failed, for operators; the member sees only success or failure. */
export type LoginFailure = "bad-credentials" | "bad-code" | "throttled" | "prohibited" | "recaptcha";

/** Spec §9: the user-agent string is truncated to 500 characters when parsed. */
export const USER_AGENT_MAX_LENGTH = 500;

export interface DeviceDescription {
  /** As the spec's device list names them: "PC", "PC Macintosh", "Mobile iPhone", "Mobile K", "Tablet iPad". */
  device: string | null;
  /** Browser name and major version, e.g. "Chrome 124". */
  browser: string | null;
}

export function describeUserAgent(userAgent: string | null): DeviceDescription {
  if (!userAgent) return { device: null, browser: null };
  const { device, browser } = new UAParser(userAgent.slice(0, USER_AGENT_MAX_LENGTH)).getResult();
  const kind = device.type === "mobile" ? "Mobile" : device.type === "tablet" ? "Tablet" : "PC";
  return {
    device: device.model ? `${kind} ${device.model}` : kind,
    browser: browser.name ? [browser.name, browser.major].filter(Boolean).join(" ") : null,
  };
}

export interface LoginAttempt {
  /** The account the identifier named, when it named one. */
  accountId: string | null;
  identifier: string;
  method: LoginMethod;
  failure: LoginFailure | null;
  ip: string | null;
  userAgent: string | null;
  now: Date;
}

export async function recordLoginAttempt(db: Db, attempt: LoginAttempt): Promise<void> {
  const { device, browser } = describeUserAgent(attempt.userAgent);
  await db.insert(loginHistory).values({
    accountId: attempt.accountId,
    createdAt: attempt.now,
    ip: attempt.ip,
    result: attempt.failure === null,
    failureReason: attempt.failure,
    userIdentifierName: attempt.identifier.slice(0, 254),
    loginMethod: attempt.method,
    deviceInfo: device,
    browserInfo: browser,
    // No geolocation database ships with the product; the column waits for one.
    country: null,
    userAgent: attempt.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
  });
}
