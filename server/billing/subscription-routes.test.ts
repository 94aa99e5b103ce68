/**
 * The subscription calls of spec §7 and their screen data (issue 44 §3): cancel, continue, change
 * the method, retry a held payment — each refusal of spec §4 and §8 with its message, another
 * member's subscription 404, and a walk of cancel → continue → cancel → end with the billing run.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SCREEN_BODY_SHAPES } from "../../app/lib/screen-data-shapes.server.ts";
import { japanMidnight } from "../../schemas/japan-time.ts";
import paymentMethodSchema from "../../schemas/payment-method.schema.json" with { type: "json" };
import subscriptionSchema from "../../schemas/subscription.schema.json" with { type: "json" };
import subscriptionSummarySchema from "../../schemas/subscription-summary.schema.json" with { type: "json" };
import { createAjv } from "../../schemas/validation.ts";
import {
  createTestApi,
  demoCatalogue,
  mailedCode,
  type TestApi,
  TestBrowser,
} from "../../tests/api-harness.ts";
import { type Subscriber, subscribe, subscriber } from "../../tests/subscription-fixtures.ts";
import { accounts, charges, contracts, sandboxCharges } from "../db/schema.ts";
import { savePaymentMethod } from "../payments/payment-methods.ts";
import { failNextCharge } from "../payments/sandbox/processor.ts";
import type { Catalogue } from "../store/catalogue-source.ts";
import { runBillingPass } from "./renewals.ts";

let t: TestApi;
beforeEach(async () => {
  // 2026-06-10 12:00 in Japan.
  t = await createTestApi({ startAt: "2026-06-10T03:00:00Z" });
});
afterEach(() => t.close());

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown>;
}

/** A subscriber signed in. */
async function signedIn(card?: string): Promise<Subscriber & { on: TestBrowser }> {
  const who = await subscriber(t, card);
  const on = new TestBrowser(t);
  const login = await on.post("/zapi/login", {
    emailUserId: who.email,
    password: who.password,
    loginMethod: "Password",
  });
  expect(login.status).toBe(200);
  return { ...who, on };
}

async function row(id: string) {
  const [found] = await t.db.select().from(contracts).where(eq(contracts.id, id));
  if (!found) throw new Error("gone");
  return found;
}

const monthly = { status: "ONGOING_CONTRACT", nextSettlementDay: "2026-06-20", anchorDay: 20 } as const;

function pass(day: string) {
  t.clock.set(new Date(japanMidnight(day).getTime() + 5 * 60_000));
  const catalogue: Catalogue = { ...demoCatalogue(), version: "test" };
  return runBillingPass({ db: t.db, payments: t.deps.payments, catalogue: () => catalogue }, t.clock.now());
}

