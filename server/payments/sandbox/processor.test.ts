import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../../tests/test-database.ts";
import type { Db } from "../../db/database.ts";
import { sandboxCharges } from "../../db/schema.ts";
import {
  ACTION_LIFETIME_MS,
  cardTokenError,
  charge,
  chargeOutcome,
  completeAction,
  completeChargeAction,
  createCardToken,
  createTds2Token,
  decideAction,
  failNextCharge,
  findCharge,
  findPendingAction,
  maskedAccount,
  refund,
  registerCard,
  removeMethod,
  SANDBOX_FAILURES,
  type SandboxMerchant,
  startRedirect,
  TOKEN_LIFETIME_MS,
} from "./processor.ts";

const merchant: SandboxMerchant = { merchantId: "sandbox-merchant", serviceId: "001" };
/** Noon in Japan, 2026-04-01. */
const now = new Date("2026-04-01T03:00:00.000Z");
const returnUrl = "http://localhost/mypage/payment-method/return";

function card(ccNumber: string, overrides: Record<string, unknown> = {}) {
  return { ...merchant, ccNumber, ccExpiration: "203012", securityCode: "123", ...overrides };
}

async function tokenOf(db: Db, ccNumber: string) {
  const answer = await createCardToken(db, merchant, card(ccNumber), now);
  if (answer.result !== "OK") throw new Error(`no token: ${answer.errorCode}`);
  return answer.tokenResponse;
}

async function tds2Of(db: Db) {
  const answer = await createTds2Token(db, merchant, { ...merchant }, now);
  if (answer.result !== "OK") throw new Error(`no 3-D Secure token: ${answer.errorCode}`);
  return answer.tokenResponse;
}

async function savedCard(db: Db, customerRef: string, ccNumber = "4242424242424242") {
  const { token, tokenKey } = await tokenOf(db, ccNumber);
  const outcome = await registerCard(db, merchant, { customerRef, token, tokenKey, returnUrl }, now);
  if (outcome.status !== "succeeded") throw new Error(`not registered: ${JSON.stringify(outcome)}`);
  return outcome.method.ref;
}

describe("sandbox card token (spec §8 error codes)", () => {
  it.each([
    [{ merchantId: "" }, "03001"],
    [{ merchantId: "another" }, "04001"],
    [{ serviceId: undefined }, "03002"],
    [{ serviceId: "002" }, "04002"],
    [{ ccNumber: "" }, "03003"],
    [{ ccNumber: "4242-4242-4242-4242" }, "04003"],
    [{ ccNumber: "4242424242424" }, "05003"],
    [{ ccNumber: "42424242424242424" }, "05003"],
    [{ ccNumber: "4242424242424241" }, "07003"],
    [{ ccExpiration: "" }, "03004"],
    [{ ccExpiration: "203013" }, "04004"],
    [{ ccExpiration: "3012" }, "04004"],
    [{ ccExpiration: "202603" }, "07004"],
    [{ securityCode: "" }, "03005"],
    [{ securityCode: "12a" }, "04005"],
    [{ securityCode: "1234" }, "05005"],
  ])("refuses %j with %s", (overrides, code) => {
    expect(cardTokenError(card("4242424242424242", overrides), merchant, now)).toBe(code);
  });

  it("accepts this month's expiry, American Express with 4 digits, Diners with 14", () => {
    expect(cardTokenError(card("4242424242424242", { ccExpiration: "202604" }), merchant, now)).toBeNull();
    expect(cardTokenError(card("378282246310005", { securityCode: "1234" }), merchant, now)).toBeNull();
    expect(cardTokenError(card("378282246310005"), merchant, now)).toBe("05005");
    expect(cardTokenError(card("36227206271667"), merchant, now)).toBeNull();
    expect(cardTokenError(card("3530111333300000"), merchant, now)).toBeNull();
  });
});

