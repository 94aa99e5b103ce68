import { asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createTestApi,
  insertAccount,
  insertSignedInAccount,
  type TestApi,
  TestBrowser,
} from "../../tests/api-harness.ts";
import { signedInStaff } from "../../tests/console-harness.ts";
import { subscribe, subscriber, takenCharge } from "../../tests/subscription-fixtures.ts";
import {
  accountEvents,
  accounts,
  backupCodes,
  consentChoices,
  contracts,
  multiFactorMethods,
  passkeys,
  policyConsents,
  sandboxCharges,
  sessions,
  staffAudit,
} from "../db/schema.ts";
import { mailsAfterAnswersSent } from "../mail/send-mail.ts";
import { katakanaOf, maskedEmail, memberQueryKind } from "./member-search.ts";

describe("a member search's query", () => {
  it("is taken for an address, a phone number, a kana name or an id by its look", () => {
    expect(memberQueryKind("taro@")).toBe("email");
    expect(memberQueryKind("090-1234-5678")).toBe("phone");
    expect(memberQueryKind("やまだ たろう")).toBe("kana");
    expect(memberQueryKind("ヤマダ")).toBe("kana");
    expect(memberQueryKind("taro_1")).toBe("id");
    expect(memberQueryKind("12345")).toBe("id");
    expect(katakanaOf("やまだ　たろう")).toBe("ヤマダタロウ");
    expect(maskedEmail("taro.yamada@example.jp")).toBe("t***@example.jp");
  });
});

