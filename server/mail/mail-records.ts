/**
 * A record of each mail sent — the address and the subject, never the content — for support to
 * answer "I never got the mail" (server/console/member-view.ts). Written by the one mailer every
 * sender goes through, after the transport took the message; kept 90 days.
 */
import { desc, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { accounts, mailRecords } from "../db/schema.ts";
import type { Mailer } from "./mailer.ts";

/** How long a mail's record is kept. */
export const MAIL_RECORD_DAYS = 90;

/** The mailer that records what it sent. A record that fails to be written does not fail the mail. */
export function recordingMailer(mailer: Mailer, db: Db, now: () => Date): Mailer {
  return {
    async send(message) {
      await mailer.send(message);
      await db
        .insert(mailRecords)
        .values({ to: message.to.toLowerCase(), subject: message.subject, sentAt: now() })
        .catch((error: unknown) => console.error("[mail] the mail's record was not written", error));
    },
  };
}

/** The latest mails sent to any of these addresses, newest first. */
export async function mailsSentTo(
  db: Db,
  addresses: readonly string[],
  limit: number,
): Promise<{ to: string; subject: string; sentAt: Date }[]> {
  const to = [...new Set(addresses.map((address) => address.toLowerCase()))];
  if (to.length === 0) return [];
  return db
    .select({ to: mailRecords.to, subject: mailRecords.subject, sentAt: mailRecords.sentAt })
    .from(mailRecords)
    .where(inArray(mailRecords.to, to))
    .orderBy(desc(mailRecords.sentAt))
    .limit(limit);
}

/** Deletes the records past their 90 days. */
export async function purgeMailRecords(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - MAIL_RECORD_DAYS * 24 * 60 * 60 * 1000);
  const gone = await db
    .delete(mailRecords)
    .where(lt(mailRecords.sentAt, cutoff))
    .returning({ id: mailRecords.id });
  return gone.length;
}

/** At withdrawal, before the account goes: its addresses leave the record with it. */
export async function forgetAccountMails(
  db: Pick<Db, "select" | "delete">,
  accountId: string,
): Promise<void> {
  const [account] = await db
    .select({ email: accounts.email, contactEmail: accounts.contactEmail })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const to = [account?.email, account?.contactEmail].flatMap((address) =>
    address ? [address.toLowerCase()] : [],
  );
  if (to.length > 0) await db.delete(mailRecords).where(inArray(mailRecords.to, to));
}
