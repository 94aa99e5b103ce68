/**
 * An empty, fully migrated database per test, on the engine the test run names (issue 40 §4):
 * `TEST_DATABASE=postgres` (with `TEST_DATABASE_URL`, the throwaway server `npm test` starts) or the
 * embedded PGlite otherwise. Both keep databases that tests released, emptied, for the next test of
 * the same file: making one costs hundreds of milliseconds, emptying it a few.
 */
import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { readFile, rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { type Db, drizzleOnPglite, openPglite, openPostgres } from "../server/db/database.ts";
import * as schema from "../server/db/schema.ts";
import { CLOSE_IDLE_TEST_DATABASES } from "./test-database-hook.ts";

export type TestDatabaseEngine = "pglite" | "postgres";

export function testDatabaseEngine(): TestDatabaseEngine {
  const engine = process.env.TEST_DATABASE ?? "pglite";
  if (engine !== "pglite" && engine !== "postgres") {
    throw new Error(`TEST_DATABASE must be pglite or postgres (got "${engine}")`);
  }
  return engine;
}

/** The server the postgres run uses; refuses to guess one. */
export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error("TEST_DATABASE=postgres needs TEST_DATABASE_URL (npm test starts a server and sets it)");
  return url;
}

export interface TestDatabase {
  db: Db;
  close(): Promise<void>;
}

const root = resolve(import.meta.dirname, "..");

/** Names the migrations (and the PGlite build): a new migration makes new templates. */
const migrationsKey = (() => {
  const migrations = join(root, "server/db/migrations");
  const key = createHash("sha256");
  key.update(readFileSync(join(root, "node_modules/@electric-sql/pglite/package.json")));
  for (const file of readdirSync(migrations, { recursive: true, encoding: "utf8" }).sort()) {
    if (file.endsWith(".sql") || file.endsWith(".json"))
      key.update(file).update(readFileSync(join(migrations, file)));
  }
  return key.digest("hex").slice(0, 16);
})();

/**
 * The shape of a database's schema: its tables, and how many triggers and functions it has. A
 * database is reused only while its shape is the migrated one: a test that adds a table or a
 * trigger (the fuzz test counts writes with both) would otherwise leave it to the tests after it.
 */
const SHAPE_QUERY = `SELECT
  (SELECT string_agg(quote_ident(schemaname) || '.' || quote_ident(tablename), ', ' ORDER BY tablename)
     FROM pg_tables WHERE schemaname = 'public') AS tables,
  (SELECT count(*) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace WHERE NOT t.tgisinternal AND n.nspname = 'public') || '/' ||
  (SELECT count(*) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public')
     AS routines`;

type Shape = { tables: string; routines: string };
const sameShape = (a: Shape, b: Shape) => a.tables === b.tables && a.routines === b.routines;

/**
 * Empties a released database for the next test if it still has the migrated shape (`migrated`,
 * read from the first database made from the template); says whether it may be reused.
 */
async function emptyForReuse(
  query: (sql: string) => Promise<{ rows: Shape[] }>,
  migrated: Shape | undefined,
): Promise<boolean> {
  const shape = await shapeOf(query);
  if (!shape || !migrated || !sameShape(shape, migrated)) return false;
  await query(`TRUNCATE ${shape.tables} RESTART IDENTITY CASCADE`);
  return true;
}

async function shapeOf(query: (sql: string) => Promise<{ rows: Shape[] }>): Promise<Shape | undefined> {
  return (await query(SHAPE_QUERY)).rows[0];
}

// --- PGlite -------------------------------------------------------------------------------------

let pgliteTemplate: Promise<Blob> | undefined;

/**
 * The data directory of an empty, fully migrated database, as a tarball. Starting PGlite from it
 * takes a fraction of the seconds that initdb plus the migrations take, so it is made once by
 * openPglite(null) and kept in the OS temp directory.
 */
function migratedPgliteTemplate(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const cached = join(tmpdir(), `storefront-test-db-${migrationsKey}.tar`);
    try {
      return new Blob([await readFile(cached)]);
    } catch {
      // Not made yet: make it below.
    }
    const database = await openPglite(null);
    const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir("none");
    await database.close();
    // Parallel test workers may race to make it; each writes its own file and renames it into place.
    const partial = `${cached}.${process.pid}.tmp`;
    await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
    await rename(partial, cached);
    return dump;
  })();
  return pgliteTemplate;
}

