/**
 * The sandbox card processor (ADR 0028): what SB Payment Service does on its side, on its own
 * tables. The browser's token scripts call `createCardToken` / `createTds2Token` through
 * /sandbox-pay/api/*; the merchant side reaches the rest only through the PaymentProvider in
 * ./sandbox-provider.ts.
 */
import { and, eq, gt, isNotNull, isNull, or, sql } from "drizzle-orm";
import {
  cardDigits,
  detectCardBrand,
  isExpiryInFuture,
  passesLuhn,
  securityCodeLength,
} from "../../../schemas/card.ts";
import type { PaymentMethodType } from "../../../schemas/types/payment-method.gen.ts";
import type { Db } from "../../db/database.ts";
import {
  sandboxActions,
  sandboxCardTokens,
  sandboxCharges,
  sandboxMethods,
  sandboxRefunds,
  sandboxTds2Tokens,
} from "../../db/schema.ts";
import { hashToken, randomToken } from "../../kit/tokens.ts";
import type {
  CardRegistration,
  Charge,
  ChargeAuthentication,
  ChargeOutcome,
  Failure,
  FailureKind,
  MethodOutcome,
  ProviderMethod,
  RefundOutcome,
  RefundRequest,
  RequiredAction,
} from "../provider.ts";
import { behaviourOfCard } from "./test-cards.ts";

/** The merchant account the sandbox serves (the store's paymentProvider ids). */
export interface SandboxMerchant {
  merchantId: string;
  serviceId: string;
}

/** A token lives as long as a member may take to press the button after typing the card. */
export const TOKEN_LIFETIME_MS = 30 * 60 * 1000;
/** A challenge or an approval page waits this long for the member. */
export const ACTION_LIFETIME_MS = 30 * 60 * 1000;
/** Where the sandbox's own pages are served (server/payments/sandbox/routes.ts). */
export const SANDBOX_BASE_PATH = "/sandbox-pay";

/** Processor codes of failures after the token step (the token step answers spec §8's codes). */
export const SANDBOX_FAILURES = {
  tokenInvalid: "TOKEN_INVALID",
  tokenUsed: "TOKEN_USED",
  tokenOfAnotherCustomer: "TOKEN_OF_ANOTHER_CUSTOMER",
  tds2TokenInvalid: "TDS2_TOKEN_INVALID",
  cardDeclined: "CARD_DECLINED",
  challengeFailed: "CHALLENGE_FAILED",
  approvalCancelled: "APPROVAL_CANCELLED",
  actionNotFound: "ACTION_NOT_FOUND",
  methodNotFound: "METHOD_NOT_FOUND",
  idempotencyKeyReused: "IDEMPOTENCY_KEY_REUSED",
  invalidAmount: "INVALID_AMOUNT",
  refundExceedsCharge: "REFUND_EXCEEDS_CHARGE",
  chargeNotFound: "CHARGE_NOT_FOUND",
} as const;

type SandboxFailureCode = (typeof SANDBOX_FAILURES)[keyof typeof SANDBOX_FAILURES];

const FAILURE_KINDS: Record<SandboxFailureCode, FailureKind> = {
  TOKEN_INVALID: "token",
  TOKEN_USED: "token",
  TOKEN_OF_ANOTHER_CUSTOMER: "token",
  TDS2_TOKEN_INVALID: "token",
  CARD_DECLINED: "declined",
  CHALLENGE_FAILED: "authentication",
  APPROVAL_CANCELLED: "cancelled",
  ACTION_NOT_FOUND: "notFound",
  METHOD_NOT_FOUND: "notFound",
  IDEMPOTENCY_KEY_REUSED: "invalidRequest",
  INVALID_AMOUNT: "invalidRequest",
  REFUND_EXCEEDS_CHARGE: "invalidRequest",
  CHARGE_NOT_FOUND: "notFound",
};

/** The sandbox never fails for a reason a retry could mend: it has no network or outage to lose. */
const failed = (code: SandboxFailureCode): Failure => ({
  status: "failed",
  kind: FAILURE_KINDS[code],
  code,
  retryable: false,
});

// ---------- Tokens (the browser's calls) ----------

