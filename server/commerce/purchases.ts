/**
 * Buying a plan (issue 43 §4–6; spec §4 Purchase): a verify that quotes the order and hands out a
 * single-use purchase token, then a purchase that spends the token and charges exactly once.
 *
 * Exactly once, with any number of processes on one PostgreSQL:
 * - the purchase runs its checks in a transaction holding the member's account row (so one member's
 *   purchases queue, and the 10-second rule sees the order before it) and, for a plan with a sales
 *   limit or a campaign with a use limit, a transaction lock on that plan or campaign (so the last
 *   slot goes to one buyer);
 * - the token is marked used and the order and its charge row are written before the provider is
 *   asked; the charge's idempotency key is the token's, unique in `charges`, and the provider too
 *   answers a repeated key with the first charge (ADR 0028);
 * - the provider is called outside the transaction; its answer completes the order (the contract)
 *   or fails it (the slot is free again).
 * A process that dies between the two leaves a pending order; the billing run's reaper settles
 * it by asking the provider about its key.
 */
import { and, desc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import { dayOfMonth } from "../../schemas/billing-calendar.ts";
import { taxBreakdown } from "../../schemas/consumption-tax.ts";
import { japanDay } from "../../schemas/japan-time.ts";
import { type PlanAvailability, planAvailability } from "../../schemas/plan-availability.ts";
import {
  type SubscriptionActionRefusal,
  subscriptionActionRefusal,
} from "../../schemas/subscription-status.ts";
import type { OrderQuote } from "../../schemas/types/order-quote.gen.ts";
import type { PaymentMethodType } from "../../schemas/types/payment-method.gen.ts";
import type { SurveyAnswers } from "../../schemas/types/survey-answers.gen.ts";
import type { Db } from "../db/database.ts";
import { accounts, charges, contracts, orders, paymentMethods, purchaseTokens } from "../db/schema.ts";
import { hashToken, isPlausibleToken, randomToken } from "../kit/tokens.ts";
import { newPaymentActionState, startPaymentAction, takePaymentAction } from "../payments/payment-methods.ts";
import type { Failure, PaymentProvider } from "../payments/provider.ts";
import {
  type Campaign,
  type Catalogue,
  type CataloguePlan,
  isPlanIdShape,
} from "../store/catalogue-source.ts";
import { campaignApplies, campaignOfCode, salesCounts } from "./campaigns.ts";
import { type Contract, inForce, isInForce } from "./contracts.ts";
import { quoteOrder } from "./order-quote.ts";
import { planChangeTerms } from "./plan-change.ts";

/** A quote may be bought for this long. */
export const PURCHASE_TOKEN_LIFETIME_MS = 30 * 60 * 1000;
/** A member's purchases are at least this far apart (spec §8 too-frequent purchases). */
export const PURCHASE_INTERVAL_MS = 10_000;

export type PurchaseRefusal =
  | { code: "PLAN_NOT_FOUND" }
  | { code: "PRODUCT_UNAVAILABLE"; availability: PlanAvailability }
  | { code: "CONTRACT_LIMIT" }
  /** The member holds (or is buying) another plan of this plan's group: it is changed to, not bought. */
  | { code: "PLAN_GROUP_HELD"; heldPlanId: string }
  /** The subscription of the group cannot change plan now (ADR 0042). */
  | { code: "PLAN_CHANGE_REFUSED"; reason: SubscriptionActionRefusal }
  | { code: "CAMPAIGN_NOT_APPLICABLE" }
  | { code: "CAMPAIGN_NOT_FULL_DISCOUNT" }
  | { code: "NO_PAYMENT_METHOD" }
  | { code: "PAYMENT_METHOD_INVALID" }
  /** The token is unknown, expired, another member's or another plan's, or the quote changed. */
  | { code: "INVALID_SESSION_FLOW" }
  /** The token was spent: this purchase has been made (or is being made) already. */
  | { code: "DOUBLE_PAYMENT" }
  | { code: "PURCHASE_TOO_FREQUENT"; retryAfterSeconds: number }
  /** A card charged now needs the browser's 3-D Secure token, and none came (the token is kept). */
  | { code: "THREE_D_SECURE_REQUIRED" }
  | { code: "PAYMENT_FAILED"; failure: Failure };

export interface PurchaseRequest {
  accountId: string;
  planId: string;
  /** An accountPaymentMethodId of the member, or null when a payment code pays. */
  paymentMethodId: string | null;
  campaignCode: string | null;
  surveyAnswers: SurveyAnswers | null;
}

/**
 * The campaign a check is about: the code the member typed (verify), or the campaign the verified
 * quote was made with (the purchase), which is looked up as itself, never by its code again.
 */
type CampaignChoice = { code: string } | { campaignId: string } | null;

/**
 * Which plan change a check allows: verify quotes a change of the group's plan the member holds;
 * the purchase only the change its quote made (or none, for a quote to buy).
 */
type ChangeChoice = "quote" | { subscriptionId: string } | null;

type Refused = { ok: false; refusal: PurchaseRefusal };
const refuse = (refusal: PurchaseRefusal): Refused => ({ ok: false, refusal });

interface Checked {
  ok: true;
  plan: CataloguePlan;
  campaign: Campaign | null;
  paymentMethodId: string | null;
  /** The provider's reference of the method, when one pays. */
  methodRef: string | null;
  methodType: PaymentMethodType | null;
  quote: OrderQuote;
  /** A plan change: the subscription that changes (the quote's `change` says how). */
  changing: Contract | null;
}

/**
 * Everything a purchase must satisfy, read in `db` (the purchase's transaction, or the database
 * for a verify): the plan can be bought by this member now, the code applies, and something pays.
 */
async function check(
  db: Db,
  catalogue: Catalogue,
  request: Pick<PurchaseRequest, "accountId" | "planId" | "paymentMethodId"> & {
    campaign: CampaignChoice;
    change: ChangeChoice;
  },
  now: Date,
): Promise<Checked | Refused> {
  const plan = catalogue.plans.find((candidate) => candidate.planId === request.planId);
  if (!plan) return refuse({ code: "PLAN_NOT_FOUND" });
  const heldInGroup = await subscriptionsHeldInGroup(db, catalogue, plan, request.accountId, now);
  const changing = await changingSubscription(db, plan, heldInGroup, request.change, now);
  if (changing && !("id" in changing)) return changing;
  const held = await db
    .select({ id: contracts.id, inForce: sql<boolean>`${inForce(now)}` })
    .from(contracts)
    .where(and(eq(contracts.accountId, request.accountId), eq(contracts.planId, plan.planId)));
  const mine = held.filter((contract) => contract.inForce).length;
  const chosen = request.campaign;
  const named = !chosen
    ? undefined
    : "code" in chosen
      ? campaignOfCode(catalogue, chosen.code)
      : catalogue.campaigns.find((campaign) => campaign.campaignId === chosen.campaignId);
  const counts = await salesCounts(db, { planId: plan.planId, campaignId: named?.campaignId });
  const availability = planAvailability(
    {
      salesStartDate: plan.salesStartDate,
      salesEndDate: plan.salesEndDate,
      salesCount: counts.plans.get(plan.planId) ?? 0,
      salesLimit: plan.salesLimit,
      contractLimit: plan.contractLimit,
      subscribed: heldInGroup.some((held) => held.planId === plan.planId),
      contractCount: mine,
    },
    now,
  );
  if (availability === "contractLimit") return refuse({ code: "CONTRACT_LIMIT" });
  if (availability !== "available" && availability !== "fewLeft") {
    return refuse({ code: "PRODUCT_UNAVAILABLE", availability });
  }

  let campaign: Campaign | null = null;
  // A change keeps the subscription's campaign where it names the new plan; it takes no new code.
  if (chosen && changing) return refuse({ code: "CAMPAIGN_NOT_APPLICABLE" });
  if (chosen) {
    // A code that does not exist and one that does not apply are refused alike: codes cannot be probed.
    if (!named || !campaignApplies(named, plan, now, counts))
      return refuse({ code: "CAMPAIGN_NOT_APPLICABLE" });
    campaign = named;
  }

  let paymentMethodId: string | null = null;
  let methodRef: string | null = null;
  let methodType: PaymentMethodType | null = null;
  if (request.paymentMethodId) {
    const [method] = await db
      .select({ id: paymentMethods.id, ref: paymentMethods.providerRef, type: paymentMethods.type })
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.id, request.paymentMethodId),
          eq(paymentMethods.accountId, request.accountId),
          isNull(paymentMethods.deletedAt),
        ),
      );
    if (!method) return refuse({ code: "PAYMENT_METHOD_INVALID" });
    paymentMethodId = method.id;
    methodRef = method.ref;
    methodType = method.type;
  } else if (!campaign) {
    return refuse({ code: "NO_PAYMENT_METHOD" });
  } else if (campaign.campaignType !== "payment") {
    // The code was chosen to pay, but it only discounts.
    return refuse({ code: "CAMPAIGN_NOT_FULL_DISCOUNT" });
  }

  const quote = changing
    ? changeQuote(catalogue, changing, plan, now)
    : quoteOrder(plan, campaign, now, held.length > mine);
  return { ok: true, plan, campaign, paymentMethodId, methodRef, methodType, quote, changing };
}

