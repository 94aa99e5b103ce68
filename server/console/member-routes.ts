/**
 * The console's member calls under /zapi/console, for support, finance and owners: finding a
 * member and opening their page. Every search and every view is written to the audit trail (who
 * looked for whom, and why).
 */

import { isIP } from "node:net";
import { and, eq, inArray, like, or } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { japanDay } from "../../schemas/japan-time.ts";
import type { ConsoleCancelSubscriptionRequest } from "../../schemas/types/console-cancel-subscription-request.gen.ts";
import type { ConsoleFreeDaysRequest } from "../../schemas/types/console-free-days-request.gen.ts";
import type { ConsoleLiftAddressRequest } from "../../schemas/types/console-lift-address-request.gen.ts";
import type { ConsoleMemberActionRequest } from "../../schemas/types/console-member-action-request.gen.ts";
import type { ConsoleMemberScreenData } from "../../schemas/types/console-member-screen-data.gen.ts";
import type { ConsoleMembersScreenData } from "../../schemas/types/console-members-screen-data.gen.ts";
import type { ConsoleRefundRequest } from "../../schemas/types/console-refund-request.gen.ts";
import type { SurveyAnswers } from "../../schemas/types/survey-answers.gen.ts";
import type { ApiEnv } from "../api/context.ts";
import { invoiceIssuerOf } from "../billing/invoices.ts";
import { type Refund, refundCharge, returnInvoicePath } from "../billing/refunds.ts";
import { endNow, giveFreeDays, requestCancellation } from "../billing/subscriptions.ts";
import type { Db } from "../db/database.ts";
import {
  type AccountEventKind,
  accounts,
  authThrottles,
  backupCodes,
  contracts,
  multiFactorMethods,
  sessions,
} from "../db/schema.ts";
import { MULTI_FACTOR_SETTINGS_PATH } from "../identity/multi-factor-settings.ts";
import { recordAccountEvent } from "../identity/security-record.ts";
import { ApiError } from "../kit/errors.ts";
import { apiError, apiMessage } from "../kit/messages.ts";
import { clientAddress } from "../kit/request-info.ts";
import { checkRequest, REQUEST_SCHEMAS } from "../kit/request-schemas.ts";
import { accountThrottlePrefixes, addressThrottleKeys } from "../kit/throttle.ts";
import { isUuid } from "../kit/tokens.ts";
import { readJsonBody, requestLanguage } from "../kit/validation.ts";
import { sendMailAfterAnswer } from "../mail/send-mail.ts";
import type { MailTemplateName, MailTemplateVars } from "../mail/templates/catalog.ts";
import { planNameOf, planNamesOf } from "../store/catalogue-source.ts";
import { requireRole } from "./console-routes.ts";
import { MEMBER_SEARCH_LIMIT, memberQueryKind, searchMembers } from "./member-search.ts";
import { memberView, REFUND_ROLES, SUPPORT_ROLES } from "./member-view.ts";
import { type AuditAction, recordAudit } from "./staff.ts";
import { cancelTermsOf } from "./staff-cancellation.ts";

/** Who may look members up. */
export const MEMBER_READERS = ["owner", "support", "finance"] as const;

/** The longest query taken: longer ones are cut (an address is at most 254 characters). */
const MAX_QUERY_LENGTH = 254;

/** The longest reason kept with a view of a member's page. */
const MAX_REASON_LENGTH = 200;

