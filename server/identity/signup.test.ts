import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createTestApi,
  demoPolicies,
  demoRegistrationBody,
  insertAccount,
  mailedCode,
  type TestApi,
  TestBrowser,
} from "../../tests/api-harness.ts";
import { accounts, policyConsents, sessions } from "../db/schema.ts";
import type { InteractionView } from "../oidc/service.ts";

let t: TestApi;
beforeEach(async () => {
  t = await createTestApi();
});
afterEach(() => t.close());

const email = "hanako.yamada@example.jp";

/** Both demo policies at the revisions in force on the test clock's date. */
const consentToDemoPolicies = [
  { policyId: "terms", revision: 2, key: "terms" },
  { policyId: "privacy", revision: 1, key: "privacy" },
];

/** Every REQUIRED field of the demo store (config/store.json), filled in, with a password. */
const registration = demoRegistrationBody();

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown>;
}

/** The e-mail step: policies agreed, a PIN mailed. */
async function requestPin(browser: TestBrowser, address = email) {
  const response = await browser.post("/zapi/signup/email", {
    type: "signUp",
    email: address,
    policyConsentData: consentToDemoPolicies,
  });
  expect(response.status).toBe(200);
  return mailedCode(t.outbox, address);
}

async function verifiedBrowser(address = email, userAgent?: string) {
  const browser = new TestBrowser(t, { userAgent });
  const pinCode = await requestPin(browser, address);
  expect((await browser.post("/zapi/signup/pin-code", { pinCode })).status).toBe(200);
  return browser;
}

function wrongCode(code: string) {
  return code === "000000" ? "000001" : "000000";
}

/** Wrong guesses, a minute apart so the growing delays of the throttle never refuse one unseen. */
async function guessWrong(browser: TestBrowser, code: string, times: number) {
  for (let attempt = 0; attempt < times; attempt++) {
    t.clock.advance(60_000);
    const response = await browser.post("/zapi/signup/pin-code", { pinCode: wrongCode(code) });
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({
      code: "PIN_CODE_ERROR",
      message: "認証に失敗しました。会員登録用認証コードをご確認ください。",
    });
  }
}

describe("a visitor becomes a member", () => {
  it("e-mail with consent, PIN, the store's form: an account, its consents and a session", async () => {
    const browser = new TestBrowser(t);
    const pinCode = await requestPin(browser);
    const mail = t.outbox.latestMailTo(email);
    expect(mail?.subject).toBe("【ソラミル】会員登録用認証コードのお知らせ");
    expect(browser.cookies.get("sgid")).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect((await browser.post("/zapi/signup/pin-code", { pinCode })).status).toBe(200);
    const form = await json(await browser.get("/zapi/internal/signup/form/screen-data"));
    expect(form).toMatchObject({ email, isRequiredPassword: true, totalCount: 4, currentCount: 3 });

    const response = await browser.post("/zapi/signup", registration);
    expect(response.status).toBe(200);
    const { authId, redirectTo } = await json(response);
    // The demo store offers its plans as the last step.
    expect(redirectTo).toBe("/signup/plans");
    expect(browser.cookies.get("auid")).toBe(authId);
    expect(browser.cookies.has("sgid")).toBe(false);

    const [account] = await t.db.select().from(accounts).where(eq(accounts.email, email));
    expect(account).toMatchObject({
      publicId: authId,
      contactEmail: email,
      familyName: "山田",
      prefecture: 13,
      passwordStrength: "LOWER_DIGIT_UPPER",
      customAssociatedInfo: [
        { id: "favoriteGenre", value: "anime" },
        { id: "referralSource", value: null },
        { id: "receiveRecommendations", value: "false" },
      ],
    });
    expect(account?.emailVerifiedAt).not.toBeNull();
    expect(account?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(account?.passwordHash).not.toContain(registration.password);

    const consents = await t.db
      .select()
      .from(policyConsents)
      .where(eq(policyConsents.accountId, account!.id));
    expect(consents.map(({ policyId, revision, key }) => ({ policyId, revision, key }))).toEqual(
      consentToDemoPolicies,
    );
    expect(consents.every((row) => row.consentedAt.getTime() === t.clock.now().getTime())).toBe(true);

    const root = await json(await browser.get("/zapi/internal/root/screen-data"));
    expect(root.authId).toBe(authId);
    // Signing up is not a login from a new device.
    expect(t.outbox.mails.filter((sent) => sent.subject.includes("新しい端末"))).toEqual([]);
  });

  it("ends without the plan step in the native app, which sells no plans, its step bar one step shorter", async () => {
    // config/store.json: appUserAgentPattern "SoramiruApp/(\\d+)\\.(\\d+)".
    const browser = await verifiedBrowser(
      email,
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) SoramiruApp/3.4",
    );
    const form = await json(await browser.get("/zapi/internal/signup/form/screen-data"));
    expect(form).toMatchObject({ totalCount: 3, currentCount: 3 });
    const { redirectTo } = await json(await browser.post("/zapi/signup", registration));
    // No detour: the form goes on to its own next page, the sign-up's completion.
    expect(redirectTo).toBeUndefined();
    expect(await json(await browser.get("/zapi/internal/signup/plans/screen-data"))).toEqual({
      redirectTo: "/signup/complete",
    });
    // A version that is not two numbers is not the app.
    const web = await verifiedBrowser("web@example.jp", "Mozilla/5.0 SoramiruApp/beta");
    const webAnswer = await json(await web.post("/zapi/signup", registration));
    expect(webAnswer).toMatchObject({ redirectTo: "/signup/plans" });
  });

  it("the new member logs in with the password just set", async () => {
    const browser = await verifiedBrowser();
    expect((await browser.post("/zapi/signup", registration)).status).toBe(200);
    const other = new TestBrowser(t);
    const login = await other.post("/zapi/login", {
      emailUserId: email,
      password: registration.password,
      loginMethod: "Password",
    });
    expect(login.status).toBe(200);
  });
});