/**
 * The subscription a check changes (null: none, a purchase), or why not. A member holding
 * another plan of the group reaches this one by a change of it: verify quotes one; the purchase
 * spends only the change its quote made, of the same subscription. An order of the group still
 * waiting for its money, or a quote to buy, is refused: the group is held.
 */
async function changingSubscription(
  db: Db,
  plan: CataloguePlan,
  heldInGroup: HeldInGroup[],
  change: ChangeChoice,
  now: Date,
): Promise<Contract | Refused | null> {
  const other = heldInGroup.find((held) => held.planId !== plan.planId);
  if (!other) return null;
  if (!change || !other.contractId || heldInGroup.length > 1) {
    return refuse({ code: "PLAN_GROUP_HELD", heldPlanId: other.planId });
  }
  if (change !== "quote" && change.subscriptionId !== other.contractId) {
    return refuse({ code: "INVALID_SESSION_FLOW" });
  }
  // Held while the purchase decides: the billing run's claim waits, and so does another change.
  const [subscription] = await db
    .select()
    .from(contracts)
    .where(eq(contracts.id, other.contractId))
    .for("update");
  if (!subscription?.subscriptionStatus || !subscription.nextSettlementDay) {
    return refuse({ code: "PLAN_GROUP_HELD", heldPlanId: other.planId });
  }
  const reason = subscriptionActionRefusal(
    {
      status: subscription.subscriptionStatus,
      nextSettlementDay: subscription.nextSettlementDay,
      hasPaymentMethod: subscription.paymentMethodId !== null,
      hasPendingChange: subscription.pendingPlanId !== null,
    },
    "changePlan",
    japanDay(now),
  );
  return reason ? refuse({ code: "PLAN_CHANGE_REFUSED", reason }) : subscription;
}

