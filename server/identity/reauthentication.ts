/**
 * Re-authentication, "sudo mode" (issue 39 §4; GitHub's and Google's model): a stolen session
 * cookie must not be enough to take an account for good. The changes that would hand it over —
 * turning off a second factor, new backup codes, a new e-mail address, withdrawal — need the
 * member to have proved who they are in this session within the last 10 minutes: the login
 * itself, or a re-authentication here, by the password or, for a member without one, by a code
 * mailed to the current address (whose own procedures, the first password among them, already
 * prove that mailbox with a code of their own). Without it the API answers 403
 * REAUTHENTICATION_REQUIRED and changes nothing; the pages ask for it in place of their forms
 * (screens/reauthentication.ts).
 */
import { type Context, Hono } from "hono";
import {
  buildReauthenticationCodeForm,
  buildReauthenticationPasswordForm,
  buildReauthenticationSendCodeForm,
} from "../../schemas/forms/credentials.ts";
import type { ReauthenticationData } from "../../schemas/types/reauthentication-screen-data.gen.ts";
import type { ApiEnv } from "../api/context.ts";
import type { ApiError } from "../kit/errors.ts";
import { apiError, retryLaterError } from "../kit/messages.ts";
import { CLIENT_GUESS_THROTTLE, clearThrottle, takeAttempt, throttleKey } from "../kit/throttle.ts";
import { validatedJson } from "../kit/validation.ts";
import { maskEmail } from "./account.ts";
import type { Account } from "./accounts.ts";
import { resendAvailableAt } from "./auth-codes.ts";
import { sessionToken } from "./auth-cookies.ts";
import { spendIssuedCode } from "./code-mail.ts";
import { requireMember, requireMemberAccount } from "./member.ts";
import { endMemberFlow, findMemberFlow, mailMemberCode, requireMemberFlow } from "./member-flows.ts";
import { markAuthenticated } from "./sessions.ts";

type ApiContext = Context<ApiEnv>;

/** How long a login or a re-authentication lets the member make the changes it guards. */
export const REAUTHENTICATION_WINDOW_MS = 10 * 60 * 1000;

export type ReauthenticationMethod = "Password" | "Email";

/** The password when the member has one; else a code to the current address; null with neither. */
export function reauthenticationMethodOf(account: Account): ReauthenticationMethod | null {
  if (account.passwordHash) return "Password";
  return account.contactEmail ? "Email" : null;
}

/** Whether the member proved who they are in this session within the window. */
export function isRecentlyAuthenticated(authenticatedAt: Date, now: Date): boolean {
  return now.getTime() - authenticatedAt.getTime() < REAUTHENTICATION_WINDOW_MS;
}

/** 403 REAUTHENTICATION_REQUIRED unless the member proved who they are within the window. */
export async function requireRecentAuthentication(c: ApiContext): Promise<void> {
  const member = await requireMember(c);
  if (isRecentlyAuthenticated(member.authenticatedAt, c.get("deps").now())) return;
  throw await apiError(c, 403, "REAUTHENTICATION_REQUIRED", "reauthenticationRequired");
}

/**
 * Checks the member's current password before a change it guards, or throws `wrong()`. Each try
 * is counted per account before the password is looked at, like a login's (a stolen session must
 * not guess freely, nor by sending its guesses at once); 429 with the wait while it must wait.
 * The right password clears the count.
 */
export async function checkCurrentPassword(
  c: ApiContext,
  found: Account,
  password: string,
  wrong: () => Promise<ApiError>,
): Promise<void> {
  const deps = c.get("deps");
  const keys = [throttleKey.passwordCheckBy(found.id)];
  const wait = await takeAttempt(
    deps.db,
    keys.map((key) => ({ key, policy: CLIENT_GUESS_THROTTLE })),
    deps.now(),
  );
  if (wait > 0) throw await retryLaterError(c, "TOO_MANY_ATTEMPTS", wait);
  if (found.passwordHash && (await deps.passwords.verify(found.passwordHash, password))) {
    await clearThrottle(deps.db, keys);
    return;
  }
  throw await wrong();
}

async function requireMethod(c: ApiContext, account: Account, method: ReauthenticationMethod) {
  if (reauthenticationMethodOf(account) !== method) {
    throw await apiError(c, 400, "REAUTHENTICATION_METHOD_UNAVAILABLE", "featureUnavailable");
  }
}

/** POST /zapi/account/reauthenticate and /reauthenticate/send-code. */
export const reauthentication = new Hono<ApiEnv>()
  /** A member without a password: a code to the current address (the 30-second rule and mail caps apply). */
  .post("/reauthenticate/send-code", async (c) => {
    const found = await requireMemberAccount(c);
    await requireMethod(c, found, "Email");
    await validatedJson(c, buildReauthenticationSendCodeForm({}, c.get("deps").store.current().version));
    const flow = await mailMemberCode(c, found.id, "reauthenticate", found.contactEmail ?? "");
    return c.json({ resendAvailableAt: resendAvailableAt(flow.codeSentAt) });
  })
  /** {password}, or {pinCode} for a member without one: the session counts as proved for 10 minutes. */
  .post("/reauthenticate", async (c) => {
    const found = await requireMemberAccount(c);
    const deps = c.get("deps");
    const { version } = deps.store.current();
    if (found.passwordHash) {
      const data = await validatedJson(c, buildReauthenticationPasswordForm({}, version));
      await checkCurrentPassword(c, found, String(data.password), () =>
        apiError(c, 401, "PASSWORD_INCORRECT", "passwordIncorrect"),
      );
    } else {
      await requireMethod(c, found, "Email");
      const data = await validatedJson(c, buildReauthenticationCodeForm({}, version));
      const flow = await requireMemberFlow(c, found.id, "reauthenticate");
      await spendIssuedCode(c, flow, "reauthenticate", String(data.pinCode));
      await endMemberFlow(c, flow);
    }
    const now = deps.now();
    await markAuthenticated(deps.db, sessionToken(c), now);
    return c.json({ authenticatedUntil: new Date(now.getTime() + REAUTHENTICATION_WINDOW_MS).toISOString() });
  });

/**
 * GET /zapi/internal/mypage/reauthentication/screen-data: whether the pages that guard a change
 * must ask first, how (the member's method), where a code goes (masked) and whether one was sent.
 */
export const reauthenticationScreenData = new Hono<ApiEnv>().get("/screen-data", async (c) => {
  const found = await requireMemberAccount(c);
  const member = await requireMember(c);
  const now = c.get("deps").now();
  const required = !isRecentlyAuthenticated(member.authenticatedAt, now);
  const method = reauthenticationMethodOf(found);
  const flow = method === "Email" ? await findMemberFlow(c, found.id, "reauthenticate") : null;
  return c.json<ReauthenticationData>({
    required,
    method,
    email: method === "Email" && found.contactEmail ? maskEmail(found.contactEmail) : null,
    codeSent: flow !== null,
    resendAvailableAt: flow ? resendAvailableAt(flow.codeSentAt) : null,
  });
});
