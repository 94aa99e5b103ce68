/**
 * The people at social login providers linked to accounts (issue 48): who logs in through which
 * provider, linking from my page and unlinking.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { cachedRead } from "../db/read-cache.ts";
import { externalIdentities } from "../db/schema.ts";

export type LinkedIdentity = typeof externalIdentities.$inferSelect;

/** The account a provider's person is linked to, or null. */
export async function accountOfIdentity(db: Db, type: string, subject: string): Promise<string | null> {
  const [row] = await db
    .select({ accountId: externalIdentities.accountId })
    .from(externalIdentities)
    .where(and(eq(externalIdentities.type, type), eq(externalIdentities.subject, subject)))
    .limit(1);
  return row?.accountId ?? null;
}

/** The identities linked to an account, oldest first (kept in memory on PGlite: my page reads it). */
export function linkedIdentities(db: Db, accountId: string): Promise<LinkedIdentity[]> {
  return cachedRead(db, `external-identities:${accountId}`, [externalIdentities], () =>
    db
      .select()
      .from(externalIdentities)
      .where(eq(externalIdentities.accountId, accountId))
      .orderBy(asc(externalIdentities.linkedAt)),
  );
}

export type LinkResult =
  /** Linked now, or it already was to this account. */
  | "linked"
  /** The provider's person belongs to another account (spec §8 ACCOUNT_ALREADY_EXISTS). */
  | "linkedToAnotherAccount"
  /** The account has another person of this provider linked already. */
  | "providerTaken";

/**
 * Links the provider's person to the account. Two browsers linking the same person at once: the
 * unique indexes let one in, and the other learns where the person went.
 */
export async function linkIdentity(
  db: Db,
  link: { accountId: string; type: string; subject: string; email: string | null; now: Date },
): Promise<LinkResult> {
  const inserted = await db
    .insert(externalIdentities)
    .values({
      accountId: link.accountId,
      type: link.type,
      subject: link.subject,
      email: link.email,
      linkedAt: link.now,
    })
    .onConflictDoNothing()
    .returning({ id: externalIdentities.id });
  if (inserted.length > 0) return "linked";
  const owner = await accountOfIdentity(db, link.type, link.subject);
  if (owner === link.accountId) return "linked";
  return owner ? "linkedToAnotherAccount" : "providerTaken";
}

/** Unlinks the account's person of this provider; false when none was linked. */
export async function unlinkIdentity(db: Db, accountId: string, type: string): Promise<boolean> {
  const deleted = await db
    .delete(externalIdentities)
    .where(and(eq(externalIdentities.accountId, accountId), eq(externalIdentities.type, type)))
    .returning({ id: externalIdentities.id });
  return deleted.length > 0;
}
