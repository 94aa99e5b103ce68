import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SCREEN_BODY_SHAPES } from "../../app/lib/screen-data-shapes.server.ts";
import {
  createTestApi,
  insertAccount,
  type TestAccount,
  type TestApi,
  TestBrowser,
} from "../../tests/api-harness.ts";
import { totpCode } from "../../tests/totp.ts";
import { accounts, backupCodes } from "../db/schema.ts";
import { enabledMethods, remainingBackupCodes } from "./multi-factor-methods.ts";

let t: TestApi;
let member: TestAccount;
let browser: TestBrowser;
beforeEach(async () => {
  t = await createTestApi();
  member = await insertAccount(t, { email: "hanako@example.jp", password: "Passw0rdA" });
  browser = new TestBrowser(t);
  const login = await browser.post("/zapi/login", {
    emailUserId: member.email,
    password: member.password,
    loginMethod: "Password",
  });
  expect(login.status).toBe(200);
});
afterEach(() => t.close());

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown>;
}

const noticesTo = (address: string) =>
  t.outbox.mails.filter((mail) => mail.to === address && mail.subject.includes("2段階認証の設定変更"));

async function enableOtp(on = browser) {
  const page = await json(await on.get("/zapi/internal/mypage/multi-factor/otp/screen-data"));
  const secret = String(page.secret);
  const response = await on.post("/zapi/account/enable-multi-factor", {
    multiFactorType: "OTP",
    token: totpCode(secret, t.clock.now().getTime()),
  });
  return { page, secret, response };
}

const registerBackupCodesPage = async () =>
  json(await browser.get("/zapi/internal/mypage/multi-factor/backup-code/generate/screen-data"));

async function registerBackupCodes(path = "/zapi/account/enable-multi-factor/with-backup-code") {
  const page = await json(
    await browser.get("/zapi/internal/mypage/multi-factor/backup-code/generate/screen-data"),
  );
  const codes = page.backupCodeList as string[];
  const response = await browser.post(path, { backupCodeList: codes });
  return { page, codes, response };
}

describe("the multi-factor pages' screen data", () => {
  it("answers each page in the shape it reads, before and after a factor is on", async () => {
    const pages = {
      multiFactorSettings: "",
      multiFactorEmail: "/email",
      multiFactorSms: "/sms",
      otpSetupGuide: "/otp",
    } as const;
    await t.store.update((settings) => {
      settings.features.multiFactorTypes = ["Email", "SMS", "OTP"];
    });
    const check = async () => {
      for (const [body, path] of Object.entries(pages) as [keyof typeof pages, string][]) {
        const shape = SCREEN_BODY_SHAPES[body];
        const page = await json(await browser.get(`/zapi/internal/mypage/multi-factor${path}/screen-data`));
        expect(shape(page), `${body} ${JSON.stringify(shape.errors)}`).toBe(true);
      }
    };
    await check();
    await enableOtp();
    const codes = await registerBackupCodesPage();
    expect(SCREEN_BODY_SHAPES.backupCodeGenerate(codes), JSON.stringify(codes)).toBe(true);
    await registerBackupCodes();
    await check();
    const count = await json(await browser.get("/zapi/internal/mypage/multi-factor/backup-code/screen-data"));
    expect(SCREEN_BODY_SHAPES.backupCodeCount(count)).toBe(true);
    // The shapes are held to: a factor the pages do not know, or a count that is no count, is refused.
    const settings = await json(await browser.get("/zapi/internal/mypage/multi-factor/screen-data"));
    expect(settings.backupCodeCount).toBe(10);
    expect(
      SCREEN_BODY_SHAPES.multiFactorSettings({ ...settings, methods: [{ type: "Fax", isEnabled: true }] }),
    ).toBe(false);
    expect(SCREEN_BODY_SHAPES.backupCodeCount({ backupCodeCount: "10" })).toBe(false);
  });
});

