/** Mailing e-mail PIN codes for a flow, and pacing every mail a visitor can trigger (codes, reset links). */
import type { Context } from "hono";
import type { Language } from "../../locales/index.ts";
import { REAUTHENTICATION_CODE_NAME } from "../../schemas/forms/credentials.ts";
import type { ApiEnv } from "../api/context.ts";
import { apiError, apiMessage, retryLaterError } from "../kit/messages.ts";
import { clientAddress } from "../kit/request-info.ts";
import {
  ADDRESS_GUESS_THROTTLE,
  CLIENT_GUESS_THROTTLE,
  CLIENT_MAIL_THROTTLE,
  CODE_RESEND_THROTTLE,
  clearThrottle,
  giveBackAttempt,
  MAIL_THROTTLE,
  recordHit,
  type ThrottleRule,
  takeAttempt,
  throttleKey,
  throttleWait,
} from "../kit/throttle.ts";
import { requestLanguage } from "../kit/validation.ts";
import type { Mailer } from "../mail/mailer.ts";
import { sendMail, sendMailAfterAnswer } from "../mail/send-mail.ts";
import type { StoreSettings } from "../store/validate-settings.ts";
import {
  CODE_LIFETIME_MS,
  type CodePurpose,
  type IssuedCodePurpose,
  issueCode,
  type MailedCodePurpose,
  verifyCode,
} from "./auth-codes.ts";
import { type AuthFlow, advanceFlow, type FlowChanges } from "./auth-flows.ts";

/** The purpose's display name from the store settings (spec §3 authCodeSetting), in the language. */
export function codeDisplayName(settings: StoreSettings, purpose: CodePurpose, language: Language): string {
  const { displayName, displayNameEn } = settings.authCodeSetting[purpose];
  return language === "en" && displayNameEn ? displayNameEn : displayName;
}

/**
 * Counts a mail to `to` against its mailbox (`+tag` variants share one count) and the client, or
 * refuses it with 429 TOO_MANY_ATTEMPTS when either has been sent too many lately.
 */
export function paceMail(c: Context<ApiEnv>, to: string): Promise<void> {
  return paceMessage(c, { kind: "mails", key: throttleKey.mailTo(to) });
}

/** Whom a message goes to, for pacing: a mailbox or a phone number, by its throttle key. */
export interface MessageRecipient {
  kind: "mails" | "texts";
  key: string;
}

/**
 * Counts a message (mail or SMS) against its recipient's key and the client, or refuses it with
 * 429 TOO_MANY_ATTEMPTS when either has been sent too many lately.
 */
async function paceMessage(c: Context<ApiEnv>, to: MessageRecipient): Promise<void> {
  const { db, now } = c.get("deps");
  const address = clientAddress(c);
  const recipient = [to.key];
  const client = address ? [throttleKey.mailFrom(address)] : [];
  const wait = Math.max(
    await throttleWait(db, recipient, MAIL_THROTTLE, now()),
    await throttleWait(db, client, CLIENT_MAIL_THROTTLE, now()),
  );
  if (wait > 0) throw await retryLaterError(c, "TOO_MANY_ATTEMPTS", wait, {}, to.kind);
  await recordHit(db, recipient, MAIL_THROTTLE, now());
  await recordHit(db, client, CLIENT_MAIL_THROTTLE, now());
}

/**
 * Before a new code goes to a recipient: refuses it by 429 RESEND_TOO_SOON within 30 s of the
 * previous code of the kind (`resendKey`, from any browser), by 429 TOO_MANY_ATTEMPTS when the
 * recipient or the client has been sent too many messages lately; else counts it.
 */
export async function paceCode(
  c: Context<ApiEnv>,
  { resendKey, to }: { resendKey: string; to: MessageRecipient },
  displayName: string,
): Promise<void> {
  const { db, now } = c.get("deps");
  const resend = [resendKey];
  const resendWait = await throttleWait(db, resend, CODE_RESEND_THROTTLE, now());
  if (resendWait > 0) throw await retryLaterError(c, "RESEND_TOO_SOON", resendWait, { displayName });
  await paceMessage(c, to);
  await recordHit(db, resend, CODE_RESEND_THROTTLE, now());
}

/** Takes the message and delivers nothing: the decoy path renders a mail exactly like a real one. */
const discardMailer: Mailer = { send: async () => {} };

/**
 * The dependencies to hand sendMail: as they are when the mail is to go out, else with a mailer
 * that delivers nothing, so the decoy for an address without an account does the same work.
 */
export function mailDeps<Deps extends { mailer: Mailer }>(deps: Deps, deliver: boolean): Deps {
  return deliver ? deps : { ...deps, mailer: discardMailer };
}

/**
 * How the code is mailed: `wait` reports a failed delivery to the caller; `background` answers
 * without waiting, so the time taken does not tell whether an account exists; `none` (no
 * account has the address) issues and renders a code exactly like a real send and counts and
 * paces alike, but delivers nothing.
 */
