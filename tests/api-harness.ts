/**
 * Builds the embedded API for a test: a fresh in-memory PGlite with the migrations applied, the
 * demo store settings (or the test's own), an outbox in memory and a clock the test moves.
 *
 *   const t = await createTestApi();
 *   afterEach(() => t.close());
 *   const response = await t.api.request("/zapi/internal/root/screen-data");
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { readFile, rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import storeJson from "../config/store.json" with { type: "json" };
import { type Api, createApi } from "../server/api/app.ts";
import type { ApiDeps } from "../server/api/context.ts";
import { type Db, openPglite } from "../server/db/database.ts";
import * as schema from "../server/db/schema.ts";
import { accounts, sessions } from "../server/db/schema.ts";
import { MemoryOutbox } from "../server/mail/memory-outbox.ts";
import { hashSessionToken, SESSION_COOKIE } from "../server/services/sessions.ts";
import { staticStoreSettings } from "../server/store/store-settings-source.ts";
import { parseStoreSettings, type StoreSettings } from "../server/store/validate-settings.ts";

/** A fresh, validated copy of config/store.json that a test may change freely. */
export function demoStoreSettings(): StoreSettings {
  return parseStoreSettings(structuredClone(storeJson), "config/store.json");
}

/** Time as the API sees it (`deps.now`); only the test moves it. */
export interface TestClock {
  now(): Date;
  set(at: Date | string): void;
  advance(milliseconds: number): void;
}

/** Noon in Japan: far from midnight, so date-based rules do not flip within a test. */
export const DEFAULT_TEST_START = "2026-04-01T03:00:00.000Z";

export function createTestClock(startAt: Date | string = DEFAULT_TEST_START): TestClock {
  let current = new Date(startAt).getTime();
  return {
    now: () => new Date(current),
    set: (at) => {
      current = new Date(at).getTime();
    },
    advance: (milliseconds) => {
      current += milliseconds;
    },
  };
}

const root = resolve(import.meta.dirname, "..");
let template: Promise<Blob> | undefined;

/**
 * The data directory of an empty, fully migrated database, as a tarball. Starting PGlite from it
 * takes a fraction of the seconds that initdb plus the migrations take, so it is made once by
 * openPglite(null) and kept in the OS temp directory, named after the migrations and the PGlite
 * version: a new migration makes a new template.
 */
function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const migrations = join(root, "server/db/migrations");
    const key = createHash("sha256");
    key.update(readFileSync(join(root, "node_modules/@electric-sql/pglite/package.json")));
    for (const file of readdirSync(migrations, { recursive: true, encoding: "utf8" }).sort()) {
      if (file.endsWith(".sql") || file.endsWith(".json"))
        key.update(file).update(readFileSync(join(migrations, file)));
    }
    const cached = join(tmpdir(), `storefront-test-db-${key.digest("hex").slice(0, 16)}.tar`);
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
  return template;
}

/**
 * A fresh in-memory database with every migration applied, like openPglite(null) but faster. If
 * openPglite starts passing options to PGlite.create (extensions), pass them here too.
 */
async function openTestDatabase(): Promise<{ db: Db; close(): Promise<void> }> {
  const client = await PGlite.create({ loadDataDir: await migratedTemplate() });
  return { db: drizzle(client, { schema }) as unknown as Db, close: () => client.close() };
}

export interface TestApiOptions {
  /** Store settings served by the API; defaults to `demoStoreSettings()`. */
  settings?: StoreSettings;
  /** Where the clock starts; defaults to DEFAULT_TEST_START. */
  startAt?: Date | string;
  /** Replaces individual dependencies, e.g. a mailer that fails. */
  deps?: Partial<Omit<ApiDeps, "db" | "now">>;
}

export interface TestApi {
  api: Api;
  deps: ApiDeps;
  db: Db;
  /** Every e-mail and SMS the API sent (unless `deps.mailer`/`deps.sms` were replaced). */
  outbox: MemoryOutbox;
  clock: TestClock;
  close(): Promise<void>;
}

export async function createTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const database = await openTestDatabase();
  const outbox = new MemoryOutbox();
  const clock = createTestClock(options.startAt);
  const deps: ApiDeps = {
    db: database.db,
    store: staticStoreSettings(options.settings ?? demoStoreSettings()),
    mailer: outbox.mailer,
    sms: outbox.sms,
    now: () => clock.now(),
    secureCookies: false,
    ...options.deps,
  };
  return { api: createApi(deps), deps, db: database.db, outbox, clock, close: () => database.close() };
}

export interface SignedInAccount {
  accountId: string;
  publicId: string;
  sessionToken: string;
  /** A Cookie header value carrying the session, for `api.request(path, {headers: {cookie}})`. */
  cookie: string;
}

/**
 * Inserts an account with a session, as a login would leave them. The session lasts a day from
 * the test clock unless `expiresAt` says otherwise.
 */
export async function insertSignedInAccount(
  t: Pick<TestApi, "db" | "clock">,
  options: { contactEmail?: string; expiresAt?: Date } = {},
): Promise<SignedInAccount> {
  const publicId = `acc_${randomUUID()}`;
  const [account] = await t.db
    .insert(accounts)
    .values({ publicId, contactEmail: options.contactEmail ?? `${publicId}@example.jp` })
    .returning({ id: accounts.id });
  if (!account) throw new Error("the account was not inserted");
  const sessionToken = randomBytes(32).toString("base64url");
  await t.db.insert(sessions).values({
    tokenHash: hashSessionToken(sessionToken),
    accountId: account.id,
    expiresAt: options.expiresAt ?? new Date(t.clock.now().getTime() + 24 * 60 * 60 * 1000),
  });
  return { accountId: account.id, publicId, sessionToken, cookie: `${SESSION_COOKIE}=${sessionToken}` };
}
