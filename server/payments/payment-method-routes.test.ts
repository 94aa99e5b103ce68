import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SCREEN_BODY_SHAPES } from "../../app/lib/screen-data-shapes.server.ts";
import paymentMethodSchema from "../../schemas/payment-method.schema.json" with { type: "json" };
import { createAjv } from "../../schemas/validation.ts";
import { createTestApi, insertAccount, type TestApi, TestBrowser } from "../../tests/api-harness.ts";
import { contracts, paymentMethods } from "../db/schema.ts";
import { listPaymentMethods } from "./payment-methods.ts";
import { createCardToken, createTds2Token, decideAction, type SandboxMerchant } from "./sandbox/processor.ts";

const merchant: SandboxMerchant = { merchantId: "sandbox-merchant", serviceId: "001" };

let t: TestApi;
let memberId: string;
let browser: TestBrowser;

async function signIn(email: string) {
  const account = await insertAccount(t, { email, password: "Passw0rdA" });
  const on = new TestBrowser(t);
  const login = await on.post("/zapi/login", {
    emailUserId: email,
    password: "Passw0rdA",
    loginMethod: "Password",
  });
  expect(login.status).toBe(200);
  return { account, on };
}

beforeEach(async () => {
  t = await createTestApi();
  const signedIn = await signIn("hanako@example.jp");
  memberId = signedIn.account.accountId;
  browser = signedIn.on;
});
afterEach(() => t.close());

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown>;
}

/** What token.js gives the page for this card (the browser's call to the sandbox). */
async function cardToken(ccNumber = "4242424242424242") {
  const answer = await createCardToken(
    t.db,
    merchant,
    { ...merchant, ccNumber, ccExpiration: "203012", securityCode: "123" },
    t.clock.now(),
  );
  if (answer.result !== "OK") throw new Error(answer.errorCode);
  return { token: answer.tokenResponse.token, tokenKey: answer.tokenResponse.tokenKey };
}

async function tds2Token() {
  const answer = await createTds2Token(t.db, merchant, { ...merchant }, t.clock.now());
  if (answer.result !== "OK") throw new Error(answer.errorCode);
  return { tds2infoToken: answer.tokenResponse.token, tds2infoTokenKey: answer.tokenResponse.tokenKey };
}

const saved = () => listPaymentMethods(t.db, memberId);

/** The state the provider's page sends the member back with. */
async function returnState(actionUrl: string, account: string | null = null): Promise<string> {
  const actionRef = actionUrl.split("/").at(-1) ?? "";
  const returnUrl = await decideAction(t.db, actionRef, true, t.clock.now(), account);
  return new URL(returnUrl ?? "http://x/").searchParams.get("state") ?? "";
}

