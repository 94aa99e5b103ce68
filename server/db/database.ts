import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { acquireDirectoryLock, type DirectoryLock } from "./directory-lock.ts";
import { ReadCache, registerReadCache } from "./read-cache.ts";
import * as schema from "./schema.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Flushes to disk (CHECKPOINT on PGlite), closes connections and releases the directory lock. */
  close(): Promise<void>;
}

const migrationsFolder = resolve(import.meta.dirname, "migrations");

/**
 * Drizzle on a PGlite client, with the read cache: the one owning process sees every write, so
 * member reads are kept in memory (ADR 0039).
 */
export function drizzleOnPglite(client: PGlite) {
  const reads = new ReadCache();
  const db = drizzlePglite(client, { schema, logger: reads });
  registerReadCache(db, reads);
  return db;
}

/** The embedded database; `dataDir` null means in memory (tests). */
export async function openPglite(dataDir: string | null): Promise<Database> {
  let lock: DirectoryLock | null = null;
  let client: PGlite;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    lock = acquireDirectoryLock(dataDir, "pglite.lock");
    try {
      client = await PGlite.create(join(dataDir, "pglite"));
    } catch (error) {
      lock.release();
      throw error;
    }
  } else {
    client = await PGlite.create();
  }
  const db = drizzleOnPglite(client);
  await migratePglite(db, { migrationsFolder });
  let closed = false;
  return {
    db: db as unknown as Db,
    kind: "pglite",
    async close() {
      if (closed) return;
      closed = true;
      try {
        if (dataDir) await client.query("CHECKPOINT");
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/** The advisory lock key held while migrating ("storefront migrations"). */
const MIGRATION_LOCK = 7_340_511_901;

/** A PostgreSQL server reached through node-postgres. */
export async function openPostgres(
  databaseUrl: string,
  options: { maxConnections?: number } = {},
): Promise<Database> {
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.maxConnections ?? 10 });
  // Several processes may start at once on one database: one migrates while the others wait on
  // the lock, then find nothing left to do.
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client, { schema }), { migrationsFolder });
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } catch (error) {
    client.release();
    await pool.end();
    throw error;
  }
  client.release();
  const db = drizzle(pool, { schema });
  return {
    db: db as unknown as Db,
    kind: "postgres",
    close: () => pool.end(),
  };
}

export function openDatabase(options: { dataDir: string; databaseUrl: string | null }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(join(options.dataDir, "db"));
}