export type CodeDelivery = "wait" | "background" | "none";

export interface CodeMailing {
  purpose: MailedCodePurpose;
  /** The address; stored on the flow with the code (a flow may change its address). */
  to: string;
  delivery: CodeDelivery;
  /** Further changes to the flow, made only when the code goes out. */
  changes?: FlowChanges;
}

/**
 * Mails a new code for the flow. Refused, with the flow unchanged, by 429 RESEND_TOO_SOON within
 * 30 s of the previous code of the same purpose to the same mailbox (from any browser), and
 * by 429 TOO_MANY_ATTEMPTS when the mailbox or the client has been sent too many mails lately.
 */
export async function mailCode(
  c: Context<ApiEnv>,
  flow: AuthFlow,
  { purpose, to, delivery, changes = {} }: CodeMailing,
): Promise<AuthFlow> {
  const deps = c.get("deps");
  const now = deps.now();
  const language = requestLanguage(c);
  const displayName = await issuedCodeName(c, purpose);

  await paceCode(
    c,
    { resendKey: throttleKey.codeSentTo(to, purpose), to: { kind: "mails", key: throttleKey.mailTo(to) } },
    displayName,
  );

  const code = await issueCode(deps.db, { flowId: flow.id, purpose, now });
  const sent = await advanceFlow(deps.db, flow.id, now, { ...changes, email: to, codeSentAt: now });
  const mail = {
    to,
    language,
    template: "authCode",
    vars: { purposeName: displayName, code, validMinutes: CODE_LIFETIME_MS / 60_000 },
  } as const;
  if (delivery === "wait") await sendMail(deps, mail);
  else sendMailAfterAnswer(mailDeps(deps, delivery !== "none"), mail, `the ${purpose} code`);
  return sent;
}

/**
 * Whose wrong guesses at a mailed PIN count together. A member's own procedure counts per
 * account (only the signed-in member can guess there); a sign-up per (mailbox, client address)
 * and per address. Never per mailbox alone: a stranger starting sign-ups for a member's address
 * must not slow the member. Each code is void after 5 wrong tries and the mail caps bound how
 * many codes a mailbox gets, which bounds the guesses at one mailbox.
 */
function codeGuessRules(c: Context<ApiEnv>, flow: AuthFlow): ThrottleRule[] {
  if (flow.accountId)
    return [{ key: throttleKey.codeGuessBy(flow.accountId), policy: CLIENT_GUESS_THROTTLE }];
  const address = clientAddress(c) ?? "unknown";
  return [
    { key: throttleKey.codeGuessAt(flow.email ?? "", address), policy: CLIENT_GUESS_THROTTLE },
    { key: throttleKey.codeGuessFrom(address), policy: ADDRESS_GUESS_THROTTLE },
  ];
}

/** What the member calls the code of the purpose, in the request's language. */
async function issuedCodeName(c: Context<ApiEnv>, purpose: IssuedCodePurpose): Promise<string> {
  if (purpose === "multiFactorSms") return apiMessage(c, "smsCodeName");
  if (purpose === "reauthenticate") {
    const { displayName, displayNameEn } = REAUTHENTICATION_CODE_NAME;
    return requestLanguage(c) === "en" && displayNameEn ? displayNameEn : displayName;
  }
  return codeDisplayName(c.get("deps").store.current().settings, purpose, requestLanguage(c));
}

/**
 * Spends the code the flow was sent for the purpose (mailed, or texted), or refuses: 400
 * PIN_CODE_ERROR for a wrong, expired or void code, 429 TOO_MANY_ATTEMPTS (with the wait) while
 * the guesser must wait after too many wrong tries (the code itself is void after 5).
 */
export async function spendIssuedCode(
  c: Context<ApiEnv>,
  flow: AuthFlow,
  purpose: IssuedCodePurpose,
  code: string,
): Promise<void> {
  const deps = c.get("deps");
  const now = deps.now();
  const rules = codeGuessRules(c, flow);
  // Counted before the code is looked at, so that guesses sent at once cannot all be tried.
  const wait = await takeAttempt(deps.db, rules, now);
  if (wait > 0) throw await retryLaterError(c, "TOO_MANY_ATTEMPTS", wait);
  if (await verifyCode(deps.db, { flowId: flow.id, purpose, code, now })) {
    // The guesser's own count is forgotten; an address's count across mailboxes keeps its
    // earlier wrong guesses, not this right one.
    await giveBackAttempt(deps.db, rules);
    await clearThrottle(
      deps.db,
      rules.filter((rule) => rule.policy === CLIENT_GUESS_THROTTLE).map((rule) => rule.key),
    );
    return;
  }
  throw await apiError(c, 400, "PIN_CODE_ERROR", "pinCodeError", {
    params: { displayName: await issuedCodeName(c, purpose) },
  });
}