describe("POST /zapi/account/payment-method/credit", () => {
  it("registers a card from its tokens and lists only its brand, last four digits and expiry", async () => {
    const response = await browser.post("/zapi/account/payment-method/credit", await cardToken());
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ redirectTo: "/mypage/payment-method/complete" });
    expect(await saved()).toEqual([
      {
        accountPaymentMethodId: expect.any(String),
        paymentMethodType: "SbpsCredit",
        isContractUsed: false,
        SbpsCreditInfo: { cardbrandCode: "V", cardNumberSuffix: "4242", expireDate: "203012" },
      },
    ]);
  });

  it("refuses a reused token, another member's token and an unknown one, and saves nothing more", async () => {
    const token = await cardToken();
    expect((await browser.post("/zapi/account/payment-method/credit", token)).status).toBe(200);
    const reused = await browser.post("/zapi/account/payment-method/credit", token);
    expect(reused.status).toBe(400);
    expect(await json(reused)).toMatchObject({
      code: "CARD_TOKEN_INVALID",
      message: "クレジットカードの登録に失敗しました。お手数ですが、もう一度カード情報を入力してください。",
    });

    const other = await signIn("taro@example.jp");
    const stolen = await other.on.post("/zapi/account/payment-method/credit", token);
    expect(await json(stolen)).toMatchObject({ code: "CARD_TOKEN_INVALID" });
    const unknown = await browser.post("/zapi/account/payment-method/credit", { token: "x", tokenKey: "y" });
    expect(await json(unknown)).toMatchObject({ code: "CARD_TOKEN_INVALID" });

    expect(await saved()).toHaveLength(1);
    expect(await listPaymentMethods(t.db, other.account.accountId)).toEqual([]);
  });

  it("says the declined card's message and saves nothing", async () => {
    const response = await browser.post(
      "/zapi/account/payment-method/credit",
      await cardToken("4000000000000002"),
    );
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({
      code: "CARD_DECLINED",
      message:
        "クレジットカードの登録に失敗しました。カード会社にお問い合わせいただくか、別のカードをご利用ください。",
    });
    expect(await saved()).toEqual([]);
  });

  it("sends the 3-D Secure card to the challenge, and saves it when the member comes back approved", async () => {
    const response = await browser.post("/zapi/account/payment-method/credit", {
      ...(await cardToken("4000000000003220")),
      ...(await tds2Token()),
    });
    const { redirectTo } = await json(response);
    expect(redirectTo).toMatch(/^\/sandbox-pay\/action\/act_/);
    expect(await saved()).toEqual([]);

    const state = await returnState(String(redirectTo));
    const back = await browser.post("/zapi/account/payment-method/return", { state });
    expect(await json(back)).toEqual({ redirectTo: "/mypage/payment-method/complete" });
    expect(await saved()).toMatchObject([{ SbpsCreditInfo: { cardNumberSuffix: "3220" } }]);

    // The same return again is a replay.
    const replay = await browser.post("/zapi/account/payment-method/return", { state });
    expect(await json(replay)).toMatchObject({ code: "PAYMENT_ACTION_INVALID" });
    expect(await saved()).toHaveLength(1);
  });

  it("refuses a failed challenge, a forged state and another member's return", async () => {
    const response = await browser.post("/zapi/account/payment-method/credit", {
      ...(await cardToken("4000000000003220")),
      ...(await tds2Token()),
    });
    const { redirectTo } = await json(response);
    const actionRef = String(redirectTo).split("/").at(-1) ?? "";
    const returnUrl = await decideAction(t.db, actionRef, false, t.clock.now());
    const state = new URL(returnUrl ?? "").searchParams.get("state") ?? "";

    const forged = await browser.post("/zapi/account/payment-method/return", { state: `${state}x` });
    expect(await json(forged)).toMatchObject({ code: "PAYMENT_ACTION_INVALID" });
    const other = await signIn("taro@example.jp");
    const theirs = await other.on.post("/zapi/account/payment-method/return", { state });
    expect(await json(theirs)).toMatchObject({ code: "PAYMENT_ACTION_INVALID" });

    const failed = await browser.post("/zapi/account/payment-method/return", { state });
    expect(await json(failed)).toMatchObject({
      code: "THREE_D_SECURE_FAILED",
      message: "3Dセキュア認証に失敗しました。お手数ですが、もう一度お試しください。",
    });
    expect(await saved()).toEqual([]);
  });

  it("is refused to guests, without store payment, without the card type, and for a body that is not the tokens", async () => {
    const guest = new TestBrowser(t);
    expect((await guest.post("/zapi/account/payment-method/credit", await cardToken())).status).toBe(401);

    const bad = await browser.post("/zapi/account/payment-method/credit", {
      token: "x",
      ccNumber: "4242424242424242",
    });
    expect(bad.status).toBe(400);
    expect(await json(bad)).toMatchObject({ code: "VALIDATION_ERROR" });

    t.store.update((settings) => {
      settings.storePaymentMethods = ["PaypalRest"];
    });
    const notOffered = await browser.post("/zapi/account/payment-method/credit", await cardToken());
    expect(await json(notOffered)).toMatchObject({
      code: "PAYMENT_METHOD_UNAVAILABLE",
      message: "このお支払い方法はご利用いただけません。",
    });
    t.store.update((settings) => {
      settings.features.isStorePaymentAvailable = false;
    });
    expect((await browser.post("/zapi/account/payment-method/credit", await cardToken())).status).toBe(403);
    expect(await saved()).toEqual([]);
  });

  it("paces registrations per member: a few in a row, then one a minute", async () => {
    for (let i = 0; i < 5; i++) {
      expect(
        (await browser.post("/zapi/account/payment-method/credit", await cardToken("4000000000000002")))
          .status,
      ).toBe(400);
    }
    const paced = await browser.post("/zapi/account/payment-method/credit", await cardToken());
    expect(paced.status).toBe(429);
    t.clock.advance(60_000);
    expect((await browser.post("/zapi/account/payment-method/credit", await cardToken())).status).toBe(200);
  });
});

