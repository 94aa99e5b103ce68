import type { Env } from "../env.ts";
import type { Mailer } from "./mailer.ts";
import type { SmsSender } from "./sms.ts";

export function createMailer(_env: Env): Mailer {
  return { send: async () => {} };
}
export function createSmsSender(_env: Env): SmsSender {
  return { send: async () => {} };
}
