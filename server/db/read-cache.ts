/**
 * Reads kept in memory on the embedded database (issue 49 §2, ADR 0039). PGlite has exactly one
 * owning process, so every write to it passes through here: drizzle's logger sees each statement
 * before it runs, and a write to a table makes every kept read of that table stale at once. That is
 * coherent by construction: no write path has to remember to invalidate anything. On PostgreSQL,
 * where other processes write the same rows, no cache is registered and every read goes to the
 * database.
 *
 * Only reads that opt in are kept (`cachedRead`), never reads inside a transaction (they run on
 * the transaction's handle, which has no cache), and only reads whose SQL does not depend on the
 * time: a caller filters by time in code, on the kept row.
 */
import { getTableName, type Table } from "drizzle-orm";
import type { Logger } from "drizzle-orm/logger";

/** Statements that write one named table (drizzle quotes it). */
const WRITE = /^\s*(insert\s+into|update)\s+(?:"?\w+"?\.)?"?(\w+)"?/i;
/** Statements that change no row: a union of selects opens with parentheses (drizzle's unionAll). */
const NO_WRITE = /^[\s(]*(?:select|begin|commit|rollback|savepoint|release|show|checkpoint)\b/i;

/** Kept reads at most; the least recently used go first. */
const MAX_ENTRIES = 20_000;

interface Entry {
  value: unknown;
  tables: readonly string[];
  /** The write clock when the read began. */
  at: number;
}

export class ReadCache implements Logger {
  /** Counts the writes seen. */
  private clock = 0;
  /** The clock at each table's last write. */
  private readonly lastWrite = new Map<string, number>();
  /** The clock at the last write whose tables are not known (a delete may cascade anywhere). */
  private lastWriteAnywhere = 0;
  private readonly entries = new Map<string, Entry>();
  readonly stats = { hits: 0, misses: 0 };

  /** Drizzle's logger hook: called with every statement, before it runs. */
  logQuery(query: string): void {
    if (NO_WRITE.test(query)) return;
    this.clock++;
    const table = WRITE.exec(query)?.[2];
    // A delete cascades to other tables (sessions, consents…), and an unknown statement may write
    // anything: every kept read ends.
    if (table) this.lastWrite.set(table, this.clock);
    else this.lastWriteAnywhere = this.clock;
  }

  private isCurrent(tables: readonly string[], since: number): boolean {
    return (
      this.lastWriteAnywhere <= since && tables.every((table) => (this.lastWrite.get(table) ?? 0) <= since)
    );
  }

  async read<T>(key: string, tables: readonly Table[], load: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && this.isCurrent(entry.tables, entry.at)) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      this.stats.hits++;
      // A copy: a caller may change what it is given.
      return structuredClone(entry.value) as T;
    }
    this.stats.misses++;
    const names = tables.map((table) => getTableName(table));
    const at = this.clock;
    const value = await load();
    // A write issued while the read was in flight may or may not be in what it read: not kept.
    if (this.isCurrent(names, at)) {
      this.entries.delete(key);
      this.entries.set(key, { value: structuredClone(value), tables: names, at });
      if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    }
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<object, ReadCache>();

/** Gives `db` (the database's own handle, never a transaction's) its read cache. */
export function registerReadCache(db: object, cache: ReadCache) {
  caches.set(db, cache);
}

export function readCacheOf(db: object): ReadCache | undefined {
  return caches.get(db);
}

/**
 * `load()`, kept under `key` until a write to one of `tables` when `db` has a read cache (the
 * embedded database); straight to the database otherwise. `key` names the read and all its inputs.
 */
export function cachedRead<T>(
  db: object,
  key: string,
  tables: readonly Table[],
  load: () => Promise<T>,
): Promise<T> {
  const cache = caches.get(db);
  return cache ? cache.read(key, tables, load) : load();
}
