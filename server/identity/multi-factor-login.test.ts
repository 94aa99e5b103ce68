import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SCREEN_BODY_SHAPES } from "../../app/lib/screen-data-shapes.server.ts";
import {
  createTestApi,
  insertAccount,
  mailedCode,
  type TestAccount,
  type TestApi,
  TestBrowser,
} from "../../tests/api-harness.ts";
import { totpCode } from "../../tests/totp.ts";
import { accounts, loginHistory, sessions } from "../db/schema.ts";
import { newOtpSecret } from "../kit/totp.ts";
import { enableMethod, newBackupCodes, storeBackupCodes } from "./multi-factor-methods.ts";

let t: TestApi;
let member: TestAccount;
let secret: string;
beforeEach(async () => {
  t = await createTestApi();
  member = await insertAccount(t, { email: "hanako@example.jp", password: "Passw0rdA" });
  secret = newOtpSecret();
  await enableMethod(
    t.db,
    member.accountId,
    "OTP",
    { otpSecret: t.deps.secretBox.seal(secret) },
    t.clock.now(),
  );
});
afterEach(() => t.close());

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown>;
}

const login = (browser: TestBrowser) =>
  browser.post("/zapi/login", {
    emailUserId: member.email,
    password: member.password,
    loginMethod: "Password",
  });

const otpNow = () => totpCode(secret, t.clock.now().getTime());

async function sessionCount() {
  return (await t.db.select().from(sessions).where(eq(sessions.accountId, member.accountId))).length;
}