describe("screen data", () => {
  it("/mypage/plans lists the member's subscriptions with their status group and what may be done", async () => {
    const who = await signedIn();
    const id = await subscribe(t, who, "standard-monthly", {
      ...monthly,
      campaignId: "half-price-3",
      campaignCyclesLeft: 2,
    });
    const data = await json(await who.on.get("/zapi/internal/mypage/plans/screen-data"));
    expect(data.subscriptions).toEqual([
      {
        subscription: expect.objectContaining({
          subscriptionId: id,
          subscriptionStatus: "ONGOING_CONTRACT",
          nextSettlementDay: "2026-06-20",
          planName: "スタンダードプラン（月額）",
          renewSpan: 1,
          renewSpanUnit: "month",
          originalPrice: 990,
          billingAmount: 495,
          campaign: { campaignName: "3か月半額キャンペーン" },
          accountPaymentMethod: expect.objectContaining({
            accountPaymentMethodId: who.methodId,
            isContractUsed: true,
          }),
          isWithdraw: false,
        }),
        statusGroup: "underContract",
        renewing: false,
        endsAt: null,
        trialEndDay: null,
        pendingChange: null,
        actions: {
          cancel: null,
          undoCancel: "notCancelRequested",
          retry: "notOnHold",
          changePaymentMethod: null,
          changePlan: null,
          undoPlanChange: "noPendingChange",
        },
      },
    ]);
  });

  it("answers every summary, on the list and on the detail, in the shape the pages read (subscription-summary.schema.json)", async () => {
    const ajv = createAjv();
    for (const schema of [paymentMethodSchema, subscriptionSchema]) ajv.addSchema(schema);
    const validate = ajv.compile(subscriptionSummarySchema);
    const who = await signedIn();
    const ids = [
      await subscribe(t, who, "standard-monthly", {
        ...monthly,
        campaignId: "half-price-3",
        campaignCyclesLeft: 2,
      }),
      await subscribe(t, who, "standard-annual", {
        ...monthly,
        status: "NEW_TRIAL_CONTRACT",
        trialEndDay: "2026-06-19",
      }),
      await subscribe(t, who, "standard-monthly", { ...monthly, status: "CANCEL_REQUEST" }),
      await subscribe(t, who, "standard-monthly", {
        ...monthly,
        status: "HOLD",
        nextSettlementDay: "2026-06-10",
      }),
      await subscribe(t, who, "standard-monthly", { ...monthly, status: "CANCELLED", withoutMethod: true }),
    ];
    const list = await json(await who.on.get("/zapi/internal/mypage/plans/screen-data"));
    expect(list.subscriptions).toHaveLength(ids.length);
    for (const summary of list.subscriptions as unknown[]) {
      expect(validate(summary), JSON.stringify(validate.errors)).toBe(true);
    }
    // The whole answers, as the list and each subscription's pages read them.
    const { subscriptionList, subscriptionDetail } = SCREEN_BODY_SHAPES;
    expect(subscriptionList(list), JSON.stringify(subscriptionList.errors)).toBe(true);
    for (const id of ids) {
      const page = await json(await who.on.get(`/zapi/internal/mypage/subscription/${id}/screen-data`));
      const { paymentChoices: _choices, survey: _survey, returnTo: _returnTo, ...summary } = page;
      expect(validate(summary), `${id} ${JSON.stringify(validate.errors)}`).toBe(true);
      expect(subscriptionDetail(page), `${id} ${JSON.stringify(subscriptionDetail.errors)}`).toBe(true);
      expect(subscriptionDetail({ ...page, returnTo: "/mypage" })).toBe(false);
    }
    // The shape is held to: a status group the pages do not know, or an action left out, is not one.
    const [first] = list.subscriptions as Record<string, unknown>[];
    expect(validate({ ...first, statusGroup: "paused" })).toBe(false);
    expect(validate({ ...first, actions: { cancel: null } })).toBe(false);
  });

  it("an annual plan is a span of one year; English names in English", async () => {
    const who = await signedIn();
    const id = await subscribe(t, who, "standard-annual", monthly);
    const data = await json(await who.on.get(`/zapi/internal/mypage/subscription/${id}/screen-data?lng=en`));
    expect(data.subscription).toMatchObject({
      planName: "Standard (annual)",
      renewSpan: 1,
      renewSpanUnit: "year",
      billingAmount: 9900,
    });
    expect(data.paymentChoices).toEqual([
      { value: who.methodId, label: "Visa ending in 4242", hint: expect.any(String) },
    ]);
  });

  it("names /withdraw as the way back only when the member came from there (spec §2)", async () => {
    const who = await signedIn();
    const id = await subscribe(t, who, "standard-monthly", monthly);
    const page = `/zapi/internal/mypage/subscription/${id}/withdraw/complete/screen-data`;
    expect((await json(await who.on.get(`${page}?returnTo=%2Fwithdraw`))).returnTo).toBe("/withdraw");
    for (const query of ["", "?returnTo=%2Fmypage", "?returnTo=https%3A%2F%2Fevil.example%2Fwithdraw"]) {
      expect((await json(await who.on.get(`${page}${query}`))).returnTo, query).toBeNull();
    }
  });

  it("treats another member's subscription, or an id that is none, as none: the pages go to the list, the calls 404", async () => {
    const owner = await signedIn();
    const id = await subscribe(t, owner, "standard-monthly", monthly);
    const other = await signedIn();
    for (const path of [`/${id}/screen-data`, `/${id}/withdraw/screen-data`, "/not-a-uuid/screen-data"]) {
      const response = await other.on.get(`/zapi/internal/mypage/subscription${path}`);
      expect(await json(response), path).toEqual({ redirectTo: "/mypage/plans" });
    }
    for (const [call, body] of [
      ["withdraw", {}],
      ["withdraw/cancel", {}],
      ["re-settlement", {}],
      ["change-payment-method", { paymentMethodId: other.methodId }],
    ] as const) {
      const response = await other.on.post(`/zapi/subscription/${id}/${call}`, body);
      expect(response.status, call).toBe(404);
      expect(await json(response)).toMatchObject({
        code: "SUBSCRIPTION_NOT_FOUND",
        message: "ご契約が見つかりません。",
      });
    }
    expect((await row(id)).subscriptionStatus).toBe("ONGOING_CONTRACT");
  });
});

