/**
 * The account's security record (account_events): what changed an account's security or its
 * money — written in the same transaction as the change — and read back newest first. Support's
 * actions say they were support's, never who: the audit trail keeps that.
 */
import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { type AccountEventKind, accountEvents } from "../db/schema.ts";

export interface AccountEvent {
  accountId: string;
  kind: AccountEventKind;
  detail?: Record<string, unknown>;
  bySupport: boolean;
  ip: string | null;
  at: Date;
}

export async function recordAccountEvent(db: Pick<Db, "insert">, event: AccountEvent): Promise<void> {
  await db.insert(accountEvents).values({ ...event, detail: event.detail ?? {} });
}

/** The account's latest events, newest first. */
export function accountEventsOf(db: Db, accountId: string, limit: number) {
  return db
    .select()
    .from(accountEvents)
    .where(eq(accountEvents.accountId, accountId))
    .orderBy(desc(accountEvents.at), desc(accountEvents.id))
    .limit(limit);
}
