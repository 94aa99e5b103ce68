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

const sentAfterAnswers = new Set<Promise<void>>();

/**
 * Renders and sends the mail once the request has been answered, so that none of its cost shows
 * in the answer's time: how long forgot-password or a login code takes must not tell whether the
 * address has an account (the decoy of an unknown address is rendered and discarded the same way,
 * also after the answer). A failure is logged as `what` was not sent.
 */
export function sendMailAfterAnswer<Name extends MailTemplateName>(
  deps: { mailer: Mailer; store: StoreSettingsSource },
  request: SendMailRequest<Name>,
  what: string,
): void {
  const sent: Promise<void> = new Promise<void>((answered) => setImmediate(answered))
    .then(() => sendMail(deps, request))
    .catch((error: unknown) => console.error(`[mail] ${what} was not sent`, error))
    .finally(() => sentAfterAnswers.delete(sent));
  sentAfterAnswers.add(sent);
}

/** Resolves once every mail sent after an answer is out (a stopping server; tests reading the outbox). */
export async function mailsAfterAnswersSent(): Promise<void> {
  while (sentAfterAnswers.size > 0) await Promise.all(sentAfterAnswers);
}