/** The quote of a change of `subscription` to `plan` (ADR 0042): what is charged now, and when. */
function changeQuote(
  catalogue: Catalogue,
  subscription: Contract,
  plan: CataloguePlan,
  now: Date,
): OrderQuote {
  const from = catalogue.plans.find((candidate) => candidate.planId === subscription.planId);
  const group = catalogue.planGroups.find((candidate) => candidate.planGroupId === plan.planGroup);
  if (!from || !group || !subscription.subscriptionStatus || !subscription.nextSettlementDay) {
    throw new Error(`subscription ${subscription.id} cannot be quoted a change`);
  }
  const today = japanDay(now);
  const terms = planChangeTerms({
    from,
    to: plan,
    group,
    subscription: {
      status: subscription.subscriptionStatus,
      anchorDay: subscription.anchorDay ?? dayOfMonth(subscription.nextSettlementDay),
      nextSettlementDay: subscription.nextSettlementDay,
      periodAmount: subscription.periodAmount,
      campaign:
        catalogue.campaigns.find((campaign) => campaign.campaignId === subscription.campaignId) ?? null,
      campaignCyclesLeft: subscription.campaignCyclesLeft,
    },
    today,
  });
  const atOnce = terms.timing === "now";
  return {
    billingAmount: atOnce ? terms.amountDueNow : terms.nextPaymentAmount,
    amountDueNow: terms.amountDueNow,
    firstPaymentDay: atOnce ? today : terms.effectiveDay,
    isReContract: false,
    campaignId: null,
    campaignType: null,
    freeDays: null,
    discountContinuationCount: null,
    campaignEndDate: null,
    subscriptionExpiration: plan.forceStopRenewDate ?? null,
    entitlementExpiration: null,
    subscription: null,
    change: {
      subscriptionId: subscription.id,
      fromPlanId: from.planId,
      toPlanId: plan.planId,
      timing: terms.timing,
      effectiveDay: terms.effectiveDay,
      periodStartDay: terms.periodStartDay,
      periodEndDay: terms.periodEndDay,
      unusedDays: terms.unusedDays,
      periodDays: terms.periodDays,
      credit: terms.credit,
      newPlanForUnusedDays: terms.newPlanForUnusedDays,
      nextPaymentDay: terms.nextPaymentDay,
      nextPaymentAmount: terms.nextPaymentAmount,
      campaignCarries: terms.campaignCarries,
      periodAmountAfter: terms.periodAmountAfter,
    },
  };
}