export const memberRoutes = new Hono<ApiEnv>()
  .get("/members/screen-data", async (c) => {
    const me = await requireRole(c, MEMBER_READERS);
    const query = (c.req.query("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
    const mayLiftThrottles = SUPPORT_ROLES.includes(me.role);
    if (!query) {
      return c.json<ConsoleMembersScreenData>({
        query,
        kind: null,
        members: [],
        more: false,
        mayLiftThrottles,
      });
    }
    const { db, now } = c.get("deps");
    const found = await searchMembers(db, query, me.role);
    const kind = memberQueryKind(query);
    await recordAudit(
      db,
      { staffId: me.id, ip: clientAddress(c) },
      "member.searched",
      { query, kind, found: Math.min(found.length, MEMBER_SEARCH_LIMIT) },
      now(),
    );
    return c.json<ConsoleMembersScreenData>({
      query,
      kind,
      members: found.slice(0, MEMBER_SEARCH_LIMIT),
      more: found.length > MEMBER_SEARCH_LIMIT,
      mayLiftThrottles,
    });
  })
  .get("/members/:publicId/screen-data", async (c) => {
    const me = await requireRole(c, MEMBER_READERS);
    const reason = (c.req.query("reason") ?? "").trim();
    if (!reason || reason.length > MAX_REASON_LENGTH) {
      const message = await apiMessage(c, "console.viewReason", { max: MAX_REASON_LENGTH });
      throw new ApiError(400, "VALIDATION_ERROR", message, { errors: [{ field: "reason", message }] });
    }
    const { db, now, catalogue } = c.get("deps");
    const publicId = c.req.param("publicId");
    const view = await memberView(db, publicId, me.role, {
      now: now(),
      catalogue: catalogue.current(),
      language: requestLanguage(c),
    });
    if (!view) throw await apiError(c, 404, "MEMBER_NOT_FOUND", "console.memberNotFound");
    await recordAudit(
      db,
      { staffId: me.id, ip: clientAddress(c) },
      "member.viewed",
      { publicId, reason },
      now(),
    );
    return c.json<ConsoleMemberScreenData>(view);
  })
  // Logs the member out on every device: the member's browser is signed out on its next request.
  .post("/members/:publicId/end-sessions", (c) =>
    memberAction(c, "member.sessions-ended", "sessions-ended", async (tx, account) => {
      const ended = await tx
        .delete(sessions)
        .where(eq(sessions.accountId, account.id))
        .returning({ tokenHash: sessions.tokenHash });
      const mail = {
        template: "sessionsEndedBySupport" as const,
        vars: { endedAt: c.get("deps").now(), loginUrl: `${c.get("deps").publicOrigin}/login` },
      };
      return { detail: { sessions: ended.length }, answer: { ended: ended.length }, mail };
    }),
  )
  // After an identity check the reason names: the member signs in with the password alone and
  // sets two-step verification up again.
  .post("/members/:publicId/remove-second-factors", (c) =>
    memberAction(c, "member.second-factors-removed", "second-factors-removed", async (tx, account) => {
      const removed = await tx
        .delete(multiFactorMethods)
        .where(eq(multiFactorMethods.accountId, account.id))
        .returning({ type: multiFactorMethods.type });
      await tx.delete(backupCodes).where(eq(backupCodes.accountId, account.id));
      await tx.update(accounts).set({ preferredMultiFactorType: null }).where(eq(accounts.id, account.id));
      const types = removed.map((method) => method.type);
      const mail = {
        template: "secondFactorsRemovedBySupport" as const,
        vars: {
          removedAt: c.get("deps").now(),
          settingsUrl: `${c.get("deps").publicOrigin}${MULTI_FACTOR_SETTINGS_PATH}`,
        },
      };
      return { detail: { removed: types }, answer: { removed: types }, mail };
    }),
  )
  // The member never received the verification or let it lapse: a mail to the login address
  // sends them to the page that mails the code.
  .post("/members/:publicId/resend-verification", (c) =>
    memberAction(c, "member.verification-resent", "verification-resent", async (_tx, account) => {
      if (!account.email) throw await apiError(c, 409, "NO_EMAIL", "console.noEmail");
      if (account.emailVerifiedAt)
        throw await apiError(c, 409, "ALREADY_VERIFIED", "console.alreadyVerified");
      const mail = {
        template: "emailVerificationReminder" as const,
        vars: { verifyUrl: `${c.get("deps").publicOrigin}/mypage/email/verify` },
        to: account.email,
      };
      return { detail: {}, answer: { sent: true }, mail };
    }),
  )
  // The member's own tries count again from nothing: failed logins, code and password guesses at
  // this account, by any browser or address.
  .post("/members/:publicId/lift-throttles", (c) =>
    memberAction(c, "member.throttles-lifted", "login-limits-lifted", async (tx, account) => {
      const lifted = await tx
        .delete(authThrottles)
        .where(
          or(...accountThrottlePrefixes(account.id).map((prefix) => like(authThrottles.key, `${prefix}%`))),
        )
        .returning({ key: authThrottles.key });
      return { detail: { lifted: lifted.length }, answer: { lifted: lifted.length }, mail: null };
    }),
  )
  // A client address slowed for everyone behind it (an office, a carrier's shared address): its
  // counters at every account and mailbox go.
  .post("/throttles/lift", async (c) => {
    const me = await requireRole(c, SUPPORT_ROLES);
    const ask = await checkRequest<ConsoleLiftAddressRequest>(
      c,
      REQUEST_SCHEMAS.consoleLiftAddress,
      await readJsonBody(c),
    );
    const address = ask.address.trim().toLowerCase();
    if (isIP(address) === 0) {
      const message = await apiMessage(c, "console.addressInvalid");
      throw new ApiError(400, "VALIDATION_ERROR", message, { errors: [{ field: "address", message }] });
    }
    const { db, now } = c.get("deps");
    const keys = addressThrottleKeys(address);
    const lifted = await db.transaction(async (tx) => {
      const gone = await tx
        .delete(authThrottles)
        .where(or(inArray(authThrottles.key, keys.exact), like(authThrottles.key, `%${keys.endingWith}`)))
        .returning({ key: authThrottles.key });
      const detail = { address, lifted: gone.length, reason: ask.reason.trim() };
      await recordAudit(
        tx,
        { staffId: me.id, ip: clientAddress(c) },
        "throttles.address-lifted",
        detail,
        now(),
      );
      return gone.length;
    });
    return c.json({ lifted });
  })
  .post("/members/:publicId/subscriptions/:contractId/free-days", freeDays)
  .post("/members/:publicId/refunds", refund)
  .post("/members/:publicId/subscriptions/:contractId/cancel", cancelSubscription);

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Account = typeof accounts.$inferSelect;

async function memberOr404(c: Context<ApiEnv>): Promise<Account> {
  const publicId = c.req.param("publicId") ?? "";
  const { db } = c.get("deps");
  const [account] = await db.select().from(accounts).where(eq(accounts.publicId, publicId)).limit(1);
  if (!account) throw await apiError(c, 404, "MEMBER_NOT_FOUND", "console.memberNotFound");
  return account;
}

/**
 * The account's security record of a support action: what and when, marked as support's (the
 * reason and the staff member stay in the audit trail).
 */
function supportEvent(
  c: Context<ApiEnv>,
  db: Pick<Db, "insert">,
  account: Account,
  kind: AccountEventKind,
  detail: Record<string, unknown>,
): Promise<void> {
  return recordAccountEvent(db, {
    accountId: account.id,
    kind,
    detail,
    bySupport: true,
    ip: clientAddress(c),
    at: c.get("deps").now(),
  });
}

/** Where the member is told: the contact address they gave, else the login one (unless the mail names one). */
function memberMail<Name extends MailTemplateName>(
  c: Context<ApiEnv>,
  account: Account,
  mail: { template: Name; vars: MailTemplateVars[Name]; to?: string },
  what: string,
): void {
  const to = mail.to ?? account.contactEmail ?? account.email;
  if (!to) return;
  sendMailAfterAnswer(
    c.get("deps"),
    { to, language: account.language ?? "ja", template: mail.template, vars: mail.vars },
    what,
  );
}

/**
 * Finance and owners give back all or part of a member's charge. The form's idempotency key makes
 * the form sent twice one refund; what is left of the charge bounds it (server/billing/refunds.ts).
 * The audit trail keeps who, why and how much; the member gets the return invoice's link by mail.
 */
async function refund(c: Context<ApiEnv>): Promise<Response> {
  const me = await requireRole(c, REFUND_ROLES);
  const ask = await checkRequest<ConsoleRefundRequest>(
    c,
    REQUEST_SCHEMAS.consoleRefund,
    await readJsonBody(c),
  );
  const account = await memberOr404(c);
  const deps = c.get("deps");
  const now = deps.now();
  const reason = ask.reason.trim();
  const result = await refundCharge(deps.db, deps.payments, {
    accountId: account.id,
    chargeId: ask.chargeId,
    amount: ask.amount,
    idempotencyKey: `console:${ask.idempotencyKey}`,
    staffId: me.id,
    reason,
    issuer: invoiceIssuerOf(deps.store.current().settings),
    planNames: (planId) => planNamesOf(deps.catalogue.current(), planId),
    now,
  });
  if (result.status === "notFound")
    throw await apiError(c, 404, "REFUND_NOT_FOUND", "console.refundNotFound");
  if (result.status === "keyReused")
    throw await apiError(c, 409, "IDEMPOTENCY_KEY_REUSED", "console.refundKeyReused");
  if (result.status === "exceedsLeft") {
    const message = await apiMessage(c, "console.refundExceedsLeft", { left: result.left });
    throw new ApiError(409, "REFUND_EXCEEDS_LEFT", message, {
      left: result.left,
      errors: [{ field: "amount", message }],
    });
  }
  const { refund: made } = result;
  if (result.made || result.settled) {
    const detail = {
      publicId: account.publicId,
      chargeId: made.chargeId,
      refundId: made.id,
      amount: made.amount,
      status: made.status,
      reason: made.reason,
    };
    await recordAudit(deps.db, { staffId: me.id, ip: clientAddress(c) }, "member.refunded", detail, now);
  }
  if (result.settled && made.status === "succeeded") {
    await supportEvent(c, deps.db, account, "refunded", { chargeId: made.chargeId, amount: made.amount });
  }
  if (result.settled && made.status === "succeeded") refundMail(c, account, made);
  if (made.status === "failed") {
    const code = made.failureCode ?? "";
    throw await apiError(c, 502, "REFUND_FAILED", "console.refundFailed", { params: { code } });
  }
  if (made.status === "pending") throw await apiError(c, 409, "REFUND_PENDING", "console.refundPending");
  return c.json({
    refundId: made.id,
    amount: made.amount,
    taxAmount: made.taxAmount,
    returnInvoiceNumber: made.returnInvoiceNumber,
  });
}
/**
 * Support ends a member's subscription at its period's end (as the member would) or at once —
 * access ends now — and an owner, who may also refund, may give back the unused days: the amount
 * the page showed, computed again here from the books, once per subscription whatever is resent.
 * Recorded with the reason; the member is mailed (and mailed the return invoice of a refund).
 */
async function cancelSubscription(c: Context<ApiEnv>): Promise<Response> {
  const me = await requireRole(c, SUPPORT_ROLES);
  const ask = await checkRequest<ConsoleCancelSubscriptionRequest>(
    c,
    REQUEST_SCHEMAS.consoleCancelSubscription,
    await readJsonBody(c),
  );
  const refundAsked = ask.refund === true;
  if (refundAsked && !REFUND_ROLES.includes(me.role)) {
    throw await apiError(c, 403, "CONSOLE_FORBIDDEN", "console.forbidden");
  }
  if (refundAsked && ask.when !== "now") {
    throw await apiError(c, 400, "REFUND_NEEDS_NOW", "console.refundNeedsNow");
  }
  const account = await memberOr404(c);
  const deps = c.get("deps");
  const now = deps.now();
  const contractId = c.req.param("contractId") ?? "";
  const [contract] = isUuid(contractId)
    ? await deps.db
        .select()
        .from(contracts)
        .where(and(eq(contracts.id, contractId), eq(contracts.accountId, account.id)))
    : [];
  if (contract?.planType !== "subscription") {
    throw await apiError(c, 404, "SUBSCRIPTION_NOT_FOUND", "console.subscriptionNotFound");
  }
  const terms = await cancelTermsOf(deps.db, contract, deps.catalogue.current(), now);
  if (!terms) throw await apiError(c, 409, "NOT_CANCELLABLE", "console.notCancellable");
  const surveyAnswers: SurveyAnswers = [];
  const cancelled =
    ask.when === "now"
      ? await endNow(deps.db, account.id, contractId, now)
      : await requestCancellation(deps.db, account.id, contractId, surveyAnswers, now);
  if (!cancelled.ok) {
    throw await apiError(c, 409, "NOT_CANCELLABLE", "console.notCancellable");
  }
  const reason = ask.reason.trim();
  let refunded = 0;
  if (refundAsked && terms.proratedRefund > 0 && terms.chargeId) {
    const result = await refundCharge(deps.db, deps.payments, {
      accountId: account.id,
      chargeId: terms.chargeId,
      amount: terms.proratedRefund,
      // One prorated refund per subscription, however often the cancellation is sent.
      idempotencyKey: `console:cancel:${contractId}`,
      staffId: me.id,
      reason,
      issuer: invoiceIssuerOf(deps.store.current().settings),
      planNames: (planId) => planNamesOf(deps.catalogue.current(), planId),
      now,
    });
    if (result.status === "succeeded") {
      refunded = result.refund.amount;
      if (result.settled) refundMail(c, account, result.refund);
    }
  }
  const language = account.language ?? "ja";
  await recordAudit(
    deps.db,
    { staffId: me.id, ip: clientAddress(c) },
    "member.subscription-cancelled",
    { publicId: account.publicId, contractId, when: ask.when, refunded, reason },
    now,
  );
  await supportEvent(c, deps.db, account, "subscription-cancelled", { contractId, when: ask.when, refunded });
  const vars = {
    planName: planNameOf(deps.catalogue.current(), contract.planId, language),
    timing: ask.when,
    endDay: ask.when === "now" ? japanDay(now) : (terms.periodEndDay ?? japanDay(now)),
    refundAmount: refunded,
    plansUrl: `${deps.publicOrigin}/plans`,
  };
  memberMail(c, account, { template: "subscriptionCancelledBySupport", vars }, "the cancellation notice");
  return c.json({ status: cancelled.subscription.subscriptionStatus, refunded });
}

/**
 * Support moves a subscription's next payment later: free days, with a reason; the member is told
 * the new day by mail.
 */
async function freeDays(c: Context<ApiEnv>): Promise<Response> {
  const me = await requireRole(c, SUPPORT_ROLES);
  const ask = await checkRequest<ConsoleFreeDaysRequest>(
    c,
    REQUEST_SCHEMAS.consoleFreeDays,
    await readJsonBody(c),
  );
  const account = await memberOr404(c);
  const deps = c.get("deps");
  const now = deps.now();
  const contractId = c.req.param("contractId") ?? "";
  const given = await giveFreeDays(deps.db, account.id, contractId, ask.days, now);
  if (!given.ok) {
    throw given.refusal === "notFound"
      ? await apiError(c, 404, "SUBSCRIPTION_NOT_FOUND", "console.subscriptionNotFound")
      : await apiError(c, 409, "NO_FREE_DAYS", "console.noFreeDays");
  }
  const nextPaymentDay = given.subscription.nextSettlementDay ?? "";
  await recordAudit(
    deps.db,
    { staffId: me.id, ip: clientAddress(c) },
    "member.free-days-given",
    { publicId: account.publicId, contractId, days: ask.days, nextPaymentDay, reason: ask.reason.trim() },
    now,
  );
  await supportEvent(c, deps.db, account, "free-days-given", { contractId, days: ask.days, nextPaymentDay });
  const vars = {
    planName: planNameOf(deps.catalogue.current(), given.subscription.planId, account.language ?? "ja"),
    days: ask.days,
    nextPaymentDay,
    subscriptionUrl: `${deps.publicOrigin}/mypage/subscription/${contractId}`,
  };
  memberMail(c, account, { template: "freeDaysGiven", vars }, "the free days notice");
  return c.json({ nextPaymentDay });
}

/** The member's mail with the link to a refund's return invoice. */
function refundMail(c: Context<ApiEnv>, account: Account, made: Refund): void {
  const vars = {
    planName: (account.language === "en" && made.planNameEn) || made.planName,
    amount: made.amount,
    taxAmount: made.taxAmount,
    refundedAt: made.settledAt ?? c.get("deps").now(),
    chargedAt: made.chargedAt,
    returnInvoiceUrl: `${c.get("deps").publicOrigin}${returnInvoicePath(made.id)}`,
  };
  memberMail(c, account, { template: "refundMade", vars }, "the refund notice");
}

/**
 * A support action on a member's account: support and owners only, with a reason; what it changes,
 * its audit entry and the account's security record in one transaction; then the member told by
 * mail where it changed something.
 */
async function memberAction<Name extends MailTemplateName>(
  c: Context<ApiEnv>,
  audit: AuditAction,
  event: AccountEventKind,
  change: (
    tx: Tx,
    account: Account,
  ) => Promise<{
    detail: Record<string, unknown>;
    answer: Record<string, unknown>;
    /** What the member is told, and where (the contact address unless said); null: nothing to tell. */
    mail: { template: Name; vars: MailTemplateVars[Name]; to?: string } | null;
  }>,
): Promise<Response> {
  const me = await requireRole(c, SUPPORT_ROLES);
  const { reason } = await checkRequest<ConsoleMemberActionRequest>(
    c,
    REQUEST_SCHEMAS.consoleMemberAction,
    await readJsonBody(c),
  );
  const deps = c.get("deps");
  const account = await memberOr404(c);
  const done = await deps.db.transaction(async (tx) => {
    const result = await change(tx, account);
    const detail = { publicId: account.publicId, reason: reason.trim(), ...result.detail };
    await recordAudit(tx, { staffId: me.id, ip: clientAddress(c) }, audit, detail, deps.now());
    await supportEvent(c, tx, account, event, result.detail);
    return result;
  });
  if (done.mail) memberMail(c, account, done.mail, `the ${audit} notice`);
  return c.json(done.answer);
}
