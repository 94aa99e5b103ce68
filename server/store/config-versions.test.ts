import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../tests/test-database.ts";
import { staff, staffAudit } from "../db/schema.ts";
import {
  canonicalJson,
  configHistory,
  contentHash,
  importFileVersion,
  newestVersion,
  publishVersion,
  versionContent,
} from "./config-versions.ts";

const NOW = new Date("2026-11-29T03:00:00Z");

let database: TestDatabase;
beforeEach(async () => {
  database = await openTestDatabase();
});
afterEach(() => database.close());

describe("canonicalJson", () => {
  it("writes one text per content, whatever the order of keys, dates as JSON does", () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: null }], e: undefined })).toBe(
      '{"a":[{"c":null,"d":2}],"b":1}',
    );
    expect(contentHash({ a: 1, b: 2 })).toBe(contentHash({ b: 2, a: 1 }));
    expect(canonicalJson({ at: new Date(NOW) })).toBe(`{"at":"${NOW.toISOString()}"}`);
    expect(contentHash({ at: new Date(NOW) })).not.toBe(contentHash({ at: new Date(NOW.getTime() + 1) }));
  });
});

describe("importFileVersion", () => {
  it("adds a version only when the content differs from the last import, numbered per kind", async () => {
    const { db } = database;
    expect(await importFileVersion(db, "store", { serviceName: "ソラミル" }, NOW)).toBe(1);
    expect(await importFileVersion(db, "store", { serviceName: "ソラミル" }, NOW)).toBeNull();
    expect(await importFileVersion(db, "plans", { plans: [] }, NOW)).toBe(1);
    expect(await importFileVersion(db, "store", { serviceName: "ソラミルPlus" }, NOW)).toBe(2);
    const history = await configHistory(db, "store");
    expect(history.map((version) => [version.number, version.source, version.staffId])).toEqual([
      [2, "file", null],
      [1, "file", null],
    ]);
  });

  it("adds one version when several processes import the same edit at once", async () => {
    const { db } = database;
    const results = await Promise.all(
      Array.from({ length: 4 }, () => importFileVersion(db, "campaigns", [{ code: "WELCOME" }], NOW)),
    );
    expect(results.filter((number) => number !== null)).toEqual([1]);
    expect(await configHistory(db, "campaigns")).toHaveLength(1);
  });
});

describe("publishVersion", () => {
  it("numbers a staff publication after the imports, with its note, and skips one that changes nothing", async () => {
    const { db } = database;
    const [owner] = await db
      .insert(staff)
      .values({ email: "owner@example.jp", role: "owner" })
      .returning({ id: staff.id });
    const by = { staffId: owner?.id ?? "", ip: "203.0.113.9", note: "カナ必須", now: NOW };
    await importFileVersion(db, "store", { serviceName: "ソラミル" }, NOW);
    expect(await publishVersion(db, "store", { serviceName: "ソラミルPlus" }, by)).toBe(2);
    expect(await publishVersion(db, "store", { serviceName: "ソラミルPlus" }, by)).toBeNull();
    expect(await publishVersion(db, "store", { serviceName: "ソラミル" }, { ...by, rollbackOf: 1 })).toBe(3);
    expect(await versionContent(db, "store", 2)).toEqual({ serviceName: "ソラミルPlus" });
    expect(await versionContent(db, "store", 9)).toBeUndefined();
    expect(await newestVersion(db, "store")).toEqual({ number: 3, content: { serviceName: "ソラミル" } });
    const [latest] = await configHistory(db, "store");
    expect(latest).toMatchObject({
      number: 3,
      source: "staff",
      staffEmail: "owner@example.jp",
      note: "カナ必須",
    });
    const audit = await db.select().from(staffAudit).orderBy(staffAudit.id);
    expect(audit.map(({ action, staffId, detail }) => [action, staffId, detail])).toEqual([
      ["config.imported", null, { kind: "store", number: 1 }],
      ["config.published", owner?.id, { kind: "store", number: 2, note: "カナ必須" }],
      ["config.rolled-back", owner?.id, { kind: "store", number: 3, note: "カナ必須", rollbackOf: 1 }],
    ]);
  });

  it("gives each of several publications at once its own number", async () => {
    const { db } = database;
    const [owner] = await db
      .insert(staff)
      .values({ email: "owner@example.jp", role: "owner" })
      .returning({ id: staff.id });
    const numbers = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        publishVersion(
          db,
          "plans",
          { plans: [n] },
          { staffId: owner?.id ?? "", ip: null, note: null, now: NOW },
        ),
      ),
    );
    expect([...numbers].sort()).toEqual([1, 2, 3, 4]);
  });
});