/** The plans of `plan`'s group (only itself when it has none). */
export function groupPlanIds(catalogue: Catalogue, plan: CataloguePlan): string[] {
  if (plan.planType !== "subscription") return [];
  if (!plan.planGroup) return [plan.planId];
  return catalogue.plans.filter((other) => other.planGroup === plan.planGroup).map((other) => other.planId);
}

/**
 * The subscriptions of `plan`'s group the member holds in force or is buying (an order waiting for
 * its money, e.g. on a 3-D Secure challenge): a group is held one plan at a time.
 */
async function subscriptionsHeldInGroup(
  db: Db,
  catalogue: Catalogue,
  plan: CataloguePlan,
  accountId: string,
  now: Date,
): Promise<HeldInGroup[]> {
  const planIds = groupPlanIds(catalogue, plan);
  if (planIds.length === 0) return [];
  return db
    .select({ planId: contracts.planId, contractId: sql<string | null>`${contracts.id}` })
    .from(contracts)
    .where(and(eq(contracts.accountId, accountId), inArray(contracts.planId, planIds), inForce(now)))
    .unionAll(
      db
        .select({ planId: orders.planId, contractId: sql<string | null>`NULL::uuid` })
        .from(orders)
        .where(
          and(eq(orders.accountId, accountId), inArray(orders.planId, planIds), eq(orders.status, "pending")),
        ),
    );
}

/** A plan of the group held: by a contract in force, or by an order waiting for its money (no contract yet). */
interface HeldInGroup {
  planId: string;
  contractId: string | null;
}

export type VerifyOutcome = { ok: true; quote: OrderQuote; purchaseToken: string } | Refused;

/** POST /zapi/purchase/verify/{planId}: the quote, and a token that buys exactly it. */
export async function verifyPurchase(
  db: Db,
  catalogue: Catalogue,
  request: PurchaseRequest,
  now: Date,
): Promise<VerifyOutcome> {
  const code = request.campaignCode?.trim();
  const checked = await check(
    db,
    catalogue,
    { ...request, campaign: code ? { code } : null, change: "quote" },
    now,
  );
  if (!checked.ok) return checked;
  const purchaseToken = randomToken();
  await db.insert(purchaseTokens).values({
    tokenHash: hashToken(purchaseToken),
    accountId: request.accountId,
    planId: checked.plan.planId,
    paymentMethodId: checked.paymentMethodId,
    campaignId: checked.campaign?.campaignId ?? null,
    amountDueNow: checked.quote.amountDueNow,
    quote: checked.quote,
    surveyAnswers: request.surveyAnswers,
    createdAt: now,
    expiresAt: new Date(now.getTime() + PURCHASE_TOKEN_LIFETIME_MS),
  });
  return { ok: true, quote: checked.quote, purchaseToken };
}

/**
 * The quote of an unspent, unexpired token of the member for the plan (the confirm page), with
 * the type of the method that pays it (null for the payment code), or null.
 */
export async function quoteOfToken(
  db: Db,
  accountId: string,
  planId: string,
  token: string,
  now: Date,
): Promise<{
  quote: OrderQuote;
  methodType: PaymentMethodType | null;
  /** The member's method the quote is to be paid with; null when a payment code pays. */
  method: typeof paymentMethods.$inferSelect | null;
} | null> {
  if (!isPlausibleToken(token)) return null;
  const [row] = await db
    .select({ quote: purchaseTokens.quote, method: paymentMethods })
    .from(purchaseTokens)
    .leftJoin(paymentMethods, eq(paymentMethods.id, purchaseTokens.paymentMethodId))
    .where(
      and(
        eq(purchaseTokens.tokenHash, hashToken(token)),
        eq(purchaseTokens.accountId, accountId),
        eq(purchaseTokens.planId, planId),
        isNull(purchaseTokens.usedAt),
        gt(purchaseTokens.expiresAt, now),
      ),
    );
  return row ? { quote: row.quote, methodType: row.method?.type ?? null, method: row.method } : null;
}

