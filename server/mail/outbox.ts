import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { MailMessage } from "./mailer.ts";
import type { SmsMessage } from "./sms.ts";

/**
 * The outbox: without SMTP, every e-mail is one JSON file under `$DATA_DIR/outbox/` and every SMS
 * one under `$DATA_DIR/outbox/sms/`. Developers read them by hand; unit and e2e tests read them
 * with the functions below.
 */
export const mailOutboxDir = (dataDir: string) => join(dataDir, "outbox");
export const smsOutboxDir = (dataDir: string) => join(dataDir, "outbox", "sms");

export interface OutboxMail extends MailMessage {
  /** ISO 8601 time the message was written. */
  sentAt: string;
  /** Absolute path of the message's file. */
  file: string;
}

export interface OutboxSms extends SmsMessage {
  sentAt: string;
  file: string;
}

/** `2026-11-21T05:30:00.123Z` → `20261121T053000123Z`: sorts by time as plain text. */
function compactTimestamp(date: Date): string {
  return date.toISOString().replace(/[-:.]/g, "");
}

/**
 * Writes records as files named `<time>-<random hex>.json`. A file is written under a temporary
 * name in the same directory and then renamed, so a reader never sees half a message. Names
 * written by one writer strictly increase, so "newest first" holds even within one millisecond.
 */
export class OutboxWriter {
  #lastMillis = 0;

  constructor(readonly directory: string) {}

  async write<T extends object>(record: T): Promise<{ file: string; sentAt: string }> {
    const millis = Math.max(Date.now(), this.#lastMillis + 1);
    this.#lastMillis = millis;
    const sentAt = new Date(millis);
    const name = `${compactTimestamp(sentAt)}-${randomBytes(4).toString("hex")}.json`;
    const file = join(this.directory, name);
    const temporary = join(this.directory, `.${name}.tmp`);
    await mkdir(this.directory, { recursive: true });
    try {
      await writeFile(
        temporary,
        `${JSON.stringify({ ...record, sentAt: sentAt.toISOString() }, null, 2)}\n`,
        {
          flag: "wx",
        },
      );
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return { file, sentAt: sentAt.toISOString() };
  }
}

async function readRecords<T>(directory: string): Promise<Array<T & { file: string }>> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const messageFiles = names.filter((name) => name.endsWith(".json") && !name.startsWith(".")).sort();
  const records = await Promise.all(
    messageFiles.map(async (name) => {
      const file = join(directory, name);
      return { ...(JSON.parse(await readFile(file, "utf8")) as T), file };
    }),
  );
  return records.reverse();
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Every e-mail in the outbox, newest first. */
export function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  return readRecords<Omit<OutboxMail, "file">>(mailOutboxDir(dataDir));
}

/** The newest e-mail to an address (compared without regard to case), or null. */
export async function latestMailTo(dataDir: string, address: string): Promise<OutboxMail | null> {
  return (await readOutbox(dataDir)).find((mail) => sameAddress(mail.to, address)) ?? null;
}

/** Every SMS in the outbox, newest first. */
export function readSmsOutbox(dataDir: string): Promise<OutboxSms[]> {
  return readRecords<Omit<OutboxSms, "file">>(smsOutboxDir(dataDir));
}

/** The newest SMS to a phone number, or null. */
export async function latestSmsTo(dataDir: string, phoneNumber: string): Promise<OutboxSms | null> {
  return (await readSmsOutbox(dataDir)).find((sms) => sms.to === phoneNumber) ?? null;
}