export type TokenAnswer =
  | {
      result: "OK";
      tokenResponse: {
        token: string;
        tokenKey: string;
        maskedCcNumber: string;
        ccExpiration: string;
        cardBrandCode: string;
      };
    }
  | { result: "NG"; errorCode: string };

export type Tds2TokenAnswer =
  | { result: "OK"; tokenResponse: { token: string; tokenKey: string } }
  | { result: "NG"; errorCode: string };

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** Spec §8: two characters of kind (03 required, 04 invalid value, 05 length, 07 invalid) and three of item. */
function merchantError(input: Record<string, unknown>, merchant: SandboxMerchant): string | null {
  const merchantId = text(input.merchantId);
  if (!merchantId) return "03001";
  if (merchantId !== merchant.merchantId) return "04001";
  const serviceId = text(input.serviceId);
  if (!serviceId) return "03002";
  if (serviceId !== merchant.serviceId) return "04002";
  return null;
}

/** The error code of a card token request, or null when the card may be tokenised. */
export function cardTokenError(
  input: Record<string, unknown>,
  merchant: SandboxMerchant,
  now: Date,
): string | null {
  const merchantProblem = merchantError(input, merchant);
  if (merchantProblem) return merchantProblem;
  const number = text(input.ccNumber);
  if (!number) return "03003";
  if (!/^[0-9]+$/.test(number)) return "04003";
  if (number.length < 14 || number.length > 16) return "05003";
  if (!passesLuhn(number)) return "07003";
  const expiration = text(input.ccExpiration);
  if (!expiration) return "03004";
  const expiry = /^(20[0-9]{2})(0[1-9]|1[0-2])$/.exec(expiration);
  if (!expiry?.[1] || !expiry[2]) return "04004";
  if (!isExpiryInFuture(expiry[2], expiry[1].slice(2), now)) return "07004";
  const code = text(input.securityCode);
  if (!code) return "03005";
  if (!/^[0-9]+$/.test(code)) return "04005";
  if (code.length !== securityCodeLength(detectCardBrand(number))) return "05005";
  return null;
}

/** token.js's call: the card becomes a one-time token; the sandbox keeps only its summary. */
export async function createCardToken(
  db: Db,
  merchant: SandboxMerchant,
  input: Record<string, unknown>,
  now: Date,
): Promise<TokenAnswer> {
  const errorCode = cardTokenError(input, merchant, now);
  if (errorCode) return { result: "NG", errorCode };
  const number = cardDigits(text(input.ccNumber));
  const expiry = text(input.ccExpiration);
  const brand = detectCardBrand(number);
  const token = randomToken(24);
  const tokenKey = randomToken(24);
  await db.insert(sandboxCardTokens).values({
    tokenHash: hashToken(token),
    tokenKeyHash: hashToken(tokenKey),
    merchantId: merchant.merchantId,
    brand,
    last4: number.slice(-4),
    expiry,
    behaviour: behaviourOfCard(number),
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS),
  });
  return {
    result: "OK",
    tokenResponse: {
      token,
      tokenKey,
      maskedCcNumber: `${"*".repeat(number.length - 4)}${number.slice(-4)}`,
      ccExpiration: expiry,
      cardBrandCode: brand,
    },
  };
}

/** tds2.js's call: the card holder's 3-D Secure 2 data becomes a one-time info token. */
export async function createTds2Token(
  db: Db,
  merchant: SandboxMerchant,
  input: Record<string, unknown>,
  now: Date,
): Promise<Tds2TokenAnswer> {
  const errorCode = merchantError(input, merchant);
  if (errorCode) return { result: "NG", errorCode };
  const token = randomToken(24);
  const tokenKey = randomToken(24);
  await db.insert(sandboxTds2Tokens).values({
    tokenHash: hashToken(token),
    tokenKeyHash: hashToken(tokenKey),
    merchantId: merchant.merchantId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS),
  });
  return { result: "OK", tokenResponse: { token, tokenKey } };
}

// ---------- Methods ----------

type MethodRow = typeof sandboxMethods.$inferSelect;

function providerMethod(row: MethodRow): ProviderMethod {
  return {
    ref: row.ref,
    type: row.type,
    card:
      row.brand && row.last4 && row.expiry
        ? { brand: row.brand, last4: row.last4, expiry: row.expiry }
        : null,
    account: row.account,
  };
}

