/**
 * Password-reset links (issue 4 §7): a random 32-byte token, stored hashed, single use, valid
 * 60 minutes. Using one sets the password, spends every other open link of the account and ends
 * every session of the account.
 */
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { PasswordStrength } from "../../schemas/form-definition.ts";
import type { Db } from "../db/database.ts";
import { passwordResetTokens, sessions } from "../db/schema.ts";
import { hashToken, isPlausibleToken, randomToken } from "../kit/tokens.ts";
import { type Account, findAccountById, setPassword } from "./accounts.ts";

export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/**
 * A new reset token for the account; for an address without an account (null), a decoy stored
 * the same way that no one receives and that resets nothing. Both sweep expired tokens, so
 * decoys do not pile up and both requests write alike.
 */
export async function issueResetToken(db: Db, accountId: string | null, now: Date): Promise<string> {
  const token = randomToken(32);
  await db.insert(passwordResetTokens).values({
    tokenHash: hashToken(token),
    accountId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_TOKEN_LIFETIME_MS),
  });
  await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, now));
  return token;
}

/** The account of a usable (unused, unexpired) token, or null. */
export async function accountOfResetToken(
  db: Db,
  token: string | undefined | null,
  now: Date,
): Promise<Account | null> {
  if (!isPlausibleToken(token)) return null;
  const [row] = await db
    .select({ accountId: passwordResetTokens.accountId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row?.accountId ? findAccountById(db, row.accountId) : null;
}

/**
 * Spends the token and sets the password, ending every session of the account, in one
 * transaction. Answers false when the token was spent meanwhile.
 */
export async function resetPassword(
  db: Db,
  input: { token: string; accountId: string; passwordHash: string; strength: PasswordStrength; now: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const spent = await tx
      .update(passwordResetTokens)
      .set({ usedAt: input.now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(input.token)),
          eq(passwordResetTokens.accountId, input.accountId),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, input.now),
        ),
      )
      .returning({ tokenHash: passwordResetTokens.tokenHash });
    if (spent.length === 0) return false;
    // Other links mailed earlier must not reset the new password.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: input.now })
      .where(and(eq(passwordResetTokens.accountId, input.accountId), isNull(passwordResetTokens.usedAt)));
    await setPassword(tx, input.accountId, input);
    await tx.delete(sessions).where(eq(sessions.accountId, input.accountId));
    return true;
  });
}
