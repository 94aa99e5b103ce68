import type { Language } from "../../locales/index.ts";
import type { StoreSettingsSource } from "../store/store-settings-source.ts";

export interface SmsMessage {
  to: string;
  text: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/**
 * The text of a code sent by SMS: short (one segment in each language's usual encoding is not
 * promised, but it stays brief), the service named first so that the member knows who sent it.
 */
export function smsCodeText(
  language: Language,
  serviceName: string,
  code: string,
  validMinutes: number,
): string {
  return language === "en"
    ? `${serviceName}: your verification code is ${code}. It is valid for ${validMinutes} minutes. Never share it.`
    : `【${serviceName}】認証コード：${code}（有効期限${validMinutes}分）。このコードを他の人に教えないでください。`;
}

/** Sends a code by SMS under the current store's name (the English one for English, when given). */
export async function sendSmsCode(
  deps: { sms: SmsSender; store: StoreSettingsSource },
  message: { to: string; language: Language; code: string; validMinutes: number },
): Promise<void> {
  const { settings } = deps.store.current();
  const serviceName = (message.language === "en" && settings.serviceNameEn) || settings.serviceName;
  await deps.sms.send({
    to: message.to,
    text: smsCodeText(message.language, serviceName, message.code, message.validMinutes),
  });
}
