import type { Language } from "../../locales/index.ts";
import type { StoreSettingsSource } from "../store/store-settings-source.ts";
import type { StoreSettings } from "../store/validate-settings.ts";
import type { Mailer } from "./mailer.ts";
import type { MailTemplateName, MailTemplateVars } from "./templates/catalog.ts";
import { renderMail } from "./templates/render-mail.ts";

/**
 * The sender of every mail: no-reply at the store's mail domain. Read per message because the
 * store settings can change while the server runs. A store without smtpDomain (a local demo) sends
 * from localhost, which only the outbox accepts without complaint.
 */
export function noReplyAddress(settings: Pick<StoreSettings, "smtpDomain">): string {
  return `no-reply@${settings.smtpDomain ?? "localhost"}`;
}

export interface SendMailRequest<Name extends MailTemplateName> {
  to: string;
  language: Language;
  template: Name;
  vars: MailTemplateVars[Name];
}

/**
 * Renders a template with the current store branding and hands it to the mailer. This is how
 * handlers send mail: `await sendMail(c.get("deps"), {to, language, template: "authCode", vars})`.
 */
export async function sendMail<Name extends MailTemplateName>(
  deps: { mailer: Mailer; store: StoreSettingsSource },
  request: SendMailRequest<Name>,
): Promise<void> {
  const { settings } = deps.store.current();
  const rendered = renderMail(request.template, request.language, request.vars, {
    // English mails carry the English service name when the store gives one.
    serviceName: (request.language === "en" && settings.serviceNameEn) || settings.serviceName,
    accentColor: settings.colors.accentColor,
  });
  await deps.mailer.send({ from: noReplyAddress(settings), to: request.to, ...rendered });
}
