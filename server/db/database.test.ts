import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { testDatabaseEngine, testDatabaseUrl } from "../../tests/test-database.ts";
import { openPglite, openPostgres } from "./database.ts";
import { DirectoryLockedError, processStartTime } from "./directory-lock.ts";
import { accounts } from "./schema.ts";

const cleanups: Array<() => Promise<void>> = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "pglite-"));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
/** A spawned child's /proc entry appears as it starts. */
async function waitForStartTime(pid: number): Promise<void> {
  for (let tries = 0; tries < 50 && processStartTime(pid) === null; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(processStartTime(pid)).not.toBeNull();
}

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

// Each test below starts PGlite from nothing (initdb and every migration): seconds on a busy machine.
describe.skipIf(testDatabaseEngine() !== "pglite")("embedded database", () => {
  it("runs the migrations and keeps data across a clean close and reopen", async () => {
    const dir = tempDir();
    const first = await openPglite(dir);
    await first.db.insert(accounts).values({ publicId: "acc-1", contactEmail: "a@example.jp" });
    await first.close();
    expect(existsSync(join(dir, "pglite.lock"))).toBe(false);

    const second = await openPglite(dir);
    cleanups.push(() => second.close());
    const rows = await second.db.select().from(accounts);
    expect(rows.map((r) => r.publicId)).toEqual(["acc-1"]);
  }, 60_000);

  it("refuses a second owner of the same directory with a clear message", async () => {
    const dir = tempDir();
    // A live process that is not us holds the lock.
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    cleanups.push(async () => void holder.kill());
    writeFileSync(join(dir, "pglite.lock"), String(holder.pid));
    await expect(openPglite(dir)).rejects.toThrow(DirectoryLockedError);
    await expect(openPglite(dir)).rejects.toThrow(/in use by another process \(pid \d+\)/);
  });

  it("refuses a lock whose recorded owner still runs (pid and start time match)", async () => {
    const dir = tempDir();
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    cleanups.push(async () => void holder.kill());
    const pid = holder.pid ?? 0;
    await waitForStartTime(pid);
    const owner = { pid, startTime: processStartTime(pid), host: hostname() };
    writeFileSync(join(dir, "pglite.lock"), JSON.stringify(owner));
    await expect(openPglite(dir)).rejects.toThrow(DirectoryLockedError);
  });

  it("takes over a lock whose pid now belongs to an unrelated process (pid reuse)", async () => {
    const dir = tempDir();
    // A live process, but not the one that took the lock: it started at another time.
    const unrelated = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    cleanups.push(async () => void unrelated.kill());
    const pid = unrelated.pid ?? 0;
    await waitForStartTime(pid);
    const stale = { pid, startTime: "1", host: hostname() };
    writeFileSync(join(dir, "pglite.lock"), JSON.stringify(stale));
    const database = await openPglite(dir);
    cleanups.push(() => database.close());
    expect(database.kind).toBe("pglite");
  }, 60_000);

  it("takes over a lock left by a process that has died", async () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
    writeFileSync(join(dir, "pglite.lock"), dead.stdout.toString());
    const database = await openPglite(dir);
    cleanups.push(() => database.close());
    expect(database.kind).toBe("pglite");
  }, 60_000);
});

describe.skipIf(testDatabaseEngine() !== "postgres")("PostgreSQL", () => {
  /** A new, empty database on the test server, dropped afterwards. */
  async function emptyDatabase(): Promise<string> {
    const { default: pg } = await import("pg");
    const admin = new pg.Client({ connectionString: testDatabaseUrl() });
    await admin.connect();
    const name = `migrate_${process.pid}_${Date.now()}`;
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const dropper = new pg.Client({ connectionString: testDatabaseUrl() });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    });
    const url = new URL(testDatabaseUrl());
    url.pathname = `/${name}`;
    return url.toString();
  }

  it("migrates once when several processes start on one empty database at the same moment", async () => {
    const url = await emptyDatabase();
    const opened = await Promise.all([1, 2, 3, 4].map(() => openPostgres(url, { maxConnections: 2 })));
    for (const database of opened) cleanups.push(() => database.close());
    expect(opened.map((database) => database.kind)).toEqual(["postgres", "postgres", "postgres", "postgres"]);
    await opened[0]?.db.insert(accounts).values({ publicId: "acc-pg", contactEmail: "pg@example.jp" });
    const rows = await opened[3]?.db.select().from(accounts);
    expect(rows?.map((row) => row.publicId)).toEqual(["acc-pg"]);
  });

  it("keeps data across a close and a reopen, with nothing left to migrate", async () => {
    const url = await emptyDatabase();
    const first = await openPostgres(url);
    await first.db.insert(accounts).values({ publicId: "acc-1", contactEmail: "a@example.jp" });
    await first.close();
    const second = await openPostgres(url);
    cleanups.push(() => second.close());
    expect((await second.db.select().from(accounts)).map((row) => row.publicId)).toEqual(["acc-1"]);
  });
});
