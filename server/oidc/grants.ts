/**
 * A member's connected apps (issue 46 §1 grants, issue 47 §2; spec §3 Account grant): the grants
 * the member gave clients, read and revoked on the provider's storage (adapter.ts), so that every
 * process sees a revocation at once. A grant is the member's with a client, whatever browser made it.
 */
import { and, desc, eq, gt, inArray, isNull, or } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { oidcModels } from "../db/schema.ts";

export interface MemberGrant {
  grantId: string;
  clientId: string;
  /** When the member first connected the client. */
  issuedAt: Date;
  /** The scopes the member allowed, in the order granted. */
  scopeKeys: string[];
}

interface GrantPayload {
  iat?: unknown;
  openid?: { scope?: unknown };
}

const grantsOf = (accountId: string, now: Date) =>
  and(
    eq(oidcModels.model, "Grant"),
    eq(oidcModels.accountId, accountId),
    or(isNull(oidcModels.expiresAt), gt(oidcModels.expiresAt, now)),
  );

/**
 * The member's grants in force, one per client (the one a new authorization would use: the
 * latest to expire), newest connection first. `accountId` is the member's public id.
 */
export async function memberGrants(db: Db, accountId: string, now: Date): Promise<MemberGrant[]> {
  const rows = await db
    .select({ id: oidcModels.id, clientId: oidcModels.clientId, payload: oidcModels.payload })
    .from(oidcModels)
    .where(grantsOf(accountId, now))
    .orderBy(desc(oidcModels.expiresAt));
  const byClient = new Map<string, MemberGrant>();
  for (const row of rows) {
    if (!row.clientId || byClient.has(row.clientId)) continue;
    const payload = row.payload as GrantPayload;
    const scope = typeof payload.openid?.scope === "string" ? payload.openid.scope : "";
    byClient.set(row.clientId, {
      grantId: row.id,
      clientId: row.clientId,
      issuedAt: new Date((typeof payload.iat === "number" ? payload.iat : 0) * 1000),
      scopeKeys: scope.split(" ").filter(Boolean),
    });
  }
  return [...byClient.values()].sort((a, b) => b.issuedAt.getTime() - a.issuedAt.getTime());
}

/**
 * Disconnects the client of the member's grant `grantId`: every grant of the member to that
 * client, and every code and token issued under them, end in one transaction. False when the grant
 * is not the member's (or is gone): nothing changes.
 */
export async function revokeMemberGrant(
  db: Db,
  accountId: string,
  grantId: string,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [grant] = await tx
      .select({ clientId: oidcModels.clientId })
      .from(oidcModels)
      .where(and(grantsOf(accountId, now), eq(oidcModels.id, grantId)))
      .limit(1);
    if (!grant?.clientId) return false;
    const grants = await tx
      .delete(oidcModels)
      .where(
        and(
          eq(oidcModels.model, "Grant"),
          eq(oidcModels.accountId, accountId),
          eq(oidcModels.clientId, grant.clientId),
        ),
      )
      .returning({ id: oidcModels.id });
    await tx.delete(oidcModels).where(
      inArray(
        oidcModels.grantId,
        grants.map((row) => row.id),
      ),
    );
    return true;
  });
}
