/**
 * Where the member is signed in (ログイン中の端末): each live session of the account, named by a
 * public id (never its token), with the device and browser its user agent names, the country and a
 * masked address, when it logged in and was last used, how it logged in, and which one is this
 * browser. The member ends one, or every other one, after proving who they are within the
 * re-authentication window: a lost phone or a lent TV is signed out without changing the password.
 * An ended session is gone from the database, so every process refuses its next request.
 *
 * - GET /zapi/internal/mypage/devices/screen-data
 * - POST /zapi/account/devices/{deviceId}/logout, /zapi/account/devices/logout-others
 */
import { and, desc, eq, gt, ne } from "drizzle-orm";
import { Hono } from "hono";
import type { DevicesScreenData } from "../../schemas/types/devices-screen-data.gen.ts";
import type { ApiEnv } from "../api/context.ts";
import { sessions } from "../db/schema.ts";
import { apiError } from "../kit/messages.ts";
import { hashToken, isPlausibleToken } from "../kit/tokens.ts";
import { sessionToken } from "./auth-cookies.ts";
import { countryOfAddress } from "./ip-country.ts";
import { describeUserAgent } from "./login-history.ts";
import { requireMember } from "./member.ts";
import { requireRecentAuthentication } from "./reauthentication.ts";
import { endOtherSessions } from "./sessions.ts";

type DeviceView = DevicesScreenData["devices"][number];

/** 203.0.113.7 → 203.0.113.*; 2001:db8:1:2:… → 2001:db8:1:2:*. */
export function maskAddress(address: string | null): string | null {
  if (!address) return null;
  const ipv4 = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(ipv4)) return `${ipv4.split(".").slice(0, 3).join(".")}.*`;
  return `${address.split(":").slice(0, 4).join(":")}:*`;
}

/** The login's method from what the session recorded (RFC 8176 methods, or the social provider). */
function loginMethodOf(session: { amr: string[] | null; externalType: string | null }): string | null {
  if (session.externalType) return session.externalType;
  const amr = session.amr ?? [];
  if (amr.includes("hwk")) return "Passkey";
  if (amr.includes("pwd")) return "Password";
  if (amr.includes("otp")) return "AuthCode";
  return null;
}

export const devicesScreenData = new Hono<ApiEnv>().get("/screen-data", async (c) => {
  const member = await requireMember(c);
  const { db, now } = c.get("deps");
  const token = sessionToken(c);
  const current = isPlausibleToken(token) ? hashToken(token) : null;
  const live = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.accountId, member.accountId), gt(sessions.expiresAt, now())))
    .orderBy(desc(sessions.lastSeenAt));
  const devices: DeviceView[] = live.map((session) => ({
    deviceId: session.publicId,
    ...describeUserAgent(session.userAgent),
    country: countryOfAddress(session.ip),
    address: maskAddress(session.ip),
    loggedInAt: session.createdAt.toISOString(),
    lastActiveAt: session.lastSeenAt.toISOString(),
    loginMethod: loginMethodOf(session),
    isCurrent: session.tokenHash === current,
  }));
  // This browser first, then the most recently used.
  devices.sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent));
  return c.json<DevicesScreenData>({ devices });
});

const DEVICE_ID = /^[0-9a-f-]{36}$/i;

export const deviceSettings = new Hono<ApiEnv>()
  /** Ends one other session of the member's: 404 for one that is not theirs (or is gone), 409 for this one. */
  .post("/devices/:deviceId/logout", async (c) => {
    const member = await requireMember(c);
    await requireRecentAuthentication(c);
    const deviceId = c.req.param("deviceId");
    const { db } = c.get("deps");
    const token = sessionToken(c);
    const current = isPlausibleToken(token) ? hashToken(token) : "";
    if (!DEVICE_ID.test(deviceId)) throw await apiError(c, 404, "DEVICE_NOT_FOUND", "devices.notFound");
    const [mine] = await db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(and(eq(sessions.publicId, deviceId), eq(sessions.accountId, member.accountId)))
      .limit(1);
    if (!mine) throw await apiError(c, 404, "DEVICE_NOT_FOUND", "devices.notFound");
    if (mine.tokenHash === current) throw await apiError(c, 409, "DEVICE_IS_CURRENT", "devices.isCurrent");
    await db
      .delete(sessions)
      .where(
        and(
          eq(sessions.publicId, deviceId),
          eq(sessions.accountId, member.accountId),
          ne(sessions.tokenHash, current),
        ),
      );
    return c.json({});
  })
  /** 「他のすべての端末からログアウト」: every session of the member's but this one. */
  .post("/devices/logout-others", async (c) => {
    const member = await requireMember(c);
    await requireRecentAuthentication(c);
    await endOtherSessions(c.get("deps").db, member.accountId, sessionToken(c));
    return c.json({});
  });