describe("GET /zapi/console/members/screen-data", () => {
  let t: TestApi;
  beforeEach(async () => {
    t = await createTestApi();
  });
  afterEach(() => t.close());

  async function member(email: string, fields: Partial<typeof accounts.$inferInsert> = {}) {
    const account = await insertAccount(t, { email, userId: fields.userId ?? null });
    if (Object.keys(fields).length > 0)
      await t.db.update(accounts).set(fields).where(eq(accounts.id, account.accountId));
    return account;
  }

  async function search(browser: TestBrowser, query: string) {
    const answer = await browser.get(`/zapi/console/members/screen-data?q=${encodeURIComponent(query)}`);
    expect(answer.status).toBe(200);
    return (await answer.json()) as {
      kind: string;
      members: { email: string; userId: string | null }[];
      more: boolean;
    };
  }

  it("finds members by e-mail's beginning, user ID, customer id, phone and kana, and records each search", async () => {
    const taro = await member("taro@example.jp", {
      userId: "Taro_1",
      phoneNumber: "090-1234-5678",
      familyNameKana: "ヤマダ",
      givenNameKana: "タロウ",
    });
    await member("taro.second@example.jp");
    await member("hanako@example.jp", { familyNameKana: "サトウ", givenNameKana: "ハナコ" });
    const support = await signedInStaff(t, "support@example.jp", "support");
    const emails = async (query: string) =>
      (await search(support, query)).members.map((found) => found.email).sort();

    expect(await emails("taro@")).toEqual(["taro@example.jp"]);
    expect(await emails("TARO")).toEqual(["taro.second@example.jp", "taro@example.jp"]);
    expect(await emails("taro_1")).toEqual(["taro@example.jp"]);
    expect(await emails(taro.publicId)).toEqual(["taro@example.jp"]);
    expect(await emails("09012345678")).toEqual(["taro@example.jp"]);
    expect(await emails("やまだ たろう")).toEqual(["taro@example.jp"]);
    expect(await emails("サトウ")).toEqual(["hanako@example.jp"]);
    // A LIKE's own characters are taken literally.
    expect(await emails("%@")).toEqual([]);
    expect(await emails("   ")).toEqual([]);

    const searched = await t.db.select().from(staffAudit).orderBy(asc(staffAudit.id));
    expect(
      searched.filter((row) => row.action === "member.searched").map((row) => row.detail),
    ).toContainEqual({
      query: "taro@",
      kind: "email",
      found: 1,
    });
  });

  it("shows finance masked addresses, and nothing to the configuration role or a member's session", async () => {
    await member("taro@example.jp");
    const finance = await signedInStaff(t, "finance@example.jp", "finance");
    expect((await search(finance, "taro@")).members.map((found) => found.email)).toEqual(["t***@example.jp"]);
    const configuration = await signedInStaff(t, "config@example.jp", "configuration");
    expect((await configuration.get("/zapi/console/members/screen-data?q=taro")).status).toBe(403);
    const memberBrowser = new TestBrowser(t);
    memberBrowser.cookies.set("sid", (await insertSignedInAccount(t)).sessionToken);
    expect((await memberBrowser.get("/zapi/console/members/screen-data?q=taro")).status).toBe(401);
  });

  it("opens a member's page only with a reason, records who looked and why, and shows no secret", async () => {
    const taro = await member("taro@example.jp", {
      phoneNumber: "090-1234-5678",
      postalCode: "1000001",
      address: "東京都千代田区",
      birthday: "19900101",
    });
    await t.db.insert(multiFactorMethods).values({
      accountId: taro.accountId,
      type: "OTP",
      otpSecret: "JBSWY3DPEHPK3PXP",
      enabledAt: t.clock.now(),
    });
    await t.db.insert(passkeys).values({
      accountId: taro.accountId,
      credentialId: "taros-credential",
      publicKey: "PUBLIC-KEY-OF-TARO",
      name: "iPhone の Safari",
      backedUp: true,
    });
    const support = await signedInStaff(t, "support@example.jp", "support");
    const page = `/zapi/console/members/${taro.publicId}/screen-data`;
    const withoutReason = await support.get(page);
    expect(withoutReason.status).toBe(400);
    expect(await withoutReason.json()).toMatchObject({ errors: [{ field: "reason" }] });

    const answer = await support.get(`${page}?reason=${encodeURIComponent("お問い合わせ #123 への対応")}`);
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(text).not.toContain("JBSWY3DPEHPK3PXP");
    expect(text).not.toMatch(/argon2|passwordHash|otpSecret/);
    const view = JSON.parse(text);
    expect(view.profile).toMatchObject({ email: "taro@example.jp", phoneNumber: "090-1234-5678" });
    expect(view.signIn.secondFactors).toEqual([{ type: "OTP", enabledAt: expect.any(String) }]);
    expect(view.signIn.passwordSetAt).not.toBeNull();
    expect(view.signIn.passkeys).toEqual([
      { name: "iPhone の Safari", createdAt: expect.any(String), lastUsedAt: null, synced: true },
    ]);
    expect(text).not.toContain("PUBLIC-KEY-OF-TARO");
    const viewed = (await t.db.select().from(staffAudit)).filter((row) => row.action === "member.viewed");
    expect(viewed.map((row) => row.detail)).toEqual([
      { publicId: taro.publicId, reason: "お問い合わせ #123 への対応" },
    ]);

    // Finance sees what billing needs.
    const finance = await signedInStaff(t, "finance@example.jp", "finance");
    const billing = (await (await finance.get(`${page}?reason=refund`)).json()) as {
      profile: Record<string, unknown>;
    };
    expect(billing.profile).toMatchObject({
      email: "t***@example.jp",
      phoneNumber: null,
      address: null,
      birthday: null,
    });
    expect((await support.get("/zapi/console/members/acc_nobody/screen-data?reason=x")).status).toBe(404);
    const configuration = await signedInStaff(t, "config@example.jp", "configuration");
    expect((await configuration.get(`${page}?reason=x`)).status).toBe(403);
  });

  it("lets support log a member out everywhere with a reason: recorded, told by mail, and not for finance", async () => {
    const taro = await member("taro@example.jp");
    const browser = new TestBrowser(t);
    const signedIn = await insertSignedInAccount(t);
    await t.db
      .update(sessions)
      .set({ accountId: taro.accountId })
      .where(eq(sessions.accountId, signedIn.accountId));
    browser.cookies.set("sid", signedIn.sessionToken);
    expect((await browser.get("/zapi/internal/mypage/edit/screen-data")).status).toBe(200);

    const finance = await signedInStaff(t, "finance@example.jp", "finance");
    const action = `/zapi/console/members/${taro.publicId}/end-sessions`;
    expect((await finance.post(action, { reason: "x" })).status).toBe(403);
    const support = await signedInStaff(t, "support@example.jp", "support");
    expect((await support.post(action, { reason: "  " })).status).toBe(400);
    const ended = await support.post(action, { reason: "端末の紛失（お電話で本人確認済み）" });
    expect(ended.status).toBe(200);
    expect(await ended.json()).toEqual({ ended: 1 });
    // The member's browser is logged out on its next request.
    expect((await browser.get("/zapi/internal/mypage/edit/screen-data")).status).toBe(401);
    const audit = (await t.db.select().from(staffAudit)).filter(
      (row) => row.action === "member.sessions-ended",
    );
    expect(audit.map((row) => row.detail)).toEqual([
      { publicId: taro.publicId, reason: "端末の紛失（お電話で本人確認済み）", sessions: 1 },
    ]);
    await mailsAfterAnswersSent();
    const mail = t.outbox.latestMailTo("taro@example.jp");
    expect(mail?.subject).toContain("すべての端末からログアウトしました");
  });

  it("lets support remove a member's second factors after an identity check, and not finance", async () => {
    const taro = await member("taro@example.jp");
    await t.db.insert(multiFactorMethods).values({
      accountId: taro.accountId,
      type: "OTP",
      otpSecret: "JBSWY3DPEHPK3PXP",
      enabledAt: t.clock.now(),
    });
    await t.db.insert(backupCodes).values({ accountId: taro.accountId, codeHash: "x", salt: "y" });
    const action = `/zapi/console/members/${taro.publicId}/remove-second-factors`;
    const finance = await signedInStaff(t, "finance@example.jp", "finance");
    expect((await finance.post(action, { reason: "x" })).status).toBe(403);
    const support = await signedInStaff(t, "support@example.jp", "support");
    const removed = await support.post(action, { reason: "生年月日と登録住所で本人確認" });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ removed: ["OTP"] });
    expect(
      await t.db.select().from(multiFactorMethods).where(eq(multiFactorMethods.accountId, taro.accountId)),
    ).toEqual([]);
    expect(await t.db.select().from(backupCodes).where(eq(backupCodes.accountId, taro.accountId))).toEqual(
      [],
    );
    const audit = (await t.db.select().from(staffAudit)).filter(
      (row) => row.action === "member.second-factors-removed",
    );
    expect(audit.map((row) => row.detail)).toEqual([
      { publicId: taro.publicId, reason: "生年月日と登録住所で本人確認", removed: ["OTP"] },
    ]);
    await mailsAfterAnswersSent();
    expect(t.outbox.latestMailTo("taro@example.jp")?.subject).toContain("2段階認証の設定を解除しました");
    // The member now signs in with the password alone.
    const login = await new TestBrowser(t).post("/zapi/login", {
      emailUserId: "taro@example.jp",
      password: taro.password,
      loginMethod: "Password",
    });
    expect(login.status).toBe(200);
    expect(JSON.stringify(await login.json())).not.toContain("multi-factor");
  });
});

