import type { Mailer, MailMessage } from "./mailer.ts";
import type { SmsMessage, SmsSender } from "./sms.ts";

/**
 * Captures e-mails and SMS in memory instead of delivering them, for tests that need to read the
 * PIN code or link a handler just sent. Lists are in sending order; the `latest…` helpers look
 * from the end.
 */
export class MemoryOutbox {
  readonly mails: MailMessage[] = [];
  readonly texts: SmsMessage[] = [];

  readonly mailer: Mailer = {
    send: async (message) => {
      this.mails.push({ ...message });
    },
  };

  readonly sms: SmsSender = {
    send: async (message) => {
      this.texts.push({ ...message });
    },
  };

  latestMailTo(address: string): MailMessage | null {
    const wanted = address.trim().toLowerCase();
    return this.mails.findLast((mail) => mail.to.trim().toLowerCase() === wanted) ?? null;
  }

  latestSmsTo(phoneNumber: string): SmsMessage | null {
    return this.texts.findLast((sms) => sms.to === phoneNumber) ?? null;
  }

  clear(): void {
    this.mails.length = 0;
    this.texts.length = 0;
  }
}