describe("sandbox processor", () => {
  let database: TestDatabase;
  let db: Db;
  beforeEach(async () => {
    database = await openTestDatabase();
    db = database.db;
  });
  afterEach(() => database.close());

  it("answers a token with the masked number and keeps only the card's summary", async () => {
    const answer = await createCardToken(db, merchant, card("4242424242424242"), now);
    expect(answer).toMatchObject({
      result: "OK",
      tokenResponse: { maskedCcNumber: "************4242", ccExpiration: "203012", cardBrandCode: "V" },
    });
    const rows = await db.execute("SELECT * FROM sandbox_card_tokens");
    expect(JSON.stringify(rows)).not.toContain("4242424242424242");
  });

  it("registers a card once: a second use, another customer's use, a wrong key or an old token are refused", async () => {
    const first = await tokenOf(db, "4242424242424242");
    const outcome = await registerCard(db, merchant, { customerRef: "a", ...first, returnUrl }, now);
    expect(outcome).toMatchObject({
      status: "succeeded",
      method: { type: "SbpsCredit", card: { brand: "V", last4: "4242", expiry: "203012" } },
    });
    expect(await registerCard(db, merchant, { customerRef: "a", ...first, returnUrl }, now)).toMatchObject({
      status: "failed",
      code: SANDBOX_FAILURES.tokenUsed,
    });
    expect(await registerCard(db, merchant, { customerRef: "b", ...first, returnUrl }, now)).toMatchObject({
      code: SANDBOX_FAILURES.tokenOfAnotherCustomer,
    });

    const second = await tokenOf(db, "4242424242424242");
    expect(
      await registerCard(db, merchant, { customerRef: "a", ...second, tokenKey: "wrong", returnUrl }, now),
    ).toMatchObject({ code: SANDBOX_FAILURES.tokenInvalid });
    const late = new Date(now.getTime() + TOKEN_LIFETIME_MS + 1);
    expect(await registerCard(db, merchant, { customerRef: "a", ...second, returnUrl }, late)).toMatchObject({
      code: SANDBOX_FAILURES.tokenInvalid,
    });
    expect(
      await registerCard(db, merchant, { customerRef: "a", token: "unknown", tokenKey: "x", returnUrl }, now),
    ).toMatchObject({ code: SANDBOX_FAILURES.tokenInvalid });
  });

  it("declines the declined test card", async () => {
    const token = await tokenOf(db, "4000000000000002");
    expect(await registerCard(db, merchant, { customerRef: "a", ...token, returnUrl }, now)).toEqual({
      status: "failed",
      kind: "declined",
      code: SANDBOX_FAILURES.cardDeclined,
      retryable: false,
    });
  });

  it("asks the challenge card for 3-D Secure; approved, the card is registered once", async () => {
    const token = await tokenOf(db, "4000000000003220");
    expect(await registerCard(db, merchant, { customerRef: "a", ...token, returnUrl }, now)).toMatchObject({
      code: SANDBOX_FAILURES.tds2TokenInvalid,
    });

    const again = await tokenOf(db, "4000000000003220");
    const tds2 = await tds2Of(db);
    const outcome = await registerCard(
      db,
      merchant,
      { customerRef: "a", ...again, tds2Token: tds2.token, tds2TokenKey: tds2.tokenKey, returnUrl },
      now,
    );
    if (outcome.status !== "requires_action") throw new Error("no challenge");
    expect(outcome.action).toMatchObject({
      method: "GET",
      url: `/sandbox-pay/action/${outcome.action.actionRef}`,
    });
    expect(await findPendingAction(db, outcome.action.actionRef, now)).toMatchObject({
      kind: "challenge",
      card: { last4: "3220" },
      returnUrl,
    });

    // Another customer cannot finish it.
    expect(await completeAction(db, merchant, "b", outcome.action.actionRef)).toMatchObject({
      code: SANDBOX_FAILURES.actionNotFound,
    });
    expect(await decideAction(db, outcome.action.actionRef, true, now)).toBe(returnUrl);
    expect(await decideAction(db, outcome.action.actionRef, false, now)).toBeNull();
    expect(await completeAction(db, merchant, "a", outcome.action.actionRef)).toMatchObject({
      status: "succeeded",
      method: { card: { last4: "3220" } },
    });
    expect(await completeAction(db, merchant, "a", outcome.action.actionRef)).toMatchObject({
      code: SANDBOX_FAILURES.actionNotFound,
    });
  });

  it("fails a refused challenge and a cancelled or undecided approval", async () => {
    const paypal = await startRedirect(
      db,
      merchant,
      { customerRef: "a", type: "PaypalRest", returnUrl },
      now,
    );
    expect(paypal).toMatchObject({ method: "GET", params: {} });
    await decideAction(db, paypal.actionRef, false, now);
    expect(await completeAction(db, merchant, "a", paypal.actionRef)).toMatchObject({
      code: SANDBOX_FAILURES.approvalCancelled,
    });

    const docomo = await startRedirect(
      db,
      merchant,
      { customerRef: "a", type: "SbpsDocomo", returnUrl },
      now,
    );
    expect(docomo).toMatchObject({ method: "POST", params: { actionRef: docomo.actionRef } });
    expect(await completeAction(db, merchant, "a", docomo.actionRef)).toMatchObject({
      code: SANDBOX_FAILURES.approvalCancelled,
    });

    const approved = await startRedirect(
      db,
      merchant,
      { customerRef: "a", type: "SbpsDocomo", returnUrl },
      now,
    );
    await decideAction(db, approved.actionRef, true, now);
    expect(await completeAction(db, merchant, "a", approved.actionRef)).toMatchObject({
      status: "succeeded",
      method: { type: "SbpsDocomo", card: null },
    });
  });

  it("charges a key once, also when asked at the same moment, and answers a repeat with the first charge", async () => {
    const methodRef = await savedCard(db, "a");
    const request = { methodRef, customerRef: "a", amount: 1980, idempotencyKey: "sub-1-2026-04" };
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => charge(db, merchant, request, now)));
    const refs = new Set(
      outcomes.map((outcome) => (outcome.status === "succeeded" ? outcome.charge.ref : null)),
    );
    expect(refs.size).toBe(1);
    expect([...refs][0]).toMatch(/^ch_/);
    const rows = await db.execute("SELECT count(*)::int AS n FROM sandbox_charges");
    expect(JSON.stringify(rows)).toContain('"n":1');

    expect(await charge(db, merchant, { ...request, amount: 2980 }, now)).toMatchObject({
      code: SANDBOX_FAILURES.idempotencyKeyReused,
    });
    expect(await findCharge(db, merchant, request.idempotencyKey)).toMatchObject({ amount: 1980 });
    expect(await findCharge(db, merchant, "never")).toBeNull();
  });

  it("declines the next charge once when asked to, and every charge of the declining test card", async () => {
    const methodRef = await savedCard(db, "a");
    expect(await failNextCharge(db, methodRef)).toBe(true);
    const base = { methodRef, customerRef: "a", amount: 500 };
    expect(await charge(db, merchant, { ...base, idempotencyKey: "k1" }, now)).toMatchObject({
      status: "failed",
      code: SANDBOX_FAILURES.cardDeclined,
    });
    // The repeat of the declined key stays declined; the next key succeeds.
    expect(await charge(db, merchant, { ...base, idempotencyKey: "k1" }, now)).toMatchObject({
      status: "failed",
    });
    expect(await charge(db, merchant, { ...base, idempotencyKey: "k2" }, now)).toMatchObject({
      status: "succeeded",
    });

    const declining = await savedCard(db, "a", "4000000000000341");
    expect(
      await charge(
        db,
        merchant,
        { methodRef: declining, customerRef: "a", amount: 500, idempotencyKey: "k3" },
        now,
      ),
    ).toMatchObject({ code: SANDBOX_FAILURES.cardDeclined });
  });

  it("refuses a charge of another customer's, a removed method, or a bad amount", async () => {
    const methodRef = await savedCard(db, "a");
    const base = { methodRef, amount: 500, idempotencyKey: "k" };
    expect(await charge(db, merchant, { ...base, customerRef: "b" }, now)).toMatchObject({
      code: SANDBOX_FAILURES.methodNotFound,
    });
    expect(await charge(db, merchant, { ...base, customerRef: "a", amount: 0 }, now)).toMatchObject({
      code: SANDBOX_FAILURES.invalidAmount,
    });
    expect(await charge(db, merchant, { ...base, customerRef: "a", amount: 1.5 }, now)).toMatchObject({
      code: SANDBOX_FAILURES.invalidAmount,
    });
    await removeMethod(db, merchant, "a", methodRef);
    expect(await charge(db, merchant, { ...base, customerRef: "a" }, now)).toMatchObject({
      code: SANDBOX_FAILURES.methodNotFound,
    });
  });

  it("refunds no more than was charged, once per key", async () => {
    const methodRef = await savedCard(db, "a");
    const outcome = await charge(
      db,
      merchant,
      { methodRef, customerRef: "a", amount: 1000, idempotencyKey: "k" },
      now,
    );
    if (outcome.status !== "succeeded") throw new Error("not charged");
    const chargeRef = outcome.charge.ref;
    const first = await refund(db, merchant, { chargeRef, amount: 600, idempotencyKey: "r1" });
    expect(first).toMatchObject({ status: "succeeded", refund: { chargeRef, amount: 600 } });
    // The same key again answers the same refund and gives back nothing more.
    expect(await refund(db, merchant, { chargeRef, amount: 600, idempotencyKey: "r1" })).toEqual(first);
    expect(await refund(db, merchant, { chargeRef, amount: 500, idempotencyKey: "r1" })).toMatchObject({
      code: SANDBOX_FAILURES.idempotencyKeyReused,
    });
    expect(await refund(db, merchant, { chargeRef, amount: 401, idempotencyKey: "r2" })).toMatchObject({
      code: SANDBOX_FAILURES.refundExceedsCharge,
    });
    // A refused refund is not kept: its key judged again gives back what is left.
    expect(await refund(db, merchant, { chargeRef, amount: 400, idempotencyKey: "r2" })).toMatchObject({
      status: "succeeded",
    });
    const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.ref, chargeRef));
    expect(row?.refundedAmount).toBe(1000);
    expect(
      await refund(db, { ...merchant, merchantId: "other" }, { chargeRef, amount: 1, idempotencyKey: "r3" }),
    ).toMatchObject({ code: SANDBOX_FAILURES.chargeNotFound });
    expect(await refund(db, merchant, { chargeRef, amount: 0, idempotencyKey: "r4" })).toMatchObject({
      code: SANDBOX_FAILURES.invalidAmount,
    });
  });

  it("gives back once when the same refund is asked twice at once, and never more than was taken", async () => {
    const methodRef = await savedCard(db, "a");
    const outcome = await charge(
      db,
      merchant,
      { methodRef, customerRef: "a", amount: 990, idempotencyKey: "k2" },
      now,
    );
    if (outcome.status !== "succeeded") throw new Error("not charged");
    const chargeRef = outcome.charge.ref;
    const same = await Promise.all(
      [1, 2, 3].map(() => refund(db, merchant, { chargeRef, amount: 500, idempotencyKey: "same" })),
    );
    expect(
      new Set(same.map((answer) => (answer.status === "succeeded" ? answer.refund.ref : "x"))).size,
    ).toBe(1);
    const rival = await Promise.all(
      ["a", "b"].map((key) => refund(db, merchant, { chargeRef, amount: 400, idempotencyKey: key })),
    );
    expect(rival.filter((answer) => answer.status === "succeeded")).toHaveLength(1);
    const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.ref, chargeRef));
    expect(row?.refundedAmount).toBe(900);
  });
});