/** The quote an order was bought at (a change's terms included), or null for an unknown order. */
export async function quoteOfOrder(db: Db, orderId: string): Promise<OrderQuote | null> {
  const [order] = await db.select({ quote: orders.quote }).from(orders).where(eq(orders.id, orderId));
  return order?.quote ?? null;
}

export type PurchaseOutcome =
  | {
      ok: true;
      status: "completed";
      orderId: string;
      contractId: string;
      plan: CataloguePlan;
      quote: OrderQuote;
    }
  /** The card's issuer challenges the member: the order waits for the answer on `actionUrl`. */
  | { ok: true; status: "requires_action"; orderId: string; actionUrl: string }
  | Refused;

/** Transaction-scoped locks on a plan or a campaign whose last slots are contested. */
async function lockScarce(db: Db, plan: CataloguePlan, campaignId: string | null, catalogue: Catalogue) {
  if (plan.salesLimit != null) {
    await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`plan:${plan.planId}`}))`);
  }
  const campaign = campaignId ? catalogue.campaigns.find((c) => c.campaignId === campaignId) : undefined;
  if (campaign?.useLimit != null) {
    await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`campaign:${campaign.campaignId}`}))`);
  }
}

/** What an order's contract is made of, as the order keeps it until the money is in. */
interface ContractTerms {
  accountId: string;
  planId: string;
  planType: CataloguePlan["planType"];
  paymentMethodId: string | null;
  campaignId: string | null;
  quote: OrderQuote;
}

function termsOf(accountId: string, checked: Checked): ContractTerms {
  return {
    accountId,
    planId: checked.plan.planId,
    planType: checked.plan.planType,
    paymentMethodId: checked.paymentMethodId,
    campaignId: checked.campaign?.campaignId ?? null,
    quote: checked.quote,
  };
}

function newContract(terms: ContractTerms, now: Date) {
  const { accountId, planId, planType, paymentMethodId, campaignId, quote } = terms;
  return {
    accountId,
    planId,
    planType,
    subscriptionStatus: quote.subscription?.status ?? null,
    paymentMethodId,
    campaignId,
    campaignCyclesLeft: quote.subscription?.campaignCyclesLeft ?? 0,
    anchorDay: quote.subscription?.anchorDay ?? null,
    nextSettlementDay: quote.subscription?.nextSettlementDay ?? null,
    trialEndDay: quote.subscription?.trialEndDay ?? null,
    // A trial's period costs nothing; a period paid at the purchase cost what was charged.
    periodAmount: quote.subscription && !quote.freeDays ? quote.amountDueNow : null,
    entitlementExpiresAt: quote.entitlementExpiration ? new Date(quote.entitlementExpiration) : null,
    createdAt: now,
    updatedAt: now,
  };
}

async function insertContract(tx: Db, terms: ContractTerms, now: Date): Promise<string> {
  const [contract] = await tx
    .insert(contracts)
    .values(newContract(terms, now))
    .returning({ id: contracts.id });
  if (!contract) throw new Error("the contract was not written");
  return contract.id;
}

type PlanChange = NonNullable<OrderQuote["change"]>;

/**
 * Makes a change its quote says (ADR 0042) to the subscription, whose id it answers: scheduled
 * for its day, or in effect now with what its period is now worth. The method chosen for the
 * change pays the subscription from now on. Only the subscription the quote was of, still on the
 * plan it was quoted from and in force: otherwise the money was taken for nothing, and the error
 * names the order for the operator to refund.
 */