/**
 * Spends a card token: single use, bound to the first customer that presents it (a second
 * presentation, or another customer's, is refused), then registers the card or asks for the
 * 3-D Secure challenge the test card calls for.
 */
export async function registerCard(
  db: Db,
  merchant: SandboxMerchant,
  input: CardRegistration,
  now: Date,
): Promise<MethodOutcome> {
  const tokenHash = hashToken(input.token);
  const [spent] = await db
    .update(sandboxCardTokens)
    .set({ usedAt: now, customerRef: input.customerRef })
    .where(
      and(
        eq(sandboxCardTokens.tokenHash, tokenHash),
        eq(sandboxCardTokens.tokenKeyHash, hashToken(input.tokenKey)),
        eq(sandboxCardTokens.merchantId, merchant.merchantId),
        isNull(sandboxCardTokens.usedAt),
        gt(sandboxCardTokens.expiresAt, now),
      ),
    )
    .returning();
  if (!spent) {
    const [known] = await db
      .select()
      .from(sandboxCardTokens)
      .where(eq(sandboxCardTokens.tokenHash, tokenHash));
    if (known?.usedAt && known.customerRef && known.customerRef !== input.customerRef) {
      return failed(SANDBOX_FAILURES.tokenOfAnotherCustomer);
    }
    if (known?.usedAt) return failed(SANDBOX_FAILURES.tokenUsed);
    return failed(SANDBOX_FAILURES.tokenInvalid);
  }
  if (spent.behaviour === "decline") return failed(SANDBOX_FAILURES.cardDeclined);

  const challenge = spent.behaviour === "challenge";
  if (challenge && !(await spendTds2Token(db, merchant, input, now))) {
    return failed(SANDBOX_FAILURES.tds2TokenInvalid);
  }
  const [method] = await db
    .insert(sandboxMethods)
    .values({
      ref: `pm_${randomToken(18)}`,
      merchantId: merchant.merchantId,
      customerRef: input.customerRef,
      type: "SbpsCredit",
      brand: spent.brand,
      last4: spent.last4,
      expiry: spent.expiry,
      behaviour: spent.behaviour,
      status: challenge ? "pending" : "active",
      createdAt: now,
    })
    .returning();
  if (!method) throw new Error("the sandbox method was not stored");
  if (!challenge) return { status: "succeeded", method: providerMethod(method) };
  return {
    status: "requires_action",
    action: await createAction(db, method.ref, "challenge", input.returnUrl, now),
  };
}

async function spendTds2Token(
  db: Db,
  merchant: SandboxMerchant,
  input: { tds2Token?: string; tds2TokenKey?: string },
  now: Date,
): Promise<boolean> {
  if (!input.tds2Token || !input.tds2TokenKey) return false;
  const spent = await db
    .update(sandboxTds2Tokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(sandboxTds2Tokens.tokenHash, hashToken(input.tds2Token)),
        eq(sandboxTds2Tokens.tokenKeyHash, hashToken(input.tds2TokenKey)),
        eq(sandboxTds2Tokens.merchantId, merchant.merchantId),
        isNull(sandboxTds2Tokens.usedAt),
        gt(sandboxTds2Tokens.expiresAt, now),
      ),
    )
    .returning({ tokenHash: sandboxTds2Tokens.tokenHash });
  return spent.length === 1;
}

async function createAction(
  db: Db,
  methodRef: string,
  kind: "challenge" | "approval",
  returnUrl: string,
  now: Date,
  chargeRef: string | null = null,
): Promise<RequiredAction> {
  const ref = `act_${randomToken(18)}`;
  await db.insert(sandboxActions).values({
    ref,
    methodRef,
    kind,
    chargeRef,
    returnUrl,
    status: "pending",
    createdAt: now,
    expiresAt: new Date(now.getTime() + ACTION_LIFETIME_MS),
  });
  return actionOf(ref);
}

/** Where the member answers an action: the sandbox's own page (routes.ts). */
const actionOf = (ref: string): RequiredAction => ({
  actionRef: ref,
  url: `${SANDBOX_BASE_PATH}/action/${ref}`,
  method: "GET",
  params: {},
});