describe("the e-mail step", () => {
  it("needs a passing reCAPTCHA token when the store enables it, and mails nothing without one", async () => {
    t.store.update((settings) => {
      settings.login.recaptcha = { enabled: true, siteKey: "site-key", projectId: "project" };
    });
    const verdicts: Array<string | undefined> = [];
    t.deps.recaptcha = {
      async verify({ token, expectedAction }) {
        verdicts.push(`${expectedAction}:${token}`);
        return token === "good" ? "pass" : "fail";
      },
    };
    const body = { type: "signUp", email, policyConsentData: consentToDemoPolicies };
    const missing = await new TestBrowser(t).post("/zapi/signup/email", body);
    expect(missing.status).toBe(400);
    expect(await json(missing)).toMatchObject({
      code: "RECAPTCHA_REQUIRED",
      message:
        "ロボットによる操作でないことを確認できませんでした。JavaScriptを有効にしてから、もう一度お試しください。",
    });
    const failed = await new TestBrowser(t).post("/zapi/signup/email", { ...body, token: "bad" });
    expect((await json(failed)).code).toBe("RECAPTCHA_FAILED");
    expect(t.outbox.mails).toEqual([]);

    const passed = await new TestBrowser(t).post("/zapi/signup/email", { ...body, token: "good" });
    expect(passed.status).toBe(200);
    expect(verdicts).toEqual(["signup_email:undefined", "signup_email:bad", "signup_email:good"]);
    expect(t.outbox.mails).toHaveLength(1);
  });

  it("says to try later and mails nothing while reCAPTCHA cannot be checked", async () => {
    t.store.update((settings) => {
      settings.login.recaptcha = { enabled: true, siteKey: "site-key", projectId: "project" };
    });
    t.deps.recaptcha = { verify: async () => "unavailable" };
    const body = { type: "signUp", email, policyConsentData: consentToDemoPolicies, token: "good" };
    const response = await new TestBrowser(t).post("/zapi/signup/email", body);
    expect(response.status).toBe(503);
    expect(await json(response)).toMatchObject({
      code: "RECAPTCHA_UNAVAILABLE",
      message: "ただいま会員登録を受け付けられません。しばらく時間をおいてから、もう一度お試しください。",
    });
    expect(t.outbox.mails).toEqual([]);
    // Nothing of the sign-up was kept: the same address goes through once the check is back.
    t.deps.recaptcha = { verify: async () => "pass" };
    expect((await new TestBrowser(t).post("/zapi/signup/email", body)).status).toBe(200);
    expect(t.outbox.mails).toHaveLength(1);
  });

  it("needs every policy agreed, with the spec's message", async () => {
    const browser = new TestBrowser(t);
    const response = await browser.post("/zapi/signup/email", {
      type: "signUp",
      email,
      policyConsentData: [consentToDemoPolicies[0]],
    });
    expect(response.status).toBe(400);
    expect((await json(response)).errors).toEqual([{ field: "policy_privacy", message: "同意が必須です。" }]);
    expect(t.outbox.mails).toEqual([]);
  });

  it("does not count consent to an older revision than the one in force", async () => {
    const response = await new TestBrowser(t).post("/zapi/signup/email", {
      type: "signUp",
      email,
      policyConsentData: [{ policyId: "terms", revision: 1, key: "terms" }, consentToDemoPolicies[1]],
    });
    expect(response.status).toBe(400);
    expect((await json(response)).errors).toEqual([{ field: "policy_terms", message: "同意が必須です。" }]);
  });

  it("checks the address like every e-mail field", async () => {
    const response = await new TestBrowser(t).post("/zapi/signup/email", {
      type: "signUp",
      email: "not-an-address",
      policyConsentData: consentToDemoPolicies,
    });
    expect(response.status).toBe(400);
    expect((await json(response)).errors).toEqual([
      { field: "email", message: "メールアドレスの形式が正しくありません。" },
    ]);
  });

  it("answers a registered address exactly like a new one, and says so only after the PIN", async () => {
    await insertAccount(t, { email });
    const fresh = new TestBrowser(t);
    const registered = new TestBrowser(t);
    const forFresh = await fresh.post("/zapi/signup/email", {
      type: "signUp",
      email: "someone.new@example.jp",
      policyConsentData: consentToDemoPolicies,
    });
    const forRegistered = await registered.post("/zapi/signup/email", {
      type: "signUp",
      email,
      policyConsentData: consentToDemoPolicies,
    });
    expect(forRegistered.status).toBe(forFresh.status);
    expect(await forRegistered.text()).toBe(await forFresh.text());

    const pinCode = mailedCode(t.outbox, email);
    const afterPin = await registered.post("/zapi/signup/pin-code", { pinCode });
    expect(afterPin.status).toBe(409);
    expect(await json(afterPin)).toMatchObject({
      code: "ACCOUNT_ALREADY_EXISTS_EMAIL",
      message: "このメールアドレスは既に使用されています。別のメールアドレスを登録してください。",
    });
  });
});

