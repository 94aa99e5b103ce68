/**
 * Each staff member's unpublished edit of a configuration (config_drafts): saved section by section,
 * shown with its changes and previews, then published as a version or discarded. A draft belongs
 * to the one who made it, so two people editing at once never overwrite each other's work.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { type ConfigKind, configDrafts } from "../db/schema.ts";

export interface ConfigDraft {
  content: unknown;
  /** The version in force when the draft began. */
  baseNumber: number;
  updatedAt: Date;
}

export async function readDraft(db: Db, kind: ConfigKind, staffId: string): Promise<ConfigDraft | null> {
  const [row] = await db
    .select({
      content: configDrafts.content,
      baseNumber: configDrafts.baseNumber,
      updatedAt: configDrafts.updatedAt,
    })
    .from(configDrafts)
    .where(and(eq(configDrafts.kind, kind), eq(configDrafts.staffId, staffId)))
    .limit(1);
  return row ?? null;
}

/** Saves the draft's content; a draft that already exists keeps the version it began from. */
export async function saveDraft(
  db: Db,
  kind: ConfigKind,
  staffId: string,
  content: unknown,
  baseNumber: number,
  now: Date,
): Promise<void> {
  await db
    .insert(configDrafts)
    .values({ kind, staffId, content, baseNumber, updatedAt: now })
    .onConflictDoUpdate({
      target: [configDrafts.kind, configDrafts.staffId],
      set: { content, updatedAt: now },
    });
}

export async function dropDraft(db: Db, kind: ConfigKind, staffId: string): Promise<void> {
  await db.delete(configDrafts).where(and(eq(configDrafts.kind, kind), eq(configDrafts.staffId, staffId)));
}
