/**
 * A member's payment methods (issue 42; spec §2 /mypage/payment-method, §7 payment-method calls):
 * POST /zapi/account/payment-method/credit (a card, by the provider's tokens), GET …/paypal and
 * POST …/link (PayPal and the carriers, approved on the provider's page), POST …/return (the member
 * came back from that page, or from a 3-D Secure challenge) and DELETE …/{accountPaymentMethodId}.
 *
 * The card itself never reaches us: the browser's token script sends it to the provider and we get
 * a one-time token. Only the types the store offers are taken, and only while store payment is on.
 */

import { type Context, Hono } from "hono";
import { PAYPAL_TYPES, paymentFlowOf, paymentReturnPath } from "../../schemas/forms/payment.ts";
import type { PaymentMethodType } from "../../schemas/types/payment-method.gen.ts";
import type { PaymentMethodCreditRequest } from "../../schemas/types/payment-method-credit-request.gen.ts";
import type { PaymentMethodLinkRequest } from "../../schemas/types/payment-method-link-request.gen.ts";
import type { PaymentMethodReturnRequest } from "../../schemas/types/payment-method-return-request.gen.ts";
import type { PaymentMethodScreenData } from "../../schemas/types/payment-method-screen-data.gen.ts";
import type { ApiEnv } from "../api/context.ts";
import type { Account } from "../identity/accounts.ts";
import { requireMemberAccount } from "../identity/member.ts";
import { apiError, retryLaterError } from "../kit/messages.ts";
import { checkRequest, REQUEST_SCHEMAS } from "../kit/request-schemas.ts";
import { PAYMENT_METHOD_REGISTER_RATE, takeRate, throttleKey } from "../kit/throttle.ts";
import { readJsonBody } from "../kit/validation.ts";
import {
  deletePaymentMethod,
  listPaymentMethods,
  newPaymentActionState,
  savePaymentMethod,
  startPaymentAction,
  takePaymentAction,
} from "./payment-methods.ts";
import type { Failure, MethodOutcome, RequiredAction } from "./provider.ts";

type ApiContext = Context<ApiEnv>;

export const PAYMENT_METHOD_PATH = "/mypage/payment-method";
export const PAYMENT_METHOD_COMPLETE_PATH = `${PAYMENT_METHOD_PATH}/complete`;
export const PAYMENT_METHOD_DELETE_COMPLETE_PATH = `${PAYMENT_METHOD_PATH}/delete/complete`;
/** The page the provider sends the member back to, with the registration's state. */
export const PAYMENT_METHOD_RETURN_PATH = `${PAYMENT_METHOD_PATH}/return`;

/**
 * The types a member can register on /mypage/payment-method: the store's, in its order, but not
 * the campaign code (it is entered with a purchase) nor a card without the provider's ids.
 */
export function registrableTypes(c: ApiContext): PaymentMethodType[] {
  const { settings } = c.get("deps").store.current();
  return (settings.storePaymentMethods ?? []).filter((type) => type !== "CampaignCode" && isOffered(c, type));
}

/**
 * /mypage/payment-method (spec §2): the member's methods, the types to register, and for a card
 * the provider's public script URLs and ids. Without store payment the page is not offered.
 */
export const paymentMethodScreenData = new Hono<ApiEnv>().get("/screen-data", async (c) => {
  const account = await requireMemberAccount(c);
  const deps = c.get("deps");
  if (!deps.store.current().settings.features.isStorePaymentAvailable)
    return c.json({ redirectTo: "/mypage" });
  const paymentMethodTypes = registrableTypes(c);
  return c.json<PaymentMethodScreenData>({
    paymentMethods: await listPaymentMethods(deps.db, account.id),
    paymentMethodTypes,
    paymentProvider: paymentMethodTypes.includes("SbpsCredit") ? deps.payments.browserConfig() : null,
  });
});

/** Store payment is on and the store offers `type` (a card also needs the provider's ids). */
function isOffered(c: ApiContext, type: PaymentMethodType): boolean {
  const { settings } = c.get("deps").store.current();
  if (!settings.features.isStorePaymentAvailable) return false;
  if (!(settings.storePaymentMethods ?? []).includes(type)) return false;
  return type !== "SbpsCredit" || Boolean(settings.paymentProvider);
}