describe("the sign-up PIN", () => {
  it("is void after 5 wrong tries, even when the right one follows", async () => {
    const browser = new TestBrowser(t);
    const pinCode = await requestPin(browser);
    await guessWrong(browser, pinCode, 5);
    t.clock.advance(60_000);
    const right = await browser.post("/zapi/signup/pin-code", { pinCode });
    expect(right.status).toBe(400);
    expect((await json(right)).code).toBe("PIN_CODE_ERROR");
  });

  it("still works after 4 wrong tries", async () => {
    const browser = new TestBrowser(t);
    const pinCode = await requestPin(browser);
    await guessWrong(browser, pinCode, 4);
    t.clock.advance(60_000);
    expect((await browser.post("/zapi/signup/pin-code", { pinCode })).status).toBe(200);
  });

  it("works once: the same code again fails", async () => {
    const browser = new TestBrowser(t);
    const pinCode = await requestPin(browser);
    expect((await browser.post("/zapi/signup/pin-code", { pinCode })).status).toBe(200);
    const again = await browser.post("/zapi/signup/pin-code", { pinCode });
    expect(again.status).toBe(400);
    expect((await json(again)).code).toBe("PIN_CODE_ERROR");
  });

  it("expires after 60 minutes, with the sign-up it belongs to", async () => {
    const late = new TestBrowser(t);
    const lateCode = await requestPin(late);
    const justInTime = new TestBrowser(t);
    const justInTimeCode = await requestPin(justInTime, "just.in.time@example.jp");
    t.clock.advance(60 * 60 * 1000 - 1);
    expect((await justInTime.post("/zapi/signup/pin-code", { pinCode: justInTimeCode })).status).toBe(200);
    t.clock.advance(1);
    const response = await late.post("/zapi/signup/pin-code", { pinCode: lateCode });
    expect(response.status).toBe(400);
    expect((await json(response)).code).toBe("REGISTRATION_TIMEOUT");
  });

  it("is refused for a while after too many wrong guesses from one client (growing delays)", async () => {
    const browser = new TestBrowser(t);
    const pinCode = await requestPin(browser);
    for (let attempt = 0; attempt < 3; attempt++) {
      await browser.post("/zapi/signup/pin-code", { pinCode: wrongCode(pinCode) });
    }
    const fourth = await browser.post("/zapi/signup/pin-code", { pinCode: wrongCode(pinCode) });
    expect(fourth.status).toBe(400);
    const fifth = await browser.post("/zapi/signup/pin-code", { pinCode });
    expect(fifth.status).toBe(429);
    expect(fifth.headers.get("retry-after")).toBe("1");
    expect(await json(fifth)).toMatchObject({ code: "TOO_MANY_ATTEMPTS", retryAfter: 1 });
  });

  it("belongs to the browser that asked for it", async () => {
    const pinCode = await requestPin(new TestBrowser(t));
    const stranger = new TestBrowser(t);
    await requestPin(stranger, "stranger@example.jp");
    const response = await stranger.post("/zapi/signup/pin-code", { pinCode });
    expect(response.status).toBe(400);
  });

  it("is not a login code: a sign-up PIN fails at /login", async () => {
    const member = await insertAccount(t, { email });
    const browser = new TestBrowser(t);
    // The same browser holds a sign-up flow and a login flow for the same address.
    const signupPin = await requestPin(browser);
    t.clock.advance(30_000); // one code per mailbox every 30 s, whichever flow asks
    expect((await browser.post("/zapi/login/code", { email: member.email })).status).toBe(200);
    const loginCode = mailedCode(t.outbox, email);
    expect(loginCode).not.toBe(signupPin);
    const response = await browser.post("/zapi/login", {
      emailUserId: email,
      authCode: signupPin,
      loginMethod: "AuthCode",
    });
    expect(response.status).toBe(400);
    expect((await json(response)).code).toBe("PIN_CODE_ERROR");
  });

  it("is resent no sooner than 30 s after the last one, which it then replaces", async () => {
    const browser = new TestBrowser(t);
    const first = await requestPin(browser);
    t.clock.advance(29_000);
    const early = await browser.post("/zapi/account/email/send-pin-code", { type: "signUp" });
    expect(early.status).toBe(429);
    expect(early.headers.get("retry-after")).toBe("1");
    expect(await json(early)).toMatchObject({ code: "RESEND_TOO_SOON", retryAfter: 1 });
    expect(t.outbox.mails).toHaveLength(1);

    t.clock.advance(1000);
    const resent = await browser.post("/zapi/account/email/send-pin-code", { type: "signUp" });
    expect(resent.status).toBe(200);
    expect(await json(resent)).toEqual({
      resendAvailableAt: new Date(t.clock.now().getTime() + 30_000).toISOString(),
    });
    const second = mailedCode(t.outbox, email);
    if (first !== second) {
      expect((await browser.post("/zapi/signup/pin-code", { pinCode: first })).status).toBe(400);
    }
    expect((await browser.post("/zapi/signup/pin-code", { pinCode: second })).status).toBe(200);
  });

  it("without a sign-up in progress, is a registration time-out", async () => {
    const response = await new TestBrowser(t).post("/zapi/signup/pin-code", { pinCode: "123456" });
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({
      code: "REGISTRATION_TIMEOUT",
      message: "登録の有効期限が切れました。お手数ですが、最初からやり直してください。",
    });
  });
});