describe("POST /zapi/console/members/{publicId}/refunds", () => {
  let t: TestApi;
  beforeEach(async () => {
    t = await createTestApi({ startAt: "2026-06-10T03:00:00Z" });
  });
  afterEach(() => t.close());

  it("lets finance refund part of a charge once, however often it is sent, with a return invoice and a mail", async () => {
    const who = await subscriber(t);
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, who.accountId));
    const publicId = account?.publicId ?? "";
    const chargedAt = new Date("2026-06-01T00:00:00Z");
    const { chargeId, providerRef } = await takenCharge(t, who, 990, chargedAt);
    const action = `/zapi/console/members/${publicId}/refunds`;
    const body = {
      chargeId,
      amount: 500,
      reason: "二重に請求されたとのお問い合わせ",
      idempotencyKey: "form-key-0123456789",
    };

    const support = await signedInStaff(t, "support@example.jp", "support");
    expect((await support.post(action, body)).status).toBe(403);
    const finance = await signedInStaff(t, "finance@example.jp", "finance");
    const first = await finance.post(action, body);
    expect(first.status).toBe(200);
    const made = (await first.json()) as { refundId: string; returnInvoiceNumber: string };
    expect(made).toMatchObject({
      amount: 500,
      taxAmount: 45,
      returnInvoiceNumber: expect.stringMatching(/^R2026-/),
    });
    // The form sent again: the same refund, nothing more given back.
    const again = await finance.post(action, body);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { refundId: string }).refundId).toBe(made.refundId);
    const [sandbox] = await t.db.select().from(sandboxCharges).where(eq(sandboxCharges.ref, providerRef));
    expect(sandbox?.refundedAmount).toBe(500);

    const tooMuch = await finance.post(action, {
      ...body,
      amount: 491,
      idempotencyKey: "form-key-abcdefghij",
    });
    expect(tooMuch.status).toBe(409);
    expect(await tooMuch.json()).toMatchObject({
      code: "REFUND_EXCEEDS_LEFT",
      errors: [{ field: "amount", message: "返金できるのは残りの490円までです。" }],
    });
    expect(
      (await finance.post(action, { ...body, chargeId: "nope", idempotencyKey: "form-key-zzzzzzzzzz" }))
        .status,
    ).toBe(404);
    expect((await finance.post(action, { ...body, amount: 0 })).status).toBe(400);

    const audit = (await t.db.select().from(staffAudit)).filter((row) => row.action === "member.refunded");
    expect(audit).toHaveLength(1);
    expect(audit[0]?.staffId).not.toBeNull();
    expect(audit[0]?.detail).toMatchObject({
      publicId,
      chargeId,
      refundId: made.refundId,
      amount: 500,
      status: "succeeded",
      reason: "二重に請求されたとのお問い合わせ",
    });
    await mailsAfterAnswersSent();
    const mail = t.outbox.latestMailTo(who.email);
    expect(mail?.subject).toContain("ご返金のお知らせ");
    expect(mail?.text).toContain(`http://localhost/mypage/return-invoice/${made.refundId}`);

    // The member's history shows the refund, and the return invoice shows it with the sale's date.
    const member = new TestBrowser(t);
    await member.post("/zapi/login", {
      emailUserId: who.email,
      password: who.password,
      loginMethod: "Password",
    });
    const history = (await (await member.get("/zapi/account/payment-history/1")).json()) as {
      data: { earningsId: string; billingAmount: number; refunds?: unknown[] }[];
    };
    expect(history.data).toEqual([
      expect.objectContaining({
        earningsId: chargeId,
        billingAmount: 990,
        refunds: [{ refundId: made.refundId, refundedAt: expect.any(String), amount: 500, taxAmount: 45 }],
      }),
    ]);
    const invoice = await member.get(`/zapi/internal/mypage/return-invoice/${made.refundId}/screen-data`);
    expect(invoice.status).toBe(200);
    expect(await invoice.json()).toMatchObject({
      returnInvoiceNumber: made.returnInvoiceNumber,
      chargedAt: chargedAt.toISOString(),
      orderInfoId: chargeId,
      amount: 500,
      netAmount: 455,
      taxAmount: 45,
      taxRate: 10,
    });
    const someone = await subscriber(t);
    const other = new TestBrowser(t);
    await other.post("/zapi/login", {
      emailUserId: someone.email,
      password: someone.password,
      loginMethod: "Password",
    });
    expect(
      (await other.get(`/zapi/internal/mypage/return-invoice/${made.refundId}/screen-data`)).status,
    ).toBe(404);
  });
});