describe("enabling the authenticator app", () => {
  it("shows a secret, its otpauth URL and a QR code, keeps them over a reload, and enables on the app's code", async () => {
    const first = await json(await browser.get("/zapi/internal/mypage/multi-factor/otp/screen-data"));
    expect(first).toMatchObject({ multiFactorType: "OTP", isRegistration: true });
    expect(String(first.secret)).toMatch(/^[A-Z2-7]{32}$/);
    expect(String(first.otpauthUrl)).toContain(`secret=${first.secret}`);
    expect(String(first.qrCodeSvg)).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const reloaded = await json(await browser.get("/zapi/internal/mypage/multi-factor/otp/screen-data"));
    expect(reloaded.secret).toBe(first.secret);

    const secret = String(first.secret);
    const wrongCode = totpCode(secret, t.clock.now().getTime() + 5 * 60_000);
    const wrong = await browser.post("/zapi/account/enable-multi-factor", {
      multiFactorType: "OTP",
      token: wrongCode,
    });
    expect(wrong.status).toBe(400);
    expect(await json(wrong)).toMatchObject({ code: "MULTI_FACTOR_ERROR", message: "認証に失敗しました。" });
    expect(await enabledMethods(t.db, member.accountId)).toEqual([]);

    const code = totpCode(secret, t.clock.now().getTime());
    const enabled = await browser.post("/zapi/account/enable-multi-factor", {
      multiFactorType: "OTP",
      token: code,
    });
    expect(enabled.status).toBe(200);
    // No backup codes yet: the member registers them next, and the app is on only with them.
    expect(await json(enabled)).toEqual({ redirectTo: "/mypage/multi-factor/backup-code/generate" });
    expect(await enabledMethods(t.db, member.accountId)).toEqual([]);
    expect(noticesTo(member.email)).toHaveLength(0);
    expect((await registerBackupCodes()).response.status).toBe(200);
    expect((await enabledMethods(t.db, member.accountId)).map((method) => method.type)).toEqual(["OTP"]);
    expect(noticesTo(member.email)).toHaveLength(1);

    // The code that enabled the app does not log in as well.
    const login = new TestBrowser(t);
    await login.post("/zapi/login", {
      emailUserId: member.email,
      password: member.password,
      loginMethod: "Password",
    });
    const reused = await login.post("/zapi/login/multi-factor/otp", { value: code });
    expect(reused.status).toBe(400);
    // Said as such, not as a wrong code (issue 41 §5).
    expect(await json(reused)).toMatchObject({
      code: "MULTI_FACTOR_ERROR",
      message:
        "このワンタイムパスワードは使用済みです。認証アプリに次のワンタイムパスワードが表示されてから入力してください。",
    });
    const wrongAtLogin = await login.post("/zapi/login/multi-factor/otp", {
      value: totpCode(secret, t.clock.now().getTime() + 5 * 60_000),
    });
    expect(await json(wrongAtLogin)).toMatchObject({ message: "認証に失敗しました。" });
    t.clock.advance(30_000);
    const next = await login.post("/zapi/login/multi-factor/otp", {
      value: totpCode(secret, t.clock.now().getTime()),
    });
    expect(next.status).toBe(200);
  });

  it("gives the form's message for a malformed code, and refuses a secret the server did not show", async () => {
    await browser.get("/zapi/internal/mypage/multi-factor/otp/screen-data");
    const malformed = await browser.post("/zapi/account/enable-multi-factor", {
      multiFactorType: "OTP",
      token: "12",
    });
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(await json(malformed))).toContain("6桁のワンタイムパスワードを入力してください。");
    const chosen = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    const response = await browser.post("/zapi/account/enable-multi-factor", {
      multiFactorType: "OTP",
      secret: chosen,
      token: totpCode(chosen, t.clock.now().getTime()),
    });
    expect(response.status).toBe(400);
    expect((await json(response)).code).toBe("AUTH_FLOW_EXPIRED");
    expect(await enabledMethods(t.db, member.accountId)).toEqual([]);
  });

  it("needs the set-up page opened in this browser", async () => {
    const response = await browser.post("/zapi/account/enable-multi-factor", {
      multiFactorType: "OTP",
      token: "123456",
    });
    expect((await json(response)).code).toBe("AUTH_FLOW_EXPIRED");
  });
});