describe("the registration form", () => {
  it("without a REQUIRED field: 400 with the spec's message, and no account", async () => {
    const browser = await verifiedBrowser();
    const { familyNameKana: _omitted, ...incomplete } = registration;
    const response = await browser.post("/zapi/signup", incomplete);
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(body.code).toBe("VALIDATION_ERROR");
    expect(body.errors).toEqual([{ field: "familyNameKana", message: "姓（カナ）を入力してください。" }]);
    expect(await t.db.select().from(accounts)).toEqual([]);
  });

  it("refuses a field the store does not use", async () => {
    const browser = await verifiedBrowser();
    const response = await browser.post("/zapi/signup", { ...registration, name: "山田花子" });
    expect(response.status).toBe(400);
    expect((await json(response)).errors).toEqual([{ field: "name", message: "この項目は入力できません。" }]);
  });

  it("follows a rule changed in the store from the next request, without a restart", async () => {
    const browser = await verifiedBrowser();
    const { familyName: _dropped, ...withoutFamilyName } = registration;
    t.store.update((settings) => {
      settings.accountRegistrationSetting.nickname = "REQUIRED";
      settings.accountRegistrationSetting.familyName = "NOT_USE";
    });
    const response = await browser.post("/zapi/signup", withoutFamilyName);
    expect(response.status).toBe(400);
    expect((await json(response)).errors).toEqual([
      { field: "nickname", message: "ニックネームを入力してください。" },
    ]);

    t.store.update((settings) => {
      settings.accountRegistrationSetting.nickname = "OPTIONAL";
    });
    expect((await browser.post("/zapi/signup", withoutFamilyName)).status).toBe(200);
  });

  it("applies the store's password strength", async () => {
    const browser = await verifiedBrowser();
    const weak = { ...registration, password: "sora2026pass", passwordConfirm: "sora2026pass" };
    const response = await browser.post("/zapi/signup", weak);
    expect(response.status).toBe(400);
    expect((await json(response)).errors).toEqual([
      { field: "password", message: "パスワードには英大文字を1文字以上含めてください。" },
    ]);
  });

  it("creates no password when the store does not ask for one", async () => {
    t.store.update((settings) => {
      settings.signUp = { ...settings.signUp, isRequiredPassword: false };
    });
    const browser = await verifiedBrowser();
    const { password: _p, passwordConfirm: _c, ...withoutPassword } = registration;
    expect((await browser.post("/zapi/signup", withoutPassword)).status).toBe(200);
    const [account] = await t.db.select().from(accounts);
    expect(account?.passwordHash).toBeNull();
  });

  it("a user ID already in use: 409 with the spec's message, and no account", async () => {
    await insertAccount(t, { userId: "sorafan01" });
    const browser = await verifiedBrowser();
    const response = await browser.post("/zapi/signup", { ...registration, userId: "SoraFan01" });
    expect(response.status).toBe(409);
    expect(await json(response)).toMatchObject({
      code: "ACCOUNT_ALREADY_EXISTS_USER_ID",
      message: "このユーザIDは既に使用されています。別のユーザIDを登録してください。",
    });
    expect(await t.db.select().from(accounts).where(eq(accounts.email, email))).toEqual([]);
  });

  it("without a proved address, is a registration time-out", async () => {
    const browser = new TestBrowser(t);
    await requestPin(browser);
    const response = await browser.post("/zapi/signup", registration);
    expect(response.status).toBe(400);
    expect((await json(response)).code).toBe("REGISTRATION_TIMEOUT");
  });

  it("times out 60 minutes after the last step", async () => {
    const browser = await verifiedBrowser();
    t.clock.advance(60 * 60 * 1000);
    const response = await browser.post("/zapi/signup", registration);
    expect(response.status).toBe(400);
    expect((await json(response)).code).toBe("REGISTRATION_TIMEOUT");
  });

  it("asks for consent again when a policy was revised during the sign-up", async () => {
    const browser = await verifiedBrowser();
    const catalogue = demoPolicies();
    const terms = catalogue.policies.find((policy) => policy.policyId === "terms")!;
    terms.revisions.push({ ...terms.revisions.at(-1)!, revision: 3, effectiveFrom: t.clock.now() });
    t.deps.policies = { current: () => catalogue, close: () => {} };

    const refused = await browser.post("/zapi/signup", registration);
    expect(refused.status).toBe(409);
    expect((await json(refused)).code).toBe("POLICY_CONSENT_REQUIRED");
    const accepted = await browser.post("/zapi/signup", {
      ...registration,
      policyConsentData: [{ policyId: "terms", revision: 3, key: "terms" }],
    });
    expect(accepted.status).toBe(200);
  });
});

