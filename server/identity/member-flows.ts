/**
 * A member's procedures that take a mailed code (e-mail change, e-mail verification, setting a
 * first password, withdrawal): an auth flow bound to the account and to this browser by its cookie. The flow
 * holds the address the code went to, so the next step never takes it from the browser.
 */
import type { Context } from "hono";
import type { ApiEnv } from "../api/context.ts";
import { apiError } from "../kit/messages.ts";
import { clearFlowCookie, flowToken, setFlowCookie } from "./auth-cookies.ts";
import {
  type AuthFlow,
  endFlow,
  type FlowChanges,
  findFlow,
  type MemberFlowPurpose,
  startFlow,
} from "./auth-flows.ts";
import { mailCode } from "./code-mail.ts";

export type MemberFlow = AuthFlow & { email: string };

/** This browser's live flow of the purpose for the account, once a code has been mailed in it. */
export async function findMemberFlow(
  c: Context<ApiEnv>,
  accountId: string,
  purpose: MemberFlowPurpose,
): Promise<MemberFlow | null> {
  const { db, now } = c.get("deps");
  const flow = await findFlow(db, purpose, flowToken(c, purpose), now());
  // Another member who used this browser before cannot carry on their flow.
  if (!flow || flow.accountId !== accountId || !flow.email) return null;
  return flow as MemberFlow;
}

/** The flow, or 400 AUTH_FLOW_EXPIRED: the member starts the procedure again. */
export async function requireMemberFlow(
  c: Context<ApiEnv>,
  accountId: string,
  purpose: MemberFlowPurpose,
): Promise<MemberFlow> {
  const flow = await findMemberFlow(c, accountId, purpose);
  if (!flow) throw await apiError(c, 400, "AUTH_FLOW_EXPIRED", "flowExpired");
  return flow;
}

/**
 * Mails a code for the purpose to `to`, in this browser's flow (continued, or started). A refused
 * mail (too soon, too many) leaves no new flow behind.
 */
export async function mailMemberCode(
  c: Context<ApiEnv>,
  accountId: string,
  purpose: MemberFlowPurpose,
  to: string,
  /** What the flow's next step needs (the withdrawal survey answers), stored when the code goes out. */
  changes: FlowChanges = {},
): Promise<MemberFlow> {
  const { db, now } = c.get("deps");
  const existing = await findFlow(db, purpose, flowToken(c, purpose), now());
  const token = existing?.accountId === accountId ? flowToken(c, purpose) : undefined;
  const started =
    existing && token ? { token, flow: existing } : await startFlow(db, purpose, now(), { accountId });
  try {
    const sent = await mailCode(c, started.flow, { purpose, to, delivery: "wait", changes });
    setFlowCookie(c, purpose, started.token);
    return sent as MemberFlow;
  } catch (error) {
    if (started.flow !== existing) await endFlow(db, started.flow.id);
    throw error;
  }
}

/** The procedure is done: the flow and its cookie go. */
export async function endMemberFlow(c: Context<ApiEnv>, flow: MemberFlow): Promise<void> {
  await endFlow(c.get("deps").db, flow.id);
  clearFlowCookie(c, flow.purpose as MemberFlowPurpose);
}