describe("cancel and continue (spec §4 Cancellation)", () => {
  it("walks cancel → continue → cancel → the end: the billing run ends it on its day, uncharged", async () => {
    const who = await signedIn();
    const id = await subscribe(t, who, "standard-monthly", monthly);

    const cancelled = await who.on.post(`/zapi/subscription/${id}/withdraw`, {});
    expect(cancelled.status).toBe(200);
    expect(await json(cancelled)).toMatchObject({
      subscription: { subscriptionStatus: "CANCEL_REQUEST", isWithdraw: true },
      statusGroup: "cancelRequested",
      endsAt: "2026-06-19T15:00:00.000Z",
      actions: { cancel: "notCancellable", undoCancel: null, changePaymentMethod: "notChangeable" },
    });
    // Already scheduled: not cancelled again.
    const again = await who.on.post(`/zapi/subscription/${id}/withdraw`, {});
    expect(again.status).toBe(409);
    expect(await json(again)).toMatchObject({
      code: "SUBSCRIPTION_ALREADY_CANCELLED",
      message: "このご契約はすでに解約済み、または解約予定です。",
    });

    const continued = await who.on.post(`/zapi/subscription/${id}/withdraw/cancel`, {});
    expect(continued.status).toBe(200);
    expect((await row(id)).subscriptionStatus).toBe("ONGOING_CONTRACT");
    expect((await row(id)).cancelRequestedAt).toBeNull();
    // Nothing to undo now.
    expect(await json(await who.on.post(`/zapi/subscription/${id}/withdraw/cancel`, {}))).toMatchObject({
      code: "SUBSCRIPTION_NOT_CANCEL_REQUESTED",
    });

    expect((await who.on.post(`/zapi/subscription/${id}/withdraw`, {})).status).toBe(200);
    await pass("2026-06-20");
    expect(await row(id)).toMatchObject({ subscriptionStatus: "CANCELLED" });
    expect(await t.db.select().from(charges)).toEqual([]);
    // Cancelled: nothing more to do.
    const after = await who.on.post(`/zapi/subscription/${id}/withdraw`, {});
    expect(await json(after)).toMatchObject({ code: "SUBSCRIPTION_ALREADY_CANCELLED" });
    expect(await json(await who.on.post(`/zapi/subscription/${id}/withdraw/cancel`, {}))).toMatchObject({
      code: "SUBSCRIPTION_NOT_CANCEL_REQUESTED",
    });
  });

  it("keeps the answers to the plan's cancellation survey, checked with its form", async () => {
    const survey = {
      surveyName: "解約アンケート",
      questions: [
        {
          questionId: "reason",
          questionType: "RADIO" as const,
          questionTitle: "解約の理由",
          required: true,
          answerOptions: [
            { optionId: "price", optionTitle: "料金" },
            { optionId: "titles", optionTitle: "作品" },
          ],
        },
      ],
    };
    await t.close();
    const catalogue = demoCatalogue();
    t = await createTestApi({
      startAt: "2026-06-10T03:00:00Z",
      catalogue: {
        ...catalogue,
        plans: catalogue.plans.map((plan) =>
          plan.planId === "standard-monthly" ? { ...plan, cancellationSurvey: survey } : plan,
        ),
      },
    });
    const member = await signedIn();
    const id = await subscribe(t, member, "standard-monthly", monthly);
    expect(
      (await json(await member.on.get(`/zapi/internal/mypage/subscription/${id}/withdraw/screen-data`)))
        .survey,
    ).toEqual(survey);
    const missing = await member.on.post(`/zapi/subscription/${id}/withdraw`, {});
    expect(missing.status).toBe(400);
    expect(await json(missing)).toMatchObject({ code: "VALIDATION_ERROR" });
    expect((await row(id)).subscriptionStatus).toBe("ONGOING_CONTRACT");
    const unknown = await member.on.post(`/zapi/subscription/${id}/withdraw`, {
      survey: [{ questionId: "reason", answer: "free" }],
    });
    expect(unknown.status).toBe(400);
    const answered = await member.on.post(`/zapi/subscription/${id}/withdraw`, {
      survey: [{ questionId: "reason", answer: "price" }],
    });
    expect(answered.status).toBe(200);
    expect((await row(id)).cancellationSurveyAnswers).toEqual([{ questionId: "reason", answer: "price" }]);
  });

  it("refuses to continue without a registered payment method", async () => {
    const who = await signedIn();
    const id = await subscribe(t, who, "standard-monthly", {
      ...monthly,
      status: "CANCEL_REQUEST",
      withoutMethod: true,
    });
    const response = await who.on.post(`/zapi/subscription/${id}/withdraw/cancel`, {});
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({
      code: "NO_PAYMENT_METHOD",
      message:
        "お支払い方法が登録されていないため、プランを継続できません。お支払い方法を登録してから、もう一度お試しください。",
    });
    expect((await row(id)).subscriptionStatus).toBe("CANCEL_REQUEST");
  });

  it("blocks cancelling, continuing and the method change while renewing (契約更新中)", async () => {
    const who = await signedIn();
    const due = await subscribe(t, who, "standard-monthly", { ...monthly, nextSettlementDay: "2026-06-10" });
    const cancelling = await subscribe(t, who, "standard-annual", {
      ...monthly,
      status: "CANCEL_REQUEST",
      nextSettlementDay: "2026-06-10",
    });
    for (const [id, call, body] of [
      [due, "withdraw", {}],
      [cancelling, "withdraw/cancel", {}],
      [due, "change-payment-method", { paymentMethodId: who.methodId }],
    ] as const) {
      const response = await who.on.post(`/zapi/subscription/${id}/${call}`, body);
      expect(response.status, call).toBe(409);
      expect(await json(response)).toMatchObject({
        code: "SUBSCRIPTION_RENEWING",
        message:
          "契約更新中のため、現在この操作はできません。更新の手続きが終わってから、もう一度お試しください。",
      });
    }
    const data = await json(await who.on.get(`/zapi/internal/mypage/subscription/${due}/screen-data`));
    expect(data).toMatchObject({
      renewing: true,
      actions: { cancel: "renewing", changePaymentMethod: "renewing" },
    });
  });

  it("refuses a body that is not the call's before looking further, changing nothing", async () => {
    const who = await signedIn();
    const id = await subscribe(t, who, "standard-monthly", { ...monthly, status: "CANCEL_REQUEST" });
    const extra = await who.on.post(`/zapi/subscription/${id}/withdraw/cancel`, { force: true });
    expect(extra.status).toBe(400);
    expect(await json(extra)).toMatchObject({ code: "VALIDATION_ERROR" });
    expect((await row(id)).subscriptionStatus).toBe("CANCEL_REQUEST");
  });
});