describe("PayPal and carrier billing", () => {
  it("sends the member to PayPal's page and saves PayPal when approved", async () => {
    const start = await json(await browser.get("/zapi/account/payment-method/paypal"));
    expect(start.redirectTo).toMatch(/^\/sandbox-pay\/action\/act_/);
    const state = await returnState(String(start.redirectTo));
    const back = await browser.post("/zapi/account/payment-method/return", { state });
    expect(await json(back)).toEqual({ redirectTo: "/mypage/payment-method/complete" });
    expect(await saved()).toEqual([
      { accountPaymentMethodId: expect.any(String), paymentMethodType: "PaypalRest", isContractUsed: false },
    ]);
  });

  it("names each PayPal or carrier account by what the provider tells of it, masked", async () => {
    const paypal = await json(await browser.get("/zapi/account/payment-method/paypal"));
    const paypalState = await returnState(String(paypal.redirectTo), "hanako.yamada@example.jp");
    await browser.post("/zapi/account/payment-method/return", { state: paypalState });
    await t.clock.advance(61_000);
    const docomo = await json(
      await browser.post("/zapi/account/payment-method/link", { paymentMethodType: "SbpsDocomo" }),
    );
    const docomoState = await returnState(String(docomo.linkUrl), "090-1234-5678");
    await browser.post("/zapi/account/payment-method/return", { state: docomoState });
    expect(await saved()).toEqual([
      expect.objectContaining({ paymentMethodType: "PaypalRest", accountLabel: "h***@example.jp" }),
      expect.objectContaining({ paymentMethodType: "SbpsDocomo", accountLabel: "***-****-5678" }),
    ]);
    // The purchase form names them so too.
    const form = await json(await browser.get("/zapi/internal/plans/movie-rental-48h/screen-data"));
    expect(JSON.stringify(form)).toContain("PayPal（h***@example.jp）");
  });

  it("gives the carrier's link and the fields the page posts, and says a cancellation", async () => {
    const start = await json(
      await browser.post("/zapi/account/payment-method/link", { paymentMethodType: "SbpsDocomo" }),
    );
    expect(start).toMatchObject({
      linkUrl: expect.stringMatching(/^\/sandbox-pay\/action\/act_/),
      params: { merchantId: "sandbox-merchant", actionRef: expect.any(String) },
    });
    const actionRef = String(start.linkUrl).split("/").at(-1) ?? "";
    const returnUrl = await decideAction(t.db, actionRef, false, t.clock.now());
    expect(returnUrl).toMatch(/^http:\/\/localhost\/mypage\/payment-method\/return\?state=/);
    const state = new URL(returnUrl ?? "").searchParams.get("state") ?? "";
    const back = await browser.post("/zapi/account/payment-method/return", { state });
    expect(await json(back)).toMatchObject({
      code: "PAYMENT_METHOD_CANCELLED",
      message: "お支払い方法の登録をキャンセルしました。",
    });
    expect(await saved()).toEqual([]);
  });

  it("links only carrier types the store offers", async () => {
    for (const paymentMethodType of ["SbpsCredit", "PaypalRest", "CampaignCode", "SbpsPaypay"]) {
      const response = await browser.post("/zapi/account/payment-method/link", { paymentMethodType });
      expect(response.status).toBe(400);
      expect(await json(response)).toMatchObject({ code: "PAYMENT_METHOD_UNAVAILABLE" });
    }
    const unknown = await browser.post("/zapi/account/payment-method/link", { paymentMethodType: "Cash" });
    expect(await json(unknown)).toMatchObject({ code: "VALIDATION_ERROR" });
    t.store.update((settings) => {
      settings.storePaymentMethods = ["SbpsCredit"];
    });
    expect((await browser.get("/zapi/account/payment-method/paypal")).status).toBe(400);
  });
});

