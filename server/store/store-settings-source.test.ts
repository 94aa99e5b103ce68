import { copyFileSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type StoreSettingsSource, watchStoreSettings } from "./store-settings-source.ts";
import { StoreSettingsError } from "./validate-settings.ts";

const demoStore = resolve(import.meta.dirname, "../../config/store.json");

/** A logger that keeps what it was told. */
function capturingLogger() {
  const info: string[] = [];
  const error: string[] = [];
  return {
    info,
    error,
    logger: {
      info: (message: string) => void info.push(message),
      error: (message: string) => void error.push(message),
    },
  };
}

/** A copy of the demo store in a fresh directory, and a way to rewrite it. */
function storeFile() {
  const file = join(mkdtempSync(join(tmpdir(), "store-")), "store.json");
  copyFileSync(demoStore, file);
  const edit = (change: (settings: Record<string, unknown>) => void) => {
    const settings = JSON.parse(readFileSync(file, "utf8"));
    change(settings);
    writeFileSync(file, JSON.stringify(settings, null, 2));
  };
  return { file, edit };
}

const sources: StoreSettingsSource[] = [];
afterEach(() => {
  for (const source of sources.splice(0)) source.close();
});

function watch(file: string, logger: ReturnType<typeof capturingLogger>["logger"]) {
  const source = watchStoreSettings(file, logger);
  sources.push(source);
  return source;
}

const within2s = { timeout: 2000, interval: 20 };

describe("watchStoreSettings", () => {
  it("applies a valid edit to the next current() and logs the reload", async () => {
    const { file, edit } = storeFile();
    const log = capturingLogger();
    const source = watch(file, log.logger);
    const before = source.current();
    expect(before.settings.serviceName).toBe("ソラミル");

    edit((s) => (s.serviceName = "ソラミルPlus"));

    await vi.waitFor(() => expect(source.current().settings.serviceName).toBe("ソラミルPlus"), within2s);
    expect(source.current().version).not.toBe(before.version);
    expect(log.info.join("\n")).toContain("settings reloaded");
    expect(log.error).toEqual([]);
  });

  it("follows an editor that saves by renaming a new file over the old one", async () => {
    const { file } = storeFile();
    const source = watch(file, capturingLogger().logger);
    const settings = JSON.parse(readFileSync(file, "utf8"));
    writeFileSync(`${file}.swp`, JSON.stringify({ ...settings, theme: "dark" }));
    renameSync(`${file}.swp`, file);

    await vi.waitFor(() => expect(source.current().settings.theme).toBe("dark"), within2s);
  });

  it("keeps the last good settings and logs the problem when the file becomes invalid", async () => {
    const { file, edit } = storeFile();
    const log = capturingLogger();
    const source = watch(file, log.logger);
    const good = source.current();

    writeFileSync(file, "{ this is not JSON");
    await vi.waitFor(() => expect(log.error.join("\n")).toContain("is not valid JSON"), within2s);
    expect(source.current()).toBe(good);

    writeFileSync(file, readFileSync(demoStore, "utf8"));
    edit((s) => (s.theme = "blue"));
    await vi.waitFor(
      () => expect(log.error.join("\n")).toContain('theme: must be one of "light", "dark"'),
      within2s,
    );
    expect(log.error.at(-1)).toContain(`keeping the last good settings (version ${good.version})`);
    expect(source.current()).toBe(good);

    // Fixing the file applies it again.
    edit((s) => (s.theme = "dark"));
    await vi.waitFor(() => expect(source.current().settings.theme).toBe("dark"), within2s);
  });

  it("refuses to start with an invalid file, naming the field and why", () => {
    const { file, edit } = storeFile();
    edit((s) => ((s.colors as Record<string, unknown>).accentColor = "blue"));
    expect(() => watchStoreSettings(file, capturingLogger().logger)).toThrow(StoreSettingsError);
    expect(() => watchStoreSettings(file, capturingLogger().logger)).toThrow(
      "colors.accentColor: must be a colour written as #rrggbb",
    );
  });

  it("stops following the file once closed", async () => {
    const { file, edit } = storeFile();
    const source = watchStoreSettings(file, capturingLogger().logger);
    source.close();
    edit((s) => (s.serviceName = "閉じた後"));
    await new Promise((resolveWait) => setTimeout(resolveWait, 300));
    expect(source.current().settings.serviceName).toBe("ソラミル");
  });
});