async function applyChange(
  tx: Db,
  change: PlanChange,
  paymentMethodId: string | null,
  now: Date,
): Promise<string> {
  const [subscription] = await tx
    .select()
    .from(contracts)
    .where(eq(contracts.id, change.subscriptionId))
    .for("update");
  if (!subscription || subscription.planId !== change.fromPlanId || !isInForce(subscription, now)) {
    throw new Error(`subscription ${change.subscriptionId} can no longer change to ${change.toPlanId}`);
  }
  const method = paymentMethodId ? { paymentMethodId } : {};
  const columns =
    change.timing === "nextSettlement"
      ? { pendingPlanId: change.toPlanId, pendingChangeDay: change.effectiveDay, ...method, updatedAt: now }
      : {
          planId: change.toPlanId,
          periodAmount: change.periodAmountAfter,
          pendingPlanId: null,
          pendingChangeDay: null,
          ...(change.campaignCarries ? {} : { campaignId: null, campaignCyclesLeft: 0 }),
          ...method,
          updatedAt: now,
        };
  await tx.update(contracts).set(columns).where(eq(contracts.id, subscription.id));
  return subscription.id;
}

type Started =
  | Refused
  | { ok: true; done: true; orderId: string; contractId: string; checked: Checked }
  | {
      ok: true;
      done: false;
      orderId: string;
      idempotencyKey: string;
      methodRef: string;
      checked: Checked;
    };

/** The first transaction: spend the token, check again under the locks, write the order. */
async function startPurchase(
  db: Db,
  catalogue: Catalogue,
  accountId: string,
  planId: string,
  token: string,
  withThreeDSecure: boolean,
  now: Date,
): Promise<Started> {
  if (!isPlausibleToken(token)) return refuse({ code: "INVALID_SESSION_FLOW" });
  const tokenHash = hashToken(token);
  return db.transaction(async (tx) => {
    // One member's purchases queue here.
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for("update");
    const [row] = await tx
      .select()
      .from(purchaseTokens)
      .where(eq(purchaseTokens.tokenHash, tokenHash))
      .for("update");
    if (!row || row.accountId !== accountId || row.planId !== planId) {
      return refuse({ code: "INVALID_SESSION_FLOW" });
    }
    if (row.usedAt) return refuse({ code: "DOUBLE_PAYMENT" });
    if (row.expiresAt.getTime() <= now.getTime()) return refuse({ code: "INVALID_SESSION_FLOW" });

    const [last] = await tx
      .select({ createdAt: orders.createdAt })
      .from(orders)
      .where(
        and(
          eq(orders.accountId, accountId),
          // A declined payment does not count: the member may try another method at once.
          ne(orders.status, "failed"),
          gt(orders.createdAt, new Date(now.getTime() - PURCHASE_INTERVAL_MS)),
        ),
      )
      .orderBy(desc(orders.createdAt))
      .limit(1);
    if (last) {
      const waitMs = last.createdAt.getTime() + PURCHASE_INTERVAL_MS - now.getTime();
      return refuse({
        code: "PURCHASE_TOO_FREQUENT",
        retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
      });
    }

    const plan = catalogue.plans.find((candidate) => candidate.planId === planId);
    if (plan) await lockScarce(tx, plan, row.campaignId, catalogue);
    const campaign = row.campaignId ? { campaignId: row.campaignId } : null;
    const quotedChange = row.quote.change ?? null;
    const change = quotedChange ? { subscriptionId: quotedChange.subscriptionId } : null;
    const checked = await check(
      tx,
      catalogue,
      { accountId, planId, paymentMethodId: row.paymentMethodId, campaign, change },
      now,
    );
    if (!checked.ok) return checked;
    // The catalogue or the subscription changed since the quote: the member must see the new one.
    if (checked.quote.amountDueNow !== row.amountDueNow) return refuse({ code: "INVALID_SESSION_FLOW" });
    if (checked.quote.change?.effectiveDay !== quotedChange?.effectiveDay) {
      return refuse({ code: "INVALID_SESSION_FLOW" });
    }
    // Before the token is spent: the member may try again with the token the page makes.
    if (checked.methodType === "SbpsCredit" && checked.quote.amountDueNow > 0 && !withThreeDSecure) {
      return refuse({ code: "THREE_D_SECURE_REQUIRED" });
    }

    await tx.update(purchaseTokens).set({ usedAt: now }).where(eq(purchaseTokens.tokenHash, tokenHash));
    const amount = checked.quote.amountDueNow;
    const [order] = await tx
      .insert(orders)
      .values({
        accountId,
        planId,
        purchaseTokenHash: tokenHash,
        paymentMethodId: checked.paymentMethodId,
        campaignId: checked.campaign?.campaignId ?? null,
        amount,
        status: amount > 0 ? "pending" : "completed",
        surveyAnswers: row.surveyAnswers,
        planType: checked.plan.planType,
        quote: checked.quote,
        createdAt: now,
        settledAt: amount > 0 ? null : now,
      })
      .returning({ id: orders.id });
    if (!order) throw new Error("the order was not written");

    if (amount === 0) {
      const contractId = checked.quote.change
        ? await applyChange(tx, checked.quote.change, checked.paymentMethodId, now)
        : await insertContract(tx, termsOf(accountId, checked), now);
      await tx.update(orders).set({ contractId }).where(eq(orders.id, order.id));
      return { ok: true, done: true, orderId: order.id, contractId, checked };
    }

    // A payment code pays only in full (amount 0, above); what is left to charge has a method.
    if (!checked.methodRef) throw new Error("an amount to charge without a method");
    const methodRef = checked.methodRef;
    const idempotencyKey = `purchase:${tokenHash}`;
    const tax = taxBreakdown(amount);
    await tx.insert(charges).values({
      accountId,
      idempotencyKey,
      orderId: order.id,
      planId,
      paymentMethodId: checked.paymentMethodId,
      amount,
      taxAmount: tax.taxAmount,
      taxRate: tax.taxRate,
      status: "pending",
      createdAt: now,
    });
    return {
      ok: true,
      done: false,
      orderId: order.id,
      idempotencyKey,
      methodRef,
      checked,
    };
  });
}

