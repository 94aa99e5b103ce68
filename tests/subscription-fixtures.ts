/**
 * Members with a saved card and subscriptions as a purchase leaves them, for the billing and
 * subscription tests (server/billing/renewals.test.ts, server/billing/subscription-routes.test.ts).
 */

import { randomUUID } from "node:crypto";
import { taxBreakdown } from "../schemas/consumption-tax.ts";
import type { SubscriptionStatus } from "../schemas/subscription-status.ts";
import { charges, contracts } from "../server/db/schema.ts";
import { savePaymentMethod } from "../server/payments/payment-methods.ts";
import { createCardToken, type SandboxMerchant } from "../server/payments/sandbox/processor.ts";
import { insertAccount, type TestAccountOptions, type TestApi } from "./api-harness.ts";

export const SANDBOX_MERCHANT: SandboxMerchant = { merchantId: "sandbox-merchant", serviceId: "001" };

export interface Subscriber {
  accountId: string;
  email: string;
  password: string;
  /** The saved card's accountPaymentMethodId and the sandbox's reference. */
  methodId: string;
  methodRef: string;
}

/** A member with a saved card: 4242 pays, 0341 is declined at every charge. */
export async function subscriber(
  t: TestApi,
  card = "4242424242424242",
  options: TestAccountOptions = {},
): Promise<Subscriber> {
  const account = await insertAccount(t, options);
  const token = await createCardToken(
    t.db,
    SANDBOX_MERCHANT,
    { ...SANDBOX_MERCHANT, ccNumber: card, ccExpiration: "203012", securityCode: "123" },
    t.clock.now(),
  );
  if (token.result !== "OK") throw new Error(token.errorCode);
  const registered = await t.deps.payments.registerCard({
    customerRef: account.accountId,
    token: token.tokenResponse.token,
    tokenKey: token.tokenResponse.tokenKey,
    returnUrl: "http://localhost/return",
  });
  if (registered.status !== "succeeded") throw new Error(registered.status);
  const method = await savePaymentMethod(t.db, account.accountId, registered.method, t.clock.now());
  return {
    accountId: account.accountId,
    email: account.email,
    password: account.password ?? "",
    methodId: method.id,
    methodRef: method.providerRef,
  };
}

export interface SubscriptionFields {
  status: SubscriptionStatus;
  nextSettlementDay: string;
  anchorDay: number;
  campaignId?: string;
  campaignCyclesLeft?: number;
  trialEndDay?: string;
  withoutMethod?: boolean;
  /** What the current period cost (absent: nothing, as in a trial). */
  periodAmount?: number;
  /** A plan change scheduled for its day (ADR 0042). */
  pendingChange?: { planId: string; day: string };
}

/** A subscription as a purchase leaves it (server/commerce/purchases.ts newContract). */
export async function subscribe(
  t: TestApi,
  who: Subscriber,
  planId: string,
  fields: SubscriptionFields,
): Promise<string> {
  const [row] = await t.db
    .insert(contracts)
    .values({
      accountId: who.accountId,
      planId,
      planType: "subscription",
      subscriptionStatus: fields.status,
      paymentMethodId: fields.withoutMethod ? null : who.methodId,
      campaignId: fields.campaignId ?? null,
      campaignCyclesLeft: fields.campaignCyclesLeft ?? 0,
      anchorDay: fields.anchorDay,
      nextSettlementDay: fields.nextSettlementDay,
      trialEndDay: fields.trialEndDay ?? null,
      periodAmount: fields.periodAmount ?? null,
      pendingPlanId: fields.pendingChange?.planId ?? null,
      pendingChangeDay: fields.pendingChange?.day ?? null,
      createdAt: t.clock.now(),
    })
    .returning({ id: contracts.id });
  if (!row) throw new Error("the subscription was not inserted");
  return row.id;
}

/**
 * A purchase's charge taken from the member's card through the sandbox (so it can be refunded), at
 * `at`: the charge's id and the sandbox's reference.
 */
export async function takenCharge(
  t: TestApi,
  who: Subscriber,
  amount: number,
  at: Date,
  options: { planId?: string; contractId?: string } = {},
): Promise<{ chargeId: string; providerRef: string }> {
  const key = `test:${randomUUID()}`;
  const outcome = await t.deps.payments.charge({
    methodRef: who.methodRef,
    customerRef: who.accountId,
    amount,
    idempotencyKey: key,
  });
  if (outcome.status !== "succeeded") throw new Error(`not charged: ${outcome.status}`);
  const tax = taxBreakdown(amount);
  const [row] = await t.db
    .insert(charges)
    .values({
      accountId: who.accountId,
      idempotencyKey: key,
      planId: options.planId ?? "standard-monthly",
      contractId: options.contractId ?? null,
      paymentMethodId: who.methodId,
      amount,
      taxAmount: tax.taxAmount,
      taxRate: tax.taxRate,
      status: "succeeded",
      providerRef: outcome.charge.ref,
      createdAt: at,
      settledAt: at,
    })
    .returning({ id: charges.id });
  if (!row) throw new Error("the charge was not inserted");
  return { chargeId: row.id, providerRef: outcome.charge.ref };
}