describe("a login with a second factor", () => {
  it("starts no session after the password: it sends the browser to the second step", async () => {
    const browser = new TestBrowser(t);
    const first = await login(browser);
    expect(first.status).toBe(200);
    expect(await json(first)).toEqual({ redirectTo: "/login/multi-factor" });
    expect(browser.cookies.has("sid")).toBe(false);
    expect(browser.cookies.has("mfid")).toBe(true);
    expect(await sessionCount()).toBe(0);
    expect((await json(await browser.get("/zapi/internal/root/screen-data"))).authId).toBeNull();
    expect((await browser.get("/zapi/internal/mypage/screen-data")).status).toBe(401);

    expect(await json(await browser.get("/zapi/internal/login/multi-factor/screen-data"))).toEqual({
      redirectTo: "/login/multi-factor/otp",
    });
    // Where the login ends goes along, if it is a path of this site.
    expect(
      await json(
        await browser.get("/zapi/internal/login/multi-factor/screen-data?returnTo=%2Fmypage%2Fedit"),
      ),
    ).toEqual({ redirectTo: "/login/multi-factor/otp?returnTo=%2Fmypage%2Fedit" });
    expect(
      await json(
        await browser.get("/zapi/internal/login/multi-factor/screen-data?returnTo=%2F%2Fevil.example"),
      ),
    ).toEqual({ redirectTo: "/login/multi-factor/otp" });
    expect(await json(await browser.get("/zapi/internal/login/multi-factor/otp/screen-data"))).toEqual({
      type: "OTP",
      sendTo: null,
      defaultMultiFactorType: "OTP",
      multiFactorType: ["OTP"],
      resendAvailableAt: null,
    });
  });

  it("logs in with the authenticator code, and records the second factor in the history", async () => {
    const browser = new TestBrowser(t);
    await login(browser);
    const wrong = await browser.post("/zapi/login/multi-factor/otp", {
      value: otpNow() === "000000" ? "111111" : "000000",
    });
    expect(wrong.status).toBe(400);
    expect(await json(wrong)).toMatchObject({ code: "MULTI_FACTOR_ERROR", message: "認証に失敗しました。" });
    expect(await sessionCount()).toBe(0);

    const done = await browser.post("/zapi/login/multi-factor/otp", { value: otpNow() });
    expect(done.status).toBe(200);
    expect(await json(done)).toEqual({ authId: member.publicId });
    expect(browser.cookies.has("sid")).toBe(true);
    expect(browser.cookies.has("mfid")).toBe(false);
    expect((await browser.get("/zapi/internal/mypage/screen-data")).status).toBe(200);

    const history = await t.db
      .select()
      .from(loginHistory)
      .where(eq(loginHistory.accountId, member.accountId));
    const rows = history.map((row) => [
      row.result,
      row.requestMultiFactor,
      row.multiFactorType,
      row.loginMethod,
    ]);
    expect(rows).toHaveLength(2);
    // The member's history page shows the second factor, and does not suggest turning it on.
    const page = await json(await browser.get("/zapi/internal/mypage/login-history/screen-data"));
    expect(page.suggestMultiFactor).toBe(false);
    expect(page.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ result: true, requestMultiFactor: true, multiFactorType: "OTP" }),
      ]),
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        [false, true, "OTP", "Password"],
        [true, true, "OTP", "Password"],
      ]),
    );
  });

  it("accepts an authenticator code once: the same code fails at the next login", async () => {
    const code = otpNow();
    const first = new TestBrowser(t);
    await login(first);
    expect((await first.post("/zapi/login/multi-factor/otp", { value: code })).status).toBe(200);
    const second = new TestBrowser(t);
    await login(second);
    expect((await second.post("/zapi/login/multi-factor/otp", { value: code })).status).toBe(400);
  });

  it("logs in once with each backup code", async () => {
    const codes = newBackupCodes();
    await storeBackupCodes(t.db, t.deps.secretBox, member.accountId, codes, t.clock.now());
    const browser = new TestBrowser(t);
    await login(browser);
    const page = await json(await browser.get("/zapi/internal/login/multi-factor/backup-code/screen-data"));
    expect(page).toMatchObject({ type: "BackupCode", multiFactorType: ["OTP", "BackupCode"] });
    expect((await browser.post("/zapi/login/multi-factor/backup-code", { value: codes[0] })).status).toBe(
      200,
    );

    const again = new TestBrowser(t);
    await login(again);
    expect((await again.post("/zapi/login/multi-factor/backup-code", { value: codes[0] })).status).toBe(400);
    expect((await again.post("/zapi/login/multi-factor/backup-code", { value: codes[1] })).status).toBe(200);
  });

  it("mails the e-mail code as its page opens, and sets the type as preferred when asked", async () => {
    t.clock.advance(60_000);
    await enableMethod(t.db, member.accountId, "Email", {}, t.clock.now());
    const browser = new TestBrowser(t);
    await login(browser);
    // The OTP was enabled first: it is the default.
    expect(await json(await browser.get("/zapi/internal/login/multi-factor/screen-data"))).toEqual({
      redirectTo: "/login/multi-factor/otp",
    });
    const page = await json(await browser.get("/zapi/internal/login/multi-factor/email/screen-data"));
    expect(page).toMatchObject({
      type: "Email",
      sendTo: "ha***@example.jp",
      defaultMultiFactorType: "OTP",
      multiFactorType: ["OTP", "Email"],
    });
    // In the shape the second step reads (multi-factor-login-screen-data.schema.json).
    const shape = SCREEN_BODY_SHAPES.multiFactorLoginGuide;
    expect(shape(page), JSON.stringify(shape.errors)).toBe(true);
    expect(shape({ ...page, multiFactorType: ["OTP", "Fax"] })).toBe(false);
    // A reload does not mail again.
    await browser.get("/zapi/internal/login/multi-factor/email/screen-data");
    const codeMails = t.outbox.mails.filter(
      (mail) => mail.to === member.email && mail.subject.includes("2段階認証コード"),
    );
    expect(codeMails).toHaveLength(1);
    const done = await browser.post("/zapi/login/multi-factor/email", {
      value: mailedCode(t.outbox, member.email),
      isPreferred: true,
    });
    expect(done.status).toBe(200);
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, member.accountId));
    expect(account?.preferredMultiFactorType).toBe("Email");

    const next = new TestBrowser(t);
    await login(next);
    expect(await json(await next.get("/zapi/internal/login/multi-factor/screen-data"))).toEqual({
      redirectTo: "/login/multi-factor/email",
    });
  });

  it("texts the SMS code to the proved number as its page opens, sends it again after 30 s, and logs in with it", async () => {
    await t.store.update((settings) => {
      settings.features.multiFactorTypes = ["Email", "SMS", "OTP"];
    });
    const phone = "09012345678";
    t.clock.advance(60_000);
    await enableMethod(t.db, member.accountId, "SMS", { phoneNumber: phone }, t.clock.now());
    // The profile's number is not where the codes go: the proved one is.
    await t.db.update(accounts).set({ phoneNumber: "08000000000" }).where(eq(accounts.id, member.accountId));
    const browser = new TestBrowser(t);
    await login(browser);
    const page = await json(await browser.get("/zapi/internal/login/multi-factor/sms/screen-data"));
    expect(page).toMatchObject({
      type: "SMS",
      sendTo: "*******5678",
      multiFactorType: ["OTP", "SMS"],
      resendAvailableAt: new Date(t.clock.now().getTime() + 30_000).toISOString(),
    });
    await browser.get("/zapi/internal/login/multi-factor/sms/screen-data");
    expect(t.outbox.texts.map((text) => text.to)).toEqual([phone]);
    const codeOf = () => /(\d{6})/.exec(t.outbox.latestSmsTo(phone)?.text ?? "")?.[1] ?? "";
    const first = codeOf();

    const tooSoon = await browser.post("/zapi/login/multi-factor/sms/send-code", {});
    expect(tooSoon.status).toBe(429);
    expect((await json(tooSoon)).code).toBe("RESEND_TOO_SOON");
    t.clock.advance(30_000);
    const resent = await browser.post("/zapi/login/multi-factor/sms/send-code", {});
    expect(resent.status).toBe(200);
    expect(t.outbox.texts).toHaveLength(2);
    const second = codeOf();
    if (first !== second) {
      const old = await browser.post("/zapi/login/multi-factor/sms", { value: first });
      expect(await json(old)).toMatchObject({ code: "MULTI_FACTOR_ERROR", message: "認証に失敗しました。" });
    }
    // A stranger's browser gets no code sent.
    expect((await new TestBrowser(t).post("/zapi/login/multi-factor/sms/send-code", {})).status).toBe(400);

    const done = await browser.post("/zapi/login/multi-factor/sms", { value: second });
    expect(done.status).toBe(200);
    expect(await sessionCount()).toBe(1);
    const [entry] = await t.db
      .select()
      .from(loginHistory)
      .where(and(eq(loginHistory.accountId, member.accountId), eq(loginHistory.result, true)));
    expect(entry).toMatchObject({ requestMultiFactor: true, multiFactorType: "SMS" });
  });

  it("takes the spec's body {value, isPreferred} on the default type too, where the choice changes nothing (issue 41 §4)", async () => {
    const browser = new TestBrowser(t);
    await login(browser);
    const response = await browser.post("/zapi/login/multi-factor/otp", {
      value: otpNow(),
      isPreferred: false,
    });
    expect(response.status).toBe(200);
    expect(await sessionCount()).toBe(1);
    const [row] = await t.db
      .select({ preferred: accounts.preferredMultiFactorType })
      .from(accounts)
      .where(eq(accounts.id, member.accountId));
    expect(row?.preferred).toBeNull();
    // Anything but a boolean is still refused.
    const other = new TestBrowser(t);
    await login(other);
    t.clock.advance(30_000);
    const malformed = await other.post("/zapi/login/multi-factor/otp", {
      value: otpNow(),
      isPreferred: "yes",
    });
    expect(malformed.status).toBe(400);
  });

  it("belongs to the browser that gave the password, and lasts 10 minutes", async () => {
    const browser = new TestBrowser(t);
    await login(browser);
    const stranger = new TestBrowser(t);
    const elsewhere = await stranger.post("/zapi/login/multi-factor/otp", { value: otpNow() });
    expect(elsewhere.status).toBe(400);
    expect((await json(elsewhere)).code).toBe("AUTH_FLOW_EXPIRED");
    expect(await json(await stranger.get("/zapi/internal/login/multi-factor/otp/screen-data"))).toEqual({
      redirectTo: "/login",
    });

    t.clock.advance(10 * 60 * 1000);
    const late = await browser.post("/zapi/login/multi-factor/otp", { value: otpNow() });
    expect((await json(late)).code).toBe("AUTH_FLOW_EXPIRED");
    expect(await sessionCount()).toBe(0);
  });

  it("slows wrong second-factor codes as it slows wrong passwords", async () => {
    const browser = new TestBrowser(t, { clientAddress: "203.0.113.5" });
    await login(browser);
    const wrong = otpNow() === "000000" ? "111111" : "000000";
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await browser.post("/zapi/login/multi-factor/otp", { value: wrong })).status).toBe(400);
    }
    const slowed = await browser.post("/zapi/login/multi-factor/otp", { value: otpNow() });
    expect(slowed.status).toBe(429);
    expect(await json(slowed)).toMatchObject({
      code: "TOO_MANY_ATTEMPTS",
      message: "ログインの失敗が続いたため、しばらくお待ちください。1秒後にもう一度お試しください。",
    });
    t.clock.advance(1000);
    expect((await browser.post("/zapi/login/multi-factor/otp", { value: otpNow() })).status).toBe(200);
  });

  it("gives no fresh guesses for giving the password again", async () => {
    const browser = new TestBrowser(t, { clientAddress: "203.0.113.6" });
    const wrong = otpNow() === "000000" ? "111111" : "000000";
    for (let round = 0; round < 2; round++) {
      await login(browser);
      for (let attempt = 0; attempt < 2; attempt++) {
        expect((await browser.post("/zapi/login/multi-factor/otp", { value: wrong })).status).toBe(400);
      }
    }
    // Four wrong codes in all: the password in between did not reset the count.
    await login(browser);
    const slowed = await browser.post("/zapi/login/multi-factor/otp", { value: otpNow() });
    expect(slowed.status).toBe(429);
  });

  it("refuses a type the member has not enabled, and an unknown type", async () => {
    const browser = new TestBrowser(t);
    await login(browser);
    expect((await json(await browser.post("/zapi/login/multi-factor/email", { value: "123456" }))).code).toBe(
      "LOGIN_METHOD_UNAVAILABLE",
    );
    expect((await browser.post("/zapi/login/multi-factor/fax", { value: "123456" })).status).toBe(404);
    expect(await json(await browser.get("/zapi/internal/login/multi-factor/email/screen-data"))).toEqual({
      redirectTo: "/login/multi-factor",
    });
  });

  it("is skipped when the store no longer offers the member's only method", async () => {
    await t.store.update((settings) => {
      settings.features.multiFactorTypes = ["Email"];
    });
    const browser = new TestBrowser(t);
    const response = await login(browser);
    expect(await json(response)).toEqual({ authId: member.publicId });
    expect(
      await t.db
        .select()
        .from(loginHistory)
        .where(and(eq(loginHistory.accountId, member.accountId), eq(loginHistory.requestMultiFactor, false))),
    ).toHaveLength(1);
  });

  it("follows the e-mail code login too", async () => {
    const browser = new TestBrowser(t);
    expect((await browser.post("/zapi/login/code", { email: member.email })).status).toBe(200);
    const first = await browser.post("/zapi/login", {
      emailUserId: member.email,
      authCode: mailedCode(t.outbox, member.email),
      loginMethod: "AuthCode",
    });
    expect(await json(first)).toEqual({ redirectTo: "/login/multi-factor" });
    const done = await browser.post("/zapi/login/multi-factor/otp", { value: otpNow() });
    expect(done.status).toBe(200);
    const [row] = await t.db
      .select()
      .from(loginHistory)
      .where(and(eq(loginHistory.accountId, member.accountId), eq(loginHistory.result, true)));
    expect(row).toMatchObject({ loginMethod: "AuthCode", multiFactorType: "OTP" });
  });
});