/**
 * The money is in: the pending order becomes its contract, from the terms the order kept. Once:
 * an order settled before (by the member's return or by the reaper) is left as it is, and its
 * contract answered.
 */
export async function completePaidOrder(db: Db, orderId: string, chargeRef: string, settledAt: Date) {
  return (await settlePaidOrder(db, orderId, chargeRef, settledAt)).contractId;
}

/**
 * completePaidOrder, saying also whether this call made the contract (false: the order was
 * settled already, by its own process or a reaper).
 */
export async function settlePaidOrder(
  db: Db,
  orderId: string,
  chargeRef: string,
  settledAt: Date,
): Promise<{ contractId: string | null; settledHere: boolean }> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) throw new Error(`order ${orderId} is gone`);
    if (order.status !== "pending") return { contractId: order.contractId, settledHere: false };
    if (!order.planType || !order.quote) throw new Error(`order ${orderId} kept no contract terms`);
    // Its member withdrew during the 3-D Secure challenge: there is no one to give the plan to, and
    // the operator refunds what the error log names.
    if (!order.accountId) throw new Error(`order ${orderId} was paid after its member withdrew`);
    const terms: ContractTerms = {
      accountId: order.accountId,
      planId: order.planId,
      planType: order.planType,
      paymentMethodId: order.paymentMethodId,
      campaignId: order.campaignId,
      quote: order.quote,
    };
    const contractId = order.quote.change
      ? await applyChange(tx, order.quote.change, order.paymentMethodId, settledAt)
      : await insertContract(tx, terms, settledAt);
    await tx
      .update(charges)
      .set({ status: "succeeded", providerRef: chargeRef, contractId, settledAt })
      .where(and(eq(charges.orderId, orderId), eq(charges.status, "pending")));
    await tx.update(orders).set({ status: "completed", contractId, settledAt }).where(eq(orders.id, orderId));
    return { contractId, settledHere: true };
  });
}

/** The provider refused the money: the order and its charge fail (the slot is free again). */
/** Fails a pending order and its charge; answers whether this call failed it (false: settled already). */
export async function failPendingOrder(
  db: Db,
  orderId: string,
  failure: Failure,
  settledAt: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx
      .update(charges)
      .set({ status: "failed", failureCode: failure.code, settledAt })
      .where(and(eq(charges.orderId, orderId), eq(charges.status, "pending")));
    const failed = await tx
      .update(orders)
      .set({ status: "failed", failureCode: failure.code, settledAt })
      .where(and(eq(orders.id, orderId), eq(orders.status, "pending")))
      .returning({ id: orders.id });
    return failed.length > 0;
  });
}

/** The browser's 3-D Secure 2 token for a card purchase (spec §4 Purchase), as posted. */
export interface PurchaseAuthentication {
  tds2Token?: string;
  tds2TokenKey?: string;
}

export interface PurchaseInput {
  accountId: string;
  planId: string;
  purchaseToken: string;
  authentication?: PurchaseAuthentication | null;
  /** Where the member comes back after a challenge: an absolute URL of the store carrying `state`. */
  returnUrl(state: string): string;
}

