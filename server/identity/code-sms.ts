/**
 * Texting the SMS second factor's codes (issue 27): to the number a member proves when enabling
 * SMS, and to the proved number at each login. Paced like mailed codes — one every 30 s to a
 * number, 10 an hour, the client's messages counted with its mails — because each text costs the
 * operator money and lands on someone's phone.
 */
import type { Context } from "hono";
import type { ApiEnv } from "../api/context.ts";
import { apiMessage } from "../kit/messages.ts";
import { throttleKey } from "../kit/throttle.ts";
import { requestLanguage } from "../kit/validation.ts";
import { sendSmsCode } from "../mail/sms.ts";
import { CODE_LIFETIME_MS, issueCode } from "./auth-codes.ts";
import type { AuthFlow } from "./auth-flows.ts";
import { paceCode } from "./code-mail.ts";

/**
 * Texts a new code for the flow to the number (an earlier unspent one stops working). Refused, with
 * nothing sent, as a mailed code is (30-second resend rule, message caps); a failed delivery is
 * reported to the caller. Answers when the code was issued.
 */
export async function textCode(c: Context<ApiEnv>, flow: AuthFlow, to: string): Promise<Date> {
  const deps = c.get("deps");
  const now = deps.now();
  await paceCode(
    c,
    { resendKey: throttleKey.codeTextedTo(to), to: { kind: "texts", key: throttleKey.smsTo(to) } },
    await apiMessage(c, "smsCodeName"),
  );
  const code = await issueCode(deps.db, { flowId: flow.id, purpose: "multiFactorSms", now });
  await sendSmsCode(deps, {
    to,
    language: requestLanguage(c),
    code,
    validMinutes: CODE_LIFETIME_MS / 60_000,
  });
  return now;
}

/** A phone number shown where its code went: all but the last four digits hidden. */
export function maskPhoneNumber(phoneNumber: string): string {
  const digits = phoneNumber.replace(/\D/g, "");
  return `${"*".repeat(Math.max(digits.length - 4, 0))}${digits.slice(-4)}`;
}
