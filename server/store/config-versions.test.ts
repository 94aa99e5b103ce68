import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../tests/test-database.ts";
import type { Db } from "../db/database.ts";
import {
  canonicalJson,
  configHistory,
  contentHash,
  importFileVersion,
  importWatchedConfigurations,
} from "./config-versions.ts";
import { watchStoreSettings } from "./store-settings-source.ts";

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

describe("importWatchedConfigurations", () => {
  it("imports the store file at start and after each valid edit", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "versions-")), "store.json");
    copyFileSync(resolve(import.meta.dirname, "../../config/store.json"), file);
    const quiet = { info: () => {}, error: () => {} };
    const store = watchStoreSettings(file, quiet);
    try {
      await importWatchedConfigurations(
        database.db,
        [{ kind: "store", content: () => store.current().settings, onReload: store.onReload }],
        () => NOW,
      );
      expect(await configHistory(database.db, "store")).toHaveLength(1);
      const settings = JSON.parse(readFileSync(file, "utf8"));
      settings.serviceName = "ソラミルPlus";
      writeFileSync(file, JSON.stringify(settings, null, 2));
      await vi.waitFor(async () => expect(await configHistory(database.db, "store")).toHaveLength(2), {
        timeout: 3000,
        interval: 50,
      });
    } finally {
      store.close();
    }
  });

  it("logs an import that fails, and goes on", async () => {
    const errors: string[] = [];
    const unreachable = {
      transaction: () => Promise.reject(new Error("the database is down")),
    } as unknown as Db;
    await importWatchedConfigurations(unreachable, [{ kind: "store", content: () => ({}) }], () => NOW, {
      error: (message: string) => void errors.push(message),
    });
    expect(errors).toEqual(["[config] the store file could not be imported as a version"]);
  });
});
