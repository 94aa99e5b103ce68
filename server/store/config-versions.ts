/**
 * The operator's configurations as numbered versions in the database (ARCHITECTURE.md "Operators
 * and staff"): each file the server watches is imported as a new version when what it says differs
 * from its last import, at start-up and after every valid edit, so the history shows file edits as
 * well as (later) the console's publications. Versions are appended, never changed.
 */
import { createHash } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { recordAudit } from "../console/staff.ts";
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

export const CONFIG_KINDS: readonly ConfigKind[] = ["store", "plans", "campaigns", "clients", "policies"];

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
  content: unknown;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Takes the kind's lock for the transaction: versions of one kind are numbered one at a time. */
async function lockKind(tx: Tx, kind: ConfigKind): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`config-versions:${kind}`}))`);
}

async function newestOf(
  tx: Tx,
  kind: ConfigKind,
  source?: "file",
): Promise<{ number: number; contentHash: string } | undefined> {
  const [row] = await tx
    .select({ number: configVersions.number, contentHash: configVersions.contentHash })
    .from(configVersions)
    .where(
      source
        ? and(eq(configVersions.kind, kind), eq(configVersions.source, source))
        : eq(configVersions.kind, kind),
    )
    .orderBy(desc(configVersions.number))
    .limit(1);
  return row;
}

/**
 * Imports a file's content as the next version of its kind, unless the last import said the same;
 * answers the new version's number, or null when nothing changed. Several processes importing the
 * same edit take turns under a lock per kind, and only the first adds a version; the import is
 * written to the audit trail with the server as its author.
 */
export async function importFileVersion(
  db: Db,
  kind: ConfigKind,
  content: unknown,
  now: Date,
): Promise<number | null> {
  const hash = contentHash(content);
  return db.transaction(async (tx) => {
    await lockKind(tx, kind);
    if ((await newestOf(tx, kind, "file"))?.contentHash === hash) return null;
    const number = ((await newestOf(tx, kind))?.number ?? 0) + 1;
    await tx
      .insert(configVersions)
      .values({ kind, number, content, contentHash: hash, source: "file", createdAt: now });
    await recordAudit(tx, { staffId: null, ip: null }, "config.imported", { kind, number }, now);
    return number;
  });
}

export interface Publication {
  staffId: string;
  ip: string | null;
  note: string | null;
  now: Date;
  /** The old version a rollback publishes again. */
  rollbackOf?: number;
}

/**
 * Publishes content the caller has validated as the newest version of its kind, by a staff member,
 * with the audit entry in the same transaction; answers the new number, or null when the content
 * is what is already newest (nothing to publish).
 */
export async function publishVersion(
  db: Db,
  kind: ConfigKind,
  content: unknown,
  publication: Publication,
): Promise<number | null> {
  const hash = contentHash(content);
  const { staffId, ip, note, now, rollbackOf } = publication;
  return db.transaction(async (tx) => {
    await lockKind(tx, kind);
    const newest = await newestOf(tx, kind);
    if (newest?.contentHash === hash) return null;
    const number = (newest?.number ?? 0) + 1;
    await tx.insert(configVersions).values({
      kind,
      number,
      content,
      contentHash: hash,
      source: "staff",
      staffId,
      note,
      createdAt: now,
    });
    await recordAudit(
      tx,
      { staffId, ip },
      rollbackOf === undefined ? "config.published" : "config.rolled-back",
      rollbackOf === undefined ? { kind, number, note } : { kind, number, note, rollbackOf },
      now,
    );
    return number;
  });
}

/** One version's content, or undefined when the kind has no such number. */
export async function versionContent(db: Db, kind: ConfigKind, number: number): Promise<unknown> {
  const [row] = await db
    .select({ content: configVersions.content })
    .from(configVersions)
    .where(and(eq(configVersions.kind, kind), eq(configVersions.number, number)))
    .limit(1);
  return row?.content;
}

/** The newest version's number and content, or undefined before the first import. */
export async function newestVersion(
  db: Db,
  kind: ConfigKind,
): Promise<{ number: number; content: unknown } | undefined> {
  const [row] = await db
    .select({ number: configVersions.number, content: configVersions.content })
    .from(configVersions)
    .where(eq(configVersions.kind, kind))
    .orderBy(desc(configVersions.number))
    .limit(1);
  return row;
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
      content: configVersions.content,
    })
    .from(configVersions)
    .leftJoin(staff, eq(staff.id, configVersions.staffId))
    .where(eq(configVersions.kind, kind))
    .orderBy(desc(configVersions.number))
    .limit(limit);
}