describe("policies in a step of their own", () => {
  beforeEach(() => {
    t.store.update((settings) => {
      settings.signUp = { ...settings.signUp, isPreShowPolicy: true };
    });
  });

  it("are agreed first and not asked again with the e-mail", async () => {
    const browser = new TestBrowser(t);
    const step = await json(await browser.get("/zapi/internal/signup/screen-data"));
    expect(step).toMatchObject({ isPreShowPolicy: true, totalCount: 5, currentCount: 1 });
    expect((step.policies as { policyId: string }[]).map((policy) => policy.policyId)).toEqual([
      "terms",
      "privacy",
    ]);

    expect(
      (await browser.post("/zapi/signup/policy", { policyConsentData: consentToDemoPolicies })).status,
    ).toBe(200);
    const auth = await json(await browser.get("/zapi/internal/signup/auth/screen-data"));
    expect(auth).toMatchObject({ policies: [], totalCount: 5, currentCount: 2 });

    const response = await browser.post("/zapi/signup/email", { type: "signUp", email });
    expect(response.status).toBe(200);
    const pinCode = mailedCode(t.outbox, email);
    expect((await browser.post("/zapi/signup/pin-code", { pinCode })).status).toBe(200);
    expect((await browser.post("/zapi/signup", registration)).status).toBe(200);
    const [account] = await t.db.select().from(accounts);
    expect(
      await t.db.select().from(policyConsents).where(eq(policyConsents.accountId, account!.id)),
    ).toHaveLength(2);
  });

  it("refuses the policy step without every policy agreed", async () => {
    const response = await new TestBrowser(t).post("/zapi/signup/policy", {
      policyConsentData: [consentToDemoPolicies[1]],
    });
    expect(response.status).toBe(400);
    expect((await json(response)).errors).toEqual([{ field: "policy_terms", message: "同意が必須です。" }]);
  });
});