describe("POST /zapi/console/members/{publicId}/subscriptions/{contractId}/cancel", () => {
  let t: TestApi;
  beforeEach(async () => {
    // Noon in Japan, 10 June: 21 of the period's 30 days (1 June to 1 July) are not used yet.
    t = await createTestApi({ startAt: "2026-06-10T03:00:00Z" });
  });
  afterEach(() => t.close());

  async function paidSubscription() {
    const who = await subscriber(t);
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, who.accountId));
    const contractId = await subscribe(t, who, "standard-monthly", {
      status: "ONGOING_CONTRACT",
      nextSettlementDay: "2026-07-01",
      anchorDay: 1,
      periodAmount: 990,
    });
    const paid = await takenCharge(t, who, 990, new Date("2026-06-01T00:00:00Z"), { contractId });
    return { who, publicId: account?.publicId ?? "", contractId, ...paid };
  }

  const cancel = (
    browser: TestBrowser,
    publicId: string,
    contractId: string,
    body: Record<string, unknown>,
  ) => browser.post(`/zapi/console/members/${publicId}/subscriptions/${contractId}/cancel`, body);

  it("shows support what ending at once gives back, and ends it at the period's end when asked", async () => {
    const { who, publicId, contractId } = await paidSubscription();
    const support = await signedInStaff(t, "support@example.jp", "support");
    const page = (await (
      await support.get(`/zapi/console/members/${publicId}/screen-data?reason=x`)
    ).json()) as {
      contracts: { contractId: string; cancelTerms: unknown }[];
    };
    expect(page.contracts.find((row) => row.contractId === contractId)?.cancelTerms).toEqual({
      periodEndDay: "2026-07-01",
      atPeriodEnd: true,
      unusedDays: 21,
      periodDays: 30,
      proratedRefund: 693,
    });
    // Support may cancel but not give money back.
    expect(
      (await cancel(support, publicId, contractId, { when: "now", refund: true, reason: "x" })).status,
    ).toBe(403);
    const ended = await cancel(support, publicId, contractId, {
      when: "periodEnd",
      reason: "お電話でご依頼",
    });
    expect(ended.status).toBe(200);
    expect(await ended.json()).toEqual({ status: "CANCEL_REQUEST", refunded: 0 });
    const [row] = await t.db.select().from(contracts).where(eq(contracts.id, contractId));
    expect(row).toMatchObject({ subscriptionStatus: "CANCEL_REQUEST", cancelledAt: null });
    await mailsAfterAnswersSent();
    const mail = t.outbox.latestMailTo(who.email);
    expect(mail?.subject).toContain("ご契約の解約を承りました");
    expect(mail?.text).toContain("2026年7月1日の前日までご利用いただけ");
  });

  it("lets an owner end it at once with the unused days given back, once however often it is sent", async () => {
    const { who, publicId, contractId, providerRef } = await paidSubscription();
    const owner = await signedInStaff(t, "owner@example.jp", "owner");
    const body = { when: "now", refund: true, reason: "サービス不具合のため日割りで返金" };
    expect((await cancel(owner, publicId, contractId, { ...body, when: "periodEnd" })).status).toBe(400);
    const ended = await cancel(owner, publicId, contractId, body);
    expect(ended.status).toBe(200);
    expect(await ended.json()).toEqual({ status: "CANCELLED", refunded: 693 });
    const [row] = await t.db.select().from(contracts).where(eq(contracts.id, contractId));
    expect(row?.subscriptionStatus).toBe("CANCELLED");
    expect(row?.cancelledAt).toBeInstanceOf(Date);
    // Sent again: already ended, nothing more given back.
    expect((await cancel(owner, publicId, contractId, body)).status).toBe(409);
    const [sandbox] = await t.db.select().from(sandboxCharges).where(eq(sandboxCharges.ref, providerRef));
    expect(sandbox?.refundedAmount).toBe(693);
    const audit = (await t.db.select().from(staffAudit)).filter(
      (entry) => entry.action === "member.subscription-cancelled",
    );
    expect(audit.map((entry) => entry.detail)).toEqual([
      { publicId, contractId, when: "now", refunded: 693, reason: "サービス不具合のため日割りで返金" },
    ]);
    await mailsAfterAnswersSent();
    expect(t.outbox.mails.filter((mail) => mail.to === who.email).map((mail) => mail.subject)).toEqual(
      expect.arrayContaining([
        expect.stringContaining("ご返金のお知らせ"),
        expect.stringContaining("ご契約の解約"),
      ]),
    );
    // Another member's subscription is not found through this member's page.
    const other = await paidSubscription();
    expect((await cancel(owner, publicId, other.contractId, body)).status).toBe(404);
    const finance = await signedInStaff(t, "finance@example.jp", "finance");
    expect((await cancel(finance, other.publicId, other.contractId, body)).status).toBe(403);
  });
});

