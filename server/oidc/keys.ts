/**
 * The provider's keys (issue 46 §1): an RS256 signing key for ID tokens and a cookie key for its
 * signed cookies, made on the first start and kept in the database — sealed with the server's
 * encryption key — so every process and every restart signs with the same keys.
 *
 * Rotation without downtime: `rotateOidcKeys` adds new keys, which sign from then on, while the
 * previous ones stay in the JWKS (and among the cookie keys) to verify what they signed; keys
 * superseded for longer than the longest-lived thing they can have signed are retired.
 */
import { generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import { and, asc, desc, eq, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { type OidcKeyKind, oidcKeys } from "../db/schema.ts";
import { type SecretBox, SecretKeyError } from "../services/secret-box.ts";

/** A private signing key as the provider's `jwks` takes it. */
export interface SigningJwk {
  kty: "RSA";
  kid: string;
  alg: "RS256";
  use: "sig";
  [member: string]: string;
}

export interface OidcKeys {
  /** Newest first: the first signs, the others still verify. */
  jwks: { keys: SigningJwk[] };
  /** Newest first: the first signs cookies, the others still verify them. */
  cookieKeys: string[];
}

/** A superseded key verifies this long after its successor arrives (ID tokens live an hour). */
export const RETIRE_AFTER_MS = 24 * 60 * 60_000;

/** A lock id of our own for the first start: two processes never both make the first keys. */
const KEY_LOCK = 460_001;

function newKey(kind: OidcKeyKind): { kid: string; material: string } {
  const kid = randomUUID();
  if (kind === "cookie") return { kid, material: randomBytes(32).toString("base64url") };
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" };
  return { kid, material: JSON.stringify(jwk) };
}

async function insertKey(tx: Db, box: SecretBox, kind: OidcKeyKind, now: Date): Promise<void> {
  const { kid, material } = newKey(kind);
  await tx.insert(oidcKeys).values({ kid, kind, sealed: box.seal(material), createdAt: now });
}

async function activeKeys(db: Db, box: SecretBox, kind: OidcKeyKind): Promise<string[]> {
  const rows = await db
    .select({ sealed: oidcKeys.sealed })
    .from(oidcKeys)
    .where(and(eq(oidcKeys.kind, kind), isNull(oidcKeys.retiredAt)))
    .orderBy(desc(oidcKeys.createdAt), asc(oidcKeys.kid));
  try {
    return rows.map((row) => box.open(row.sealed));
  } catch {
    // Every process on one database must seal with one key (ENCRYPTION_KEY, or the same key file).
    throw new SecretKeyError(
      "the login provider's keys in the database were sealed with another encryption key: give every server of this database the same ENCRYPTION_KEY",
    );
  }
}

/** The keys in force, made first if there are none (the first start). */
export async function loadOidcKeys(db: Db, box: SecretBox, now: Date): Promise<OidcKeys> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${KEY_LOCK})`);
    for (const kind of ["signing", "cookie"] as const) {
      const [any] = await tx
        .select({ kid: oidcKeys.kid })
        .from(oidcKeys)
        .where(and(eq(oidcKeys.kind, kind), isNull(oidcKeys.retiredAt)))
        .limit(1);
      if (!any) await insertKey(tx, box, kind, now);
    }
  });
  return {
    jwks: { keys: (await activeKeys(db, box, "signing")).map((text) => JSON.parse(text) as SigningJwk) },
    cookieKeys: await activeKeys(db, box, "cookie"),
  };
}

/**
 * New signing and cookie keys, in force from the next load; keys superseded more than
 * RETIRE_AFTER_MS ago are retired (no longer loaded).
 */
export async function rotateOidcKeys(db: Db, box: SecretBox, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${KEY_LOCK})`);
    for (const kind of ["signing", "cookie"] as const) {
      const active = await tx
        .select({ kid: oidcKeys.kid, createdAt: oidcKeys.createdAt })
        .from(oidcKeys)
        .where(and(eq(oidcKeys.kind, kind), isNull(oidcKeys.retiredAt)))
        .orderBy(desc(oidcKeys.createdAt));
      const cutoff = new Date(now.getTime() - RETIRE_AFTER_MS);
      const newest = active[0];
      // The keys before the newest were superseded when it came: retired once that is long enough ago.
      if (newest && newest.createdAt < cutoff) {
        await tx
          .update(oidcKeys)
          .set({ retiredAt: now })
          .where(
            and(
              eq(oidcKeys.kind, kind),
              isNull(oidcKeys.retiredAt),
              lt(oidcKeys.createdAt, newest.createdAt),
            ),
          );
      }
      await insertKey(tx, box, kind, now);
    }
  });
}