describe("backup codes", () => {
  it("registers the 10 codes shown once confirmed, stores them hashed, and regenerates them", async () => {
    await enableOtp();
    const { page, codes, response } = await registerBackupCodes();
    expect(page.isRegistration).toBe(true);
    expect(codes).toHaveLength(10);
    expect(await json(response)).toEqual({ redirectTo: "/mypage/multi-factor/complete" });
    expect(await remainingBackupCodes(t.db, member.accountId)).toBe(10);
    const stored = JSON.stringify(await t.db.select().from(backupCodes));
    for (const code of codes) expect(stored).not.toContain(code);
    expect(
      await json(await browser.get("/zapi/internal/mypage/multi-factor/backup-code/screen-data")),
    ).toEqual({
      backupCodeCount: 10,
    });

    // An OTP enabled while codes exist goes straight to the completion.
    const regenerated = await registerBackupCodes("/zapi/account/backup-code-regenerate");
    expect(regenerated.page.isRegistration).toBe(false);
    expect(regenerated.response.status).toBe(200);
    expect(noticesTo(member.email)).toHaveLength(2);
    // The old codes no longer log in; the new ones do.
    const login = new TestBrowser(t);
    await login.post("/zapi/login", {
      emailUserId: member.email,
      password: member.password,
      loginMethod: "Password",
    });
    expect((await login.post("/zapi/login/multi-factor/backup-code", { value: codes[0] })).status).toBe(400);
    expect(
      (await login.post("/zapi/login/multi-factor/backup-code", { value: regenerated.codes[0] })).status,
    ).toBe(200);
  });

  it("leaves two-step verification off while the codes are not confirmed, and enables it with them (issue 41 §2)", async () => {
    await enableOtp();
    const shown = (await registerBackupCodesPage()).backupCodeList as string[];
    // The member leaves the codes page without registering them.
    expect(await enabledMethods(t.db, member.accountId)).toEqual([]);
    expect(await remainingBackupCodes(t.db, member.accountId)).toBe(0);
    expect(await json(await browser.get("/zapi/internal/mypage/multi-factor/screen-data"))).toMatchObject({
      multiFactorType: [],
      backupCodeCount: null,
    });
    const login = new TestBrowser(t);
    const password = await login.post("/zapi/login", {
      emailUserId: member.email,
      password: member.password,
      loginMethod: "Password",
    });
    expect(password.status).toBe(200);
    expect(String((await json(password)).redirectTo)).not.toMatch(/^\/login\/multi-factor/);

    // Coming back, the page shows the codes it showed; confirming them turns the app on.
    const again = await registerBackupCodes();
    expect(again.codes).toEqual(shown);
    expect(await json(again.response)).toEqual({ redirectTo: "/mypage/multi-factor/complete" });
    expect((await enabledMethods(t.db, member.accountId)).map((method) => method.type)).toEqual(["OTP"]);
    expect(await remainingBackupCodes(t.db, member.accountId)).toBe(10);
    const next = new TestBrowser(t);
    await next.post("/zapi/login", {
      emailUserId: member.email,
      password: member.password,
      loginMethod: "Password",
    });
    expect((await next.post("/zapi/login/multi-factor/backup-code", { value: shown[3] })).status).toBe(200);
  });

  it("shows the same set on a reload and after a refused post, and registers that set (issue 41 §3)", async () => {
    await enableOtp();
    const first = (await registerBackupCodesPage()).backupCodeList as string[];
    expect((await registerBackupCodesPage()).backupCodeList).toEqual(first);
    const refused = await browser.post("/zapi/account/enable-multi-factor/with-backup-code", {
      backupCodeList: first.slice(1),
    });
    expect((await json(refused)).code).toBe("AUTH_FLOW_EXPIRED");
    expect((await registerBackupCodesPage()).backupCodeList).toEqual(first);
    const registered = await browser.post("/zapi/account/enable-multi-factor/with-backup-code", {
      backupCodeList: first,
    });
    expect(registered.status).toBe(200);
    // A new generation page after that makes a new set, which replaces this one only when confirmed.
    const regenerated = (await registerBackupCodesPage()).backupCodeList as string[];
    expect(regenerated).not.toEqual(first);
    expect(await remainingBackupCodes(t.db, member.accountId)).toBe(10);
  });

  it("refuses codes the server did not show, and codes without a method", async () => {
    const without = await browser.post("/zapi/account/enable-multi-factor/with-backup-code", {
      backupCodeList: ["abcd2345"],
    });
    expect((await json(without)).code).toBe("MULTI_FACTOR_NOT_ENABLED");
    expect(
      await json(await browser.get("/zapi/internal/mypage/multi-factor/backup-code/generate/screen-data")),
    ).toEqual({
      redirectTo: "/mypage/multi-factor",
    });

    await enableOtp();
    const page = await json(
      await browser.get("/zapi/internal/mypage/multi-factor/backup-code/generate/screen-data"),
    );
    const chosen = (page.backupCodeList as string[]).map(() => "aaaaaaaa");
    const response = await browser.post("/zapi/account/enable-multi-factor/with-backup-code", {
      backupCodeList: chosen,
    });
    expect((await json(response)).code).toBe("AUTH_FLOW_EXPIRED");
    expect(await remainingBackupCodes(t.db, member.accountId)).toBe(0);
  });
});

