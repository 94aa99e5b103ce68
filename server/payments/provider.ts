/**
 * The payment processor behind the store (ADR 0028): what the merchant side asks of it. The
 * embedded default is the sandbox (./sandbox/); a real processor implements the same calls.
 * Every call that can go three ways answers succeeded, requires action or failed.
 */

import type { CardBrand } from "../../schemas/card.ts";
import type { PaymentMethodType } from "../../schemas/types/payment-method.gen.ts";
import type { PaymentProviderConfig } from "../../schemas/types/payment-method-screen-data.gen.ts";

/** What the browser may know: the token scripts and the ids they are called with. Never a secret. */
export type BrowserPaymentConfig = PaymentProviderConfig;

/** The card facts a merchant may keep: brand, last four digits, expiry (YYYYMM). */
export interface CardSummary {
  brand: CardBrand;
  last4: string;
  expiry: string;
}

/** A method the processor holds for the merchant's customer. */
export interface ProviderMethod {
  /** The processor's reference; the merchant charges and removes the method by it. */
  ref: string;
  type: PaymentMethodType;
  card: CardSummary | null;
  /** PayPal and the carriers: the account, masked as the provider tells it (an e-mail, a number's end). */
  account?: string | null;
}

/**
 * Where the member must go to finish: a page to visit (GET) or a form to post (POST), with the
 * fields to send. `actionRef` names the pending action when the member comes back.
 */
export interface RequiredAction {
  actionRef: string;
  url: string;
  method: "GET" | "POST";
  params: Record<string, string>;
}

/**
 * What a failure means for the merchant, whatever the processor calls it: a token that is not
 * (or no longer) good, a decline, a failed 3-D Secure challenge, a cancelled approval, an action,
 * method or charge the processor does not know, or a request the processor refuses.
 */
export type FailureKind =
  | "token"
  | "declined"
  | "authentication"
  | "cancelled"
  | "notFound"
  | "invalidRequest";

export interface Failure {
  status: "failed";
  kind: FailureKind;
  /** The processor's own code, for the logs and operators. */
  code: string;
  /** Whether trying again later may succeed (a timeout, a busy processor), not a decline. */
  retryable: boolean;
}

export type MethodOutcome =
  | { status: "succeeded"; method: ProviderMethod }
  | { status: "requires_action"; action: RequiredAction }
  | Failure;

export interface Charge {
  ref: string;
  idempotencyKey: string;
  methodRef: string;
  amount: number;
  refundedAmount: number;
}

/**
 * A charge succeeded, failed, or waits for the member's 3-D Secure challenge (only a charge made
 * while the member is here, with `authentication`, can ask for one).
 */
export type ChargeOutcome =
  | { status: "succeeded"; charge: Charge }
  | { status: "requires_action"; action: RequiredAction }
  | Failure;

export interface CardRegistration {
  /** The merchant's customer: the processor binds the token to the first customer presenting it. */
  customerRef: string;
  token: string;
  tokenKey: string;
  tds2Token?: string;
  tds2TokenKey?: string;
  /** Where the member comes back after a 3-D Secure challenge (an absolute URL of the store). */
  returnUrl: string;
}

export interface RedirectStart {
  customerRef: string;
  type: PaymentMethodType;
  returnUrl: string;
}

/**
 * A charge the member makes while here (a purchase): the browser's 3-D Secure 2 token, and where
 * the member comes back after a challenge (an absolute URL of the store). A charge without it is
 * the merchant's own (a renewal), which is never challenged.
 */
export interface ChargeAuthentication {
  tds2Token: string;
  tds2TokenKey: string;
  returnUrl: string;
}

export interface ChargeRequest {
  methodRef: string;
  customerRef: string;
  /** Integer yen, tax included. */
  amount: number;
  /** The same key never charges twice; a repeat answers the first charge. */
  idempotencyKey: string;
  authentication?: ChargeAuthentication;
}

export interface RefundRequest {
  /** The processor's reference of the charge given back from. */
  chargeRef: string;
  /** Integer yen, tax included: all or part of what is left of the charge. */
  amount: number;
  /** The same key never refunds twice; a repeat answers the first refund. */
  idempotencyKey: string;
}

export interface ProviderRefund {
  ref: string;
  chargeRef: string;
  amount: number;
}

/** A refund is made, or the failure says why (more than is left, a charge it does not know). */
export type RefundOutcome = { status: "succeeded"; refund: ProviderRefund } | Failure;

export interface PaymentProvider {
  browserConfig(): BrowserPaymentConfig;
  registerCard(registration: CardRegistration): Promise<MethodOutcome>;
  /** PayPal and the carriers: the member approves on the processor's page, then comes back. */
  startRedirect(start: RedirectStart): Promise<RequiredAction>;
  /** The member came back from an action: the method is registered, or the failure says why. */
  completeAction(customerRef: string, actionRef: string): Promise<MethodOutcome>;
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  /** The member came back from a charge's challenge: the charge is taken, or the failure says why. */
  completeChargeAction(customerRef: string, actionRef: string): Promise<ChargeOutcome>;
  /** What a key's charge came to (taken or declined), or null when the processor never saw it. */
  findCharge(idempotencyKey: string): Promise<ChargeOutcome | null>;
  /** Gives back all or part of a taken charge, once per idempotency key; never more than is left. */
  refund(request: RefundRequest): Promise<RefundOutcome>;
  removeMethod(customerRef: string, methodRef: string): Promise<void>;
}