/** PayPal and the carriers: a pending method, approved or cancelled on the sandbox's page. */
export async function startRedirect(
  db: Db,
  merchant: SandboxMerchant,
  input: { customerRef: string; type: PaymentMethodType; returnUrl: string },
  now: Date,
): Promise<RequiredAction> {
  const ref = `pm_${randomToken(18)}`;
  await db.insert(sandboxMethods).values({
    ref,
    merchantId: merchant.merchantId,
    customerRef: input.customerRef,
    type: input.type,
    behaviour: "succeed",
    status: "pending",
    createdAt: now,
  });
  const action = await createAction(db, ref, "approval", input.returnUrl, now);
  // The carriers are entered by a form post (spec §7 link: {linkUrl, params}); PayPal by a visit.
  if (input.type === "PaypalNvp" || input.type === "PaypalRest") return action;
  return {
    ...action,
    method: "POST",
    params: { merchantId: merchant.merchantId, actionRef: action.actionRef },
  };
}

export interface SandboxActionView {
  ref: string;
  kind: "challenge" | "approval";
  type: PaymentMethodType;
  card: ProviderMethod["card"];
  /** A charge's challenge: the amount in yen the member authenticates (null for a registration). */
  amount: number | null;
  returnUrl: string;
}

/** An action still waiting for the member's answer. */
const openAction = (ref: string, now: Date) =>
  and(eq(sandboxActions.ref, ref), eq(sandboxActions.status, "pending"), gt(sandboxActions.expiresAt, now));

/** A pending action the sandbox's page shows, or null when it is unknown, decided or expired. */
export async function findPendingAction(db: Db, ref: string, now: Date): Promise<SandboxActionView | null> {
  const [row] = await db
    .select({ action: sandboxActions, method: sandboxMethods, amount: sandboxCharges.amount })
    .from(sandboxActions)
    .innerJoin(sandboxMethods, eq(sandboxMethods.ref, sandboxActions.methodRef))
    .leftJoin(sandboxCharges, eq(sandboxCharges.ref, sandboxActions.chargeRef))
    .where(openAction(ref, now));
  if (!row) return null;
  return {
    ref,
    kind: row.action.kind,
    type: row.method.type,
    card: providerMethod(row.method).card,
    amount: row.amount,
    returnUrl: row.action.returnUrl,
  };
}

/**
 * An account as PayPal or a carrier tells the merchant of it: an e-mail with its name hidden but
 * the first letter, a phone number with its last four digits only; anything else, nothing.
 */
export function maskedAccount(account: string): string | null {
  const email = /^([^@\s])[^@\s]*@([^@\s]+\.[^@\s]+)$/.exec(account.trim());
  if (email) return `${email[1]}***@${email[2]}`;
  const digits = account.replace(/[\s-]/g, "");
  return /^0\d{9,10}$/.test(digits) ? `***-****-${digits.slice(-4)}` : null;
}

/**
 * The member's answer on the sandbox's page (with the account they approved with, for PayPal or
 * a carrier); the return URL to send the browser to, or null.
 */
export async function decideAction(
  db: Db,
  ref: string,
  approve: boolean,
  now: Date,
  account: string | null = null,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [decided] = await tx
      .update(sandboxActions)
      .set({ status: approve ? "approved" : "refused" })
      .where(openAction(ref, now))
      .returning({
        returnUrl: sandboxActions.returnUrl,
        kind: sandboxActions.kind,
        methodRef: sandboxActions.methodRef,
      });
    const masked = approve && decided?.kind === "approval" && account ? maskedAccount(account) : null;
    if (decided && masked) {
      await tx
        .update(sandboxMethods)
        .set({ account: masked })
        .where(eq(sandboxMethods.ref, decided.methodRef));
    }
    return decided?.returnUrl ?? null;
  });
}

/** An action the merchant has not asked about yet, whatever the member answered (or not). */
const undecidedOrDecided = or(
  eq(sandboxActions.status, "pending"),
  eq(sandboxActions.status, "approved"),
  eq(sandboxActions.status, "refused"),
);

/**
 * The merchant asks how an action ended, once: approved makes the method usable; refused, or left
 * undecided, fails; an action of another customer, or one asked about before, is not found.
 */