/**
 * POST /zapi/purchase/{planId}: spends the token, charges what the quote said through the
 * provider (once, under the token's key), and makes the contract. A card is charged with the
 * member's 3-D Secure token; when the issuer challenges, the order waits for the member to come
 * back ({@link completePurchaseAction}).
 */
export async function purchase(
  db: Db,
  payments: PaymentProvider,
  catalogue: Catalogue,
  input: PurchaseInput,
  now: () => Date,
): Promise<PurchaseOutcome> {
  const started = await startPurchase(
    db,
    catalogue,
    input.accountId,
    input.planId,
    input.purchaseToken,
    Boolean(input.authentication?.tds2Token && input.authentication.tds2TokenKey),
    now(),
  );
  if (!started.ok) return started;
  const { checked } = started;
  if (started.done) {
    return {
      ok: true,
      status: "completed",
      orderId: started.orderId,
      contractId: started.contractId,
      plan: checked.plan,
      quote: checked.quote,
    };
  }

  const state = newPaymentActionState();
  const tds2 = input.authentication;
  const outcome = await payments.charge({
    methodRef: started.methodRef,
    customerRef: input.accountId,
    amount: checked.quote.amountDueNow,
    idempotencyKey: started.idempotencyKey,
    // A card is charged with the member's 3-D Secure token (startPurchase saw that one came).
    ...(checked.methodType === "SbpsCredit"
      ? {
          authentication: {
            tds2Token: tds2?.tds2Token ?? "",
            tds2TokenKey: tds2?.tds2TokenKey ?? "",
            returnUrl: input.returnUrl(state),
          },
        }
      : {}),
  });
  if (outcome.status === "failed") {
    await failPendingOrder(db, started.orderId, outcome, now());
    return refuse({ code: "PAYMENT_FAILED", failure: outcome });
  }
  if (outcome.status === "requires_action") {
    await startPaymentAction(
      db,
      {
        accountId: input.accountId,
        type: "SbpsCredit",
        providerActionRef: outcome.action.actionRef,
        state,
        returnTo: null,
        orderId: started.orderId,
      },
      now(),
    );
    return { ok: true, status: "requires_action", orderId: started.orderId, actionUrl: outcome.action.url };
  }
  const contractId = await completePaidOrder(db, started.orderId, outcome.charge.ref, now());
  if (!contractId) throw new Error("a paid order has no contract");
  return {
    ok: true,
    status: "completed",
    orderId: started.orderId,
    contractId,
    plan: checked.plan,
    quote: checked.quote,
  };
}

export type PurchaseActionOutcome =
  | { ok: true; orderId: string; contractId: string }
  /** The state is unknown, spent, another member's or too old. */
  | { ok: false; refusal: { code: "PAYMENT_ACTION_INVALID" } }
  | Refused;

/**
 * The member came back from a purchase's 3-D Secure challenge (`state` from the return URL, on
 * the page of the plan bought): the provider says how it ended, and the order becomes its contract
 * or fails. A state is taken once.
 */
export async function completePurchaseAction(
  db: Db,
  payments: PaymentProvider,
  input: { accountId: string; planId: string; state: string },
  now: () => Date,
): Promise<PurchaseActionOutcome> {
  // A path that is no plan ID names no order (and some bytes, NUL, the database refuses outright).
  if (!isPlanIdShape(input.planId)) return { ok: false, refusal: { code: "PAYMENT_ACTION_INVALID" } };
  const action = await takePaymentAction(db, input.accountId, input.state, now(), input.planId);
  if (!action?.orderId) return { ok: false, refusal: { code: "PAYMENT_ACTION_INVALID" } };
  const orderId = action.orderId;
  const outcome = await payments.completeChargeAction(input.accountId, action.providerActionRef);
  if (outcome.status === "failed") {
    await failPendingOrder(db, orderId, outcome, now());
    return refuse({ code: "PAYMENT_FAILED", failure: outcome });
  }
  if (outcome.status === "requires_action") throw new Error("the provider asked for a second challenge");
  const contractId = await completePaidOrder(db, orderId, outcome.charge.ref, now());
  if (!contractId) throw new Error("a paid order has no contract");
  return { ok: true, orderId, contractId };
}