describe("support's other help: free days, the verification mail again, login limits lifted", () => {
  let t: TestApi;
  beforeEach(async () => {
    t = await createTestApi({ startAt: "2026-06-10T03:00:00Z" });
  });
  afterEach(() => t.close());

  async function memberWith(status: "ONGOING_CONTRACT" | "HOLD") {
    const who = await subscriber(t);
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, who.accountId));
    const contractId = await subscribe(t, who, "standard-monthly", {
      status,
      nextSettlementDay: "2026-07-01",
      anchorDay: 1,
      periodAmount: 990,
    });
    return { who, publicId: account?.publicId ?? "", contractId };
  }

  it("moves the next payment later by the days given, the anchor with it, and tells the member", async () => {
    const { who, publicId, contractId } = await memberWith("ONGOING_CONTRACT");
    const support = await signedInStaff(t, "support@example.jp", "support");
    const path = `/zapi/console/members/${publicId}/subscriptions/${contractId}/free-days`;
    expect((await support.post(path, { days: 0, reason: "x" })).status).toBe(400);
    expect((await support.post(path, { days: 91, reason: "x" })).status).toBe(400);
    const given = await support.post(path, { days: 14, reason: "障害のお詫び" });
    expect(given.status).toBe(200);
    expect(await given.json()).toEqual({ nextPaymentDay: "2026-07-15" });
    const [row] = await t.db.select().from(contracts).where(eq(contracts.id, contractId));
    expect(row).toMatchObject({ nextSettlementDay: "2026-07-15", anchorDay: 15 });
    const audit = (await t.db.select().from(staffAudit)).filter(
      (entry) => entry.action === "member.free-days-given",
    );
    expect(audit.map((entry) => entry.detail)).toEqual([
      { publicId, contractId, days: 14, nextPaymentDay: "2026-07-15", reason: "障害のお詫び" },
    ]);
    await mailsAfterAnswersSent();
    expect(t.outbox.latestMailTo(who.email)?.text).toContain(
      "14日分の無料期間を追加しました。次回のお支払いは2026年7月15日です。",
    );
    const held = await memberWith("HOLD");
    const refused = await support.post(
      `/zapi/console/members/${held.publicId}/subscriptions/${held.contractId}/free-days`,
      { days: 7, reason: "x" },
    );
    expect(refused.status).toBe(409);
    const finance = await signedInStaff(t, "finance@example.jp", "finance");
    expect((await finance.post(path, { days: 7, reason: "x" })).status).toBe(403);
  });

  it("mails an unverified member the way to verify their address, and refuses a verified one", async () => {
    const unverified = await insertAccount(t, { email: "new@example.jp" });
    await t.db
      .update(accounts)
      .set({ emailVerifiedAt: null, contactEmail: "other@example.jp" })
      .where(eq(accounts.id, unverified.accountId));
    const support = await signedInStaff(t, "support@example.jp", "support");
    const sent = await support.post(`/zapi/console/members/${unverified.publicId}/resend-verification`, {
      reason: "届いていないとのこと",
    });
    expect(sent.status).toBe(200);
    await mailsAfterAnswersSent();
    // To the address to be verified, not the contact one.
    const mail = t.outbox.latestMailTo("new@example.jp");
    expect(mail?.subject).toContain("メールアドレスの確認のお願い");
    expect(mail?.text).toContain("http://localhost/mypage/email/verify");
    const verified = await insertAccount(t, { email: "done@example.jp" });
    const refused = await support.post(`/zapi/console/members/${verified.publicId}/resend-verification`, {
      reason: "x",
    });
    expect(refused.status).toBe(409);
  });

  it("lifts the account's login limits so the member may try again at once", async () => {
    const member = await insertAccount(t, { email: "locked@example.jp" });
    const browser = new TestBrowser(t);
    const tryWrong = () =>
      browser.post("/zapi/login", {
        emailUserId: "locked@example.jp",
        password: "wrong-password-1",
        loginMethod: "Password",
      });
    let answer = await tryWrong();
    for (let tries = 0; tries < 12 && answer.status !== 429; tries += 1) answer = await tryWrong();
    expect(answer.status).toBe(429);
    const support = await signedInStaff(t, "support@example.jp", "support");
    const lifted = await support.post(`/zapi/console/members/${member.publicId}/lift-throttles`, {
      reason: "ご本人からのお電話",
    });
    expect(lifted.status).toBe(200);
    expect(((await lifted.json()) as { lifted: number }).lifted).toBeGreaterThan(0);
    const login = await browser.post("/zapi/login", {
      emailUserId: "locked@example.jp",
      password: member.password,
      loginMethod: "Password",
    });
    expect(login.status).toBe(200);
    const audit = (await t.db.select().from(staffAudit)).filter(
      (entry) => entry.action === "member.throttles-lifted",
    );
    expect(audit).toHaveLength(1);
  });

  it("lifts what one client address ran up at every account, an address and a reason given", async () => {
    const office = new TestBrowser(t, { clientAddress: "203.0.113.5" });
    // The office's failures at many addresses (unknown ones count like accounts): it waits.
    let answer: Response | null = null;
    for (let tries = 0; tries < 16 && answer?.status !== 429; tries += 1) {
      answer = await office.post("/zapi/login", {
        emailUserId: `nobody${tries}@example.jp`,
        password: "wrong-password-1",
        loginMethod: "Password",
      });
    }
    expect(answer?.status).toBe(429);
    const member = await insertAccount(t, { email: "staff-at-office@example.jp" });
    const blocked = await office.post("/zapi/login", {
      emailUserId: "staff-at-office@example.jp",
      password: member.password,
      loginMethod: "Password",
    });
    expect(blocked.status).toBe(429);
    const support = await signedInStaff(t, "support@example.jp", "support");
    expect(
      (await support.post("/zapi/console/throttles/lift", { address: "not an address", reason: "x" })).status,
    ).toBe(400);
    const lifted = await support.post("/zapi/console/throttles/lift", {
      address: "203.0.113.5",
      reason: "社内から一斉にログインできないとの連絡",
    });
    expect(lifted.status).toBe(200);
    expect(((await lifted.json()) as { lifted: number }).lifted).toBeGreaterThan(0);
    const login = await office.post("/zapi/login", {
      emailUserId: "staff-at-office@example.jp",
      password: member.password,
      loginMethod: "Password",
    });
    expect(login.status).toBe(200);
    const audit = (await t.db.select().from(staffAudit)).filter(
      (entry) => entry.action === "throttles.address-lifted",
    );
    expect(audit.map((entry) => entry.detail)).toEqual([
      {
        address: "203.0.113.5",
        lifted: expect.any(Number),
        reason: "社内から一斉にログインできないとの連絡",
      },
    ]);
    const finance = await signedInStaff(t, "finance@example.jp", "finance");
    expect(
      (await finance.post("/zapi/console/throttles/lift", { address: "203.0.113.5", reason: "x" })).status,
    ).toBe(403);
  });
});

