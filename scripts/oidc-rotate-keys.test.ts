/**
 * `npm run oidc:rotate-keys` on a stopped embedded default: each run adds a signing and a cookie
 * key, says which key signs now and when the new ones will; it refuses a database another process
 * owns, and arguments.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "../server/db/database.ts";
import { oidcKeys } from "../server/db/schema.ts";
import { runScript } from "../tests/run-script.ts";

let dataDir: string;

function rotate(...args: string[]) {
  return runScript("scripts/oidc-rotate-keys.ts", args, {
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    ENCRYPTION_KEY: "",
    PUBLIC_ORIGIN: "https://soramiru.example.jp",
  });
}

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), "oidc-rotate-"));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("npm run oidc:rotate-keys", () => {
  it("adds a key of each kind per run: the first signs at once, a later one after the publishing delay", async () => {
    const first = await rotate();
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^login provider keys rotated at /);
    expect(first.stdout.match(/signs now/g)).toHaveLength(2);

    const second = await rotate();
    expect(second.code).toBe(0);
    // The earlier keys still sign; the new ones are published and sign later.
    expect(second.stdout.match(/signs now/g)).toHaveLength(2);
    expect(second.stdout.match(/signs from \d{4}-/g)).toHaveLength(2);

    const database = await openPglite(join(dataDir, "db"));
    try {
      expect(await database.db.$count(oidcKeys, isNull(oidcKeys.retiredAt))).toBe(4);
    } finally {
      await database.close();
    }
  }, 60_000);

  it("refuses while another process owns the embedded database, and any argument", async () => {
    const database = await openPglite(join(dataDir, "db"));
    try {
      const refused = await rotate();
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/^✖ The embedded database in .* is in use by another process/);
      expect(await database.db.$count(oidcKeys)).toBe(4);
    } finally {
      await database.close();
    }
    const usage = await rotate("--now=2027-01-01T00:00:00Z");
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain("✖ unknown argument --now=2027-01-01T00:00:00Z (it takes none)");
  }, 60_000);
});