describe("a member and a revised policy", () => {
  it("consents to the new revision, which is recorded next to the old one", async () => {
    const member = await insertAccount(t);
    const browser = new TestBrowser(t);
    await browser.post("/zapi/login", {
      emailUserId: member.email,
      password: member.password,
      loginMethod: "Password",
    });

    const catalogue = demoPolicies();
    const privacy = catalogue.policies.find((policy) => policy.policyId === "privacy")!;
    privacy.revisions.push({ ...privacy.revisions[0]!, revision: 2, effectiveFrom: t.clock.now() });
    t.deps.policies = { current: () => catalogue, close: () => {} };

    const mypage = await json(await browser.get("/zapi/internal/mypage/screen-data"));
    expect(mypage).toEqual({ redirectTo: "/signup/policy" });
    const screen = await json(await browser.get("/zapi/internal/signup/policy/screen-data"));
    expect(
      (screen.policies as { policyId: string; revision: number }[]).map((p) => [p.policyId, p.revision]),
    ).toEqual([["privacy", 2]]);

    const response = await browser.post("/zapi/signup/policy", {
      policyConsentData: [{ policyId: "privacy", revision: 2, key: "privacy" }],
    });
    expect(response.status).toBe(200);
    const rows = await t.db
      .select()
      .from(policyConsents)
      .where(eq(policyConsents.accountId, member.accountId))
      .orderBy(policyConsents.revision);
    expect(rows.filter((row) => row.policyId === "privacy").map((row) => row.revision)).toEqual([1, 2]);
    expect(await json(await browser.get("/zapi/internal/signup/policy/screen-data"))).toEqual({
      redirectTo: "/mypage",
    });
    expect((await json(await browser.get("/zapi/internal/mypage/screen-data"))).account).toBeDefined();
    expect(await t.db.select().from(sessions).where(eq(sessions.accountId, member.accountId))).toHaveLength(
      1,
    );
  });
});

describe("POST /zapi/signup/email", () => {
  it("mails the PIN in the visitor's language, named by the store's display name", async () => {
    const browser = new TestBrowser(t, { language: "en-GB,en;q=0.8" });
    await requestPin(browser);
    expect(t.outbox.latestMailTo(email)?.subject).toBe("[Soramiru] Your sign-up code");
  });

  it("is for the signUp purpose only", async () => {
    const response = await new TestBrowser(t).post("/zapi/signup/email", {
      type: "login",
      email,
      policyConsentData: consentToDemoPolicies,
    });
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({
      code: "VALIDATION_ERROR",
      errors: [{ field: "type", message: "値が正しくありません。" }],
    });
    expect(t.outbox.mails).toEqual([]);
  });
});