describe("a registration started from a plan's purchase form (returnTo)", () => {
  const form = "/plans/standard-monthly";

  it("goes back to the form once the card is saved, directly or after the 3-D Secure challenge", async () => {
    const direct = await browser.post("/zapi/account/payment-method/credit", {
      ...(await cardToken()),
      returnTo: form,
    });
    expect(await json(direct)).toEqual({ redirectTo: form });

    const challenged = await browser.post("/zapi/account/payment-method/credit", {
      ...(await cardToken("4000000000003220")),
      ...(await tds2Token()),
      returnTo: "/signup/plans/premiere-pass",
    });
    const state = await returnState(String((await json(challenged)).redirectTo));
    const back = await browser.post("/zapi/account/payment-method/return", { state });
    expect(await json(back)).toEqual({ redirectTo: "/signup/plans/premiere-pass" });
    expect(await saved()).toHaveLength(2);
  });

  it("goes back to the form after PayPal and after a carrier's page", async () => {
    const paypal = await json(
      await browser.get(`/zapi/account/payment-method/paypal?returnTo=${encodeURIComponent(form)}`),
    );
    const paypalBack = await browser.post("/zapi/account/payment-method/return", {
      state: await returnState(String(paypal.redirectTo)),
    });
    expect(await json(paypalBack)).toEqual({ redirectTo: form });

    const carrier = await json(
      await browser.post("/zapi/account/payment-method/link", {
        paymentMethodType: "SbpsDocomo",
        returnTo: form,
      }),
    );
    const carrierBack = await browser.post("/zapi/account/payment-method/return", {
      state: await returnState(String(carrier.linkUrl)),
    });
    expect(await json(carrierBack)).toEqual({ redirectTo: form });
  });

  it("refuses a returnTo that is not a plan's form, saving nothing; PayPal's query ignores one", async () => {
    for (const returnTo of [
      "https://evil.example/plans/x",
      "//evil.example/plans/x",
      "/mypage",
      "/plans/../mypage",
      "/plans/standard-monthly?next=//evil.example",
      "/plans/",
    ]) {
      const refused = await browser.post("/zapi/account/payment-method/credit", {
        ...(await cardToken()),
        returnTo,
      });
      expect(refused.status, returnTo).toBe(400);
      expect(await json(refused)).toMatchObject({ code: "VALIDATION_ERROR" });
      const link = await browser.post("/zapi/account/payment-method/link", {
        paymentMethodType: "SbpsDocomo",
        returnTo,
      });
      expect(link.status, returnTo).toBe(400);
    }
    expect(await saved()).toEqual([]);

    const paypal = await json(
      await browser.get(
        `/zapi/account/payment-method/paypal?returnTo=${encodeURIComponent("//evil.example")}`,
      ),
    );
    const back = await browser.post("/zapi/account/payment-method/return", {
      state: await returnState(String(paypal.redirectTo)),
    });
    expect(await json(back)).toEqual({ redirectTo: "/mypage/payment-method/complete" });
  });
});

describe("DELETE /zapi/account/payment-method/{accountPaymentMethodId}", () => {
  it("deletes the member's own method and answers where to go; another member's or an unknown one is 404", async () => {
    await browser.post("/zapi/account/payment-method/credit", await cardToken());
    const [method] = await saved();
    const id = method?.accountPaymentMethodId ?? "";

    const other = await signIn("taro@example.jp");
    const theirs = await other.on.request(`/zapi/account/payment-method/${id}`, { method: "DELETE" });
    expect(theirs.status).toBe(404);
    for (const bad of ["not-a-uuid", "00000000-0000-0000-0000-000000000000"]) {
      const response = await browser.request(`/zapi/account/payment-method/${bad}`, { method: "DELETE" });
      expect(response.status).toBe(404);
    }
    expect(await saved()).toHaveLength(1);

    const response = await browser.request(`/zapi/account/payment-method/${id}`, { method: "DELETE" });
    expect(await json(response)).toEqual({ redirectTo: "/mypage/payment-method/delete/complete" });
    expect(await saved()).toEqual([]);
    // The row stays for the payment history that names it.
    expect(await t.db.select().from(paymentMethods)).toHaveLength(1);
    const again = await browser.request(`/zapi/account/payment-method/${id}`, { method: "DELETE" });
    expect(again.status).toBe(404);
  });
});

