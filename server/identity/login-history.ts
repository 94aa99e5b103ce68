/**
 * Every login attempt, for the login-history page (spec §3 Login history item): time, address,
 * result, identifier used, method, device and browser (from the user agent), country when known.
 */

import { and, desc, eq, sql } from "drizzle-orm";
import UAParser from "ua-parser-js";
import type { SecondFactorType } from "../../schemas/multi-factor.ts";
import type { Db } from "../db/database.ts";
import { loginHistory } from "../db/schema.ts";
import { countryOfAddress } from "./ip-country.ts";

export type LoginMethod = "Password" | "AuthCode" | "ExternalAuth" | "Passkey";

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
  /** The second factor tried, when the attempt was a login's multi-factor step. */
  multiFactorType?: SecondFactorType;
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
    country: countryOfAddress(attempt.ip),
    userAgent: attempt.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
    requestMultiFactor: attempt.multiFactorType !== undefined,
    multiFactorType: attempt.multiFactorType ?? null,
  });
}

/** One row as the history page shows it (spec §3 Login history item). */
export interface LoginHistoryEntry {
  createdAt: string;
  ip: string | null;
  result: boolean;
  userIdentifierName: string | null;
  loginMethod: LoginMethod;
  deviceInfo: string | null;
  browserInfo: string | null;
  country: string | null;
  /** The attempt was a login's second step, and the type tried. */
  requestMultiFactor: boolean;
  multiFactorType: SecondFactorType | null;
}

export interface LoginHistoryPage {
  items: LoginHistoryEntry[];
  /** Where the next (older) page starts, or null on the last page. */
  nextCursor: string | null;
}

export const LOGIN_HISTORY_PAGE_SIZE = 20;

/** A page's start: the last row shown, as its time and id (base64url of `ISO|uuid`). */
function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString("base64url");
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The cursor's row, or null for anything that is not one (the page then starts at the newest). */
export function decodeCursor(cursor: string | null | undefined): { createdAt: Date; id: string } | null {
  if (!cursor || cursor.length > 100) return null;
  const [time, id, ...rest] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(time ?? "");
  if (rest.length > 0 || !id || !UUID.test(id) || Number.isNaN(createdAt.getTime())) return null;
  return { createdAt, id };
}

/**
 * The member's logins, newest first, one page after `cursor`: a keyset read on
 * (account, createdAt desc, id desc), so a deep page costs what the first one does.
 */
export async function readLoginHistory(
  db: Db,
  accountId: string,
  cursor: string | null | undefined,
  pageSize = LOGIN_HISTORY_PAGE_SIZE,
): Promise<LoginHistoryPage> {
  const after = decodeCursor(cursor);
  const rows = await db
    .select({
      id: loginHistory.id,
      createdAt: loginHistory.createdAt,
      ip: loginHistory.ip,
      result: loginHistory.result,
      userIdentifierName: loginHistory.userIdentifierName,
      loginMethod: loginHistory.loginMethod,
      deviceInfo: loginHistory.deviceInfo,
      browserInfo: loginHistory.browserInfo,
      country: loginHistory.country,
      requestMultiFactor: loginHistory.requestMultiFactor,
      multiFactorType: loginHistory.multiFactorType,
    })
    .from(loginHistory)
    .where(
      and(
        eq(loginHistory.accountId, accountId),
        // A row comparison, which the index answers directly.
        after
          ? sql`(${loginHistory.createdAt}, ${loginHistory.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(loginHistory.createdAt), desc(loginHistory.id))
    .limit(pageSize + 1);
  const shown = rows.slice(0, pageSize);
  const last = shown.at(-1);
  return {
    items: shown.map(({ id: _id, createdAt, loginMethod, ...row }) => ({
      ...row,
      createdAt: createdAt.toISOString(),
      loginMethod: loginMethod as LoginMethod,
    })),
    nextCursor: rows.length > pageSize && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}
