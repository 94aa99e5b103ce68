import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../tests/test-database.ts";
import type { Db } from "../db/database.ts";
import { staff } from "../db/schema.ts";
import { type ConfigurationsInForce, keepConfigurationsInForce } from "./config-in-force.ts";
import { configHistory, importFileVersion, publishVersion } from "./config-versions.ts";
import {
  type StoreSettingsSource,
  storeSettingsInForce,
  watchStoreSettings,
} from "./store-settings-source.ts";
import type { StoreSettings } from "./validate-settings.ts";

const NOW = new Date("2026-11-29T03:00:00Z");
const quiet = { info: () => {}, error: () => {} };

let database: TestDatabase;
let folder: string;
let file: string;
const closing: (() => void)[] = [];
beforeEach(async () => {
  database = await openTestDatabase();
  folder = mkdtempSync(join(tmpdir(), "in-force-"));
  file = join(folder, "store.json");
  copyFileSync(resolve(import.meta.dirname, "../../config/store.json"), file);
});
afterEach(async () => {
  for (const close of closing.splice(0)) close();
  rmSync(folder, { recursive: true, force: true });
  await database.close();
});

function fileSettings(): StoreSettings {
  return JSON.parse(readFileSync(file, "utf8"));
}

/** One process's store: the watched file, the versions kept in force. */
async function openProcess(
  intervalMs = 60_000,
): Promise<{ store: StoreSettingsSource; configurations: ConfigurationsInForce }> {
  const store = storeSettingsInForce(watchStoreSettings(file, quiet));
  const configurations = await keepConfigurationsInForce(database.db, [store], {
    now: () => NOW,
    intervalMs,
    logger: quiet,
  });
  closing.push(() => {
    configurations.close();
    store.close();
  });
  return { store, configurations };
}

async function addOwner(db: Db): Promise<string> {
  const [owner] = await db
    .insert(staff)
    .values({ email: "owner@example.jp", role: "owner" })
    .returning({ id: staff.id });
  return owner?.id ?? "";
}

function published(settings: StoreSettings, staffId: string) {
  return publishVersion(database.db, "store", settings, { staffId, ip: null, note: null, now: NOW });
}

describe("keepConfigurationsInForce", () => {
  it("imports the file at start and after each valid edit, and the edit is what is in force", async () => {
    const { store } = await openProcess();
    expect(await configHistory(database.db, "store")).toHaveLength(1);
    writeFileSync(file, JSON.stringify({ ...fileSettings(), serviceName: "ソラミルPlus" }, null, 2));
    await vi.waitFor(async () => expect(await configHistory(database.db, "store")).toHaveLength(2), {
      timeout: 3000,
      interval: 50,
    });
    expect(store.current().settings.serviceName).toBe("ソラミルPlus");
    const [newest] = await configHistory(database.db, "store");
    expect(newest?.source).toBe("file");
  });

  it("puts a publication in force on refresh, and a rollback brings the old content back", async () => {
    const { store, configurations } = await openProcess();
    const reloads = vi.fn();
    store.onReload?.(reloads);
    const before = store.current();
    const ownerId = await addOwner(database.db);
    const kanaRequired: StoreSettings = {
      ...before.settings,
      accountRegistrationSetting: { ...before.settings.accountRegistrationSetting, nameKana: "REQUIRED" },
    };
    await published(kanaRequired, ownerId);
    expect(store.current()).toBe(before);
    await configurations.refresh();
    expect(store.current().settings.accountRegistrationSetting.nameKana).toBe("REQUIRED");
    expect(store.current().version).not.toBe(before.version);
    expect(reloads).toHaveBeenCalledTimes(1);

    await published(before.settings, ownerId);
    await configurations.refresh();
    // The file's own snapshot again: caches keyed on its version stay good.
    expect(store.current()).toBe(before);
    expect(reloads).toHaveBeenCalledTimes(2);
  });

  it("keeps a publication in force when the file is touched without a change, and a real edit wins", async () => {
    const { store, configurations } = await openProcess();
    const ownerId = await addOwner(database.db);
    await published({ ...fileSettings(), serviceName: "公開した名前" }, ownerId);
    await configurations.refresh();
    // Same settings, other text: the file reloads, nothing new is imported, the publication stays.
    writeFileSync(file, `${JSON.stringify(fileSettings())}\n`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 300));
    expect(store.current().settings.serviceName).toBe("公開した名前");
    writeFileSync(file, JSON.stringify({ ...fileSettings(), serviceName: "ファイルの名前" }));
    await vi.waitFor(() => expect(store.current().settings.serviceName).toBe("ファイルの名前"), {
      timeout: 3000,
      interval: 50,
    });
  });

  it("brings another process's publication in force by the periodic check", async () => {
    const first = await openProcess(100);
    const second = await openProcess(100);
    const ownerId = await addOwner(database.db);
    await published({ ...fileSettings(), serviceName: "ソラミル二" }, ownerId);
    await first.configurations.refresh();
    await vi.waitFor(() => expect(second.store.current().settings.serviceName).toBe("ソラミル二"), {
      timeout: 3000,
      interval: 50,
    });
  });

  it("keeps what is in force when the newest version no longer validates", async () => {
    const errors: string[] = [];
    const store = storeSettingsInForce(watchStoreSettings(file, quiet));
    closing.push(() => store.close());
    const ownerId = await addOwner(database.db);
    await importFileVersion(database.db, "store", fileSettings(), NOW);
    await publishVersion(
      database.db,
      "store",
      { serviceName: "" },
      { staffId: ownerId, ip: null, note: null, now: NOW },
    );
    const configurations = await keepConfigurationsInForce(database.db, [store], {
      now: () => NOW,
      logger: { info: () => {}, error: (message: string) => void errors.push(message) },
    });
    closing.push(() => configurations.close());
    expect(store.current().settings.serviceName).toBe(fileSettings().serviceName);
    expect(errors).toEqual(["[config] version 2 of store is not valid; keeping what is in force"]);
  });

  it("logs an import that fails, and goes on", async () => {
    const errors: string[] = [];
    const unreachable = {
      transaction: () => Promise.reject(new Error("the database is down")),
      select: () => {
        throw new Error("the database is down");
      },
    } as unknown as Db;
    const configurations = await keepConfigurationsInForce(
      unreachable,
      [{ kind: "store", fileContent: () => ({}), onFileReload: () => {} }],
      { now: () => NOW, logger: { info: () => {}, error: (message: string) => void errors.push(message) } },
    );
    configurations.close();
    expect(errors).toEqual([
      "[config] the store file could not be imported as a version",
      "[config] could not read the newest configuration versions",
    ]);
  });
});
