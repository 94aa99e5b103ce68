import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { type ConfigInForce, configInForce } from "./config-in-force.ts";
import { keepCurrent } from "./keep-current.ts";
import { parseStoreSettings, parseStoreSettingsText, type StoreSettings } from "./validate-settings.ts";

export interface StoreSnapshot {
  settings: StoreSettings;
  /** Changes whenever the settings change; caches (compiled validators, schemas) key on it. */
  version: string;
}

export interface StoreSettingsSource {
  current(): StoreSnapshot;
  close(): void;
  /** Calls `listener` after each valid edit of the file has come into force. */
  onReload?(listener: () => void): void;
}

type Logger = Pick<Console, "info" | "error">;

function load(path: string): StoreSnapshot {
  const text = readFileSync(path, "utf8");
  const settings = parseStoreSettingsText(text, path);
  return { settings, version: createHash("sha256").update(text).digest("hex").slice(0, 16) };
}

/**
 * Loads the store settings file and keeps it current (keep-current.ts): a valid change applies to
 * the next request, an invalid one is logged and the last good settings stay in force. Throws at
 * start-up when the file is invalid, so the process stops with the message.
 */
export function watchStoreSettings(file: string, logger: Logger = console): StoreSettingsSource {
  const path = resolve(file);
  return keepCurrent({
    load: () => load(path),
    directory: dirname(path),
    names: [basename(path)],
    label: "store",
    what: "settings",
    logger,
  });
}

/** The store settings as the newest of their versions (config-in-force.ts), the file's until published. */
export function storeSettingsInForce(file: StoreSettingsSource): ConfigInForce<StoreSnapshot> {
  return configInForce(file, {
    kind: "store",
    toContent: (snapshot) => snapshot.settings,
    fromContent: (content, version) => ({
      settings: parseStoreSettings(content, "the published store settings"),
      version,
    }),
  });
}

/** A fixed source for tests and the gallery. */
export function staticStoreSettings(settings: StoreSettings, version = "static"): StoreSettingsSource {
  const snapshot = { settings, version };
  return { current: () => snapshot, close: () => {} };
}
