import { count, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SCREEN_BODY_SHAPES } from "../../app/lib/screen-data-shapes.server.ts";
import { loader as paymentMethodReturnPage } from "../../app/routes/mypage-payment-method-return.tsx";
import { loader as purchaseReturnPage } from "../../app/routes/plans-purchase-return.tsx";
import { addDays } from "../../schemas/billing-calendar.ts";
import orderVerifyResultSchema from "../../schemas/order-verify-result.schema.json" with { type: "json" };
import { createAjv } from "../../schemas/validation.ts";
import {
  createTestApi,
  demoCatalogue,
  insertAccount,
  type TestApi,
  TestBrowser,
} from "../../tests/api-harness.ts";
import { type SubscriptionFields, subscribe } from "../../tests/subscription-fixtures.ts";
import { describeBillingTotals } from "../billing/billing-loop.ts";
import { REAP_AFTER_MS, runBillingPass } from "../billing/renewals.ts";
import { charges, contracts, orders, sandboxCharges } from "../db/schema.ts";
import { listPaymentMethods } from "../payments/payment-methods.ts";
import {
  createCardToken,
  createTds2Token,
  decideAction,
  findPendingAction,
  type SandboxMerchant,
} from "../payments/sandbox/processor.ts";
import type { Catalogue } from "../store/catalogue-source.ts";
import { purchase, verifyPurchase } from "./purchases.ts";

const merchant: SandboxMerchant = { merchantId: "sandbox-merchant", serviceId: "001" };
// The test clock starts on 2026-04-01 12:00 in Japan.

let t: TestApi;

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown>;
}

/** The payment-method page's post of a card the sandbox's token script tokenised (expiry 12/2030). */
async function postCard(on: TestBrowser, ccNumber: string, extra: Record<string, unknown> = {}) {
  const token = await createCardToken(
    t.db,
    merchant,
    { ...merchant, ccNumber, ccExpiration: "203012", securityCode: "123" },
    t.clock.now(),
  );
  if (token.result !== "OK") throw new Error(token.errorCode);
  return on.post("/zapi/account/payment-method/credit", {
    token: token.tokenResponse.token,
    tokenKey: token.tokenResponse.tokenKey,
    ...extra,
  });
}

/** A member signed in, with a saved card (4242 succeeds; 0341 declines every charge). */
async function member(email: string, card = "4242424242424242", clientAddress = "203.0.113.10") {
  const account = await insertAccount(t, { email, password: "Passw0rdA" });
  const on = new TestBrowser(t, { clientAddress });
  const login = await on.post("/zapi/login", {
    emailUserId: email,
    password: "Passw0rdA",
    loginMethod: "Password",
  });
  expect(login.status).toBe(200);
  expect((await postCard(on, card)).status).toBe(200);
  const [method] = await listPaymentMethods(t.db, account.accountId);
  return { accountId: account.accountId, on, methodId: method?.accountPaymentMethodId ?? "" };
}

type Member = Awaited<ReturnType<typeof member>>;

function verify(who: Member, planId: string, body: Record<string, unknown> = {}) {
  return who.on.post(`/zapi/purchase/verify/${planId}`, { paymentMethodId: who.methodId, ...body });
}

async function tokenFor(who: Member, planId: string, body: Record<string, unknown> = {}): Promise<string> {
  const response = await verify(who, planId, body);
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(200);
  return (await json(response)).purchaseToken as string;
}

/** The confirm page's purchase: the quote's token and, as the page sends for a card, a 3-D Secure token. */
const buy = async (who: Member, planId: string, purchaseToken: string) =>
  who.on.post(`/zapi/purchase/${planId}`, { purchaseToken, ...(await tds2Token()) });

async function rows(table: typeof contracts | typeof charges | typeof orders | typeof sandboxCharges) {
  const [row] = await t.db.select({ n: count() }).from(table);
  return Number(row?.n ?? 0);
}

/** Ten seconds on: a member's purchases are at least that far apart. */
const later = () => t.clock.advance(11_000);