describe("GET /zapi/internal/mypage/payment-method/screen-data", () => {
  it("lists the member's methods, the types to register (no campaign code) and the provider's public config", async () => {
    await browser.post("/zapi/account/payment-method/credit", await cardToken());
    const page = await json(await browser.get("/zapi/internal/mypage/payment-method/screen-data"));
    expect(page).toEqual({
      paymentMethods: [
        expect.objectContaining({ SbpsCreditInfo: expect.objectContaining({ cardNumberSuffix: "4242" }) }),
      ],
      paymentMethodTypes: ["SbpsCredit", "PaypalRest", "SbpsDocomo"],
      paymentProvider: {
        merchantId: "sandbox-merchant",
        serviceId: "001",
        tokenScriptUrl: "/sandbox-pay/token.js",
        tds2ScriptUrl: "/sandbox-pay/tds2.js",
      },
    });
    // Each method in the shape of spec §3's account payment method, which the page's type comes from.
    const validate = createAjv().compile(paymentMethodSchema);
    for (const method of page.paymentMethods as object[]) {
      expect(validate(method), JSON.stringify(validate.errors)).toBe(true);
    }
    expect(validate({ ...(page.paymentMethods as object[])[0], paymentMethodType: "Cash" })).toBe(false);
    // The whole answer in the shape the page reads (payment-method-screen-data.schema.json).
    const shape = SCREEN_BODY_SHAPES.savedPaymentMethods;
    expect(shape(page), JSON.stringify(shape.errors)).toBe(true);
    expect(shape({ ...page, paymentProvider: { merchantId: "sandbox-merchant" } })).toBe(false);
  });

  it("offers no card without the provider's config, and sends the member to my page without store payment", async () => {
    t.store.update((settings) => {
      delete settings.paymentProvider;
    });
    const page = await json(await browser.get("/zapi/internal/mypage/payment-method/screen-data"));
    expect(page).toMatchObject({ paymentMethodTypes: ["PaypalRest", "SbpsDocomo"], paymentProvider: null });
    expect(SCREEN_BODY_SHAPES.savedPaymentMethods(page)).toBe(true);
    t.store.update((settings) => {
      settings.features.isStorePaymentAvailable = false;
    });
    expect(await json(await browser.get("/zapi/internal/mypage/payment-method/screen-data"))).toEqual({
      redirectTo: "/mypage",
    });
  });
});

describe("a method a subscription uses", () => {
  async function savedMethodId() {
    await browser.post("/zapi/account/payment-method/credit", await cardToken());
    const [method] = await saved();
    return method?.accountPaymentMethodId ?? "";
  }
  const remove = (id: string) => browser.request(`/zapi/account/payment-method/${id}`, { method: "DELETE" });

  it("is marked in use and cannot be deleted, with a cancellation pending too (spec §4, §6)", async () => {
    const id = await savedMethodId();
    for (const subscriptionStatus of ["NEW_CONTRACT", "CANCEL_REQUEST"] as const) {
      await t.db.delete(contracts);
      await t.db.insert(contracts).values({
        accountId: memberId,
        planId: "standard-monthly",
        planType: "subscription",
        subscriptionStatus,
        paymentMethodId: id,
      });
      const page = await json(await browser.get("/zapi/internal/mypage/payment-method/screen-data"));
      expect(page.paymentMethods).toMatchObject([{ accountPaymentMethodId: id, isContractUsed: true }]);
      const refused = await remove(id);
      expect(refused.status).toBe(400);
      expect(await json(refused)).toMatchObject({
        code: "PAYMENT_METHOD_IN_USE",
        message: "ご契約中のプランで利用しているお支払い方法は削除できません。",
      });
      expect(await saved()).toHaveLength(1);
    }
  });

  it("is free again once the subscription is cancelled; a purchase or rental never holds it", async () => {
    const id = await savedMethodId();
    await t.db.insert(contracts).values([
      {
        accountId: memberId,
        planId: "standard-monthly",
        planType: "subscription",
        subscriptionStatus: "CANCELLED",
        paymentMethodId: id,
      },
      { accountId: memberId, planId: "movie-rental-48h", planType: "rental", paymentMethodId: id },
    ]);
    expect(await saved()).toMatchObject([{ isContractUsed: false }]);
    expect((await remove(id)).status).toBe(200);
  });
});
