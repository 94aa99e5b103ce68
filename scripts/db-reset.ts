/**
 * `npm run db:reset`: deletes the embedded data, $DATA_DIR/db (PGlite) and $DATA_DIR/outbox, so the
 * next start begins with an empty, freshly migrated database. Refuses while a server owns the
 * database, because deleting files under a running PGlite corrupts what it writes next.
 */
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { directoryLockOwner } from "../server/db/directory-lock.ts";
import { EnvError, parseEnv } from "../server/env.ts";
import { mailOutboxDir } from "../server/mail/outbox.ts";
import { runAsCommand, UsageError } from "./command.ts";

export class DataInUseError extends Error {
  constructor(
    readonly directory: string,
    readonly ownerPid: number,
  ) {
    super(
      `The embedded database in ${directory} is in use by process ${ownerPid}. ` +
        "Stop the server first, then run db:reset again.",
    );
    this.name = "DataInUseError";
  }
}

/** Deletes the database and the outbox under dataDir; returns the paths it removed. */
export function resetEmbeddedData(dataDir: string): string[] {
  const databaseDir = join(dataDir, "db");
  const owner = directoryLockOwner(databaseDir, "pglite.lock");
  if (owner !== null) throw new DataInUseError(databaseDir, owner);

  const removed: string[] = [];
  for (const path of [databaseDir, mailOutboxDir(dataDir)]) {
    if (!existsSync(path)) continue;
    rmSync(path, { recursive: true, force: true });
    removed.push(path);
  }
  return removed;
}

function main(argv: readonly string[]): number {
  if (argv.length > 0) throw new UsageError(`unknown argument ${argv.join(" ")} (it takes none)`);
  const env = parseEnv();
  const removed = resetEmbeddedData(env.dataDir);
  for (const path of removed) console.log(`removed ${path}`);
  if (removed.length === 0) console.log(`nothing to remove in ${env.dataDir}`);
  if (env.databaseUrl) console.log("DATABASE_URL is set: that PostgreSQL database was not touched.");
  return 0;
}

runAsCommand(import.meta.url, main, [DataInUseError, EnvError]);