describe("with the demo catalogue", () => {
  let hanako: Member;
  beforeEach(async () => {
    t = await createTestApi();
    hanako = await member("hanako@example.jp");
  });
  afterEach(() => t.close());

  it("verifies: the order verify result of spec §3 and a token, also in an HttpOnly cookie", async () => {
    const response = await verify(hanako, "standard-monthly");
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toMatch(/ptok=[^;]+;.*HttpOnly/i);
    expect(await json(response)).toEqual({
      billingAmount: 990,
      amountDueNow: 0,
      firstPaymentDay: "2026-05-02",
      isReContract: false,
      campaignId: null,
      campaignType: null,
      freeDays: 31,
      freeUntilDay: "2026-05-01",
      discountContinuationCount: null,
      subscriptionExpiration: null,
      campaignEndDate: null,
      entitlementExpiration: null,
      campaignName: null,
      campaignDescription: null,
      change: null,
      purchaseToken: expect.stringMatching(/^[\w-]{43}$/),
    });
  });

  it("answers the verify and the confirm page's quote in the shape the page reads (order-verify-result.schema.json)", async () => {
    const validate = createAjv().compile(orderVerifyResultSchema);
    const cases: [string, Record<string, unknown>][] = [
      ["standard-monthly", {}],
      ["standard-monthly", { campaignCode: "HALF3" }],
      ["standard-monthly", { campaignCode: "WELCOME30" }],
      ["movie-rental-48h", { campaignCode: "MOVIE300" }],
      ["movie-purchase", {}],
    ];
    for (const [planId, body] of cases) {
      const answer = await json(await verify(hanako, planId, body));
      expect(validate(answer), `${planId} ${JSON.stringify(validate.errors)}`).toBe(true);
      const page = await json(await hanako.on.get(`/zapi/internal/plans/${planId}/confirm/screen-data`));
      expect(validate(page.quote), `${planId} confirm ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    // The shape is held to: a first payment day as an instant, or a missing amount, is not the answer.
    const answer = await json(await verify(hanako, "standard-monthly"));
    expect(validate({ ...answer, firstPaymentDay: "2026-05-02T00:00:00+09:00" })).toBe(false);
    const { amountDueNow: _left, ...withoutAmount } = answer;
    expect(validate(withoutAmount)).toBe(false);
  });

  it("buys a free-trial subscription: a contract in trial, no charge, the method now in use", async () => {
    const token = await tokenFor(hanako, "standard-monthly");
    const response = await buy(hanako, "standard-monthly", token);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ orderId: expect.any(String) });
    const [contract] = await t.db.select().from(contracts);
    expect(contract).toMatchObject({
      accountId: hanako.accountId,
      planId: "standard-monthly",
      subscriptionStatus: "NEW_TRIAL_CONTRACT",
      anchorDay: 2,
      nextSettlementDay: "2026-05-02",
      trialEndDay: "2026-05-01",
      paymentMethodId: hanako.methodId,
    });
    expect(await rows(charges)).toBe(0);
    const [method] = await listPaymentMethods(t.db, hanako.accountId);
    expect(method?.isContractUsed).toBe(true);
  });

  it("charges a rental once with a discount code, tax inside and rounded down, and records the order", async () => {
    const token = await tokenFor(hanako, "movie-rental-48h", { campaignCode: "movie300" });
    const response = await buy(hanako, "movie-rental-48h", token);
    expect(response.status).toBe(200);
    const [charge] = await t.db.select().from(charges);
    // ¥440 − ¥300 = ¥140: tax floor(140 × 10 / 110) = 12.
    expect(charge).toMatchObject({ amount: 140, taxAmount: 12, taxRate: 10, status: "succeeded" });
    expect(charge?.providerRef).toMatch(/^ch_/);
    const [order] = await t.db.select().from(orders);
    expect(order).toMatchObject({ status: "completed", amount: 140, campaignId: "movie-300-off" });
    const [contract] = await t.db.select().from(contracts);
    expect(contract?.entitlementExpiresAt?.toISOString()).toBe("2026-04-03T03:00:00.000Z");
    expect(charge?.contractId).toBe(contract?.id);
  });

  it("refuses a spent token with 409 and charges nothing more", async () => {
    const token = await tokenFor(hanako, "movie-purchase");
    expect((await buy(hanako, "movie-purchase", token)).status).toBe(200);
    later();
    const again = await buy(hanako, "movie-purchase", token);
    expect(again.status).toBe(409);
    expect(await json(again)).toMatchObject({ code: "DOUBLE_PAYMENT" });
    expect(await rows(sandboxCharges)).toBe(1);
    expect(await rows(contracts)).toBe(1);
  });

  it("answers 50 simultaneous calls with one token with one charge and one contract", async () => {
    const token = await tokenFor(hanako, "movie-purchase");
    const answers = await Promise.all(Array.from({ length: 50 }, () => buy(hanako, "movie-purchase", token)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(new Set(statuses.filter((status) => status !== 200))).toEqual(new Set([409]));
    expect(await rows(sandboxCharges)).toBe(1);
    expect(await rows(charges)).toBe(1);
    expect(await rows(contracts)).toBe(1);
  });

  it("refuses a second purchase within 10 seconds, saying how long to wait", async () => {
    const first = await tokenFor(hanako, "movie-purchase");
    const second = await tokenFor(hanako, "movie-rental-48h");
    expect((await buy(hanako, "movie-purchase", first)).status).toBe(200);
    t.clock.advance(4_000);
    const tooSoon = await buy(hanako, "movie-rental-48h", second);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.headers.get("retry-after")).toBe("6");
    expect(await json(tooSoon)).toMatchObject({
      code: "PURCHASE_TOO_FREQUENT",
      message: "購入手続きが短い間隔で繰り返されました。6秒ほど待ってから、もう一度お試しください。",
    });
    // The token was not spent: after the wait the same purchase goes through.
    t.clock.advance(6_000);
    expect((await buy(hanako, "movie-rental-48h", second)).status).toBe(200);
  });

  it("refuses a token of another member, of another plan, or expired, as a broken purchase flow", async () => {
    const taro = await member("taro@example.jp");
    const token = await tokenFor(hanako, "movie-purchase");
    for (const [who, planId] of [
      [taro, "movie-purchase"],
      [hanako, "movie-rental-48h"],
    ] as const) {
      const response = await buy(who, planId, token);
      expect(response.status).toBe(400);
      expect(await json(response)).toMatchObject({ code: "INVALID_SESSION_FLOW" });
    }
    t.clock.advance(31 * 60_000);
    expect(await json(await buy(hanako, "movie-purchase", token))).toMatchObject({
      code: "INVALID_SESSION_FLOW",
    });
    expect(await rows(sandboxCharges)).toBe(0);
  });

  it("paces a member's quotes, so that campaign codes cannot be tried by the thousand", async () => {
    for (let tried = 0; tried < 20; tried++) {
      const response = await verify(hanako, "movie-rental-48h", { campaignCode: `GUESS${tried}` });
      expect(response.status).toBe(400);
    }
    const paced = await verify(hanako, "movie-rental-48h", { campaignCode: "MOVIE300" });
    expect(paced.status).toBe(429);
    expect(paced.headers.get("retry-after")).toBe("6");
    expect(await json(paced)).toMatchObject({ code: "TOO_MANY_ATTEMPTS", retryAfter: 6 });
    // Another member is not held back, and the member may go on after the wait.
    const taro = await member("taro@example.jp", "4242424242424242", "203.0.113.11");
    expect((await verify(taro, "movie-rental-48h")).status).toBe(200);
    t.clock.advance(6000);
    expect((await verify(hanako, "movie-rental-48h", { campaignCode: "MOVIE300" })).status).toBe(200);
  });

  it("trims spaces around a code, as the page does, and refuses one with other characters by the form's rule", async () => {
    const spaced = await verify(hanako, "movie-rental-48h", { campaignCode: " MOVIE300\u3000" });
    expect(spaced.status).toBe(200);
    expect(await json(spaced)).toMatchObject({ billingAmount: 140 });
    const inside = await verify(hanako, "movie-rental-48h", { campaignCode: "MOVIE 300" });
    expect(inside.status).toBe(400);
    expect(await json(inside)).toMatchObject({ code: "VALIDATION_ERROR" });
  });

  it("gives a code that does not exist and one that does not apply the same message", async () => {
    const messages = new Set<string>();
    for (const [planId, campaignCode] of [
      ["movie-purchase", "NOSUCHCODE"],
      // Another plan's code.
      ["movie-purchase", "HALF3"],
      // Free days are for subscriptions only.
      ["movie-rental-48h", "WELCOME30"],
    ] as const) {
      const response = await verify(hanako, planId, { campaignCode });
      expect(response.status).toBe(400);
      const body = await json(response);
      expect(body.code).toBe("CAMPAIGN_NOT_APPLICABLE");
      messages.add(body.message as string);
    }
    expect([...messages]).toEqual(["このキャンペーンコードは適用できません。"]);
  });

  it("refuses a discount code chosen to pay, and takes a payment code without a method", async () => {
    const discount = await hanako.on.post("/zapi/purchase/verify/movie-rental-48h", {
      campaignCode: "MOVIE300",
    });
    expect(await json(discount)).toMatchObject({ code: "CAMPAIGN_NOT_FULL_DISCOUNT" });
    const none = await hanako.on.post("/zapi/purchase/verify/movie-rental-48h", {});
    expect(await json(none)).toMatchObject({
      code: "NO_PAYMENT_METHOD",
      message: "お支払い方法が選択されていません",
    });
    const gift = await hanako.on.post("/zapi/purchase/verify/movie-rental-48h", { campaignCode: "GIFT2026" });
    const quote = await json(gift);
    expect(quote).toMatchObject({ billingAmount: 0, campaignType: "payment", campaignName: "ギフトコード" });
    expect((await buy(hanako, "movie-rental-48h", quote.purchaseToken as string)).status).toBe(200);
    const [contract] = await t.db.select().from(contracts);
    expect(contract).toMatchObject({ paymentMethodId: null, campaignId: "gift-code-2026" });
    expect(await rows(charges)).toBe(0);
  });

  it("buys with the very campaign the quote was made with, and refuses once the operator has removed it", async () => {
    const quote = await json(
      await hanako.on.post("/zapi/purchase/verify/movie-rental-48h", { campaignCode: "GIFT2026" }),
    );
    const current = t.deps.catalogue.current();
    vi.spyOn(t.deps.catalogue, "current").mockReturnValue({
      ...current,
      campaigns: current.campaigns.filter((campaign) => campaign.campaignId !== "gift-code-2026"),
    });
    const refused = await buy(hanako, "movie-rental-48h", quote.purchaseToken as string);
    expect(await json(refused)).toMatchObject({ code: "CAMPAIGN_NOT_APPLICABLE" });
    expect(await rows(contracts)).toBe(0);
  });

  it("refuses what cannot be bought: before sale, already subscribed, an unknown plan, another member's method", async () => {
    expect(await json(await verify(hanako, "family-monthly"))).toMatchObject({ code: "PRODUCT_UNAVAILABLE" });
    expect((await verify(hanako, "no-such-plan")).status).toBe(404);
    const taro = await member("taro@example.jp");
    expect(
      await json(await verify(hanako, "movie-purchase", { paymentMethodId: taro.methodId })),
    ).toMatchObject({
      code: "PAYMENT_METHOD_INVALID",
    });
    await buy(hanako, "standard-annual", await tokenFor(hanako, "standard-annual"));
    expect(await json(await verify(hanako, "standard-annual"))).toMatchObject({
      code: "PRODUCT_UNAVAILABLE",
    });
    expect((await verify(hanako, "movie-purchase", { paymentMethodId: "not-a-uuid" })).status).toBe(400);
  });

  it("fails a declined card with the processor's meaning, keeps no contract, and frees the slot", async () => {
    const declining = await member("declined@example.jp", "4000000000000341");
    const token = await tokenFor(declining, "premiere-pass");
    const response = await buy(declining, "premiere-pass", token);
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({
      code: "PAYMENT_DECLINED",
      message:
        "お支払いができませんでした。カード会社にお問い合わせいただくか、別のお支払い方法をご利用ください。",
    });
    expect(await rows(contracts)).toBe(0);
    const [order] = await t.db.select().from(orders);
    expect(order?.status).toBe("failed");
    const page = await declining.on.get("/zapi/internal/plans/screen-data");
    const plans = (await json(page)).plans as { planId: string; salesCount: number }[];
    expect(plans.find((plan) => plan.planId === "premiere-pass")?.salesCount).toBe(0);

    // Another card may be tried at once: a declined payment is not a purchase too soon.
    await postCard(declining.on, "4242424242424242");
    const methods = await listPaymentMethods(t.db, declining.accountId);
    const card = methods.find((method) => method.SbpsCreditInfo?.cardNumberSuffix === "4242");
    const retry = await tokenFor(declining, "premiere-pass", {
      paymentMethodId: card?.accountPaymentMethodId,
    });
    expect((await buy(declining, "premiere-pass", retry)).status).toBe(200);
  });
});

/** What tds2.js gives the confirm page: the browser's one-time 3-D Secure token. */
async function tds2Token() {
  const answer = await createTds2Token(t.db, merchant, { ...merchant }, t.clock.now());
  if (answer.result !== "OK") throw new Error(answer.errorCode);
  return { tds2infoToken: answer.tokenResponse.token, tds2infoTokenKey: answer.tokenResponse.tokenKey };
}

/** A member whose saved card is the sandbox's 3-D Secure card (4000 0000 0000 3220), challenge passed. */
async function challengedMember(email: string) {
  const account = await insertAccount(t, { email, password: "Passw0rdA" });
  const on = new TestBrowser(t, { clientAddress: "203.0.113.30" });
  await on.post("/zapi/login", { emailUserId: email, password: "Passw0rdA", loginMethod: "Password" });
  const started = await json(await postCard(on, "4000000000003220", await tds2Token()));
  const state = await answerChallenge(String(started.redirectTo), true);
  expect((await on.post("/zapi/account/payment-method/return", { state })).status).toBe(200);
  const [method] = await listPaymentMethods(t.db, account.accountId);
  return { accountId: account.accountId, on, methodId: method?.accountPaymentMethodId ?? "" };
}

/** The member answers the sandbox's challenge page; the state the return URL carries back. */
async function answerChallenge(actionUrl: string, approve: boolean): Promise<string> {
  const returnUrl = await decideAction(t.db, actionUrl.split("/").at(-1) ?? "", approve, t.clock.now());
  return new URL(returnUrl ?? "http://x/").searchParams.get("state") ?? "";
}

async function orderStatuses() {
  return (await t.db.select({ status: orders.status }).from(orders)).map((row) => row.status);
}

describe("3-D Secure at the purchase", () => {
  let jiro: Member;
  beforeEach(async () => {
    t = await createTestApi();
    jiro = await challengedMember("jiro@example.jp");
  });
  afterEach(() => t.close());

  const buySecured = async (who: Member, planId: string, extra: Record<string, unknown> = {}) =>
    who.on.post(`/zapi/purchase/${planId}`, {
      purchaseToken: await tokenFor(who, planId),
      ...(await tds2Token()),
      ...extra,
    });

  it("sends a challenged card to the issuer's page, and makes the contract once when the member comes back approved", async () => {
    const response = await buySecured(jiro, "movie-rental-48h");
    expect(response.status).toBe(200);
    const { redirectTo } = await json(response);
    expect(redirectTo).toMatch(/^\/sandbox-pay\/action\/act_/);
    // The token is spent: the cookie goes, and the order waits with nothing charged yet.
    expect(response.headers.get("set-cookie")).toMatch(/ptok=;/);
    expect(await orderStatuses()).toEqual(["pending"]);
    expect(await rows(contracts)).toBe(0);
    // The way back is the store's page of this plan, on the configured origin.
    const action = await findPendingAction(t.db, String(redirectTo).split("/").at(-1) ?? "", t.clock.now());
    expect(action?.returnUrl).toMatch(
      /^http:\/\/localhost\/plans\/movie-rental-48h\/return\?state=[\w-]{43}$/,
    );
    expect(action?.amount).toBe(440);

    const state = await answerChallenge(String(redirectTo), true);
    // A registration's return cannot finish a purchase's challenge, nor the page of another plan.
    const asRegistration = await jiro.on.post("/zapi/account/payment-method/return", { state });
    expect(await json(asRegistration)).toMatchObject({ code: "PAYMENT_ACTION_INVALID" });
    const back = await jiro.on.post("/zapi/purchase/return/movie-rental-48h", { state });
    expect(back.status).toBe(200);
    expect(await json(back)).toEqual({ orderId: expect.any(String) });
    expect(await orderStatuses()).toEqual(["completed"]);
    const [contract] = await t.db.select().from(contracts);
    expect(contract).toMatchObject({
      planId: "movie-rental-48h",
      planType: "rental",
      paymentMethodId: jiro.methodId,
    });
    expect(contract?.entitlementExpiresAt).toBeInstanceOf(Date);
    const [charge] = await t.db.select().from(charges);
    expect(charge).toMatchObject({
      status: "succeeded",
      amount: 440,
      taxAmount: 40,
      contractId: contract?.id,
    });
    expect((await t.db.select().from(sandboxCharges)).map((row) => row.status)).toEqual(["succeeded"]);

    // The same return again is a replay, and makes nothing more.
    const replay = await jiro.on.post("/zapi/purchase/return/movie-rental-48h", { state });
    expect(replay.status).toBe(400);
    expect(await json(replay)).toMatchObject({
      code: "PAYMENT_ACTION_INVALID",
      message:
        "お支払いを確認できませんでした。有効期限が切れたか、すでに完了しています。ご契約状況をご確認のうえ、必要であればもう一度お手続きください。",
    });
    expect(await rows(contracts)).toBe(1);
  });

  it("finishes through the page the issuer's site sends the member back to (a cross-site navigation), as it does a registration", async () => {
    const { redirectTo } = await json(await buySecured(jiro, "movie-rental-48h"));
    const state = await answerChallenge(String(redirectTo), true);
    const { redirect } = await jiro.on.arriveFromAnotherSite(
      purchaseReturnPage,
      `/plans/movie-rental-48h/return?state=${state}`,
      { planId: "movie-rental-48h" },
    );
    expect(redirect?.headers.get("Location")).toBe("/plans/movie-rental-48h/complete");
    expect(await orderStatuses()).toEqual(["completed"]);

    // A card registration's challenge comes back the same way, to my page's return.
    const started = await json(await postCard(jiro.on, "4000000000003220", await tds2Token()));
    const registration = await answerChallenge(String(started.redirectTo), true);
    const back = await jiro.on.arriveFromAnotherSite(
      paymentMethodReturnPage,
      `/mypage/payment-method/return?state=${registration}`,
    );
    expect(back.redirect?.headers.get("Location")).toMatch(/^\/mypage\/payment-method\//);
    expect(await listPaymentMethods(t.db, jiro.accountId)).toHaveLength(2);
  });

  it("leaves an order whose challenge is still open to the member; the reaper fails it once the challenge lapsed", async () => {
    const { redirectTo } = await json(await buySecured(jiro, "movie-rental-48h"));
    expect(redirectTo).toBeTruthy();
    const billing = { db: t.db, payments: t.deps.payments, catalogue: () => t.deps.catalogue.current() };
    // Reapable by age, but the member may still be on the issuer's page: left alone.
    t.clock.advance(REAP_AFTER_MS + 60_000);
    await runBillingPass(billing, t.clock.now());
    expect(await orderStatuses()).toEqual(["pending"]);
    // The challenge lapsed unanswered: the provider says it failed, and so does the order.
    t.clock.advance(30 * 60_000);
    await runBillingPass(billing, t.clock.now());
    expect(await orderStatuses()).toEqual(["failed"]);
    expect((await t.db.select().from(charges)).map((row) => row.status)).toEqual(["failed"]);
    expect(await rows(contracts)).toBe(0);
  });

  it("fails the order when the challenge is refused, charging nothing and keeping no contract", async () => {
    const { redirectTo } = await json(await buySecured(jiro, "movie-rental-48h"));
    const state = await answerChallenge(String(redirectTo), false);
    const back = await jiro.on.post("/zapi/purchase/return/movie-rental-48h", { state });
    expect(back.status).toBe(400);
    expect(await json(back)).toMatchObject({
      code: "THREE_D_SECURE_FAILED",
      message: "3Dセキュア認証に失敗しました。お手数ですが、もう一度お試しください。",
    });
    expect(await orderStatuses()).toEqual(["failed"]);
    expect(await rows(contracts)).toBe(0);
    expect((await t.db.select().from(charges)).map((row) => row.status)).toEqual(["failed"]);
    // A failed payment does not hold the member back: the plan may be bought again at once.
    const again = await json(await buySecured(jiro, "movie-rental-48h"));
    expect(again.redirectTo).toMatch(/^\/sandbox-pay\/action\//);
  });

  it("refuses a card purchase without a 3-D Secure token before spending the quote's token", async () => {
    const token = await tokenFor(jiro, "movie-rental-48h");
    const without = await jiro.on.post("/zapi/purchase/movie-rental-48h", { purchaseToken: token });
    expect(without.status).toBe(400);
    expect(await json(without)).toMatchObject({
      code: "THREE_D_SECURE_REQUIRED",
      message:
        "カードでのお支払いには3Dセキュア認証が必要です。ブラウザのJavaScriptを有効にして、もう一度お試しください。",
    });
    expect(await orderStatuses()).toEqual([]);
    expect(await rows(sandboxCharges)).toBe(0);
    // The page's next try, with the token, goes on to the challenge.
    const withToken = await jiro.on.post("/zapi/purchase/movie-rental-48h", {
      purchaseToken: token,
      ...(await tds2Token()),
    });
    expect((await json(withToken)).redirectTo).toMatch(/^\/sandbox-pay\/action\//);
  });

  it("refuses a forged state, another member's, and the page of another plan, finishing nothing", async () => {
    const { redirectTo } = await json(await buySecured(jiro, "movie-rental-48h"));
    const state = await answerChallenge(String(redirectTo), true);
    const forged = await jiro.on.post("/zapi/purchase/return/movie-rental-48h", { state: `${state}x` });
    expect(await json(forged)).toMatchObject({ code: "PAYMENT_ACTION_INVALID" });
    const hanako = await member("hanako@example.jp");
    const theirs = await hanako.on.post("/zapi/purchase/return/movie-rental-48h", { state });
    expect(await json(theirs)).toMatchObject({ code: "PAYMENT_ACTION_INVALID" });
    const otherPlan = await jiro.on.post("/zapi/purchase/return/movie-purchase", { state });
    expect(await json(otherPlan)).toMatchObject({ code: "PAYMENT_ACTION_INVALID" });
    const notAPlan = await jiro.on.post("/zapi/purchase/return/%00", { state });
    expect(await json(notAPlan)).toMatchObject({ code: "PAYMENT_ACTION_INVALID" });
    const malformed = await jiro.on.post("/zapi/purchase/return/movie-rental-48h", { state: 42 });
    expect(malformed.status).toBe(400);
    expect(await json(malformed)).toMatchObject({ code: "VALIDATION_ERROR" });
    expect(await orderStatuses()).toEqual(["pending"]);
    expect(await rows(contracts)).toBe(0);
    // None of them took the state: the member's own return on the plan's page still finishes it.
    const back = await jiro.on.post("/zapi/purchase/return/movie-rental-48h", { state });
    expect(await json(back)).toEqual({ orderId: expect.any(String) });
    expect(await rows(contracts)).toBe(1);
  });

  it("comes back to the sign-up's pages when bought in the sign-up's plan step", async () => {
    const { redirectTo } = await json(await buySecured(jiro, "movie-rental-48h", { place: "signup" }));
    const action = await findPendingAction(t.db, String(redirectTo).split("/").at(-1) ?? "", t.clock.now());
    expect(action?.returnUrl).toMatch(/^http:\/\/localhost\/signup\/plans\/movie-rental-48h\/return\?state=/);
    const unknownPlace = await jiro.on.post("/zapi/purchase/movie-rental-48h", {
      purchaseToken: "x",
      place: "elsewhere",
    });
    expect(unknownPlace.status).toBe(400);
  });

  it("charges a card that passes 3-D Secure without a challenge at once, and refuses a spent 3-D Secure token", async () => {
    const hanako = await member("hanako@example.jp");
    const response = await buySecured(hanako, "movie-rental-48h");
    expect(await json(response)).toEqual({ orderId: expect.any(String) });
    expect(await rows(contracts)).toBe(1);

    later();
    const spent = await tds2Token();
    const token = await tokenFor(hanako, "movie-purchase");
    const first = await jiro.on.post(`/zapi/purchase/movie-purchase`, {
      purchaseToken: await tokenFor(jiro, "movie-purchase"),
      ...spent,
    });
    expect((await json(first)).redirectTo).toMatch(/^\/sandbox-pay\//);
    const reused = await hanako.on.post("/zapi/purchase/movie-purchase", { purchaseToken: token, ...spent });
    expect(reused.status).toBe(400);
    expect(await json(reused)).toMatchObject({ code: "THREE_D_SECURE_FAILED" });
    expect(await rows(contracts)).toBe(1);
  });
});

describe("the purchase screens' data", () => {
  let hanako: Member;
  beforeEach(async () => {
    t = await createTestApi();
    hanako = await member("hanako@example.jp");
  });
  afterEach(() => t.close());

  it("offers the saved card and the payment code on the form, and nothing for a plan that cannot be bought", async () => {
    const form = await json(await hanako.on.get("/zapi/internal/plans/movie-rental-48h/screen-data"));
    expect(form).toMatchObject({
      plan: { planId: "movie-rental-48h", canContract: true },
      paymentChoices: [
        { value: hanako.methodId, label: "Visa 末尾 4242", hint: "有効期限 12/2030" },
        { value: "CampaignCode", label: "キャンペーンコードで支払う" },
      ],
      canRegisterPaymentMethod: true,
      survey: null,
    });
    const later = await json(await hanako.on.get("/zapi/internal/plans/family-monthly/screen-data"));
    expect(later).toMatchObject({
      plan: { availability: "beforeSale" },
      paymentChoices: [],
      canRegisterPaymentMethod: false,
    });
    expect((await hanako.on.get("/zapi/internal/plans/no-such-plan/screen-data")).status).toBe(404);
  });

  it("starts the form with the method just added, or the only one; with several older ones, with none", async () => {
    const form = async () => json(await hanako.on.get("/zapi/internal/plans/movie-rental-48h/screen-data"));
    // The only method, just registered.
    expect((await form()).purchaseDefaults).toEqual({ paymentMethodId: hanako.methodId });
    // Still the only one, an hour later.
    t.clock.advance(60 * 60_000);
    expect((await form()).purchaseDefaults).toEqual({ paymentMethodId: hanako.methodId });
    // A second one added now is the one just added.
    await postCard(hanako.on, "5555555555554444");
    const methods = await listPaymentMethods(t.db, hanako.accountId);
    const added = methods.find((method) => method.SbpsCreditInfo?.cardNumberSuffix === "4444");
    expect((await form()).purchaseDefaults).toEqual({ paymentMethodId: added?.accountPaymentMethodId });
    // Two, neither just added: the member chooses.
    t.clock.advance(60 * 60_000);
    expect((await form()).purchaseDefaults).toEqual({});
  });

  it("sells nothing in the native app: the form says so with nothing to fill in, the confirm page and the quote refuse", async () => {
    const app = new TestBrowser(t, {
      userAgent: "Mozilla/5.0 (iPhone) SoramiruApp/3.2",
      clientAddress: "203.0.113.10",
    });
    for (const [name, value] of hanako.on.cookies) app.cookies.set(name, value);
    const form = await json(await app.get("/zapi/internal/plans/movie-rental-48h/screen-data"));
    expect(form).toMatchObject({
      plan: { planId: "movie-rental-48h" },
      notInApp: true,
      paymentChoices: [],
      canRegisterPaymentMethod: false,
    });
    const quote = await app.post("/zapi/purchase/verify/movie-rental-48h", {
      paymentMethodId: hanako.methodId,
    });
    expect(quote.status).toBe(403);
    expect(await json(quote)).toMatchObject({
      code: "NOT_IN_APP",
      message: "プランのご契約は、Webブラウザからお手続きください。",
    });
    // A quote made in a browser is neither confirmed nor bought in the app.
    const token = await tokenFor(hanako, "movie-rental-48h");
    for (const [name, value] of hanako.on.cookies) app.cookies.set(name, value);
    expect(await json(await app.get("/zapi/internal/plans/movie-rental-48h/confirm/screen-data"))).toEqual({
      redirectTo: "/plans/movie-rental-48h",
    });
    const bought = await app.post("/zapi/purchase/movie-rental-48h", { purchaseToken: token });
    expect(bought.status).toBe(403);
    expect(await rows(contracts)).toBe(0);
  });

  it("offers no way to add a method when the store takes none but the payment code", async () => {
    t.store.update((settings) => {
      settings.storePaymentMethods = ["CampaignCode"];
    });
    const form = await json(await hanako.on.get("/zapi/internal/plans/movie-rental-48h/screen-data"));
    expect(form).toMatchObject({ plan: { canContract: true }, canRegisterPaymentMethod: false });
    // In the shape the purchase form's page reads (purchase-form-screen-data.schema.json).
    expect(SCREEN_BODY_SHAPES.planToBuy(form), JSON.stringify(SCREEN_BODY_SHAPES.planToBuy.errors)).toBe(
      true,
    );
    expect(SCREEN_BODY_SHAPES.planToBuy({ ...form, purchaseDefaults: { paymentMethodId: null } })).toBe(
      false,
    );
  });

  it("shows the verified quote on the confirm page from the cookie, and sends a visitor without one back", async () => {
    const none = await json(await hanako.on.get("/zapi/internal/plans/movie-rental-48h/confirm/screen-data"));
    expect(none).toEqual({ redirectTo: "/plans/movie-rental-48h" });
    const token = await tokenFor(hanako, "movie-rental-48h", { campaignCode: "MOVIE300" });
    const confirm = await json(
      await hanako.on.get("/zapi/internal/plans/movie-rental-48h/confirm/screen-data"),
    );
    expect(confirm).toMatchObject({
      plan: { planId: "movie-rental-48h" },
      quote: { billingAmount: 140, campaignName: "作品300円引きクーポン" },
      purchaseToken: token,
      // A card charged now: the page gets the browser's 3-D Secure token first, with this config.
      threeDSecure: { tds2ScriptUrl: "/sandbox-pay/tds2.js", merchantId: expect.any(String) },
      // The method that will be charged, named as the form named it (the final confirmation).
      payment: { value: hanako.methodId, label: "Visa 末尾 4242", hint: expect.stringMatching(/^有効期限 /) },
      methodNeededBy: null,
    });
    // A subscription a gift code starts without a method: due on the first renewal it does not pay.
    const gift = await hanako.on.post("/zapi/purchase/verify/standard-monthly", { campaignCode: "GIFT2026" });
    expect(gift.status).toBe(200);
    const giftConfirm = await json(
      await hanako.on.get("/zapi/internal/plans/standard-monthly/confirm/screen-data"),
    );
    const giftQuote = giftConfirm.quote as { campaignEndDate: string; billingAmount: number };
    expect(giftQuote.billingAmount).toBe(0);
    expect(giftConfirm).toMatchObject({
      payment: { value: "CampaignCode", label: "キャンペーンコードで支払う" },
      methodNeededBy: addDays(giftQuote.campaignEndDate, 1),
    });
    // Nothing charged today (a free trial): no 3-D Secure.
    await tokenFor(hanako, "standard-monthly");
    const trial = await json(
      await hanako.on.get("/zapi/internal/plans/standard-monthly/confirm/screen-data"),
    );
    expect(trial).toMatchObject({ quote: { amountDueNow: 0 }, threeDSecure: null });
    // Each in the shape the final confirmation reads (purchase-confirm-screen-data.schema.json).
    const shape = SCREEN_BODY_SHAPES.purchaseQuote;
    for (const page of [confirm, giftConfirm, trial])
      expect(shape(page), JSON.stringify(shape.errors)).toBe(true);
    expect(shape({ ...confirm, payment: { value: hanako.methodId } })).toBe(false);
    // The cookie names this plan's quote only.
    const other = await json(await hanako.on.get("/zapi/internal/plans/movie-purchase/confirm/screen-data"));
    expect(other).toEqual({ redirectTo: "/plans/movie-purchase" });
  });

  it("keeps saying, on /mypage and /plans, that a subscription a gift code started needs a method by its renewal", async () => {
    const gift = await hanako.on.post("/zapi/purchase/verify/standard-monthly", { campaignCode: "GIFT2026" });
    const promised = (
      await json(await hanako.on.get("/zapi/internal/plans/standard-monthly/confirm/screen-data"))
    ).methodNeededBy;
    expect(promised).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/));
    expect((await buy(hanako, "standard-monthly", (await json(gift)).purchaseToken as string)).status).toBe(
      200,
    );
    const held = async (page: string) =>
      (
        (await json(await hanako.on.get(`/zapi/internal/${page}/screen-data`))).contracts as Record<
          string,
          unknown
        >[]
      )[0];
    expect(await held("mypage")).toMatchObject({ planId: "standard-monthly", methodNeededBy: promised });
    expect(await held("plans")).toMatchObject({ methodNeededBy: promised });
    // Once the subscription has a method, nothing is due.
    const contractId = (await held("mypage"))?.contractId as string;
    const set = await hanako.on.post(`/zapi/subscription/${contractId}/change-payment-method`, {
      paymentMethodId: hanako.methodId,
    });
    expect(set.status).toBe(200);
    expect(await held("mypage")).toMatchObject({ methodNeededBy: null });
  });

  it("shows the completion only after a purchase just made, with the plan's message", async () => {
    const before = await json(
      await hanako.on.get("/zapi/internal/plans/standard-annual/complete/screen-data"),
    );
    expect(before).toEqual({ redirectTo: "/plans" });
    await buy(hanako, "standard-annual", await tokenFor(hanako, "standard-annual"));
    const done = await json(await hanako.on.get("/zapi/internal/plans/standard-annual/complete/screen-data"));
    expect(done).toEqual({
      planName: "スタンダードプラン（年額）",
      wording: "subscription",
      orderCompletedMessage: "ご契約ありがとうございます。1年間お楽しみください。",
      planChange: null,
    });
    expect(SCREEN_BODY_SHAPES.purchaseComplete(done)).toBe(true);
    expect(SCREEN_BODY_SHAPES.purchaseComplete({ ...done, wording: "bundle" })).toBe(false);
    // Spent: the confirm page now sends the member back to the form.
    const confirm = await json(
      await hanako.on.get("/zapi/internal/plans/standard-annual/confirm/screen-data"),
    );
    expect(confirm).toEqual({ redirectTo: "/plans/standard-annual" });
    t.clock.advance(31 * 60_000);
    expect(
      await json(await hanako.on.get("/zapi/internal/plans/standard-annual/complete/screen-data")),
    ).toEqual({
      redirectTo: "/plans",
    });
  });

  it("checks the plan's survey answers with the survey's own rules", async () => {
    const demo = demoCatalogue();
    await t.close();
    t = await createTestApi({
      catalogue: {
        ...demo,
        plans: demo.plans.map((plan) =>
          plan.planId === "movie-purchase"
            ? {
                ...plan,
                survey: {
                  surveyName: "ご購入アンケート",
                  questions: [
                    {
                      questionId: "found",
                      questionType: "RADIO",
                      questionTitle: "この作品を知ったきっかけ",
                      required: true,
                      answerOptions: [
                        { optionId: "tv", optionTitle: "テレビ" },
                        { optionId: "web", optionTitle: "Web" },
                      ],
                    },
                  ],
                },
              }
            : plan,
        ),
      },
    });
    hanako = await member("hanako@example.jp");
    const missing = await verify(hanako, "movie-purchase");
    expect(missing.status).toBe(400);
    expect(await json(missing)).toMatchObject({
      code: "VALIDATION_ERROR",
      errors: [{ field: "question_found" }],
    });
    const wrong = await verify(hanako, "movie-purchase", {
      survey: [{ questionId: "found", answer: "radio" }],
    });
    expect(wrong.status).toBe(400);
    await tokenFor(hanako, "movie-purchase", { survey: [{ questionId: "found", answer: "web" }] });
    const token = await tokenFor(hanako, "movie-purchase", {
      survey: [{ questionId: "found", answer: "tv" }],
    });
    expect((await buy(hanako, "movie-purchase", token)).status).toBe(200);
    const [order] = await t.db.select().from(orders);
    expect(order?.surveyAnswers).toEqual([{ questionId: "found", answer: "tv" }]);
  });
});

describe("the sign-up's plan step (/signup/plans)", () => {
  let hanako: Member;
  beforeEach(async () => {
    t = await createTestApi();
    hanako = await member("hanako@example.jp");
  });
  afterEach(() => t.close());

  it("lists the plans as the last step, with the way to skip, and buys through the sign-up's pages", async () => {
    const list = await json(await hanako.on.get("/zapi/internal/signup/plans/screen-data"));
    expect(list).toMatchObject({ totalCount: 4, currentCount: 4, skipTo: "/signup/complete" });
    expect(SCREEN_BODY_SHAPES.planChoices(list), JSON.stringify(SCREEN_BODY_SHAPES.planChoices.errors)).toBe(
      true,
    );
    expect(SCREEN_BODY_SHAPES.planChoices({ ...list, skipTo: undefined })).toBe(false);
    expect((list.plans as { planId: string }[]).map((plan) => plan.planId)).toEqual(
      demoCatalogue().plans.map((plan) => plan.planId),
    );

    const form = await json(await hanako.on.get("/zapi/internal/signup/plans/standard-monthly/screen-data"));
    expect(form).toMatchObject({
      totalCount: 4,
      currentCount: 4,
      purchasePath: "/signup/plans/standard-monthly",
      plan: { planId: "standard-monthly", canContract: true },
    });
    expect(SCREEN_BODY_SHAPES.planToBuy(form)).toBe(true);
    // Nothing verified yet: back to the sign-up's form, not the store's.
    expect(
      await json(await hanako.on.get("/zapi/internal/signup/plans/standard-monthly/confirm/screen-data")),
    ).toEqual({
      redirectTo: "/signup/plans/standard-monthly",
    });
    expect(
      await json(await hanako.on.get("/zapi/internal/signup/plans/standard-monthly/complete/screen-data")),
    ).toEqual({
      redirectTo: "/signup/plans",
    });

    const token = await tokenFor(hanako, "standard-monthly");
    const confirm = await json(
      await hanako.on.get("/zapi/internal/signup/plans/standard-monthly/confirm/screen-data"),
    );
    expect(confirm).toMatchObject({ purchasePath: "/signup/plans/standard-monthly", purchaseToken: token });
    expect((await buy(hanako, "standard-monthly", token)).status).toBe(200);
    const done = await json(
      await hanako.on.get("/zapi/internal/signup/plans/standard-monthly/complete/screen-data"),
    );
    expect(done).toMatchObject({ totalCount: 4, currentCount: 4, planName: "スタンダードプラン（月額）" });
  });

  it("sends the member on to the sign-up's completion when the store has no plan step, and is for members only", async () => {
    expect((await new TestBrowser(t).get("/zapi/internal/signup/plans/screen-data")).status).toBe(401);
    t.store.update((settings) => {
      if (settings.signUp) settings.signUp.isOfferPlans = false;
    });
    for (const page of ["", "/standard-monthly", "/standard-monthly/confirm", "/standard-monthly/complete"]) {
      expect(await json(await hanako.on.get(`/zapi/internal/signup/plans${page}/screen-data`))).toEqual({
        redirectTo: "/signup/complete",
      });
    }
  });
});

describe("the last slot of a limited plan", () => {
  afterEach(() => t.close());

  it("goes to one of 20 simultaneous buyers", async () => {
    const demo = demoCatalogue();
    const catalogue: Omit<Catalogue, "version"> = {
      ...demo,
      plans: demo.plans.map((plan) => (plan.planId === "premiere-pass" ? { ...plan, salesLimit: 1 } : plan)),
    };
    t = await createTestApi({ catalogue });
    const buyers: Member[] = [];
    // Each from an address of its own, under the per-address login limits.
    for (let i = 0; i < 20; i++)
      buyers.push(await member(`buyer${i}@example.jp`, undefined, `203.0.113.${20 + i}`));
    const tokens = await Promise.all(buyers.map((buyer) => tokenFor(buyer, "premiere-pass")));
    const answers = await Promise.all(buyers.map((buyer, i) => buy(buyer, "premiere-pass", tokens[i] ?? "")));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    const refusals = await Promise.all(answers.filter((a) => a.status !== 200).map((a) => json(a)));
    expect(new Set(refusals.map((refusal) => refusal.code))).toEqual(new Set(["PRODUCT_UNAVAILABLE"]));
    expect(
      await t.db.select({ n: count() }).from(contracts).where(eq(contracts.planId, "premiere-pass")),
    ).toEqual([{ n: 1 }]);
    expect(await rows(sandboxCharges)).toBe(1);
  });
});

describe("a plan group, held one plan at a time", () => {
  let hanako: Member;
  beforeEach(async () => {
    t = await createTestApi();
    hanako = await member("hanako@example.jp");
  });
  afterEach(() => t.close());

  it("refuses a quote to buy the annual plan once the monthly one is held, charging nothing", async () => {
    const annualToken = await tokenFor(hanako, "standard-annual");
    expect((await buy(hanako, "standard-monthly", await tokenFor(hanako, "standard-monthly"))).status).toBe(
      200,
    );
    later();
    const bought = await buy(hanako, "standard-annual", annualToken);
    expect(bought.status).toBe(409);
    expect(await json(bought)).toMatchObject({
      code: "PLAN_GROUP_HELD",
      message: "スタンダードプラン（月額）をご契約中です。このプランへはプランの変更でお申し込みください。",
    });
    expect(await rows(sandboxCharges)).toBe(0);
    expect(await t.db.select({ planId: contracts.planId }).from(contracts)).toEqual([
      { planId: "standard-monthly" },
    ]);
    // Plans outside the group are bought as before.
    expect((await buy(hanako, "movie-rental-48h", await tokenFor(hanako, "movie-rental-48h"))).status).toBe(
      200,
    );
  });

  it("counts a group plan still waiting for its money (a 3-D Secure challenge) as held, in the request's language", async () => {
    const challenged = await challengedMember("taro@example.jp");
    const pending = await challenged.on.post("/zapi/purchase/standard-annual", {
      purchaseToken: await tokenFor(challenged, "standard-annual"),
      ...(await tds2Token()),
    });
    expect((await json(pending)).redirectTo).toBeTruthy();
    later();
    const refused = await challenged.on.post(
      "/zapi/purchase/verify/standard-monthly",
      { paymentMethodId: challenged.methodId },
      { "accept-language": "en" },
    );
    expect(refused.status).toBe(409);
    expect(await json(refused)).toMatchObject({
      code: "PLAN_GROUP_HELD",
      message:
        "You hold Standard (annual). Change to this plan instead of buying it beside the one you have.",
    });
  });

  it("makes one contract of 20 simultaneous purchases of the group's two plans by one member", async () => {
    // Each purchase eleven seconds after the one before, as its clock says, so that the
    // ten-second rule lets the later ones through and only the group stands between them.
    const start = t.clock.now().getTime();
    const catalogue = t.deps.catalogue.current();
    const attempts = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const at = new Date(start + i * 11_000);
        const planId = i % 2 === 0 ? "standard-annual" : "standard-monthly";
        const request = { accountId: hanako.accountId, planId, paymentMethodId: hanako.methodId };
        const quoted = await verifyPurchase(
          t.db,
          catalogue,
          { ...request, campaignCode: null, surveyAnswers: null },
          at,
        );
        if (!quoted.ok) throw new Error(quoted.refusal.code);
        return { planId, token: quoted.purchaseToken, at };
      }),
    );
    const outcomes = await Promise.all(
      attempts.map(async ({ planId, token, at }) =>
        purchase(
          t.db,
          t.deps.payments,
          catalogue,
          {
            accountId: hanako.accountId,
            planId,
            purchaseToken: token,
            authentication: await tds2Token().then((tds2) => ({
              tds2Token: tds2.tds2infoToken,
              tds2TokenKey: tds2.tds2infoTokenKey,
            })),
            returnUrl: (state) => `http://localhost/plans/${planId}/purchase/return?state=${state}`,
          },
          () => at,
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    const refusals = new Set(outcomes.flatMap((outcome) => (outcome.ok ? [] : [outcome.refusal.code])));
    expect(refusals.has("PLAN_GROUP_HELD") || refusals.has("PRODUCT_UNAVAILABLE")).toBe(true);
    expect(await t.db.select({ n: count() }).from(contracts)).toEqual([{ n: 1 }]);
    expect(await rows(sandboxCharges)).toBeLessThanOrEqual(1);
  });
});

describe("changing plan within a group (ADR 0042)", () => {
  let hanako: Member;
  beforeEach(async () => {
    t = await createTestApi();
    hanako = await member("hanako@example.jp");
  });
  afterEach(() => t.close());

  /** The member's subscription as a purchase and its renewals left it. */
  const holding = (planId: string, fields: SubscriptionFields, who = hanako) =>
    subscribe(t, { ...who, email: "", password: "", methodRef: "" }, planId, fields);
  const subscriptionRow = async (id: string) =>
    (await t.db.select().from(contracts).where(eq(contracts.id, id)))[0];

  it("schedules a change to a plan cheaper per day for the next settlement day: both plans, the day, nothing now", async () => {
    const id = await holding("standard-monthly", {
      status: "ONGOING_CONTRACT",
      nextSettlementDay: "2026-04-30",
      anchorDay: 30,
      periodAmount: 990,
    });
    // /plans: the held plan leads to its subscription, the other plan of the group is changed to.
    const offers = await json(await hanako.on.get("/zapi/internal/plans/screen-data"));
    const held = { subscriptionId: id, planName: "スタンダードプラン（月額）" };
    expect(offers.plans).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          planId: "standard-monthly",
          availability: "subscribed",
          heldSubscription: held,
        }),
        expect.objectContaining({ planId: "standard-annual", canContract: true, heldSubscription: held }),
        expect.objectContaining({ planId: "movie-purchase", heldSubscription: null }),
      ]),
    );
    const form = await json(await hanako.on.get("/zapi/internal/plans/standard-annual/screen-data"));
    expect(form).toMatchObject({ wording: "change", planChange: true });
    expect((form.paymentChoices as { value: string }[]).map((choice) => choice.value)).toEqual([
      hanako.methodId,
    ]);
    const answered = await verify(hanako, "standard-annual");
    expect(answered.status).toBe(200);
    const quoted = await json(answered);
    expect(quoted).toMatchObject({
      amountDueNow: 0,
      billingAmount: 9900,
      firstPaymentDay: "2026-04-30",
      change: {
        subscriptionId: id,
        fromPlanName: "スタンダードプラン（月額）",
        toPlanName: "スタンダードプラン（年額）",
        timing: "nextSettlement",
        effectiveDay: "2026-04-30",
        nextPaymentDay: "2026-04-30",
        nextPaymentAmount: 9900,
      },
    });
    expect((await buy(hanako, "standard-annual", String(quoted.purchaseToken))).status).toBe(200);
    expect(
      await json(await hanako.on.get("/zapi/internal/plans/standard-annual/complete/screen-data")),
    ).toMatchObject({
      wording: "change",
      planChange: {
        fromPlanName: "スタンダードプラン（月額）",
        timing: "nextSettlement",
        effectiveDay: "2026-04-30",
      },
    });
    expect(await rows(sandboxCharges)).toBe(0);
    expect(await rows(contracts)).toBe(1);
    expect(await subscriptionRow(id)).toMatchObject({
      planId: "standard-monthly",
      pendingPlanId: "standard-annual",
      pendingChangeDay: "2026-04-30",
    });
    const page = await json(await hanako.on.get(`/zapi/internal/mypage/subscription/${id}/screen-data`));
    expect(page).toMatchObject({
      pendingChange: { planName: "スタンダードプラン（年額）", day: "2026-04-30", amount: 9900 },
      actions: { undoPlanChange: null, changePlan: "changePending" },
    });
    // One change at a time.
    later();
    expect(await json(await verify(hanako, "standard-annual"))).toMatchObject({
      code: "PLAN_CHANGE_PENDING",
    });

    // Undone the day before: the renewal charges the old plan.
    t.clock.set(new Date("2026-04-29T14:00:00Z"));
    const undone = await hanako.on.post(`/zapi/subscription/${id}/plan-change/cancel`, {});
    expect(undone.status).toBe(200);
    expect(await json(undone)).toMatchObject({ pendingChange: null });
    const billing = { db: t.db, payments: t.deps.payments, catalogue: () => t.deps.catalogue.current() };
    t.clock.set(new Date("2026-04-29T15:05:00Z"));
    expect((await runBillingPass(billing, t.clock.now())).lines).toMatchObject([
      { outcome: "renewed", planId: "standard-monthly", amount: 990 },
    ]);
    expect((await hanako.on.post(`/zapi/subscription/${id}/plan-change/cancel`, {})).status).toBe(409);
  });

  it("changes to a plan dearer per day at once, charging ADR 0042's worked amount; the renewal charges the new price", async () => {
    // The annual plan bought on 1 April 2026; on 1 October, 182 of its 365 days are unused.
    t.clock.set(new Date("2026-10-01T03:00:00Z"));
    const kenji = await member("kenji@example.jp");
    const id = await holding(
      "standard-annual",
      { status: "ONGOING_CONTRACT", nextSettlementDay: "2027-04-01", anchorDay: 1, periodAmount: 9900 },
      kenji,
    );
    const quoted = await json(await verify(kenji, "standard-monthly"));
    expect(quoted).toMatchObject({
      amountDueNow: 1070,
      change: {
        timing: "now",
        effectiveDay: "2026-10-01",
        unusedDays: 182,
        periodDays: 365,
        credit: 4936,
        newPlanForUnusedDays: 6006,
        nextPaymentDay: "2027-04-01",
        nextPaymentAmount: 990,
      },
    });
    expect((await buy(kenji, "standard-monthly", String(quoted.purchaseToken))).status).toBe(200);
    expect(await subscriptionRow(id)).toMatchObject({
      planId: "standard-monthly",
      nextSettlementDay: "2027-04-01",
      periodAmount: 12045, // ⌊990 × 365 / 30⌋: the year at the monthly rate, the next change's credit
      pendingPlanId: null,
    });
    const [charge] = await t.db.select().from(charges).where(eq(charges.contractId, id));
    expect(charge).toMatchObject({
      amount: 1070,
      taxAmount: 97,
      planId: "standard-monthly",
      status: "succeeded",
    });
    expect(await rows(sandboxCharges)).toBe(1);
    expect(await rows(contracts)).toBe(1);
    const confirmed = t.outbox.mails.findLast((mail) => mail.to === "kenji@example.jp");
    expect(confirmed?.text).toContain("差額の¥1,070(税込)を本日お支払いいただきました");

    const billing = { db: t.db, payments: t.deps.payments, catalogue: () => t.deps.catalogue.current() };
    t.clock.set(new Date("2027-03-31T15:05:00Z"));
    expect((await runBillingPass(billing, t.clock.now())).lines).toMatchObject([
      { outcome: "renewed", planId: "standard-monthly", amount: 990, cycleDay: "2027-04-01" },
    ]);
    expect(await subscriptionRow(id)).toMatchObject({ nextSettlementDay: "2027-05-01" });
  });

  it("upgrades at once on a month-end anchor to ADR 0042's first worked example: ¥321 now, ¥1,490 on 28 February", async () => {
    await t.close();
    const demo = demoCatalogue();
    const monthly = demo.plans.find((plan) => plan.planId === "standard-monthly");
    if (!monthly) throw new Error("no monthly plan");
    const premium = {
      ...monthly,
      planId: "premium-monthly",
      planName: "プレミアムプラン（月額）",
      planNameEn: "Premium (monthly)",
      price: 1490,
      cancellationSurvey: null,
    };
    t = await createTestApi({ catalogue: { ...demo, plans: [...demo.plans, premium] } });
    // Period 31 Jan – 28 Feb 2027 (28 days); on 10 Feb, 18 are unused.
    t.clock.set(new Date("2027-02-10T03:00:00Z"));
    const taro = await member("taro@example.jp");
    const id = await holding(
      "standard-monthly",
      { status: "ONGOING_CONTRACT", nextSettlementDay: "2027-02-28", anchorDay: 31, periodAmount: 990 },
      taro,
    );
    const quoted = await json(await verify(taro, "premium-monthly"));
    expect(quoted).toMatchObject({
      amountDueNow: 321,
      change: { timing: "now", unusedDays: 18, periodDays: 28, credit: 636, newPlanForUnusedDays: 957 },
    });
    expect((await buy(taro, "premium-monthly", String(quoted.purchaseToken))).status).toBe(200);
    const [charge] = await t.db.select().from(charges).where(eq(charges.contractId, id));
    expect(charge).toMatchObject({ amount: 321, taxAmount: 29, taxRate: 10, planId: "premium-monthly" });
    const billing = { db: t.db, payments: t.deps.payments, catalogue: () => t.deps.catalogue.current() };
    t.clock.set(new Date("2027-02-27T15:05:00Z"));
    expect((await runBillingPass(billing, t.clock.now())).lines).toMatchObject([
      { outcome: "renewed", planId: "premium-monthly", amount: 1490, cycleDay: "2027-02-28" },
    ]);
    expect(await subscriptionRow(id)).toMatchObject({
      planId: "premium-monthly",
      nextSettlementDay: "2027-03-31",
    });
  });

  it("during a free trial, starts the new plan at the trial's end with no trial of its own", async () => {
    expect((await buy(hanako, "standard-monthly", await tokenFor(hanako, "standard-monthly"))).status).toBe(
      200,
    );
    later();
    const [held] = await t.db.select().from(contracts);
    expect(held).toMatchObject({ subscriptionStatus: "NEW_TRIAL_CONTRACT", nextSettlementDay: "2026-05-02" });
    const quoted = await json(await verify(hanako, "standard-annual"));
    expect(quoted).toMatchObject({
      amountDueNow: 0,
      freeDays: null,
      change: { timing: "nextSettlement", effectiveDay: "2026-05-02", nextPaymentAmount: 9900 },
    });
    expect((await buy(hanako, "standard-annual", String(quoted.purchaseToken))).status).toBe(200);
    const billing = { db: t.db, payments: t.deps.payments, catalogue: () => t.deps.catalogue.current() };
    t.clock.set(new Date("2026-05-01T15:05:00Z"));
    expect((await runBillingPass(billing, t.clock.now())).lines).toMatchObject([
      { outcome: "renewed", planId: "standard-annual", amount: 9900, status: "TRIAL_TO_PAID" },
    ]);
    expect(await subscriptionRow(held?.id ?? "")).toMatchObject({
      planId: "standard-annual",
      nextSettlementDay: "2027-05-02",
    });
  });

  it("refuses a change on hold or while cancelling, a code with a change, and drops a scheduled change on cancellation", async () => {
    const id = await holding("standard-monthly", {
      status: "HOLD",
      nextSettlementDay: "2026-04-02",
      anchorDay: 30,
      periodAmount: 990,
    });
    expect(await json(await verify(hanako, "standard-annual"))).toMatchObject({
      code: "PLAN_NOT_CHANGEABLE",
      message: "更新保留中または解約予定のご契約は、プランを変更できません。",
    });
    await t.db
      .update(contracts)
      .set({ subscriptionStatus: "ONGOING_CONTRACT", nextSettlementDay: "2026-04-30" })
      .where(eq(contracts.id, id));
    expect(await json(await verify(hanako, "standard-annual", { campaignCode: "WELCOME30" }))).toMatchObject({
      code: "CAMPAIGN_NOT_APPLICABLE",
    });
    expect((await buy(hanako, "standard-annual", await tokenFor(hanako, "standard-annual"))).status).toBe(
      200,
    );
    const cancelled = await hanako.on.post(`/zapi/subscription/${id}/withdraw`, {});
    expect(cancelled.status).toBe(200);
    expect(await subscriptionRow(id)).toMatchObject({
      subscriptionStatus: "CANCEL_REQUEST",
      pendingPlanId: null,
      pendingChangeDay: null,
    });
    later();
    expect(await json(await verify(hanako, "standard-annual"))).toMatchObject({
      code: "PLAN_NOT_CHANGEABLE",
    });
  });
});

