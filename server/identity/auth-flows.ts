/**
 * A multi-step procedure in one browser: a guest's sign-up (cookie sgid) or login by e-mail code
 * (cookie lcid) and a login's second factor (mfid), a trip to a social login provider (soid), a
 * passkey ceremony (pkid to sign in, prid to add one), a member's authenticator set-up (osid), SMS
 * number being proved (ssid) and backup codes (bcid) shown but not yet confirmed, or a member's e-mail change (meid), e-mail verification (mvid), first password
 * (psid), withdrawal (wdid) or re-authentication by a mailed code (raid). The cookie holds a random token; the row holds its hash and what the steps so far
 * established. A flow lives 60 minutes from its latest step.
 */
import { and, eq, gt } from "drizzle-orm";
import type { SurveyAnswers } from "../../schemas/types/survey-answers.gen.ts";
import type { Db } from "../db/database.ts";
import {
  type AgreedPolicy,
  authFlows,
  type ExternalIdentityClaim,
  type SocialAuthorization,
} from "../db/schema.ts";
import { hashToken, isPlausibleToken, randomToken } from "../kit/tokens.ts";

export type FlowPurpose =
  | "signUp"
  | "login"
  | "multiFactor"
  | "socialAuthorization"
  | PasskeyCeremonyPurpose
  | MultiFactorSetupPurpose
  | MemberFlowPurpose;
/** A passkey ceremony in this browser: a guest's sign-in, or a member's new passkey. */
export type PasskeyCeremonyPurpose = "passkeyLogin" | "passkeyRegistration";
/** A member's multi-factor set-up: what was shown or sent, held until the member proves it. */
export type MultiFactorSetupPurpose = "otpSetup" | "smsSetup" | "backupCodes";
/**
 * A member's procedures, bound to the account (accountId): e-mail change and verification, setting
 * a password, withdrawal.
 */
export type MemberFlowPurpose = "mailEdit" | "mailVerify" | "passwordSetting" | "withdraw" | "reauthenticate";

export const FLOW_COOKIES: Readonly<Record<FlowPurpose, string>> = {
  signUp: "sgid",
  login: "lcid",
  multiFactor: "mfid",
  socialAuthorization: "soid",
  passkeyLogin: "pkid",
  passkeyRegistration: "prid",
  otpSetup: "osid",
  smsSetup: "ssid",
  backupCodes: "bcid",
  mailEdit: "meid",
  mailVerify: "mvid",
  passwordSetting: "psid",
  withdraw: "wdid",
  reauthenticate: "raid",
};
const MEMBER_FLOW_PURPOSES: readonly FlowPurpose[] = [
  "mailEdit",
  "mailVerify",
  "passwordSetting",
  "withdraw",
  "reauthenticate",
];

export function isMemberFlowPurpose(purpose: FlowPurpose): purpose is MemberFlowPurpose {
  return MEMBER_FLOW_PURPOSES.includes(purpose);
}
export const FLOW_LIFETIME_MS = 60 * 60 * 1000;

export function isFlowPurpose(value: string): value is FlowPurpose {
  return Object.hasOwn(FLOW_COOKIES, value);
}

export type AuthFlow = typeof authFlows.$inferSelect;

export interface FlowChanges {
  email?: string | null;
  accountId?: string | null;
  emailVerifiedAt?: Date | null;
  agreedPolicies?: AgreedPolicy[];
  forInteraction?: boolean;
  codeSentAt?: Date | null;
  surveyAnswers?: SurveyAnswers | null;
  loginMethod?: string | null;
  loginIdentifier?: string | null;
  pendingSecret?: string | null;
  socialAuthorization?: SocialAuthorization | null;
  externalIdentity?: ExternalIdentityClaim | null;
  challenge?: string | null;
}

export async function startFlow(
  db: Db,
  purpose: FlowPurpose,
  now: Date,
  changes: FlowChanges = {},
): Promise<{ token: string; flow: AuthFlow }> {
  const token = randomToken();
  const [flow] = await db
    .insert(authFlows)
    .values({
      tokenHash: hashToken(token),
      purpose,
      createdAt: now,
      expiresAt: new Date(now.getTime() + FLOW_LIFETIME_MS),
      ...changes,
    })
    .returning();
  if (!flow) throw new Error("the flow was not stored");
  return { token, flow };
}

/** The row of the live flow of this purpose that the cookie's token names. */
function liveFlow(purpose: FlowPurpose, token: string, now: Date) {
  return and(
    eq(authFlows.tokenHash, hashToken(token)),
    eq(authFlows.purpose, purpose),
    gt(authFlows.expiresAt, now),
  );
}

/** The live flow of this purpose the cookie names, or null. */
export async function findFlow(
  db: Db,
  purpose: FlowPurpose,
  token: string | undefined,
  now: Date,
): Promise<AuthFlow | null> {
  if (!isPlausibleToken(token)) return null;
  const [flow] = await db
    .select()
    .from(authFlows)
    .where(liveFlow(purpose, token, now))
    .limit(1);
  return flow ?? null;
}

/** Records a step of the flow and gives it another 60 minutes. */
export async function advanceFlow(
  db: Db,
  flowId: string,
  now: Date,
  changes: FlowChanges,
): Promise<AuthFlow> {
  const [flow] = await db
    .update(authFlows)
    .set({ ...changes, expiresAt: new Date(now.getTime() + FLOW_LIFETIME_MS) })
    .where(eq(authFlows.id, flowId))
    .returning();
  if (!flow) throw new Error(`flow ${flowId} is gone`);
  return flow;
}

/**
 * The live flow of this purpose the cookie names, ended as it is read: of requests that race with
 * the same cookie, exactly one gets it (a passkey challenge is used once).
 */
export async function takeFlow(
  db: Db,
  purpose: FlowPurpose,
  token: string | undefined,
  now: Date,
): Promise<AuthFlow | null> {
  if (!isPlausibleToken(token)) return null;
  const [flow] = await db
    .delete(authFlows)
    .where(liveFlow(purpose, token, now))
    .returning();
  return flow ?? null;
}

export async function endFlow(db: Db, flowId: string): Promise<void> {
  await db.delete(authFlows).where(eq(authFlows.id, flowId));
}
