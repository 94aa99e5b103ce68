import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import type { MailMessage } from "./mailer.ts";
import { readOutbox, readSmsOutbox } from "./outbox.ts";
import { createMailer, createSmsSender, OutboxMailer, OutboxSmsSender, SmtpMailer } from "./transports.ts";

const message: MailMessage = {
  from: "no-reply@mail.example.jp",
  to: "member@example.jp",
  subject: "【ソラミル】会員登録用認証コードのお知らせ",
  text: "123456",
  html: "<p>123456</p>",
};

const tempDataDir = () => mkdtempSync(join(tmpdir(), "mail-"));

describe("outbox mailer", () => {
  it("writes the message as one JSON file and prints one console line naming it", async () => {
    const dataDir = tempDataDir();
    const lines: string[] = [];
    await new OutboxMailer(join(dataDir, "outbox"), (line) => lines.push(line)).send(message);

    const [stored] = await readOutbox(dataDir);
    expect(stored).toMatchObject(message);
    expect(Date.parse(stored?.sentAt ?? "")).not.toBeNaN();
    expect(lines).toEqual([
      `[mail] to=member@example.jp subject=【ソラミル】会員登録用認証コードのお知らせ → ${stored?.file}`,
    ]);
  });
});

describe("SMTP mailer", () => {
  it("hands nodemailer the whole message", async () => {
    // A nodemailer transport plugin that records what it is given instead of connecting anywhere.
    const delivered: unknown[] = [];
    const transporter = nodemailer.createTransport({
      name: "recording",
      version: "1",
      send(mail, callback) {
        delivered.push(mail.data);
        callback(null, { envelope: mail.message.getEnvelope(), messageId: mail.message.messageId() });
      },
    });
    await new SmtpMailer(transporter).send(message);
    expect(delivered).toEqual([expect.objectContaining(message)]);
  });
});

describe("createMailer", () => {
  it("uses SMTP at SMTP_URL when it is set, without connecting until a mail is sent", () => {
    const mailer = createMailer({
      smtpUrl: "smtp://user:secret@mail.example.jp:2525",
      dataDir: tempDataDir(),
    });
    expect(mailer).toBeInstanceOf(SmtpMailer);
    const { transporter } = mailer as SmtpMailer;
    expect(transporter.transporter.name).toBe("SMTP");
    expect(transporter.options).toMatchObject({ host: "mail.example.jp", port: 2525 });
    transporter.close();
  });

  it("uses the outbox in DATA_DIR otherwise", async () => {
    const dataDir = tempDataDir();
    const mailer = createMailer({ smtpUrl: null, dataDir });
    expect(mailer).toBeInstanceOf(OutboxMailer);
    await mailer.send(message);
    expect(readdirSync(join(dataDir, "outbox"))).toHaveLength(1);
  });
});

describe("SMS outbox", () => {
  it("writes {to, text, sentAt} under outbox/sms and logs it", async () => {
    const dataDir = tempDataDir();
    const sender = createSmsSender({ dataDir });
    expect(sender).toBeInstanceOf(OutboxSmsSender);
    const lines: string[] = [];
    await new OutboxSmsSender(join(dataDir, "outbox", "sms"), (line) => lines.push(line)).send({
      to: "09012345678",
      text: "認証コード: 123456",
    });

    const [stored] = await readSmsOutbox(dataDir);
    const raw = JSON.parse(readFileSync(stored?.file ?? "", "utf8"));
    expect(Object.keys(raw).sort()).toEqual(["sentAt", "text", "to"]);
    expect(raw).toMatchObject({ to: "09012345678", text: "認証コード: 123456" });
    expect(lines).toEqual([`[sms] to=09012345678 → ${stored?.file}`]);
    expect(await readOutbox(dataDir)).toEqual([]);
  });
});