describe("a purchase cut off between the charge and the contract", () => {
  afterEach(() => t.close());

  it("is settled once within a minute from the provider's record, and the pass says so", async () => {
    // The process dies right after the provider took the money: its answer never comes back.
    let crash = true;
    t = await createTestApi();
    const payments = t.deps.payments;
    t.deps.payments = {
      ...payments,
      browserConfig: () => payments.browserConfig(),
      charge: async (request) => {
        const outcome = await payments.charge(request);
        if (crash) throw new Error("the process was killed");
        return outcome;
      },
    };
    const hanako = await member("hanako@example.jp");
    const token = await tokenFor(hanako, "movie-rental-48h");
    const cut = await buy(hanako, "movie-rental-48h", token);
    expect(cut.ok).toBe(false);
    crash = false;
    expect(await orderStatuses()).toEqual(["pending"]);
    const billing = { db: t.db, payments: t.deps.payments, catalogue: () => t.deps.catalogue.current() };
    // Seconds later (a live process may still be finishing it): left alone.
    t.clock.advance(20_000);
    expect((await runBillingPass(billing, t.clock.now())).orders).toEqual([]);
    // Within a minute: the provider took it, so the member gets what they paid for, once.
    t.clock.advance(45_000);
    const report = await runBillingPass(billing, t.clock.now());
    expect(report.orders).toEqual([
      expect.objectContaining({ planId: "movie-rental-48h", outcome: "completed", amount: 440 }),
    ]);
    expect(describeBillingTotals(report)).toBe(
      "0 renewed, 0 declined, 0 ended, 0 unsettled, 0 skipped, 1 purchases completed, 0 purchases failed",
    );
    expect(await orderStatuses()).toEqual(["completed"]);
    expect(await rows(contracts)).toBe(1);
    expect((await t.db.select().from(sandboxCharges)).map((row) => row.status)).toEqual(["succeeded"]);
    // The next pass finds nothing more to do.
    t.clock.advance(REAP_AFTER_MS);
    expect(describeBillingTotals(await runBillingPass(billing, t.clock.now()))).toBe("nothing was due");
    expect(await rows(contracts)).toBe(1);
  });
});