describe("a half-finished login (issue 39 §5, §7)", () => {
  it("ends with a password reset: the second step then refuses even the right code", async () => {
    const thief = new TestBrowser(t, { clientAddress: "203.0.113.66" });
    expect(await json(await login(thief))).toEqual({ redirectTo: "/login/multi-factor" });
    await new TestBrowser(t).post("/zapi/auth/password/forgot", { email: member.email });
    const token = /token=([A-Za-z0-9_-]+)/.exec(t.outbox.latestMailTo(member.email)?.text ?? "")?.[1];
    const reset = await new TestBrowser(t).post("/zapi/auth/password/reset", {
      token,
      password: "NewPassw0rd",
      passwordConfirm: "NewPassw0rd",
    });
    expect(reset.status).toBe(200);
    const second = await thief.post("/zapi/login/multi-factor/otp", { value: otpNow() });
    expect(second.status).toBe(400);
    expect(await sessionCount()).toBe(0);
    expect(await json(await thief.get("/zapi/internal/login/multi-factor/screen-data"))).toEqual({
      redirectTo: "/login",
    });
  });

  it("ends with a password change on my page", async () => {
    const thief = new TestBrowser(t, { clientAddress: "203.0.113.67" });
    await login(thief);
    const owner = new TestBrowser(t);
    await login(owner);
    expect((await owner.post("/zapi/login/multi-factor/otp", { value: otpNow() })).status).toBe(200);
    const changed = await owner.post("/zapi/account/password/edit", {
      oldPassword: "Passw0rdA",
      newPassword: "NewPassw0rd",
    });
    expect(changed.status).toBe(200);
    t.clock.advance(30_000);
    expect((await thief.post("/zapi/login/multi-factor/otp", { value: otpNow() })).status).toBe(400);
    expect(await sessionCount()).toBe(1);
  });

  it("cannot make the site mail a code to a member who uses only an authenticator app", async () => {
    const browser = new TestBrowser(t);
    await login(browser);
    const mailsBefore = t.outbox.mails.length;
    const asked = await browser.post("/zapi/account/email/send-pin-code", { type: "multiFactorEmail" });
    expect(asked.status).toBe(400);
    expect(await json(asked)).toMatchObject({ code: "MULTI_FACTOR_NOT_ENABLED" });
    expect(await json(await browser.get("/zapi/internal/login/multi-factor/email/screen-data"))).toEqual({
      redirectTo: "/login/multi-factor",
    });
    expect(t.outbox.mails).toHaveLength(mailsBefore);
  });
});
