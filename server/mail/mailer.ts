/**
 * One e-mail as handed to a transport: complete, so a transport only delivers. The sender address
 * is part of the message because it follows the store settings, which can change at runtime
 * (see `sendMail` in send-mail.ts, which fills it in).
 */
export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
