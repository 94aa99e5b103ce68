/**
 * The operator's configurations as numbered versions in the database (ARCHITECTURE.md "Operators
 * and staff"): each file the server watches is imported as a new version when what it says differs
 * from its last import, at start-up and after every valid edit, so the history shows file edits as
 * well as (later) the console's publications. Versions are appended, never changed.
 */
import { createHash } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { type ConfigKind, configVersions, staff } from "../db/schema.ts";

export type { ConfigKind };

/** JSON with every object's keys sorted: one text per content, whatever order the file had. */
export function canonicalJson(value: unknown): string {
  // A Date (or anything else with toJSON) as JSON.stringify would write it.
  if (
    value !== null &&
    typeof value === "object" &&
    typeof (value as { toJSON?: unknown }).toJSON === "function"
  ) {
    return canonicalJson((value as { toJSON(): unknown }).toJSON());
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, member]) => `${JSON.stringify(name)}:${canonicalJson(member)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export function contentHash(content: unknown): string {
  return createHash("sha256").update(canonicalJson(content)).digest("hex");
}

export const CONFIG_KINDS: readonly ConfigKind[] = ["store", "plans", "campaigns", "policies"];

export function isConfigKind(value: unknown): value is ConfigKind {
  return typeof value === "string" && (CONFIG_KINDS as readonly string[]).includes(value);
}

export interface ConfigVersion {
  number: number;
  source: "file" | "staff";
  staffId: string | null;
  /** Who published it, when a staff member did. */
  staffEmail: string | null;
  note: string | null;
  createdAt: Date;
  contentHash: string;
}

/**
 * Imports a file's content as the next version of its kind, unless the last import said the same;
 * answers the new version's number, or null when nothing changed. Several processes importing the
 * same edit take turns under a lock per kind, and only the first adds a version.
 */
export async function importFileVersion(
  db: Db,
  kind: ConfigKind,
  content: unknown,
  now: Date,
): Promise<number | null> {
  const hash = contentHash(content);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`config-versions:${kind}`}))`);
    const [lastImport] = await tx
      .select({ contentHash: configVersions.contentHash })
      .from(configVersions)
      .where(and(eq(configVersions.kind, kind), eq(configVersions.source, "file")))
      .orderBy(desc(configVersions.number))
      .limit(1);
    if (lastImport?.contentHash === hash) return null;
    const [latest] = await tx
      .select({ number: configVersions.number })
      .from(configVersions)
      .where(eq(configVersions.kind, kind))
      .orderBy(desc(configVersions.number))
      .limit(1);
    const number = (latest?.number ?? 0) + 1;
    await tx
      .insert(configVersions)
      .values({ kind, number, content, contentHash: hash, source: "file", createdAt: now });
    return number;
  });
}

/** A configuration's versions, newest first. */
export async function configHistory(db: Db, kind: ConfigKind, limit = 100): Promise<ConfigVersion[]> {
  return db
    .select({
      number: configVersions.number,
      source: configVersions.source,
      staffId: configVersions.staffId,
      staffEmail: staff.email,
      note: configVersions.note,
      createdAt: configVersions.createdAt,
      contentHash: configVersions.contentHash,
    })
    .from(configVersions)
    .leftJoin(staff, eq(staff.id, configVersions.staffId))
    .where(eq(configVersions.kind, kind))
    .orderBy(desc(configVersions.number))
    .limit(limit);
}

/** A watched configuration: what it holds now, and a way to hear of each valid edit. */
export interface WatchedConfiguration {
  kind: ConfigKind;
  /** The configuration as it is now (the version string and caches left out). */
  content(): unknown;
  /** Calls `listener` after each valid edit of its file (keep-current.ts). */
  onReload?(listener: () => void): void;
}

type Logger = Pick<Console, "error">;

/**
 * Imports each watched configuration now and after each valid edit. A failed import is logged and
 * changes nothing in force: the files stay the configuration until versions are published.
 */
export async function importWatchedConfigurations(
  db: Db,
  watched: readonly WatchedConfiguration[],
  now: () => Date,
  logger: Logger = console,
): Promise<void> {
  const importOne = async (kind: ConfigKind, content: unknown) => {
    try {
      await importFileVersion(db, kind, content, now());
    } catch (error) {
      logger.error(`[config] the ${kind} file could not be imported as a version`, error);
    }
  };
  await Promise.all(
    watched.map(({ kind, content, onReload }) => {
      onReload?.(() => void importOne(kind, content()));
      return importOne(kind, content());
    }),
  );
}