export async function completeAction(
  db: Db,
  merchant: SandboxMerchant,
  customerRef: string,
  ref: string,
): Promise<MethodOutcome> {
  return db.transaction(async (tx) => {
    const row = await takeAction(tx, merchant, customerRef, ref, "registration");
    if (!row) return failed(SANDBOX_FAILURES.actionNotFound);
    if (row.action.status !== "approved") {
      await tx
        .update(sandboxMethods)
        .set({ status: "removed" })
        .where(eq(sandboxMethods.ref, row.method.ref));
      return failed(
        row.action.kind === "challenge"
          ? SANDBOX_FAILURES.challengeFailed
          : SANDBOX_FAILURES.approvalCancelled,
      );
    }
    const [method] = await tx
      .update(sandboxMethods)
      .set({ status: "active" })
      .where(eq(sandboxMethods.ref, row.method.ref))
      .returning();
    if (!method) throw new Error("the sandbox method vanished");
    return { status: "succeeded", method: providerMethod(method) };
  });
}

/**
 * Takes an action of this customer that the merchant has not asked about, once (it is marked
 * completed): a method's registration, or a charge's challenge. Null when it is unknown, another
 * customer's, of the other kind, or taken before. Locked, so two returns cannot both take it.
 */
async function takeAction(
  tx: Db,
  merchant: SandboxMerchant,
  customerRef: string,
  ref: string,
  of: "registration" | "charge",
) {
  const [row] = await tx
    .select({ action: sandboxActions, method: sandboxMethods })
    .from(sandboxActions)
    .innerJoin(sandboxMethods, eq(sandboxMethods.ref, sandboxActions.methodRef))
    .where(
      and(
        eq(sandboxActions.ref, ref),
        of === "charge" ? isNotNull(sandboxActions.chargeRef) : isNull(sandboxActions.chargeRef),
        eq(sandboxMethods.merchantId, merchant.merchantId),
        eq(sandboxMethods.customerRef, customerRef),
        undecidedOrDecided,
      ),
    )
    .for("update");
  if (!row) return null;
  await tx.update(sandboxActions).set({ status: "completed" }).where(eq(sandboxActions.ref, ref));
  return row;
}

export async function removeMethod(db: Db, merchant: SandboxMerchant, customerRef: string, ref: string) {
  await db
    .update(sandboxMethods)
    .set({ status: "removed" })
    .where(
      and(
        eq(sandboxMethods.ref, ref),
        eq(sandboxMethods.merchantId, merchant.merchantId),
        eq(sandboxMethods.customerRef, customerRef),
      ),
    );
}

/** Billing tests (README): the method's next charge is declined, once. */
export async function failNextCharge(db: Db, methodRef: string): Promise<boolean> {
  const marked = await db
    .update(sandboxMethods)
    .set({ failNextCharge: true })
    .where(and(eq(sandboxMethods.ref, methodRef), eq(sandboxMethods.status, "active")))
    .returning({ ref: sandboxMethods.ref });
  return marked.length === 1;
}

// ---------- Charges ----------

type ChargeRow = typeof sandboxCharges.$inferSelect;

function chargeOf(row: ChargeRow): Charge {
  return {
    ref: row.ref,
    idempotencyKey: row.idempotencyKey,
    methodRef: row.methodRef,
    amount: row.amount,
    refundedAmount: row.refundedAmount,
  };
}

/**
 * What a recorded charge came to: taken, declined (with the processor's reason), or still waiting
 * for its challenge — which fails once the challenge's time is up unanswered.
 */
export async function chargeOutcome(db: Db, row: ChargeRow, now: Date): Promise<ChargeOutcome> {
  if (row.status === "failed") {
    const code = Object.values(SANDBOX_FAILURES).find((known) => known === row.failureCode);
    return failed(code ?? SANDBOX_FAILURES.cardDeclined);
  }
  if (row.status === "succeeded") return { status: "succeeded", charge: chargeOf(row) };
  const [open] = await db
    .select({ ref: sandboxActions.ref })
    .from(sandboxActions)
    .where(
      and(
        eq(sandboxActions.chargeRef, row.ref),
        eq(sandboxActions.status, "pending"),
        gt(sandboxActions.expiresAt, now),
      ),
    );
  return open
    ? { status: "requires_action", action: actionOf(open.ref) }
    : failed(SANDBOX_FAILURES.challengeFailed);
}

export interface ChargeInput {
  methodRef: string;
  customerRef: string;
  amount: number;
  idempotencyKey: string;
  authentication?: ChargeAuthentication;
}