describe("sandbox processor: 3-D Secure when the member pays", () => {
  let database: TestDatabase;
  let db: Db;
  beforeEach(async () => {
    database = await openTestDatabase();
    db = database.db;
  });
  afterEach(() => database.close());

  const purchaseReturn = "http://localhost/plans/standard-monthly/return?state=s1";

  /** The challenge card, registered after its approved challenge. */
  async function challengeCard(customerRef: string) {
    const tds2 = await tds2Of(db);
    const outcome = await registerCard(
      db,
      merchant,
      {
        customerRef,
        ...(await tokenOf(db, "4000000000003220")),
        tds2Token: tds2.token,
        tds2TokenKey: tds2.tokenKey,
        returnUrl,
      },
      now,
    );
    if (outcome.status !== "requires_action") throw new Error("no challenge");
    await decideAction(db, outcome.action.actionRef, true, now);
    const done = await completeAction(db, merchant, customerRef, outcome.action.actionRef);
    if (done.status !== "succeeded") throw new Error("not registered");
    return done.method.ref;
  }

  async function authentication() {
    const tds2 = await tds2Of(db);
    return { tds2Token: tds2.token, tds2TokenKey: tds2.tokenKey, returnUrl: purchaseReturn };
  }

  it("challenges the challenge card's purchase; approved, the charge is taken once", async () => {
    const methodRef = await challengeCard("a");
    const request = { methodRef, customerRef: "a", amount: 1980, idempotencyKey: "order-1" };
    const outcome = await charge(db, merchant, { ...request, authentication: await authentication() }, now);
    if (outcome.status !== "requires_action") throw new Error(`no challenge: ${JSON.stringify(outcome)}`);
    expect(await findPendingAction(db, outcome.action.actionRef, now)).toMatchObject({
      kind: "challenge",
      card: { last4: "3220" },
      returnUrl: purchaseReturn,
    });
    // Asked again meanwhile (a double click): the same challenge, no second charge.
    expect(await charge(db, merchant, { ...request, authentication: await authentication() }, now)).toEqual(
      outcome,
    );

    // Neither another customer nor the registration's call can finish it.
    expect(await completeChargeAction(db, merchant, "b", outcome.action.actionRef)).toMatchObject({
      code: SANDBOX_FAILURES.actionNotFound,
    });
    expect(await completeAction(db, merchant, "a", outcome.action.actionRef)).toMatchObject({
      code: SANDBOX_FAILURES.actionNotFound,
    });
    expect(await decideAction(db, outcome.action.actionRef, true, now)).toBe(purchaseReturn);
    const taken = await completeChargeAction(db, merchant, "a", outcome.action.actionRef);
    expect(taken).toMatchObject({ status: "succeeded", charge: { amount: 1980, idempotencyKey: "order-1" } });
    expect(await completeChargeAction(db, merchant, "a", outcome.action.actionRef)).toMatchObject({
      code: SANDBOX_FAILURES.actionNotFound,
    });
    // The key answers the taken charge from now on.
    expect(await charge(db, merchant, request, now)).toEqual(taken);
    const rows = await db.execute("SELECT count(*)::int AS n FROM sandbox_charges");
    expect(JSON.stringify(rows)).toContain('"n":1');
  });

  it("fails a refused challenge, and one left unanswered past its time, as a failed authentication", async () => {
    const methodRef = await challengeCard("a");
    const base = { methodRef, customerRef: "a", amount: 990 };
    const refused = await charge(
      db,
      merchant,
      { ...base, idempotencyKey: "k1", authentication: await authentication() },
      now,
    );
    if (refused.status !== "requires_action") throw new Error("no challenge");
    await decideAction(db, refused.action.actionRef, false, now);
    const failure = { status: "failed", kind: "authentication", code: SANDBOX_FAILURES.challengeFailed };
    expect(await completeChargeAction(db, merchant, "a", refused.action.actionRef)).toMatchObject(failure);
    expect(await charge(db, merchant, { ...base, idempotencyKey: "k1" }, now)).toMatchObject(failure);

    const unanswered = await charge(
      db,
      merchant,
      { ...base, idempotencyKey: "k2", authentication: await authentication() },
      now,
    );
    expect(unanswered.status).toBe("requires_action");
    const later = new Date(now.getTime() + ACTION_LIFETIME_MS + 1000);
    const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, "k2"));
    expect(await chargeOutcome(db, row!, later)).toMatchObject(failure);
  });

  it("passes other cards without a challenge, and never challenges a charge the member is not making", async () => {
    const plain = await savedCard(db, "a");
    expect(
      await charge(
        db,
        merchant,
        {
          methodRef: plain,
          customerRef: "a",
          amount: 500,
          idempotencyKey: "k1",
          authentication: await authentication(),
        },
        now,
      ),
    ).toMatchObject({ status: "succeeded" });
    // A renewal (no 3-D Secure data) of the challenge card is simply charged.
    const challenging = await challengeCard("b");
    expect(
      await charge(
        db,
        merchant,
        { methodRef: challenging, customerRef: "b", amount: 500, idempotencyKey: "k2" },
        now,
      ),
    ).toMatchObject({ status: "succeeded" });
  });

  it("refuses a missing, wrong or spent 3-D Secure token, charging nothing", async () => {
    const methodRef = await challengeCard("a");
    const base = { methodRef, customerRef: "a", amount: 500 };
    const tokenFailure = { status: "failed", kind: "token", code: SANDBOX_FAILURES.tds2TokenInvalid };
    const spent = await authentication();
    expect(
      await charge(db, merchant, { ...base, idempotencyKey: "k1", authentication: spent }, now),
    ).toMatchObject({
      status: "requires_action",
    });
    expect(
      await charge(db, merchant, { ...base, idempotencyKey: "k2", authentication: spent }, now),
    ).toMatchObject(tokenFailure);
    const wrongKey = { ...(await authentication()), tds2TokenKey: "wrong" };
    expect(
      await charge(db, merchant, { ...base, idempotencyKey: "k3", authentication: wrongKey }, now),
    ).toMatchObject(tokenFailure);
    const blank = { tds2Token: "", tds2TokenKey: "", returnUrl: purchaseReturn };
    expect(
      await charge(db, merchant, { ...base, idempotencyKey: "k4", authentication: blank }, now),
    ).toMatchObject(tokenFailure);
    const taken = await db.execute(
      "SELECT count(*)::int AS n FROM sandbox_charges WHERE status = 'succeeded'",
    );
    expect(JSON.stringify(taken)).toContain('"n":0');
  });
});

describe("the account PayPal or a carrier tells of", () => {
  it("hides an e-mail's name but its first letter, and a phone number but its last four digits", () => {
    expect(maskedAccount("hanako@example.jp")).toBe("h***@example.jp");
    expect(maskedAccount(" 090-1234-5678 ")).toBe("***-****-5678");
    expect(maskedAccount("0312345678")).toBe("***-****-5678");
    expect(maskedAccount("not an account")).toBeNull();
    expect(maskedAccount("12345")).toBeNull();
    expect(maskedAccount("@example.jp")).toBeNull();
  });
});