describe("e-mail as a second factor", () => {
  it("is refused for an unverified address, and enabled for a verified one", async () => {
    await t.db.update(accounts).set({ emailVerifiedAt: null }).where(eq(accounts.id, member.accountId));
    expect(await json(await browser.get("/zapi/internal/mypage/multi-factor/email/screen-data"))).toEqual({
      contactEmail: member.email,
      isEmailVerified: false,
      isEnabled: false,
    });
    const refused = await browser.post("/zapi/account/enable-multi-factor", { multiFactorType: "Email" });
    expect(refused.status).toBe(400);
    expect((await json(refused)).code).toBe("EMAIL_NOT_VERIFIED");
    expect(await enabledMethods(t.db, member.accountId)).toEqual([]);

    await t.db
      .update(accounts)
      .set({ emailVerifiedAt: t.clock.now() })
      .where(eq(accounts.id, member.accountId));
    const enabled = await browser.post("/zapi/account/enable-multi-factor", { multiFactorType: "Email" });
    expect(await json(enabled)).toEqual({ redirectTo: "/mypage/multi-factor/backup-code/generate" });
    expect(await enabledMethods(t.db, member.accountId)).toEqual([]);
    await registerBackupCodes();
    expect((await enabledMethods(t.db, member.accountId)).map((method) => method.type)).toEqual(["Email"]);
  });
});

describe("the settings page and disabling", () => {
  it("lists the store's methods with their state, the account data follows, and turning the last off removes the backup codes", async () => {
    expect(await json(await browser.get("/zapi/internal/mypage/multi-factor/screen-data"))).toEqual({
      methods: [
        { type: "Email", isEnabled: false },
        { type: "SMS", isEnabled: false },
        { type: "OTP", isEnabled: false },
      ],
      multiFactorType: [],
      defaultMultiFactorType: null,
      isEmailVerified: true,
      backupCodeCount: null,
    });
    await enableOtp();
    await registerBackupCodes();
    t.clock.advance(1000);
    await browser.post("/zapi/account/enable-multi-factor", { multiFactorType: "Email" });
    expect(await json(await browser.get("/zapi/internal/mypage/multi-factor/screen-data"))).toMatchObject({
      multiFactorType: ["OTP", "Email"],
      defaultMultiFactorType: "OTP",
      backupCodeCount: 10,
    });
    const account = (await json(await browser.get("/zapi/internal/mypage/screen-data"))).account;
    expect(account).toMatchObject({
      multiFactorType: ["OTP", "Email"],
      defaultMultiFactorType: "OTP",
      isEnabledMultiFactor: true,
    });

    const off = await browser.post("/zapi/account/disable-multi-factor", { multiFactorType: "OTP" });
    expect(await json(off)).toEqual({ redirectTo: "/mypage/multi-factor/complete" });
    expect(await remainingBackupCodes(t.db, member.accountId)).toBe(10);
    await browser.post("/zapi/account/disable-multi-factor", { multiFactorType: "Email" });
    expect(await remainingBackupCodes(t.db, member.accountId)).toBe(0);
    // OTP on, e-mail on, OTP off, e-mail off (registering the first codes is part of turning it on).
    expect(noticesTo(member.email).length).toBe(4);
    const again = await browser.post("/zapi/account/disable-multi-factor", { multiFactorType: "Email" });
    expect((await json(again)).code).toBe("MULTI_FACTOR_NOT_ENABLED");
  });

  it("is for members only, and only on a store that offers multi-factor", async () => {
    const guest = new TestBrowser(t);
    expect((await guest.get("/zapi/internal/mypage/multi-factor/screen-data")).status).toBe(401);
    expect((await guest.post("/zapi/account/disable-multi-factor", { multiFactorType: "OTP" })).status).toBe(
      401,
    );
    await t.store.update((settings) => {
      settings.features.multiFactorTypes = [];
    });
    expect(await json(await browser.get("/zapi/internal/mypage/multi-factor/screen-data"))).toEqual({
      redirectTo: "/mypage",
    });
    const refused = await browser.post("/zapi/account/enable-multi-factor", { multiFactorType: "Email" });
    expect(refused.status).toBe(403);
    const account = (await json(await browser.get("/zapi/internal/mypage/screen-data"))).account;
    expect(account).toMatchObject({ isEnabledMultiFactor: false });
  });
});

