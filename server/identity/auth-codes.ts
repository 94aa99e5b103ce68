/**
 * E-mail PIN codes (issue 4 §3): 6 digits from the CSPRNG, stored as an HMAC with a per-code
 * salt over purpose, flow and code, so a stored row proves nothing and fits nowhere else. A code
 * is single use, valid 60 minutes, void after 5 wrong tries, and replaced by a resend, which is
 * refused within 30 s of the previous code to the same mailbox (server/identity/code-mail.ts).
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { StoreSettings } from "../../schemas/types/store-settings.gen.ts";
import type { Db } from "../db/database.ts";
import { authCodes } from "../db/schema.ts";
import { MAX_WRONG_TRIES, RESEND_INTERVAL_MS } from "../kit/throttle.ts";

/** The purposes of mailed codes, each named by the store (authCodeSetting). */
export type CodePurpose = keyof StoreSettings["authCodeSetting"];
/** The purposes of mailed codes: the store's, and a re-authentication's (named by us). */
export type MailedCodePurpose = CodePurpose | "reauthenticate";
/** Every purpose a code is issued for: the mailed ones and the SMS second factor's. */
export type IssuedCodePurpose = MailedCodePurpose | "multiFactorSms";

export const CODE_PURPOSES = [
  "signUp",
  "login",
  "mailEdit",
  "mailVerify",
  "passwordSetting",
  "withdraw",
  "multiFactorEmail",
] as const satisfies readonly CodePurpose[];

export const CODE_LENGTH = 6;
export const CODE_LIFETIME_MS = 60 * 60 * 1000;

export function isCodePurpose(value: unknown): value is CodePurpose {
  return typeof value === "string" && (CODE_PURPOSES as readonly string[]).includes(value);
}

function digest(salt: string, purpose: IssuedCodePurpose, flowId: string, code: string): Buffer {
  return createHmac("sha256", Buffer.from(salt, "base64url"))
    .update(`${purpose}\n${flowId}\n${code}`)
    .digest();
}

/** When a resend becomes possible, for the PIN screens' countdown. */
export function resendAvailableAt(sentAt: Date | null): string | null {
  return sentAt ? new Date(sentAt.getTime() + RESEND_INTERVAL_MS).toISOString() : null;
}

/** A new code for the flow and purpose; any earlier unspent one of the pair stops working. */
export async function issueCode(
  db: Db,
  input: { flowId: string; purpose: IssuedCodePurpose; now: Date },
): Promise<string> {
  const code = randomInt(0, 10 ** CODE_LENGTH)
    .toString()
    .padStart(CODE_LENGTH, "0");
  const salt = randomBytes(16).toString("base64url");
  await db.transaction(async (tx) => {
    await tx
      .update(authCodes)
      .set({ spentAt: input.now })
      .where(
        and(
          eq(authCodes.flowId, input.flowId),
          eq(authCodes.purpose, input.purpose),
          isNull(authCodes.spentAt),
        ),
      );
    await tx.insert(authCodes).values({
      flowId: input.flowId,
      purpose: input.purpose,
      codeHash: digest(salt, input.purpose, input.flowId, code).toString("base64url"),
      salt,
      createdAt: input.now,
      expiresAt: new Date(input.now.getTime() + CODE_LIFETIME_MS),
    });
  });
  return code;
}

/**
 * Spends the flow's code for the purpose when `code` matches it. A wrong code counts a try, and
 * the 5th wrong try voids the code; an expired, spent or void code never matches.
 */
export async function verifyCode(
  db: Db,
  input: { flowId: string; purpose: IssuedCodePurpose; code: string; now: Date },
): Promise<boolean> {
  const [current] = await db
    .select()
    .from(authCodes)
    .where(
      and(
        eq(authCodes.flowId, input.flowId),
        eq(authCodes.purpose, input.purpose),
        isNull(authCodes.spentAt),
      ),
    )
    .orderBy(desc(authCodes.createdAt))
    .limit(1);
  if (!current || current.expiresAt <= input.now) return false;

  const expected = Buffer.from(current.codeHash, "base64url");
  const given = digest(current.salt, input.purpose, input.flowId, input.code);
  if (expected.length === given.length && timingSafeEqual(expected, given)) {
    // Spent only if still unspent: of two simultaneous submissions of the code, one wins.
    const spent = await db
      .update(authCodes)
      .set({ spentAt: input.now })
      .where(and(eq(authCodes.id, current.id), isNull(authCodes.spentAt)))
      .returning({ id: authCodes.id });
    return spent.length === 1;
  }
  await db
    .update(authCodes)
    .set({
      failedAttempts: sql`${authCodes.failedAttempts} + 1`,
      spentAt: sql`case when ${authCodes.failedAttempts} + 1 >= ${MAX_WRONG_TRIES} then ${input.now.toISOString()}::timestamptz else null end`,
    })
    .where(eq(authCodes.id, current.id));
  return false;
}

/** When the flow's latest code of the purpose was issued (spent or not), or null when none was. */
export async function lastCodeIssuedAt(
  db: Db,
  flowId: string,
  purpose: IssuedCodePurpose,
): Promise<Date | null> {
  const [latest] = await db
    .select({ createdAt: authCodes.createdAt })
    .from(authCodes)
    .where(and(eq(authCodes.flowId, flowId), eq(authCodes.purpose, purpose)))
    .orderBy(desc(authCodes.createdAt))
    .limit(1);
  return latest?.createdAt ?? null;
}