describe("a member's page: methods, invoices, consents, connected apps and the mails sent", () => {
  let t: TestApi;
  beforeEach(async () => {
    t = await createTestApi({ startAt: "2026-06-10T03:00:00Z" });
  });
  afterEach(() => t.close());

  it("shows each as support needs it, the card masked and, to finance, the addresses too", async () => {
    const who = await subscriber(t);
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, who.accountId));
    const publicId = account?.publicId ?? "";
    await t.db.insert(policyConsents).values({
      accountId: who.accountId,
      policyId: "terms",
      revision: 2,
      key: "terms-2",
      consentedAt: new Date("2026-06-01T00:00:00Z"),
    });
    await t.db.insert(consentChoices).values({
      accountId: who.accountId,
      consentOptionId: "newsletter",
      key: "newsletter-1",
      value: false,
      changedAt: new Date("2026-06-02T00:00:00Z"),
    });
    const support = await signedInStaff(t, "support@example.jp", "support");
    // A mail the site sends: its record, subject and time, is on the page.
    expect(
      (await support.post(`/zapi/console/members/${publicId}/end-sessions`, { reason: "x" })).status,
    ).toBe(200);
    await mailsAfterAnswersSent();
    const page = async (browser: TestBrowser) =>
      (await (await browser.get(`/zapi/console/members/${publicId}/screen-data?reason=x`)).json()) as Record<
        string,
        unknown
      >;
    const seen = await page(support);
    expect(seen.paymentMethods).toEqual([
      { label: "Visa 末尾 4242", usedByContract: false, deletedAt: null },
    ]);
    // Besides what the member agreed to at sign-up.
    expect(seen.consents).toContainEqual({
      policyId: "terms",
      revision: 2,
      consentedAt: "2026-06-01T00:00:00.000Z",
    });
    expect(seen.consentChoices).toEqual([
      { consentOptionId: "newsletter", value: false, changedAt: "2026-06-02T00:00:00.000Z" },
    ]);
    expect(seen.invoices).toEqual([]);
    expect(seen.connectedApps).toEqual([]);
    expect(seen.mails).toEqual([
      {
        to: who.email.toLowerCase(),
        subject: expect.stringContaining("すべての端末からログアウトしました"),
        sentAt: expect.any(String),
      },
    ]);
    const finance = await signedInStaff(t, "finance@example.jp", "finance");
    const billing = await page(finance);
    expect((billing.mails as { to: string }[])[0]?.to).toMatch(/^.\*\*\*@/);
  });
});

