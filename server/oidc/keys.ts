/**
 * The provider's keys (issue 46 §1): an RS256 signing key for ID tokens and a cookie key for its
 * signed cookies, made on the first start and kept in the database — sealed with the server's
 * encryption key — so every process and every restart signs with the same keys.
 *
 * Rotation without downtime (`npm run oidc:rotate-keys`): `rotateOidcKeys` adds new keys, which
 * are published at once (every server reloads its keys within a minute: server/oidc/service.ts) and
 * sign only PUBLISH_AHEAD_MS later, so no relying party meets a signature its copy of the JWKS
 * lacks; the previous ones stay in the JWKS (and among the cookie keys) to verify what they signed,
 * and are retired once superseded for longer than the longest-lived thing they can have signed.
 */
import { generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { type OidcKeyKind, oidcKeys } from "../db/schema.ts";
import { type SecretBox, SecretKeyError } from "../kit/secret-box.ts";

/** A private signing key as the provider's `jwks` takes it. */
export interface SigningJwk {
  kty: "RSA";
  kid: string;
  alg: "RS256";
  use: "sig";
  [member: string]: string;
}

export interface OidcKeys {
  /** The signer first (keyOrder), the others still verify. */
  jwks: { keys: SigningJwk[] };
  /** The signer first (keyOrder), the others still verify cookies. */
  cookieKeys: string[];
  /** The keys in force and their order: a server whose version differs loads them again. */
  version: string;
}

/** A superseded key verifies this long after its successor starts signing (ID tokens live an hour). */
export const RETIRE_AFTER_MS = 24 * 60 * 60_000;

/** A new key is published this long before it signs: longer than any server takes to reload its keys. */
export const PUBLISH_AHEAD_MS = 10 * 60_000;

interface KeyRow {
  kid: string;
  kind: OidcKeyKind;
  createdAt: Date;
}

/**
 * Keys in force in the provider's order: the signer first — the newest key published for
 * PUBLISH_AHEAD_MS, or at the first start (none yet) the oldest — then the others, newest first.
 */
export function keyOrder<Row extends KeyRow>(rows: readonly Row[], now: Date): Row[] {
  const newestFirst = [...rows].sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.kid.localeCompare(b.kid),
  );
  const published = now.getTime() - PUBLISH_AHEAD_MS;
  const signer = newestFirst.find((row) => row.createdAt.getTime() <= published) ?? newestFirst.at(-1);
  return signer ? [signer, ...newestFirst.filter((row) => row !== signer)] : [];
}

function versionOf(rows: readonly KeyRow[], now: Date): string {
  return (["signing", "cookie"] as const)
    .map((kind) =>
      keyOrder(
        rows.filter((row) => row.kind === kind),
        now,
      )
        .map((row) => row.kid)
        .join(","),
    )
    .join("|");
}

const activeRows = (db: Db) =>
  db
    .select({
      kid: oidcKeys.kid,
      kind: oidcKeys.kind,
      createdAt: oidcKeys.createdAt,
      sealed: oidcKeys.sealed,
    })
    .from(oidcKeys)
    .where(isNull(oidcKeys.retiredAt));

/** The version of the keys in force at `now`, without opening them (a server's periodic check). */
export async function oidcKeysVersion(db: Db, now: Date): Promise<string> {
  return versionOf(await activeRows(db), now);
}

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

function openKeys(box: SecretBox, rows: readonly (KeyRow & { sealed: string })[], now: Date): string[] {
  try {
    return keyOrder(rows, now).map((row) => box.open(row.sealed));
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
  const rows = await activeRows(db);
  const of = (kind: OidcKeyKind) => rows.filter((row) => row.kind === kind);
  return {
    jwks: { keys: openKeys(box, of("signing"), now).map((text) => JSON.parse(text) as SigningJwk) },
    cookieKeys: openKeys(box, of("cookie"), now),
    version: versionOf(rows, now),
  };
}

/**
 * New signing and cookie keys: published from the servers' next reload, signing PUBLISH_AHEAD_MS
 * later. Keys superseded more than RETIRE_AFTER_MS ago are retired (no longer loaded).
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
      const cutoff = new Date(now.getTime() - RETIRE_AFTER_MS - PUBLISH_AHEAD_MS);
      const newest = active[0];
      // The keys before the newest were superseded when it began to sign: retired once that is long enough ago.
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