describe("enabling SMS", () => {
  const phone = "09012345678";
  const codeIn = (text: string | undefined) => /(\d{6})/.exec(text ?? "")?.[1] ?? "";
  const latestText = () => t.outbox.latestSmsTo(phone)?.text;

  beforeEach(async () => {
    await t.store.update((settings) => {
      settings.features.multiFactorTypes = ["Email", "SMS", "OTP"];
    });
  });

  it("without a phone number says how to add one and sends nothing", async () => {
    const page = await json(await browser.get("/zapi/internal/mypage/multi-factor/sms/screen-data"));
    expect(page).toEqual({
      phoneNumber: null,
      canAddPhoneNumber: true,
      isEnabled: false,
      enabledPhoneNumber: null,
    });
    const refused = await browser.post("/zapi/account/enable-multi-factor", { multiFactorType: "SMS" });
    expect(refused.status).toBe(400);
    expect(await json(refused)).toMatchObject({
      code: "PHONE_NUMBER_MISSING",
      message: "2段階認証にSMSを使うには、電話番号を登録してください。",
    });
    expect(t.outbox.texts).toHaveLength(0);
    await t.store.update((settings) => {
      settings.accountRegistrationSetting.phoneNumber = "NOT_USE";
    });
    const unused = await json(await browser.get("/zapi/internal/mypage/multi-factor/sms/screen-data"));
    expect(unused.canAddPhoneNumber).toBe(false);
  });

  it("texts a code to the account's number and enables SMS for that number once the code comes back", async () => {
    await t.db.update(accounts).set({ phoneNumber: phone }).where(eq(accounts.id, member.accountId));
    const page = await json(await browser.get("/zapi/internal/mypage/multi-factor/sms/screen-data"));
    expect(page).toMatchObject({ phoneNumber: "*******5678", isEnabled: false });
    // The code page needs a code sent first.
    expect(await json(await browser.get("/zapi/internal/mypage/multi-factor/sms/code/screen-data"))).toEqual({
      redirectTo: "/mypage/multi-factor/sms",
    });

    const sent = await browser.post("/zapi/account/enable-multi-factor", { multiFactorType: "SMS" });
    expect(await json(sent)).toEqual({ redirectTo: "/mypage/multi-factor/sms/code" });
    expect(latestText()).toMatch(/^【.+】認証コード：\d{6}（有効期限60分）/);
    const codePage = await json(await browser.get("/zapi/internal/mypage/multi-factor/sms/code/screen-data"));
    expect(codePage).toMatchObject({ sendTo: "*******5678" });
    expect(String(codePage.resendAvailableAt)).toBe(new Date(t.clock.now().getTime() + 30_000).toISOString());

    const code = codeIn(latestText());
    const wrongCode = code === "000000" ? "111111" : "000000";
    const wrong = await browser.post("/zapi/account/enable-multi-factor", {
      multiFactorType: "SMS",
      token: wrongCode,
    });
    expect(wrong.status).toBe(400);
    expect(await json(wrong)).toMatchObject({
      code: "PIN_CODE_ERROR",
      message: "認証に失敗しました。SMS認証コードをご確認ください。",
    });
    const malformed = await browser.post("/zapi/account/enable-multi-factor", {
      multiFactorType: "SMS",
      token: "12ab",
    });
    expect(malformed.status).toBe(400);
    expect(await enabledMethods(t.db, member.accountId)).toEqual([]);

    const enabled = await browser.post("/zapi/account/enable-multi-factor", {
      multiFactorType: "SMS",
      token: code,
    });
    expect(await json(enabled)).toEqual({ redirectTo: "/mypage/multi-factor/backup-code/generate" });
    expect(await enabledMethods(t.db, member.accountId)).toEqual([]);
    expect((await registerBackupCodes()).response.status).toBe(200);
    expect(await enabledMethods(t.db, member.accountId)).toMatchObject([{ type: "SMS", phoneNumber: phone }]);
    expect(noticesTo(member.email)).toHaveLength(1);
    // The flow is over: the same code cannot enable again.
    const again = await browser.post("/zapi/account/enable-multi-factor", {
      multiFactorType: "SMS",
      token: code,
    });
    expect(await json(again)).toMatchObject({ code: "AUTH_FLOW_EXPIRED" });

    // A later profile edit does not move the proved number.
    await t.db.update(accounts).set({ phoneNumber: "08098765432" }).where(eq(accounts.id, member.accountId));
    expect(await json(await browser.get("/zapi/internal/mypage/multi-factor/sms/screen-data"))).toMatchObject(
      {
        phoneNumber: "*******5432",
        isEnabled: true,
        enabledPhoneNumber: "*******5678",
      },
    );
    const account = await json(await browser.get("/zapi/internal/mypage/screen-data"));
    expect(account.account).toMatchObject({ multiFactorType: ["SMS"], defaultMultiFactorType: "SMS" });
  });

  it("sends again only after 30 s, and only the newest code works", async () => {
    await t.db.update(accounts).set({ phoneNumber: phone }).where(eq(accounts.id, member.accountId));
    await browser.post("/zapi/account/enable-multi-factor", { multiFactorType: "SMS" });
    const first = codeIn(latestText());
    const tooSoon = await browser.post("/zapi/account/enable-multi-factor", { multiFactorType: "SMS" });
    expect(tooSoon.status).toBe(429);
    expect(await json(tooSoon)).toMatchObject({
      code: "RESEND_TOO_SOON",
      message: "SMS認証コードの再送信は30秒後から行えます。",
    });
    expect(t.outbox.texts).toHaveLength(1);
    t.clock.advance(30_000);
    expect((await browser.post("/zapi/account/enable-multi-factor", { multiFactorType: "SMS" })).status).toBe(
      200,
    );
    const second = codeIn(latestText());
    expect(t.outbox.texts).toHaveLength(2);
    if (first !== second) {
      const old = await browser.post("/zapi/account/enable-multi-factor", {
        multiFactorType: "SMS",
        token: first,
      });
      expect(old.status).toBe(400);
    }
    const ok = await browser.post("/zapi/account/enable-multi-factor", {
      multiFactorType: "SMS",
      token: second,
    });
    expect(ok.status).toBe(200);
  });

  it("is refused where the store does not offer it, and by another member's browser", async () => {
    await t.db.update(accounts).set({ phoneNumber: phone }).where(eq(accounts.id, member.accountId));
    await browser.post("/zapi/account/enable-multi-factor", { multiFactorType: "SMS" });
    const code = codeIn(latestText());
    // Another member cannot finish this member's set-up (the flow is bound to the account).
    const other = await insertAccount(t, { email: "taro@example.jp" });
    const otherBrowser = new TestBrowser(t);
    await otherBrowser.post("/zapi/login", {
      emailUserId: other.email,
      password: other.password,
      loginMethod: "Password",
    });
    const stolen = await otherBrowser.post("/zapi/account/enable-multi-factor", {
      multiFactorType: "SMS",
      token: code,
    });
    expect(await json(stolen)).toMatchObject({ code: "AUTH_FLOW_EXPIRED" });

    await t.store.update((settings) => {
      settings.features.multiFactorTypes = ["Email", "OTP"];
    });
    const refused = await browser.post("/zapi/account/enable-multi-factor", {
      multiFactorType: "SMS",
      token: code,
    });
    expect(refused.status).toBe(403);
    expect(await json(await browser.get("/zapi/internal/mypage/multi-factor/sms/screen-data"))).toEqual({
      redirectTo: "/mypage/multi-factor",
    });
  });
});
