/**
 * The way back from an e-mail change the member did not make (issue 39 §4). The notice to the old
 * address carries a link (a random token, stored hashed, single use, valid 7 days). Following it
 * puts the old address back and takes from whoever changed it everything they could hold on to:
 * every session and half-finished login ends, the password they knew stops working, the second
 * factors and passkeys they may have set up go. The member then sets a new password through the reset link
 * mailed to the restored address.
 */
import { and, eq, gt, isNull, ne } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import {
  accounts,
  authFlows,
  backupCodes,
  emailChangeRecoveries,
  multiFactorMethods,
  passkeys,
  sessions,
} from "../db/schema.ts";
import { hashToken, isPlausibleToken, randomToken } from "../kit/tokens.ts";
import { normalizeEmail } from "./accounts.ts";

export const RECOVERY_LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** The page the link opens. */
export const EMAIL_RECOVERY_PATH = "/email/recover";

/** A recovery token for an e-mail change away from `previousEmail`. */
export async function issueRecoveryToken(
  db: Db,
  input: { accountId: string; previousEmail: string; now: Date },
): Promise<string> {
  const token = randomToken(32);
  await db.insert(emailChangeRecoveries).values({
    tokenHash: hashToken(token),
    accountId: input.accountId,
    previousEmail: normalizeEmail(input.previousEmail),
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + RECOVERY_LINK_LIFETIME_MS),
  });
  return token;
}

export type RecoveryResult =
  | { ok: true; accountId: string; email: string }
  | { ok: false; problem: "invalid" | "taken" };

/**
 * Spends the token and restores the address, in one transaction: "invalid" for an unknown, used or
 * expired token; "taken" when another account has the address meanwhile (nothing changes then).
 */
export async function recoverEmail(db: Db, token: string | undefined, now: Date): Promise<RecoveryResult> {
  if (!isPlausibleToken(token)) return { ok: false, problem: "invalid" };
  return db.transaction(async (tx) => {
    const live = and(
      eq(emailChangeRecoveries.tokenHash, hashToken(token)),
      isNull(emailChangeRecoveries.usedAt),
      gt(emailChangeRecoveries.expiresAt, now),
    );
    const [link] = await tx.select().from(emailChangeRecoveries).where(live).limit(1);
    if (!link) return { ok: false, problem: "invalid" } as const;
    const { accountId, previousEmail } = link;
    const [holder] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.email, previousEmail), ne(accounts.id, accountId)))
      .limit(1);
    if (holder) return { ok: false, problem: "taken" } as const;
    // Spent by one statement: two clicks at once restore once.
    const spent = await tx.update(emailChangeRecoveries).set({ usedAt: now }).where(live).returning();
    if (spent.length === 0) return { ok: false, problem: "invalid" } as const;
    const [account] = await tx
      .select({ email: accounts.email })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .limit(1);
    if (!account) return { ok: false, problem: "invalid" } as const;
    await tx
      .update(accounts)
      .set({
        contactEmail: previousEmail,
        ...(account.email !== null ? { email: previousEmail } : {}),
        emailVerifiedAt: now,
        // Whoever changed the address knew the password: it stops working.
        passwordHash: null,
        passwordUpdatedAt: now,
        preferredMultiFactorType: null,
        updatedAt: now,
      })
      .where(eq(accounts.id, accountId));
    await tx.delete(sessions).where(eq(sessions.accountId, accountId));
    await tx.delete(authFlows).where(eq(authFlows.accountId, accountId));
    await tx.delete(multiFactorMethods).where(eq(multiFactorMethods.accountId, accountId));
    await tx.delete(backupCodes).where(eq(backupCodes.accountId, accountId));
    // A passkey the taker added would let them back in without any password.
    await tx.delete(passkeys).where(eq(passkeys.accountId, accountId));
    // Other links of the account, from changes before or after, are spent with this one.
    await tx
      .update(emailChangeRecoveries)
      .set({ usedAt: now })
      .where(and(eq(emailChangeRecoveries.accountId, accountId), isNull(emailChangeRecoveries.usedAt)));
    return { ok: true, accountId, email: previousEmail } as const;
  });
}
