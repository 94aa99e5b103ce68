import { createHash } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { accounts, sessions } from "../db/schema.ts";

export const SESSION_COOKIE = "sid";

export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface SessionAccount {
  accountId: string;
  publicId: string;
}

/** The account behind a session cookie, or null when the token is missing, unknown or expired. */
export async function findSessionAccount(
  db: Db,
  token: string | undefined,
  now: Date,
): Promise<SessionAccount | null> {
  if (!token || token.length > 200) return null;
  const rows = await db
    .select({ accountId: accounts.id, publicId: accounts.publicId })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(and(eq(sessions.tokenHash, hashSessionToken(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  return rows[0] ?? null;
}