describe("change the payment method", () => {
  it("changes to another of the member's methods; another member's method or a removed one is refused", async () => {
    const who = await signedIn();
    const id = await subscribe(t, who, "standard-monthly", monthly);
    const second = await savePaymentMethod(
      t.db,
      who.accountId,
      { ref: "pm_second", type: "SbpsCredit", card: { brand: "M", last4: "4444", expiry: "203101" } },
      t.clock.now(),
    );
    const changed = await who.on.post(`/zapi/subscription/${id}/change-payment-method`, {
      paymentMethodId: second.id,
    });
    expect(changed.status).toBe(200);
    expect((await row(id)).paymentMethodId).toBe(second.id);

    const stranger = await subscriber(t);
    const foreign = await who.on.post(`/zapi/subscription/${id}/change-payment-method`, {
      paymentMethodId: stranger.methodId,
    });
    expect(foreign.status).toBe(400);
    expect(await json(foreign)).toMatchObject({
      code: "PAYMENT_METHOD_INVALID",
      message: "このお支払い方法はご利用いただけません。別のお支払い方法を選んでください。",
    });
    expect((await row(id)).paymentMethodId).toBe(second.id);
    const missing = await who.on.post(`/zapi/subscription/${id}/change-payment-method`, {});
    expect(missing.status).toBe(400);
  });
});

