/**
 * `npm run staff:add` on a stopped embedded default: adds a staff member and prints a set-up link
 * on the public origin; refuses a wrong role, a second row for one address and missing arguments.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "../server/db/database.ts";
import { staff, staffAudit } from "../server/db/schema.ts";
import { runScript } from "../tests/run-script.ts";

let dataDir: string;

function add(...args: string[]) {
  return runScript("scripts/staff-add.ts", args, {
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    ENCRYPTION_KEY: "",
    PUBLIC_ORIGIN: "https://soramiru.example.jp",
  });
}

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), "staff-add-"));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("npm run staff:add", () => {
  it("adds a staff member not yet set up and prints the set-up link on the public origin", async () => {
    const added = await add("--email", "Ops@Example.jp", "--role", "owner");
    expect(added.stderr).toBe("");
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(/^staff member ops@example\.jp \(owner\) added\./);
    expect(added.stdout).toMatch(/https:\/\/soramiru\.example\.jp\/console\/setup\?token=[\w-]{40,}/);

    const database = await openPglite(join(dataDir, "db"));
    try {
      const rows = await database.db.select().from(staff);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        email: "ops@example.jp",
        role: "owner",
        passwordHash: null,
        otpSecret: null,
      });
      const audit = await database.db.select().from(staffAudit);
      expect(audit.map((row) => [row.action, row.staffId])).toEqual([["staff.added", null]]);
    } finally {
      await database.close();
    }
  });

  it("refuses a second row for one address, an unknown role and missing arguments", async () => {
    const again = await add("--email", "ops@example.jp", "--role", "support");
    expect(again.code).toBe(1);
    expect(again.stderr).toBe("✖ ops@example.jp is already a staff member\n");
    const role = await add("--email", "new@example.jp", "--role", "admin");
    expect(role.stderr).toBe("✖ the role must be one of owner, configuration, support, finance\n");
    const missing = await add("--email", "new@example.jp");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/usage: npm run staff:add/);
  });
});