/**
 * Charges a method once per idempotency key: the first request decides (and is recorded, a
 * decline too); a repeat — later or at the same moment, from any process — answers that same
 * charge. The unique (merchant, key) index makes a concurrent repeat wait for the first to commit.
 */
export async function charge(
  db: Db,
  merchant: SandboxMerchant,
  input: ChargeInput,
  now: Date,
): Promise<ChargeOutcome> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) return failed(SANDBOX_FAILURES.invalidAmount);
  const [method] = await db
    .select()
    .from(sandboxMethods)
    .where(
      and(
        eq(sandboxMethods.ref, input.methodRef),
        eq(sandboxMethods.merchantId, merchant.merchantId),
        eq(sandboxMethods.customerRef, input.customerRef),
        eq(sandboxMethods.status, "active"),
      ),
    );
  if (!method) {
    const earlier = await findCharge(db, merchant, input.idempotencyKey);
    return earlier ? answerRepeat(db, earlier, input, now) : failed(SANDBOX_FAILURES.methodNotFound);
  }
  const inserted = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sandboxCharges)
      .values({
        ref: `ch_${randomToken(18)}`,
        merchantId: merchant.merchantId,
        idempotencyKey: input.idempotencyKey,
        methodRef: method.ref,
        amount: input.amount,
        status: "succeeded",
        createdAt: now,
      })
      .onConflictDoNothing({ target: [sandboxCharges.merchantId, sandboxCharges.idempotencyKey] })
      .returning();
    if (!row) return null;
    const { authentication } = input;
    if (authentication) {
      // The member is here: the browser's 3-D Secure token must be good, and the challenge card
      // is challenged (others pass frictionless). The charge waits for the member's answer.
      if (!(await spendTds2Token(tx, merchant, authentication, now))) {
        return settle(tx, row, SANDBOX_FAILURES.tds2TokenInvalid);
      }
      if (method.behaviour === "challenge") {
        const [pending] = await tx
          .update(sandboxCharges)
          .set({ status: "pending" })
          .where(eq(sandboxCharges.ref, row.ref))
          .returning();
        await createAction(tx, method.ref, "challenge", authentication.returnUrl, now, row.ref);
        return pending ?? row;
      }
    }
    // A decline taken by this charge only: the flag is cleared by the charge that reads it (asked
    // only when the method read above had it: a method without it, the usual one, costs no write).
    const [flagged] = method.failNextCharge
      ? await tx
          .update(sandboxMethods)
          .set({ failNextCharge: false })
          .where(and(eq(sandboxMethods.ref, method.ref), eq(sandboxMethods.failNextCharge, true)))
          .returning({ ref: sandboxMethods.ref })
      : [];
    if (!flagged && method.behaviour !== "declineCharges") return row;
    return settle(tx, row, SANDBOX_FAILURES.cardDeclined);
  });
  if (inserted) return chargeOutcome(db, inserted, now);
  const earlier = await findCharge(db, merchant, input.idempotencyKey);
  if (!earlier) throw new Error("a conflicting charge was not found");
  return answerRepeat(db, earlier, input, now);
}

/** Records a charge's failure with the processor's reason. */
async function settle(db: Db, row: ChargeRow, code: SandboxFailureCode): Promise<ChargeRow> {
  const [declined] = await db
    .update(sandboxCharges)
    .set({ status: "failed", failureCode: code })
    .where(eq(sandboxCharges.ref, row.ref))
    .returning();
  return declined ?? row;
}

/**
 * The member came back from a charge's challenge; the merchant asks how it ended, once: approved
 * takes the charge, refused or left unanswered fails it. Another customer's action, a method's
 * action, or one asked about before is not found.
 */
export async function completeChargeAction(
  db: Db,
  merchant: SandboxMerchant,
  customerRef: string,
  ref: string,
): Promise<ChargeOutcome> {
  return db.transaction(async (tx) => {
    const row = await takeAction(tx, merchant, customerRef, ref, "charge");
    const chargeRef = row?.action.chargeRef;
    if (!row || !chargeRef) return failed(SANDBOX_FAILURES.actionNotFound);
    const approved = row.action.status === "approved";
    const [settled] = await tx
      .update(sandboxCharges)
      .set(
        approved
          ? { status: "succeeded" }
          : { status: "failed", failureCode: SANDBOX_FAILURES.challengeFailed },
      )
      .where(and(eq(sandboxCharges.ref, chargeRef), eq(sandboxCharges.status, "pending")))
      .returning();
    if (!settled) throw new Error("the sandbox charge was not waiting for its challenge");
    return approved
      ? { status: "succeeded", charge: chargeOf(settled) }
      : failed(SANDBOX_FAILURES.challengeFailed);
  });
}