async function requireStorePayment(c: ApiContext): Promise<void> {
  if (!c.get("deps").store.current().settings.features.isStorePaymentAvailable) {
    throw await apiError(c, 403, "FORBIDDEN", "featureUnavailable");
  }
}

async function requireOffered(c: ApiContext, type: PaymentMethodType): Promise<void> {
  await requireStorePayment(c);
  if (!isOffered(c, type)) {
    throw await apiError(c, 400, "PAYMENT_METHOD_UNAVAILABLE", "paymentMethod.unavailable");
  }
}

/** Each registration asks the provider about a card or opens its page: paced per member. */
async function takeRegistrationSlot(c: ApiContext, account: Account): Promise<void> {
  const { db, now } = c.get("deps");
  const wait = await takeRate(
    db,
    throttleKey.paymentMethodBy(account.id),
    PAYMENT_METHOD_REGISTER_RATE,
    now(),
  );
  if (wait > 0) throw await retryLaterError(c, "TOO_MANY_ATTEMPTS", wait);
}

/** The provider's answer to a registration, as the member reads it. */
async function registrationFailed(c: ApiContext, failure: Failure) {
  if (failure.retryable) {
    return apiError(c, 503, "PAYMENT_PROVIDER_UNAVAILABLE", "paymentMethod.providerUnavailable");
  }
  switch (failure.kind) {
    case "token":
      return apiError(c, 400, "CARD_TOKEN_INVALID", "paymentMethod.tokenInvalid");
    case "declined":
      return apiError(c, 400, "CARD_DECLINED", "paymentMethod.declined");
    case "authentication":
      return apiError(c, 400, "THREE_D_SECURE_FAILED", "paymentMethod.threeDSecureFailed");
    case "cancelled":
      return apiError(c, 400, "PAYMENT_METHOD_CANCELLED", "paymentMethod.cancelled");
    case "notFound":
      return apiError(c, 400, "PAYMENT_ACTION_INVALID", "paymentMethod.actionInvalid");
    default:
      return apiError(c, 400, "PAYMENT_METHOD_REGISTRATION_FAILED", "paymentMethod.registrationFailed");
  }
}

/**
 * A registered method is saved, and the member goes on to the purchase form it was registered
 * for (`returnTo`, already checked) or to the completion page; a failure is said and nothing is kept.
 */
async function finishRegistration(
  c: ApiContext,
  account: Account,
  outcome: MethodOutcome,
  returnTo: string | null,
) {
  const deps = c.get("deps");
  if (outcome.status === "failed") throw await registrationFailed(c, outcome);
  if (outcome.status === "requires_action") {
    // Only a first registration asks for an action; a return answers how the action ended.
    throw new Error("the provider asked for a second action");
  }
  await savePaymentMethod(deps.db, account.id, outcome.method, deps.now());
  return c.json({ redirectTo: returnTo ?? PAYMENT_METHOD_COMPLETE_PATH });
}

/**
 * A registration the member may finish on the provider's page: the random state in the return
 * URL names it when the member comes back (absolute, from the configured origin).
 */
function newReturn(c: ApiContext): { state: string; returnUrl: string } {
  const state = newPaymentActionState();
  const returnUrl = new URL(PAYMENT_METHOD_RETURN_PATH, c.get("deps").publicOrigin);
  returnUrl.searchParams.set("state", state);
  return { state, returnUrl: returnUrl.toString() };
}

/** The member went to the provider's page: only this member may come back with the state, once. */
async function recordAction(
  c: ApiContext,
  account: Account,
  type: PaymentMethodType,
  state: string,
  action: RequiredAction,
  returnTo: string | null,
): Promise<void> {
  const { db, now } = c.get("deps");
  await startPaymentAction(
    db,
    { accountId: account.id, type, providerActionRef: action.actionRef, state, returnTo },
    now(),
  );
}

/** PayPal and the carriers: the provider's page to send the member to. */
async function startRedirect(
  c: ApiContext,
  account: Account,
  type: PaymentMethodType,
  returnTo: string | null,
): Promise<RequiredAction> {
  await takeRegistrationSlot(c, account);
  const { state, returnUrl } = newReturn(c);
  const action = await c.get("deps").payments.startRedirect({ customerRef: account.id, type, returnUrl });
  await recordAction(c, account, type, state, action, returnTo);
  return action;
}