describe("sign-up inside the login provider's flow (issue 47 §1)", () => {
  /** Whether the provider's interaction this browser is in is still there (the service's answer). */
  let interactionLives = true;

  beforeEach(async () => {
    await t.close();
    interactionLives = true;
    // The login provider's own view of the interaction is tested in server/oidc; here only whether
    // the browser is in one.
    t = await createTestApi({
      deps: {
        oidc: {
          interaction: async (cookie) =>
            interactionLives && cookie?.includes("_interaction=")
              ? ({ uid: "interaction", prompt: "login" } as InteractionView)
              : null,
          endSession: async () => {},
        },
      },
    });
  });

  function inTheFlow() {
    const browser = new TestBrowser(t);
    browser.cookies.set("_interaction", "interaction");
    return browser;
  }

  async function proveAddress(browser: TestBrowser, call: string, address = email) {
    const response = await browser.post(call, {
      type: "signUp",
      email: address,
      policyConsentData: consentToDemoPolicies,
    });
    expect(response.status).toBe(200);
    const pinCode = mailedCode(t.outbox, address);
    expect((await browser.post("/zapi/signup/pin-code", { pinCode })).status).toBe(200);
  }

  it("goes back into the interaction, logged in, with no plan step on the way", async () => {
    const browser = inTheFlow();
    // The demo store puts no policy step first: /oidc/signup goes on to the e-mail step of the flow.
    expect(await json(await browser.get("/zapi/internal/oidc/signup/screen-data"))).toEqual({
      redirectTo: "/oidc/signup/auth",
    });
    expect(await json(await browser.get("/zapi/internal/oidc/signup/auth/screen-data"))).toMatchObject({
      totalCount: 3,
      currentCount: 1,
    });
    await proveAddress(browser, "/zapi/oidc/signup/email");
    expect(await json(await browser.get("/zapi/internal/signup/form/screen-data"))).toMatchObject({
      totalCount: 3,
      currentCount: 3,
    });

    const answer = await json(await browser.post("/zapi/signup", registration));
    expect(answer).toEqual({ authId: answer.authId, redirectTo: "/oidc/loginInteraction" });
    expect(browser.cookies.get("auid")).toBe(answer.authId);
    expect(browser.cookies.has("sid")).toBe(true);
  });

  it("stays the interaction's when the address is changed on the site's e-mail step", async () => {
    const browser = inTheFlow();
    await browser.post("/zapi/oidc/signup/email", {
      type: "signUp",
      email: "first@example.jp",
      policyConsentData: consentToDemoPolicies,
    });
    await proveAddress(browser, "/zapi/signup/email");
    expect(await json(await browser.post("/zapi/signup", registration))).toMatchObject({
      redirectTo: "/oidc/loginInteraction",
    });
  });

  it("ends on the site's completion when the interaction is gone by then", async () => {
    const browser = inTheFlow();
    await proveAddress(browser, "/zapi/oidc/signup/email");
    interactionLives = false;
    const answer = await json(await browser.post("/zapi/signup", registration));
    // No detour to the plans either: this sign-up was for the service that asked.
    expect(answer.redirectTo).toBeUndefined();
    expect(browser.cookies.has("sid")).toBe(true);
  });

  it("the site's own sign-up never goes into an interaction the browser happens to be in", async () => {
    const browser = inTheFlow();
    await proveAddress(browser, "/zapi/signup/email");
    expect(await json(await browser.post("/zapi/signup", registration))).toMatchObject({
      redirectTo: "/signup/plans",
    });
  });

  it("its pages need an interaction in progress", async () => {
    const visitor = new TestBrowser(t);
    for (const page of ["signup", "signup/auth"]) {
      const answer = await json(await visitor.get(`/zapi/internal/oidc/${page}/screen-data`));
      expect(String(answer.redirectTo)).toMatch(/^\/oidc\/error\?status=400&/);
    }
  });
});