describe("the account's security record of support's actions", () => {
  let t: TestApi;
  beforeEach(async () => {
    t = await createTestApi({ startAt: "2026-06-10T03:00:00Z" });
  });
  afterEach(() => t.close());

  it("keeps each change support made, marked as support's, without the reason or the staff member", async () => {
    const who = await subscriber(t);
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, who.accountId));
    const publicId = account?.publicId ?? "";
    const contractId = await subscribe(t, who, "standard-monthly", {
      status: "ONGOING_CONTRACT",
      nextSettlementDay: "2026-07-01",
      anchorDay: 1,
      periodAmount: 990,
    });
    const { chargeId } = await takenCharge(t, who, 990, new Date("2026-06-01T00:00:00Z"), { contractId });
    const owner = await signedInStaff(t, "owner@example.jp", "owner");
    const member = `/zapi/console/members/${publicId}`;
    expect((await owner.post(`${member}/end-sessions`, { reason: "秘密のメモ" })).status).toBe(200);
    expect((await owner.post(`${member}/lift-throttles`, { reason: "秘密のメモ" })).status).toBe(200);
    expect(
      (await owner.post(`${member}/subscriptions/${contractId}/free-days`, { days: 7, reason: "秘密のメモ" }))
        .status,
    ).toBe(200);
    expect(
      (
        await owner.post(`${member}/refunds`, {
          chargeId,
          amount: 100,
          reason: "秘密のメモ",
          idempotencyKey: "record-key-0123456789",
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await owner.post(`${member}/subscriptions/${contractId}/cancel`, {
          when: "now",
          reason: "秘密のメモ",
        })
      ).status,
    ).toBe(200);
    const rows = await t.db.select().from(accountEvents).where(eq(accountEvents.accountId, who.accountId));
    expect(rows.map((row) => row.kind)).toEqual([
      "sessions-ended",
      "login-limits-lifted",
      "free-days-given",
      "refunded",
      "subscription-cancelled",
    ]);
    expect(rows.every((row) => row.bySupport)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain("秘密のメモ");
    expect(rows.find((row) => row.kind === "refunded")?.detail).toEqual({ chargeId, amount: 100 });
    const view = (await (await owner.get(`${member}/screen-data?reason=x`)).json()) as {
      securityRecord: { kind: string; bySupport: boolean }[];
    };
    expect(view.securityRecord.map((event) => event.kind)).toEqual([
      "subscription-cancelled",
      "refunded",
      "free-days-given",
      "login-limits-lifted",
      "sessions-ended",
    ]);
  });
});
