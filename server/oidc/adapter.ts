/**
 * oidc-provider's storage on our database (issue 46 §1; ARCHITECTURE.md `server/oidc`): every
 * model — Session, Interaction, Grant, AuthorizationCode, AccessToken, RefreshToken, … — is a row
 * of `oidc_models`, so the embedded default and PostgreSQL hold them alike and several processes
 * share them. Expiry is the row's `expires_at` (a row past it is not found, and the hourly purge
 * deletes it); a consumed code keeps its row with `consumed`, so a second use is seen as a replay.
 */
import { and, desc, eq, gt, inArray, isNull, lte, or } from "drizzle-orm";
import type { Adapter, AdapterFactory, AdapterPayload } from "oidc-provider";
import type { Db } from "../db/database.ts";
import { accounts, oidcModels } from "../db/schema.ts";

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** One model's store; oidc-provider makes one per model name through the factory. */
class DatabaseAdapter implements Adapter {
  constructor(
    private readonly model: string,
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt =
      typeof expiresIn === "number" ? new Date(this.now().getTime() + expiresIn * 1000) : null;
    const columns = {
      payload: payload as Record<string, unknown>,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      accountId: typeof payload.accountId === "string" ? payload.accountId : null,
      clientId: typeof payload.clientId === "string" ? payload.clientId : null,
      expiresAt,
    };
    await this.db
      .insert(oidcModels)
      .values({ model: this.model, id, ...columns })
      .onConflictDoUpdate({ target: [oidcModels.model, oidcModels.id], set: columns });
  }

  private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select({ payload: oidcModels.payload, consumedAt: oidcModels.consumedAt })
      .from(oidcModels)
      .where(
        and(
          eq(oidcModels.model, this.model),
          condition,
          or(isNull(oidcModels.expiresAt), gt(oidcModels.expiresAt, this.now())),
        ),
      )
      .limit(1);
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumedAt ? { ...payload, consumed: epochSeconds(row.consumedAt) } : payload;
  }

  find(id: string) {
    return this.findWhere(eq(oidcModels.id, id));
  }

  findByUid(uid: string) {
    return this.findWhere(eq(oidcModels.uid, uid));
  }

  findByUserCode(userCode: string) {
    return this.findWhere(eq(oidcModels.userCode, userCode));
  }

  async consume(id: string): Promise<void> {
    await this.db
      .update(oidcModels)
      .set({ consumedAt: this.now() })
      .where(and(eq(oidcModels.model, this.model), eq(oidcModels.id, id)));
  }

  async destroy(id: string): Promise<void> {
    await this.db.delete(oidcModels).where(and(eq(oidcModels.model, this.model), eq(oidcModels.id, id)));
  }

  /** Everything issued under the grant goes: codes, access and refresh tokens, of every model. */
  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.delete(oidcModels).where(eq(oidcModels.grantId, grantId));
  }
}

/** The `adapter` option of the provider: each model's store on `db`, on the server's clock. */
export function databaseAdapter(db: Db, now: () => Date): AdapterFactory {
  return (model) => new DatabaseAdapter(model, db, now);
}

/**
 * The member's grant to a client, whatever browser session made it: a second authorization by the
 * same member skips consent after the session that consented has ended (issue 46 §1).
 */
export async function findGrantId(
  db: Db,
  accountId: string,
  clientId: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: oidcModels.id })
    .from(oidcModels)
    .where(
      and(
        eq(oidcModels.model, "Grant"),
        eq(oidcModels.accountId, accountId),
        eq(oidcModels.clientId, clientId),
        or(isNull(oidcModels.expiresAt), gt(oidcModels.expiresAt, now)),
      ),
    )
    .orderBy(desc(oidcModels.expiresAt))
    .limit(1);
  return row?.id;
}

/** Deletes the rows past their expiry (beside the billing run, hourly); answers how many. */
export async function purgeExpiredOidcModels(db: Db, now: Date): Promise<number> {
  const purged = await db
    .delete(oidcModels)
    .where(lte(oidcModels.expiresAt, now))
    .returning({ id: oidcModels.id });
  return purged.length;
}

/** The provider's models bound to a member: accountId is the member's public id (the `sub`). */
const ofMember = (db: Pick<Db, "select">, accountId: string) =>
  inArray(
    oidcModels.accountId,
    db.select({ publicId: accounts.publicId }).from(accounts).where(eq(accounts.id, accountId)),
  );

/**
 * A password changed or reset (issue 47 §3): the member's access and refresh tokens end, so no
 * client goes on with what the old password let in; the grants stay, so logging in again asks no
 * consent. Call it in the transaction that changes the password.
 */
export async function revokeMemberTokens(
  db: Pick<Db, "select" | "delete">,
  accountId: string,
): Promise<void> {
  await db
    .delete(oidcModels)
    .where(and(inArray(oidcModels.model, ["AccessToken", "RefreshToken"]), ofMember(db, accountId)));
}

/**
 * A withdrawal: everything the provider keeps of the member — sessions, grants, codes, tokens —
 * goes with the account. Call it before the account's row is deleted.
 */
export async function forgetMemberAtProvider(
  db: Pick<Db, "select" | "delete">,
  accountId: string,
): Promise<void> {
  await db.delete(oidcModels).where(ofMember(db, accountId));
}
