import nodemailer, { type Transporter } from "nodemailer";
import type { Env } from "../env.ts";
import type { Mailer, MailMessage } from "./mailer.ts";
import { mailOutboxDir, OutboxWriter, smsOutboxDir } from "./outbox.ts";
import type { SmsMessage, SmsSender } from "./sms.ts";

type Log = (line: string) => void;
const logToConsole: Log = (line) => console.info(line);

/** Delivers through an SMTP server (SMTP_URL), or any other nodemailer transport in tests. */
export class SmtpMailer implements Mailer {
  constructor(readonly transporter: Transporter) {}

  async send(message: MailMessage): Promise<void> {
    const { from, to, subject, text, html } = message;
    await this.transporter.sendMail({ from, to, subject, text, html });
  }
}

/** Keeps each e-mail as a JSON file under `$DATA_DIR/outbox/` and says so on the console. */
export class OutboxMailer implements Mailer {
  readonly #writer: OutboxWriter;

  constructor(
    directory: string,
    private readonly log: Log = logToConsole,
  ) {
    this.#writer = new OutboxWriter(directory);
  }

  async send(message: MailMessage): Promise<void> {
    const { from, to, subject, text, html } = message;
    const { file } = await this.#writer.write({ from, to, subject, text, html });
    this.log(`[mail] to=${to} subject=${subject} → ${file}`);
  }
}

/** Keeps each SMS as a JSON file under `$DATA_DIR/outbox/sms/`. */
export class OutboxSmsSender implements SmsSender {
  readonly #writer: OutboxWriter;

  constructor(
    directory: string,
    private readonly log: Log = logToConsole,
  ) {
    this.#writer = new OutboxWriter(directory);
  }

  async send(message: SmsMessage): Promise<void> {
    const { to, text } = message;
    const { file } = await this.#writer.write({ to, text });
    this.log(`[sms] to=${to} → ${file}`);
  }
}

/** SMTP when SMTP_URL is set, otherwise the outbox in DATA_DIR. */
export function createMailer(env: Pick<Env, "smtpUrl" | "dataDir">): Mailer {
  return env.smtpUrl
    ? new SmtpMailer(nodemailer.createTransport(env.smtpUrl))
    : new OutboxMailer(mailOutboxDir(env.dataDir));
}

/** No SMS gateway is configurable yet, so text messages always go to the outbox. */
export function createSmsSender(env: Pick<Env, "dataDir">): SmsSender {
  return new OutboxSmsSender(smsOutboxDir(env.dataDir));
}
