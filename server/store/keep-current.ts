/**
 * An operator's files kept current while the server runs (the store settings, the policies, the
 * plan catalogue): loaded and checked at start-up — an invalid file stops the process with the
 * message — then reloaded after each change to the watched folder; a valid change applies to the
 * next request, an invalid one is logged and the last good version stays in force.
 */
import { type FSWatcher, watch } from "node:fs";

export interface Versioned {
  /** Changes whenever the content changes; caches key on it. */
  version: string;
}

export interface CurrentSource<T extends Versioned> {
  current(): T;
  close(): void;
  /** Calls `listener` after each valid change has come into force. */
  onReload?(listener: () => void): void;
}

type Logger = Pick<Console, "info" | "error">;

export interface KeepCurrentOptions<T extends Versioned> {
  /** Reads and checks the files; throws with a message naming each problem. */
  load(): T;
  /** The folder to watch (editors save by renaming a new file over the old one). */
  directory: string;
  recursive?: boolean;
  /** Only changes to these names (relative to the folder) matter; every change by default. */
  names?: readonly string[];
  /** The log prefix and what is kept, e.g. "store" and "settings". */
  label: string;
  what: string;
  logger?: Logger;
}

export function keepCurrent<T extends Versioned>(options: KeepCurrentOptions<T>): CurrentSource<T> {
  const { load, label, what, logger = console } = options;
  let snapshot = load();
  let timer: NodeJS.Timeout | undefined;
  const listeners: (() => void)[] = [];
  const reload = () => {
    try {
      const next = load();
      if (next.version !== snapshot.version) {
        snapshot = next;
        logger.info(`[${label}] ${what} reloaded from ${options.directory} (version ${next.version})`);
        for (const listener of listeners) listener();
      }
    } catch (error) {
      // A file between an editor's delete and its rename: the next event brings it back.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      logger.error(
        `[${label}] ${(error as Error).message}\n[${label}] keeping the last good ${what} (version ${snapshot.version})`,
      );
    }
  };
  const watcher: FSWatcher = watch(
    options.directory,
    { recursive: options.recursive ?? false },
    (_event, name) => {
      if (options.names && name && !options.names.includes(name)) return;
      clearTimeout(timer);
      timer = setTimeout(reload, 50);
    },
  );
  return {
    current: () => snapshot,
    onReload: (listener) => {
      listeners.push(listener);
    },
    close: () => {
      clearTimeout(timer);
      watcher.close();
    },
  };
}