export const paymentMethods = new Hono<ApiEnv>()
  .post("/payment-method/credit", async (c) => {
    const account = await requireMemberAccount(c);
    await requireOffered(c, "SbpsCredit");
    const { token, tokenKey, tds2infoToken, tds2infoTokenKey, returnTo } =
      await checkRequest<PaymentMethodCreditRequest>(
        c,
        REQUEST_SCHEMAS.paymentMethodCredit,
        await readJsonBody(c),
      );
    await takeRegistrationSlot(c, account);
    const { state, returnUrl } = newReturn(c);
    const outcome = await c.get("deps").payments.registerCard({
      customerRef: account.id,
      token,
      tokenKey,
      tds2Token: tds2infoToken || undefined,
      tds2TokenKey: tds2infoTokenKey || undefined,
      returnUrl,
    });
    // A 3-D Secure challenge: the browser goes to the provider's page, then comes back to /return.
    if (outcome.status === "requires_action") {
      await recordAction(c, account, "SbpsCredit", state, outcome.action, returnTo ?? null);
      return c.json({ redirectTo: outcome.action.url });
    }
    return finishRegistration(c, account, outcome, returnTo ?? null);
  })
  .get("/payment-method/paypal", async (c) => {
    const account = await requireMemberAccount(c);
    await requireStorePayment(c);
    const type = PAYPAL_TYPES.find((paypal) => isOffered(c, paypal));
    if (!type) throw await apiError(c, 400, "PAYMENT_METHOD_UNAVAILABLE", "paymentMethod.unavailable");
    // A query has no schema: a value that is not a purchase form is ignored, as a link would be.
    const action = await startRedirect(c, account, type, paymentReturnPath(c.req.query("returnTo")));
    return c.json({ redirectTo: action.url });
  })
  .post("/payment-method/link", async (c) => {
    const account = await requireMemberAccount(c);
    const { paymentMethodType, returnTo } = await checkRequest<PaymentMethodLinkRequest>(
      c,
      REQUEST_SCHEMAS.paymentMethodLink,
      await readJsonBody(c),
    );
    // The carriers only: a card has its tokens, PayPal its own call, a campaign code the purchase.
    if (paymentFlowOf(paymentMethodType) !== "redirectLink") {
      throw await apiError(c, 400, "PAYMENT_METHOD_UNAVAILABLE", "paymentMethod.unavailable");
    }
    await requireOffered(c, paymentMethodType);
    const action = await startRedirect(c, account, paymentMethodType, returnTo ?? null);
    return c.json({ linkUrl: action.url, params: action.params });
  })
  .post("/payment-method/return", async (c) => {
    const account = await requireMemberAccount(c);
    const { state } = await checkRequest<PaymentMethodReturnRequest>(
      c,
      REQUEST_SCHEMAS.paymentMethodReturn,
      await readJsonBody(c),
    );
    const deps = c.get("deps");
    const action = await takePaymentAction(deps.db, account.id, state, deps.now());
    if (!action) throw await apiError(c, 400, "PAYMENT_ACTION_INVALID", "paymentMethod.actionInvalid");
    const outcome = await deps.payments.completeAction(account.id, action.providerActionRef);
    return finishRegistration(c, account, outcome, paymentReturnPath(action.returnTo));
  })
  .delete("/payment-method/:accountPaymentMethodId", async (c) => {
    const account = await requireMemberAccount(c);
    await requireStorePayment(c);
    const deps = c.get("deps");
    const { outcome, row } = await deletePaymentMethod(
      deps.db,
      account.id,
      c.req.param("accountPaymentMethodId"),
      deps.now(),
    );
    if (outcome === "notFound")
      throw await apiError(c, 404, "PAYMENT_METHOD_NOT_FOUND", "paymentMethod.notFound");
    if (outcome === "inUse") throw await apiError(c, 400, "PAYMENT_METHOD_IN_USE", "paymentMethod.inUse");
    // The provider forgets it too; ours is already gone for the member whatever it answers.
    if (row) await deps.payments.removeMethod(account.id, row.providerRef);
    return c.json({ redirectTo: PAYMENT_METHOD_DELETE_COMPLETE_PATH });
  });
