/**
 * `npm run oidc:rotate-keys`: new signing and cookie keys for the login provider (issue 46 §1),
 * against DATA_DIR / DATABASE_URL, sealed with the servers' ENCRYPTION_KEY (or their key file).
 * Without downtime on PostgreSQL: running servers publish the new keys within a minute and sign with
 * them PUBLISH_AHEAD_MS later (server/oidc/keys.ts). On the embedded database the server must be
 * stopped: PGlite has one owning process. Prints the keys in force after; exits 1 when it could not.
 */
import { resolve } from "node:path";
import { isNull } from "drizzle-orm";
import { openDatabase } from "../server/db/database.ts";
import { DirectoryLockedError } from "../server/db/directory-lock.ts";
import { oidcKeys } from "../server/db/schema.ts";
import { type Env, EnvError, parseEnv } from "../server/env.ts";
import { createSecretBox, loadSecretKey, SecretKeyError } from "../server/kit/secret-box.ts";
import { keyOrder, PUBLISH_AHEAD_MS, rotateOidcKeys } from "../server/oidc/keys.ts";
import { runAsCommand, UsageError } from "./command.ts";

/** Rotates the keys at `now` and answers a line per key in force, the signer of each kind first. */
export async function rotateKeys(env: Env, now: Date): Promise<string[]> {
  const box = createSecretBox(loadSecretKey(env.encryptionKey, resolve(env.dataDir, "encryption.key")));
  const database = await openDatabase(env);
  try {
    await rotateOidcKeys(database.db, box, now);
    const rows = await database.db
      .select({ kid: oidcKeys.kid, kind: oidcKeys.kind, createdAt: oidcKeys.createdAt })
      .from(oidcKeys)
      .where(isNull(oidcKeys.retiredAt));
    const published = now.getTime() - PUBLISH_AHEAD_MS;
    return (["signing", "cookie"] as const).flatMap((kind) =>
      keyOrder(
        rows.filter((row) => row.kind === kind),
        now,
      ).map((row, index) => {
        const role =
          index === 0
            ? "signs now"
            : row.createdAt.getTime() > published
              ? `signs from ${new Date(row.createdAt.getTime() + PUBLISH_AHEAD_MS).toISOString()}`
              : "verifies only";
        return `${kind.padEnd(7)}  ${row.kid}  made ${row.createdAt.toISOString()}  ${role}`;
      }),
    );
  } finally {
    await database.close();
  }
}

async function main(argv: readonly string[]): Promise<number> {
  if (argv.length > 0) throw new UsageError(`unknown argument ${argv.join(" ")} (it takes none)`);
  const now = new Date();
  const lines = await rotateKeys(parseEnv(), now);
  console.log(`login provider keys rotated at ${now.toISOString()}; in force now:`);
  for (const line of lines) console.log(`  ${line}`);
  return 0;
}

runAsCommand(import.meta.url, main, [EnvError, DirectoryLockedError, SecretKeyError]);
