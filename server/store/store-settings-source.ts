import { createHash } from "node:crypto";
import { type FSWatcher, readFileSync, watch } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { parseStoreSettingsText, type StoreSettings, StoreSettingsError } from "./validate-settings.ts";

export interface StoreSnapshot {
  settings: StoreSettings;
  /** Changes whenever the settings change; caches (compiled validators, schemas) key on it. */
  version: string;
}

export interface StoreSettingsSource {
  current(): StoreSnapshot;
  close(): void;
}

type Logger = Pick<Console, "info" | "error">;

function load(path: string): StoreSnapshot {
  const text = readFileSync(path, "utf8");
  const settings = parseStoreSettingsText(text, path);
  return { settings, version: createHash("sha256").update(text).digest("hex").slice(0, 16) };
}

/**
 * Loads the store settings file and keeps it current: a valid change applies to the next request,
 * an invalid one is logged and the last good settings stay in force. Throws at start-up when the
 * file is invalid, so the process stops with the message.
 */
export function watchStoreSettings(file: string, logger: Logger = console): StoreSettingsSource {
  const path = resolve(file);
  let snapshot = load(path);
  let timer: NodeJS.Timeout | undefined;

  const reload = () => {
    try {
      const next = load(path);
      if (next.version !== snapshot.version) {
        snapshot = next;
        logger.info(`[store] settings reloaded from ${path} (version ${next.version})`);
      }
    } catch (error) {
      if (error instanceof StoreSettingsError) {
        logger.error(
          `[store] ${error.message}\n[store] keeping the last good settings (version ${snapshot.version})`,
        );
      } else if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
        logger.error(`[store] could not read ${path}: ${(error as Error).message}`);
      }
    }
  };

  // Watch the directory, not the file: editors save by renaming a new file over the old one.
  const watcher: FSWatcher = watch(dirname(path), (_event, name) => {
    if (name && name !== basename(path)) return;
    clearTimeout(timer);
    timer = setTimeout(reload, 50);
  });

  return {
    current: () => snapshot,
    close: () => {
      clearTimeout(timer);
      watcher.close();
    },
  };
}

/** A fixed source for tests and the gallery. */
export function staticStoreSettings(settings: StoreSettings, version = "static"): StoreSettingsSource {
  const snapshot = { settings, version };
  return { current: () => snapshot, close: () => {} };
}
