import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runScript } from "../tests/run-script.ts";
import { DataInUseError, resetEmbeddedData } from "./db-reset.ts";

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A DATA_DIR as a server leaves it: a database, an outbox with mail and SMS, and a file of someone else's. */
function usedDataDir() {
  const dataDir = mkdtempSync(join(tmpdir(), "data-"));
  mkdirSync(join(dataDir, "db", "pglite"), { recursive: true });
  writeFileSync(join(dataDir, "db", "pglite", "PG_VERSION"), "17");
  mkdirSync(join(dataDir, "outbox", "sms"), { recursive: true });
  writeFileSync(join(dataDir, "outbox", "20261121T053000123Z-0a1b2c3d.json"), "{}");
  writeFileSync(join(dataDir, "notes.txt"), "keep me");
  return dataDir;
}

/** A live process that is not this one, holding the database lock. */
function lockHeldByAnotherProcess(dataDir: string) {
  const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
  cleanups.push(() => void holder.kill());
  writeFileSync(join(dataDir, "db", "pglite.lock"), String(holder.pid));
  return holder.pid;
}

function reset(dataDir: string, ...args: string[]) {
  return runScript("scripts/db-reset.ts", args, { DATA_DIR: dataDir, DATABASE_URL: "" });
}

describe("resetEmbeddedData", () => {
  it("removes the database and the outbox and nothing else", () => {
    const dataDir = usedDataDir();
    expect(resetEmbeddedData(dataDir)).toEqual([join(dataDir, "db"), join(dataDir, "outbox")]);
    expect(existsSync(join(dataDir, "db"))).toBe(false);
    expect(existsSync(join(dataDir, "outbox"))).toBe(false);
    expect(existsSync(join(dataDir, "notes.txt"))).toBe(true);
  });

  it("removes nothing from a fresh DATA_DIR", () => {
    expect(resetEmbeddedData(mkdtempSync(join(tmpdir(), "data-")))).toEqual([]);
  });

  it("takes a lock left by a process that has died as stale", () => {
    const dataDir = usedDataDir();
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
    writeFileSync(join(dataDir, "db", "pglite.lock"), dead.stdout.toString());
    expect(resetEmbeddedData(dataDir)).toContain(join(dataDir, "db"));
  });

  it("refuses while a live process holds the database, removing nothing", () => {
    const dataDir = usedDataDir();
    const pid = lockHeldByAnotherProcess(dataDir);
    expect(() => resetEmbeddedData(dataDir)).toThrow(DataInUseError);
    expect(() => resetEmbeddedData(dataDir)).toThrow(`in use by process ${pid}`);
    expect(existsSync(join(dataDir, "db", "pglite", "PG_VERSION"))).toBe(true);
    expect(existsSync(join(dataDir, "outbox"))).toBe(true);
  });
});

describe("npm run db:reset", () => {
  it("prints what it removed", async () => {
    const dataDir = usedDataDir();
    const result = await reset(dataDir);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`removed ${join(dataDir, "db")}\nremoved ${join(dataDir, "outbox")}\n`);
  });

  it("exits 1 with a clear message while the server runs, and for any argument", async () => {
    const dataDir = usedDataDir();
    const pid = lockHeldByAnotherProcess(dataDir);
    const result = await reset(dataDir);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `✖ The embedded database in ${join(dataDir, "db")} is in use by process ${pid}. Stop the server first`,
    );

    const withArgument = await reset(usedDataDir(), "--force");
    expect(withArgument.code).toBe(1);
    expect(withArgument.stderr).toBe("✖ unknown argument --force (it takes none)\n");
  });
});
