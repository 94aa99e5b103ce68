/**
 * New-login notices (issue 4 §2): the latid cookie names a browser; each account that logged in
 * with it is remembered. A login from a browser the account is not remembered for gets a notice.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { knownBrowsers } from "../db/schema.ts";
import { hashToken, isPlausibleToken, randomToken } from "../kit/tokens.ts";

export const LOGIN_ALERT_COOKIE = "latid";
/** Browsers cap cookie lifetimes at 400 days; the mark lasts as long as a browser keeps it. */
export const LOGIN_ALERT_LIFETIME_SECONDS = 400 * 24 * 60 * 60;

export interface BrowserCheck {
  /** The account has logged in from this browser before. */
  known: boolean;
  /** The latid value the browser should hold from now on. */
  token: string;
}

/**
 * Whether the browser with this latid is known for the account; either way, from now on it is.
 * A browser without a usable latid gets a new one.
 */
export async function rememberBrowser(
  db: Db,
  input: { token: string | undefined; accountId: string; now: Date },
): Promise<BrowserCheck> {
  const token = isPlausibleToken(input.token) ? input.token : randomToken();
  const tokenHash = hashToken(token);
  const [existing] = await db
    .select({ accountId: knownBrowsers.accountId })
    .from(knownBrowsers)
    .where(and(eq(knownBrowsers.tokenHash, tokenHash), eq(knownBrowsers.accountId, input.accountId)))
    .limit(1);
  if (existing) {
    await db
      .update(knownBrowsers)
      .set({ lastLoginAt: input.now })
      .where(and(eq(knownBrowsers.tokenHash, tokenHash), eq(knownBrowsers.accountId, input.accountId)));
    return { known: true, token };
  }
  await db
    .insert(knownBrowsers)
    .values({ tokenHash, accountId: input.accountId, createdAt: input.now, lastLoginAt: input.now })
    .onConflictDoNothing();
  return { known: false, token };
}

/**
 * The hash of the browser's latid when the account has logged in from that browser before, else
 * null. A known browser is exempt from the limits strangers share (server/kit/throttle.ts).
 */
export async function knownBrowserOf(
  db: Db,
  input: { token: string | undefined; accountId: string },
): Promise<string | null> {
  if (!isPlausibleToken(input.token)) return null;
  const tokenHash = hashToken(input.token);
  const [known] = await db
    .select({ tokenHash: knownBrowsers.tokenHash })
    .from(knownBrowsers)
    .where(and(eq(knownBrowsers.tokenHash, tokenHash), eq(knownBrowsers.accountId, input.accountId)))
    .limit(1);
  return known ? tokenHash : null;
}
