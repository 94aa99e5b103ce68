/**
 * The suite lists of vitest.config.ts stay complete: every suite that opens a database runs on
 * PGlite, those whose SQL or concurrency can differ on PostgreSQL too, and every
 * suite that replaces a module gets a module registry of its own (the others share their worker's).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { DATABASE_SUITES, ISOLATED_SUITES, POSTGRES_SUITES } from "../../vitest.config.ts";

const root = resolve(import.meta.dirname, "../..");

/** Suites that reach a database but run once, and why. */
const RUN_ONCE: Record<string, string> = {
  "scripts/db-reset.test.ts": "deletes the embedded database's folder",
  "tests/unit/server-lifecycle.test.ts": "the embedded default's lock",
  "tests/unit/several-processes.test.ts": "starts servers on PostgreSQL itself",
  "scripts/billing-run.test.ts": "runs the command on the embedded default's folder",
  "scripts/oidc-rotate-keys.test.ts": "runs the command on the embedded default's folder",
  "tests/unit/billing-processes.test.ts": "runs the command in two processes on PostgreSQL itself",
};

const OPENS_A_DATABASE = /api-harness|test-database|db\/database|@electric-sql\/pglite/;

function testFiles(): string[] {
  const folders = ["app", "schemas", "screens", "widgets", "server", "scripts", "locales", "tests/unit"];
  return folders.flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, encoding: "utf8" })
      .filter((file) => /\.test\.tsx?$/.test(file) && !file.includes("node_modules"))
      .map((file) => `${folder}/${file}`),
  );
}

describe("the database suites", () => {
  const files = testFiles();

  it("include every suite that opens a database", () => {
    const reaching = files.filter((file) => OPENS_A_DATABASE.test(readFileSync(join(root, file), "utf8")));
    const missing = reaching.filter(
      (file) =>
        file !== "tests/unit/suite-lists.test.ts" && !DATABASE_SUITES.includes(file) && !RUN_ONCE[file],
    );
    expect(reaching.length).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });

  it("name only suites that exist", () => {
    expect(DATABASE_SUITES.filter((file) => !files.includes(file))).toEqual([]);
  });

  it("run on PostgreSQL only database suites, each with the reason it differs there", () => {
    expect(Object.keys(POSTGRES_SUITES).filter((file) => !DATABASE_SUITES.includes(file))).toEqual([]);
    expect(Object.entries(POSTGRES_SUITES).filter(([, why]) => why.trim().length < 10)).toEqual([]);
  });
});

describe("suites that replace modules run isolated", () => {
  const files = testFiles();
  // A vi.mock in a shared registry would replace the module for the suites that run after it.
  const MOCKS_A_MODULE = /\bvi\.(mock|doMock|unmock|resetModules)\(/;

  it("include every suite that mocks a module", () => {
    const mocking = files.filter(
      (file) =>
        file !== "tests/unit/suite-lists.test.ts" &&
        MOCKS_A_MODULE.test(readFileSync(join(root, file), "utf8")),
    );
    expect(mocking.length).toBeGreaterThan(0);
    expect(mocking.filter((file) => !ISOLATED_SUITES.includes(file))).toEqual([]);
  });

  it("name only suites that exist", () => {
    expect(ISOLATED_SUITES.filter((file) => !files.includes(file))).toEqual([]);
  });
});
