import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  latestMailTo,
  latestSmsTo,
  mailOutboxDir,
  OutboxWriter,
  readOutbox,
  smsOutboxDir,
} from "./outbox.ts";

const tempDataDir = () => mkdtempSync(join(tmpdir(), "outbox-"));

const mail = (to: string, subject: string) => ({
  from: "no-reply@mail.example.jp",
  to,
  subject,
  text: `${subject} (text)`,
  html: `<p>${subject}</p>`,
});

describe("OutboxWriter", () => {
  it("leaves only complete JSON files named by time, with no temporary files behind", async () => {
    const dataDir = tempDataDir();
    const writer = new OutboxWriter(mailOutboxDir(dataDir));
    await Promise.all(Array.from({ length: 20 }, (_, i) => writer.write(mail("a@example.jp", `#${i}`))));

    const names = readdirSync(mailOutboxDir(dataDir));
    expect(names).toHaveLength(20);
    for (const name of names) {
      expect(name).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{8}\.json$/);
      const record = JSON.parse(readFileSync(join(mailOutboxDir(dataDir), name), "utf8"));
      expect(record).toMatchObject({ to: "a@example.jp", from: "no-reply@mail.example.jp" });
      expect(new Date(record.sentAt).toISOString()).toBe(record.sentAt);
    }
  });

  it("names files in sending order even within one millisecond", async () => {
    const dataDir = tempDataDir();
    const writer = new OutboxWriter(mailOutboxDir(dataDir));
    const written: string[] = [];
    for (let i = 0; i < 5; i++) written.push((await writer.write(mail("a@example.jp", `#${i}`))).file);
    expect([...written].sort()).toEqual(written);
    expect(new Set(written).size).toBe(5);
  });

  it("names the file after the time it records as sentAt", async () => {
    const dataDir = tempDataDir();
    const { file, sentAt } = await new OutboxWriter(mailOutboxDir(dataDir)).write({ to: "x" });
    expect(file.split("/").at(-1)?.slice(0, 19)).toBe(sentAt.replace(/[-:.]/g, ""));
  });
});

describe("reading the outbox", () => {
  it("lists mails newest first and finds the latest one to an address regardless of case", async () => {
    const dataDir = tempDataDir();
    const writer = new OutboxWriter(mailOutboxDir(dataDir));
    await writer.write(mail("Member@Example.jp", "first"));
    await writer.write(mail("other@example.jp", "second"));
    await writer.write(mail("member@example.jp", "third"));
    // SMS live in a subdirectory and are not e-mails.
    await new OutboxWriter(smsOutboxDir(dataDir)).write({ to: "09012345678", text: "123456" });

    const mails = await readOutbox(dataDir);
    expect(mails.map((m) => m.subject)).toEqual(["third", "second", "first"]);
    expect(mails[0]?.file).toMatch(/\.json$/);
    expect((await latestMailTo(dataDir, "MEMBER@example.jp"))?.subject).toBe("third");
    expect(await latestMailTo(dataDir, "nobody@example.jp")).toBeNull();
    expect((await latestSmsTo(dataDir, "09012345678"))?.text).toBe("123456");
  });

  it("is empty before anything was sent", async () => {
    expect(await readOutbox(tempDataDir())).toEqual([]);
    expect(await latestSmsTo(tempDataDir(), "09012345678")).toBeNull();
  });
});