const idlePglites: PGlite[] = [];
let pgliteShape: Shape | undefined;

async function openPgliteTestDatabase(): Promise<TestDatabase> {
  let client = idlePglites.pop();
  if (!client) {
    client = await PGlite.create({ loadDataDir: await migratedPgliteTemplate() });
    pgliteShape ??= await shapeOf((sql) => client!.query<Shape>(sql));
  }
  const current = client;
  let released = false;
  return {
    // As the server makes it, read cache included, so every test runs with the cache.
    db: drizzleOnPglite(current) as unknown as Db,
    close: async () => {
      if (released) return;
      released = true;
      // A database that cannot be emptied (a test broke it or changed its schema) is closed instead.
      try {
        if (await emptyForReuse((sql) => current.query<Shape>(sql), pgliteShape)) {
          idlePglites.push(current);
          return;
        }
      } catch {
        // Closed below.
      }
      await current.close();
    },
  };
}

// --- PostgreSQL ---------------------------------------------------------------------------------

interface PostgresTestDatabase {
  name: string;
  db: Db;
  pool: import("pg").Pool;
}

const idlePostgres: PostgresTestDatabase[] = [];
let postgresTemplate: Promise<string> | undefined;
let postgresShape: Shape | undefined;
let madeDatabases = 0;

function databaseUrl(server: string, name: string): string {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `work` on the server's maintenance database while holding a lock shared by all workers. */
async function withAdminLock<T>(work: (query: (sql: string) => Promise<{ rows: unknown[] }>) => Promise<T>) {
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: testDatabaseUrl() });
  await admin.connect();
  try {
    await admin.query("SELECT pg_advisory_lock(7340511902)");
    return await work((sql) => admin.query(sql));
  } finally {
    await admin.end();
  }
}

/** A database migrated once per migrations key, that each test's database is copied from. */
function migratedPostgresTemplate(): Promise<string> {
  postgresTemplate ??= withAdminLock(async (query) => {
    const name = `storefront_template_${migrationsKey}`;
    const { rows } = await query(`SELECT 1 FROM pg_database WHERE datname = '${name}'`);
    if (rows.length === 0) {
      await query(`CREATE DATABASE ${name}`);
      const database = await openPostgres(databaseUrl(testDatabaseUrl(), name), { maxConnections: 1 });
      await database.close();
    }
    return name;
  });
  return postgresTemplate;
}

async function openPostgresTestDatabase(): Promise<TestDatabase> {
  let entry = idlePostgres.pop();
  if (!entry) {
    const template = await migratedPostgresTemplate();
    madeDatabases += 1;
    const name = `storefront_test_${process.pid}_${madeDatabases}_${randomBytes(3).toString("hex")}`;
    // The template may not be in use while it is copied: copies are made one at a time.
    await withAdminLock((query) => query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const pool = new pg.Pool({ connectionString: databaseUrl(testDatabaseUrl(), name), max: 10 });
    entry = { name, pool, db: drizzle(pool, { schema }) as unknown as Db };
    postgresShape ??= await shapeOf((sql) => pool.query<Shape>(sql));
  }
  const current = entry;
  let released = false;
  return {
    db: current.db,
    close: async () => {
      if (released) return;
      released = true;
      try {
        if (await emptyForReuse((sql) => current.pool.query<Shape>(sql), postgresShape)) {
          idlePostgres.push(current);
          return;
        }
      } catch {
        // Dropped below.
      }
      await dropPostgres(current);
    },
  };
}

async function dropPostgres({ name, pool }: PostgresTestDatabase): Promise<void> {
  await pool.end();
  await withAdminLock((query) => query(`DROP DATABASE IF EXISTS ${name}`));
}

// --- Either -------------------------------------------------------------------------------------

export function openTestDatabase(): Promise<TestDatabase> {
  return testDatabaseEngine() === "postgres" ? openPostgresTestDatabase() : openPgliteTestDatabase();
}

/** Closes the databases kept for reuse: scripts call it when done, vitest after each file (tests/setup-vitest.ts). */
export async function closeIdleTestDatabases(): Promise<void> {
  for (const client of idlePglites.splice(0)) await client.close();
  for (const database of idlePostgres.splice(0)) await dropPostgres(database);
}

(globalThis as Record<symbol, unknown>)[CLOSE_IDLE_TEST_DATABASES] = closeIdleTestDatabases;