describe("retry a held payment (POST …/re-settlement)", () => {
  it("a renewal declined by the sandbox is held; the member's retry recovers it (HOLD → HOLD_RELEASED)", async () => {
    const who = await signedIn();
    const id = await subscribe(t, who, "standard-monthly", monthly);
    await failNextCharge(t.db, who.methodRef);
    await pass("2026-06-20");
    expect(await row(id)).toMatchObject({ subscriptionStatus: "HOLD", nextSettlementDay: "2026-06-21" });
    const held = await json(await who.on.get(`/zapi/internal/mypage/subscription/${id}/screen-data`));
    expect(held).toMatchObject({ statusGroup: "hold", renewing: false, actions: { retry: null } });

    t.clock.advance(3_600_000);
    const retried = await who.on.post(`/zapi/subscription/${id}/re-settlement`, {});
    expect(retried.status).toBe(200);
    expect(await json(retried)).toMatchObject({
      subscription: { subscriptionStatus: "HOLD_RELEASED", nextSettlementDay: "2026-07-20" },
      statusGroup: "underContract",
    });
    expect((await t.db.select().from(sandboxCharges)).map((charge) => charge.status)).toEqual([
      "failed",
      "succeeded",
    ]);
    // Recovered: nothing more to retry.
    const again = await who.on.post(`/zapi/subscription/${id}/re-settlement`, {});
    expect(again.status).toBe(409);
    expect(await json(again)).toMatchObject({ code: "SUBSCRIPTION_NOT_ON_HOLD" });
  });

  it("a retry declined again says so and keeps the hold; the retry is not offered once its day has come", async () => {
    const who = await signedIn("4000000000000341");
    const id = await subscribe(t, who, "standard-monthly", monthly);
    await pass("2026-06-20");
    const declined = await who.on.post(`/zapi/subscription/${id}/re-settlement`, {});
    expect(declined.status).toBe(400);
    expect(await json(declined)).toMatchObject({
      code: "PAYMENT_DECLINED",
      message:
        "お支払いができませんでした。お支払い方法をご確認のうえ、別のお支払い方法への変更をご検討ください。",
    });
    expect((await row(id)).subscriptionStatus).toBe("HOLD");
    // 00:00 of the retry day: the billing run's turn.
    t.clock.set(japanMidnight("2026-06-21"));
    const renewing = await who.on.post(`/zapi/subscription/${id}/re-settlement`, {});
    expect(await json(renewing)).toMatchObject({ code: "SUBSCRIPTION_RENEWING" });
  });
});

describe("withdrawal while a plan is in force (spec §4 Withdrawal, §8 Withdraw)", () => {
  const confirm = (who: { on: TestBrowser }) =>
    who.on.post("/zapi/account/withdraw/confirm", {
      question_reason: ["price"],
      question_satisfaction: "3",
      consent: true,
    });
  const withdraw = (who: { on: TestBrowser }, pinCode: string) =>
    who.on.request("/zapi/account/withdraw", {
      method: "DELETE",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ pinCode }),
    });
  const refusal = {
    code: "CONTRACT_IN_FORCE",
    message:
      "ご契約中のプランがあるため退会できません。プランを解約し、ご契約が終了してから、もう一度お手続きください。",
  };

  it("lists the plan and refuses, until the cancelled plan has ended; then the member withdraws", async () => {
    const who = await signedIn();
    const id = await subscribe(t, who, "standard-monthly", monthly);
    const page = async () => json(await who.on.get("/zapi/internal/withdraw/screen-data"));
    expect((await page()).contractedPlans).toEqual([
      expect.objectContaining({
        subscription: expect.objectContaining({ subscriptionId: id, planName: "スタンダードプラン（月額）" }),
        statusGroup: "underContract",
        actions: expect.objectContaining({ cancel: null }),
      }),
    ]);
    const mails = t.outbox.mails.length;
    const refused = await confirm(who);
    expect(refused.status).toBe(409);
    expect(await json(refused)).toMatchObject(refusal);
    expect(t.outbox.mails.length).toBe(mails);

    // Cancelled, it is still in force until its day: still listed, still refused.
    expect((await who.on.post(`/zapi/subscription/${id}/withdraw`, {})).status).toBe(200);
    expect((await page()).contractedPlans).toEqual([
      expect.objectContaining({ statusGroup: "cancelRequested", endsAt: "2026-06-19T15:00:00.000Z" }),
    ]);
    expect((await confirm(who)).status).toBe(409);

    await pass("2026-06-20");
    // Days later: signed in afresh (withdrawal asks for a sign-in within 10 minutes).
    const back = { on: new TestBrowser(t) };
    const login = { emailUserId: who.email, password: who.password, loginMethod: "Password" };
    expect((await back.on.post("/zapi/login", login)).status).toBe(200);
    expect((await json(await back.on.get("/zapi/internal/withdraw/screen-data"))).contractedPlans).toEqual(
      [],
    );
    expect((await confirm(back)).status).toBe(200);
    expect((await withdraw(back, mailedCode(t.outbox, who.email))).status).toBe(200);
    expect(await t.db.select().from(accounts).where(eq(accounts.id, who.accountId))).toEqual([]);
  });

  it("refuses at the code when a plan was bought after the confirmation, and changes nothing", async () => {
    const who = await signedIn();
    expect((await confirm(who)).status).toBe(200);
    const id = await subscribe(t, who, "standard-monthly", monthly);
    const refused = await withdraw(who, mailedCode(t.outbox, who.email));
    expect(refused.status).toBe(409);
    expect(await json(refused)).toMatchObject(refusal);
    expect(
      await t.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, who.accountId)),
    ).toEqual([{ id: who.accountId }]);
    expect((await row(id)).subscriptionStatus).toBe("ONGOING_CONTRACT");
  });
});
