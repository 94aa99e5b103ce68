/** Mailing e-mail PIN codes for a flow, and pacing every mail a visitor can trigger (codes, reset links). */
import type { Context } from "hono";
import type { Language } from "../../locales/index.ts";
import { sendMail } from "../mail/send-mail.ts";
import { CODE_LIFETIME_MS, type CodePurpose, issueCode, secondsUntilResend } from "../services/auth-codes.ts";
import { type AuthFlow, advanceFlow, type FlowChanges } from "../services/auth-flows.ts";
import {
  CLIENT_MAIL_THROTTLE,
  MAIL_THROTTLE,
  recordHit,
  throttleKey,
  throttleWait,
} from "../services/throttle.ts";
import type { StoreSettings } from "../store/validate-settings.ts";
import type { ApiEnv } from "./context.ts";
import { retryLaterError } from "./messages.ts";
import { clientAddress } from "./request-info.ts";
import { requestLanguage } from "./validation.ts";

/** The purpose's display name from the store settings (spec §3 authCodeSetting), in the language. */
export function codeDisplayName(settings: StoreSettings, purpose: CodePurpose, language: Language): string {
  const { displayName, displayNameEn } = settings.authCodeSetting[purpose];
  return language === "en" && displayNameEn ? displayNameEn : displayName;
}

/**
 * Counts a mail to `to` against the recipient and the client, or refuses it with 429
 * TOO_MANY_ATTEMPTS when either has been sent too many lately.
 */
export async function paceMail(c: Context<ApiEnv>, to: string): Promise<void> {
  const { db, now } = c.get("deps");
  const address = clientAddress(c);
  const recipient = [throttleKey.mailTo(to)];
  const client = address ? [throttleKey.mailFrom(address)] : [];
  const wait = Math.max(
    await throttleWait(db, recipient, MAIL_THROTTLE, now()),
    await throttleWait(db, client, CLIENT_MAIL_THROTTLE, now()),
  );
  if (wait > 0) throw await retryLaterError(c, "TOO_MANY_ATTEMPTS", wait);
  await recordHit(db, recipient, MAIL_THROTTLE, now());
  await recordHit(db, client, CLIENT_MAIL_THROTTLE, now());
}

/**
 * How the code is mailed: `wait` reports a failed delivery to the caller; `background` answers
 * without waiting, so the time taken does not tell whether an account exists; `none` mails
 * nothing (no account has the address) but counts and paces exactly like a real send.
 */
export type CodeDelivery = "wait" | "background" | "none";

export interface CodeMailing {
  purpose: CodePurpose;
  /** The address; stored on the flow with the code (a flow may change its address). */
  to: string;
  delivery: CodeDelivery;
  /** Further changes to the flow, made only when the code goes out. */
  changes?: FlowChanges;
}

/**
 * Mails a new code for the flow. Refused, with the flow unchanged, by 429 RESEND_TOO_SOON within
 * 30 s of the flow's previous code, and by 429 TOO_MANY_ATTEMPTS when the recipient or the
 * client has been sent too many codes lately.
 */
export async function mailCode(
  c: Context<ApiEnv>,
  flow: AuthFlow,
  { purpose, to, delivery, changes = {} }: CodeMailing,
): Promise<AuthFlow> {
  const deps = c.get("deps");
  const now = deps.now();
  const { settings } = deps.store.current();
  const language = requestLanguage(c);
  const displayName = codeDisplayName(settings, purpose, language);

  const resendWait = secondsUntilResend(flow.codeSentAt, now);
  if (resendWait > 0) throw await retryLaterError(c, "RESEND_TOO_SOON", resendWait, { displayName });
  await paceMail(c, to);

  const code = delivery === "none" ? null : await issueCode(deps.db, { flowId: flow.id, purpose, now });
  const sent = await advanceFlow(deps.db, flow.id, now, { ...changes, email: to, codeSentAt: now });
  if (code !== null) {
    const mail = sendMail(deps, {
      to,
      language,
      template: "authCode",
      vars: { purposeName: displayName, code, validMinutes: CODE_LIFETIME_MS / 60_000 },
    });
    if (delivery === "wait") await mail;
    else mail.catch((error: unknown) => console.error(`[codes] the ${purpose} code was not mailed`, error));
  }
  return sent;
}