/** A repeated key answers the first charge, unless it asks for another method or amount. */
function answerRepeat(db: Db, earlier: ChargeRow, input: ChargeInput, now: Date): Promise<ChargeOutcome> {
  if (earlier.methodRef !== input.methodRef || earlier.amount !== input.amount) {
    return Promise.resolve(failed(SANDBOX_FAILURES.idempotencyKeyReused));
  }
  return chargeOutcome(db, earlier, now);
}

/** The charge a key made, succeeded or declined (a decline is recorded too: it answers a repeat). */
export async function findCharge(
  db: Db,
  merchant: SandboxMerchant,
  idempotencyKey: string,
): Promise<ChargeRow | null> {
  const [row] = await db
    .select()
    .from(sandboxCharges)
    .where(
      and(
        eq(sandboxCharges.merchantId, merchant.merchantId),
        eq(sandboxCharges.idempotencyKey, idempotencyKey),
      ),
    );
  return row ?? null;
}

type RefundRow = typeof sandboxRefunds.$inferSelect;

function refundOf(row: RefundRow): RefundOutcome {
  return { status: "succeeded", refund: { ref: row.ref, chargeRef: row.chargeRef, amount: row.amount } };
}

/**
 * Gives back part or all of a succeeded charge, once per idempotency key, never more than is left
 * of it. The unique (merchant, key) index makes a concurrent repeat wait for the first to commit and
 * answer its refund; the charge's row update, guarded by what is left, keeps two refunds of
 * different keys from giving back more than was taken. A refused refund is not kept: asked again,
 * it is judged again.
 */
export async function refund(
  db: Db,
  merchant: SandboxMerchant,
  input: RefundRequest,
): Promise<RefundOutcome> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) return failed(SANDBOX_FAILURES.invalidAmount);
  const [known] = await db
    .select({ ref: sandboxCharges.ref })
    .from(sandboxCharges)
    .where(and(eq(sandboxCharges.ref, input.chargeRef), eq(sandboxCharges.merchantId, merchant.merchantId)));
  if (!known) return failed(SANDBOX_FAILURES.chargeNotFound);
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sandboxRefunds)
      .values({
        ref: `re_${randomToken(18)}`,
        merchantId: merchant.merchantId,
        idempotencyKey: input.idempotencyKey,
        chargeRef: input.chargeRef,
        amount: input.amount,
      })
      .onConflictDoNothing({ target: [sandboxRefunds.merchantId, sandboxRefunds.idempotencyKey] })
      .returning();
    if (!row) return null;
    const [taken] = await tx
      .update(sandboxCharges)
      .set({ refundedAmount: sql`${sandboxCharges.refundedAmount} + ${input.amount}` })
      .where(
        and(
          eq(sandboxCharges.ref, input.chargeRef),
          eq(sandboxCharges.status, "succeeded"),
          sql`${sandboxCharges.refundedAmount} + ${input.amount} <= ${sandboxCharges.amount}`,
        ),
      )
      .returning({ ref: sandboxCharges.ref });
    if (taken) return refundOf(row);
    await tx.delete(sandboxRefunds).where(eq(sandboxRefunds.ref, row.ref));
    return failed(SANDBOX_FAILURES.refundExceedsCharge);
  });
  if (outcome) return outcome;
  const [earlier] = await db
    .select()
    .from(sandboxRefunds)
    .where(
      and(
        eq(sandboxRefunds.merchantId, merchant.merchantId),
        eq(sandboxRefunds.idempotencyKey, input.idempotencyKey),
      ),
    );
  if (!earlier) throw new Error("a conflicting refund was not found");
  return earlier.chargeRef === input.chargeRef && earlier.amount === input.amount
    ? refundOf(earlier)
    : failed(SANDBOX_FAILURES.idempotencyKeyReused);
}
