/**
 * The newest version of each configuration is the one in force (ARCHITECTURE.md "Operators and
 * staff"). A configuration's file source stays what it read from disk; the in-force source in
 * front of it answers with the newest version's content instead once that differs from the file
 * (a console publication, a rollback). Every process asks the database for the newest version
 * numbers every two seconds, so a publication through one worker is in force in all of them within
 * seconds on PostgreSQL; on PGlite there is one process and the publication refreshes it at once.
 */
import { max } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { configVersions } from "../db/schema.ts";
import { type ConfigKind, contentHash, importFileVersion, newestVersion } from "./config-versions.ts";
import type { CurrentSource, Versioned } from "./keep-current.ts";

/** How often each process looks for a newer version: "in force everywhere within 5 seconds". */
export const VERSION_CHECK_INTERVAL_MS = 2000;

type Logger = Pick<Console, "info" | "error">;

/** A configuration whose file is imported as versions. */
export interface VersionedConfiguration {
  kind: ConfigKind;
  /** What the file says now, as a version stores it. */
  fileContent(): unknown;
  /** Calls `listener` after each valid edit of the file. */
  onFileReload(listener: () => void): void;
  /**
   * Puts a version's content in force; throws when it does not validate, leaving all as it was.
   * Absent while the configuration is read from its file alone (nothing publishes it yet).
   */
  apply?(content: unknown): void;
}

/** A configuration kept by its file and by its versions. */
export interface ConfigInForce<T extends Versioned> extends CurrentSource<T>, VersionedConfiguration {
  apply(content: unknown): void;
}

export interface InForceOptions<T extends Versioned> {
  kind: ConfigKind;
  /** The configuration as a version stores it (the version string and caches left out). */
  toContent(snapshot: T): unknown;
  /** A version's content as the snapshot the app reads; throws with the problems when invalid. */
  fromContent(content: unknown, version: string): T;
}

/**
 * The source the app reads: the file's snapshot while the newest version says what the file says,
 * the newest version's otherwise. Listeners hear of every change of what is in force.
 */
export function configInForce<T extends Versioned>(
  file: CurrentSource<T>,
  options: InForceOptions<T>,
): ConfigInForce<T> {
  let published: T | null = null;
  const listeners: (() => void)[] = [];
  const notify = () => {
    for (const listener of listeners) listener();
  };
  // A valid edit of the file is imported as the newest version right after, and refresh applies
  // it; until then a published version stays in force, and the file does while it is.
  file.onReload?.(() => {
    if (published === null) notify();
  });
  return {
    kind: options.kind,
    current: () => published ?? file.current(),
    close: () => file.close(),
    onReload: (listener) => {
      listeners.push(listener);
    },
    fileContent: () => options.toContent(file.current()),
    onFileReload: (listener) => file.onReload?.(listener),
    apply(content) {
      const hash = contentHash(content);
      const next =
        hash === contentHash(options.toContent(file.current()))
          ? null
          : options.fromContent(content, `v${hash.slice(0, 16)}`);
      const before = published ?? file.current();
      published = next;
      if ((published ?? file.current()).version !== before.version) notify();
    },
  };
}

export interface ConfigurationsInForce {
  /** Reads the newest versions now and applies what changed (after a publication in this process). */
  refresh(): Promise<void>;
  close(): void;
}

/**
 * Imports each configuration's file as a version (at start and after each valid edit), then keeps
 * the newest version of each in force: now, every VERSION_CHECK_INTERVAL_MS, and on refresh().
 */
export async function keepConfigurationsInForce(
  db: Db,
  configurations: readonly VersionedConfiguration[],
  options: { now: () => Date; intervalMs?: number; logger?: Logger },
): Promise<ConfigurationsInForce> {
  const { now, logger = console } = options;
  const applied = new Map<ConfigKind, number>();
  const byKind = new Map(configurations.map((configuration) => [configuration.kind, configuration]));

  const readNewest = async () => {
    const newest = await db
      .select({ kind: configVersions.kind, number: max(configVersions.number) })
      .from(configVersions)
      .groupBy(configVersions.kind);
    for (const { kind, number } of newest) {
      const configuration = byKind.get(kind);
      if (!configuration?.apply || number === null || applied.get(kind) === number) continue;
      const version = await newestVersion(db, kind);
      if (!version) continue;
      applied.set(kind, version.number);
      try {
        configuration.apply(version.content);
      } catch (error) {
        // Stored versions were valid when stored; a rule added since may refuse one.
        logger.error(
          `[config] version ${version.number} of ${kind} is not valid; keeping what is in force`,
          error,
        );
      }
    }
  };
  // One reading at a time: a slow one and the next tick must not apply versions out of order.
  let queue: Promise<void> = Promise.resolve();
  const refresh = () => {
    queue = queue.then(readNewest).catch((error: unknown) => {
      logger.error("[config] could not read the newest configuration versions", error);
    });
    return queue;
  };

  const importFile = async (configuration: VersionedConfiguration) => {
    try {
      await importFileVersion(db, configuration.kind, configuration.fileContent(), now());
    } catch (error) {
      logger.error(`[config] the ${configuration.kind} file could not be imported as a version`, error);
    }
  };
  for (const configuration of configurations) {
    configuration.onFileReload(() => {
      void importFile(configuration).then(refresh);
    });
  }
  await Promise.all(configurations.map(importFile));
  await refresh();
  const timer = setInterval(() => void refresh(), options.intervalMs ?? VERSION_CHECK_INTERVAL_MS);
  timer.unref();
  return { refresh, close: () => clearInterval(timer) };
}
