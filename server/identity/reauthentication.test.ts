import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createTestApi,
  insertAccount,
  insertSignedInAccount,
  mailedCode,
  type TestAccount,
  type TestApi,
  TestBrowser,
} from "../../tests/api-harness.ts";
import { enabledMethods, enableMethod } from "./multi-factor-methods.ts";
import { REAUTHENTICATION_WINDOW_MS } from "./reauthentication.ts";
import { SESSION_COOKIE } from "./sessions.ts";

let t: TestApi;
let member: TestAccount;
let browser: TestBrowser;
/** The same member logged in on another device. */
let otherDevice: TestBrowser;
beforeEach(async () => {
  t = await createTestApi();
  member = await insertAccount(t, { email: "hanako@example.jp", password: "Passw0rdA" });
  browser = new TestBrowser(t);
  otherDevice = new TestBrowser(t, { clientAddress: "203.0.113.5" });
  for (const device of [browser, otherDevice]) {
    const login = await device.post("/zapi/login", {
      emailUserId: member.email,
      password: member.password,
      loginMethod: "Password",
    });
    expect(login.status).toBe(200);
  }
});
afterEach(() => t.close());

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown>;
}

const reauthenticationPage = async (on = browser) =>
  json(await on.get("/zapi/internal/mypage/reauthentication/screen-data"));

/** The guarded calls, each with a body it would otherwise accept as far as the guard. */
const GUARDED: [string, string, Record<string, unknown>][] = [
  ["POST", "/zapi/account/disable-multi-factor", { multiFactorType: "Email" }],
  ["POST", "/zapi/account/backup-code-regenerate", { backupCodeList: [] }],
  ["POST", "/zapi/account/email/edit/send-pin-code", { type: "mailEdit", email: "thief@example.jp" }],
  ["POST", "/zapi/account/email/edit", { pinCode: "123456" }],
  ["POST", "/zapi/account/withdraw/confirm", { consent: true }],
  ["DELETE", "/zapi/account/withdraw", { pinCode: "123456" }],
];

function call(on: TestBrowser, method: string, path: string, body: Record<string, unknown>) {
  return on.request(path, {
    method,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe("a session older than 10 minutes (issue 39 §4)", () => {
  beforeEach(async () => {
    await enableMethod(t.db, member.accountId, "Email", {}, t.clock.now());
    t.clock.advance(REAUTHENTICATION_WINDOW_MS);
  });

  it.each(GUARDED)(
    "refuses %s %s with 403 REAUTHENTICATION_REQUIRED, changing nothing",
    async (method, path, body) => {
      const mailsBefore = t.outbox.mails.length;
      const response = await call(browser, method, path, body);
      expect(response.status).toBe(403);
      expect(await json(response)).toMatchObject({
        code: "REAUTHENTICATION_REQUIRED",
        message: "続けるには、ご本人確認が必要です。もう一度お試しください。",
      });
      expect(t.outbox.mails).toHaveLength(mailsBefore);
      expect((await enabledMethods(t.db, member.accountId)).map((enabled) => enabled.type)).toEqual([
        "Email",
      ]);
    },
  );

  it("says so to the pages, with the member's way to prove it", async () => {
    expect(await reauthenticationPage()).toEqual({
      required: true,
      method: "Password",
      email: null,
      codeSent: false,
      resendAvailableAt: null,
    });
  });

  it("lets the member go on for 10 minutes after the password, in this browser only", async () => {
    const other = new TestBrowser(t, { clientAddress: "203.0.113.5" });
    await other.post("/zapi/login", {
      emailUserId: member.email,
      password: "Passw0rdA",
      loginMethod: "Password",
    });
    t.clock.advance(REAUTHENTICATION_WINDOW_MS);

    const wrong = await browser.post("/zapi/account/reauthenticate", { password: "Wrong0pass" });
    expect(wrong.status).toBe(401);
    expect(await json(wrong)).toMatchObject({ code: "PASSWORD_INCORRECT" });
    expect((await reauthenticationPage()).required).toBe(true);

    const right = await browser.post("/zapi/account/reauthenticate", { password: "Passw0rdA" });
    expect(right.status).toBe(200);
    expect(await json(right)).toEqual({
      authenticatedUntil: new Date(t.clock.now().getTime() + REAUTHENTICATION_WINDOW_MS).toISOString(),
    });
    expect((await reauthenticationPage()).required).toBe(false);
    expect((await reauthenticationPage(otherDevice)).required).toBe(true);
    const disabled = await browser.post("/zapi/account/disable-multi-factor", { multiFactorType: "Email" });
    expect(disabled.status).toBe(200);
    expect(await enabledMethods(t.db, member.accountId)).toEqual([]);

    t.clock.advance(REAUTHENTICATION_WINDOW_MS);
    const later = await browser.post("/zapi/account/email/edit/send-pin-code", {
      type: "mailEdit",
      email: "new@example.jp",
    });
    expect(later.status).toBe(403);
  });

  it("paces wrong passwords like my page's other password checks", async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        browser.post("/zapi/account/reauthenticate", { password: "Wrong0pass" }),
      ),
    );
    expect(answers.filter((response) => response.status === 401)).toHaveLength(4);
    expect(answers.filter((response) => response.status === 429)).toHaveLength(6);
  });

  it("refuses bodies of the wrong shape and a code for a member with a password", async () => {
    for (const body of [{}, { password: "" }, { password: 1 }, { pinCode: "123456" }]) {
      expect((await browser.post("/zapi/account/reauthenticate", body)).status).toBe(400);
    }
    expect((await browser.post("/zapi/account/reauthenticate/send-code", {})).status).toBe(400);
    expect((await reauthenticationPage()).required).toBe(true);
  });
});

describe("a member without a password", () => {
  async function passwordlessBrowser() {
    const signedIn = await insertSignedInAccount(t, { contactEmail: "nopass@example.jp" });
    const passwordless = new TestBrowser(t);
    passwordless.cookies.set(SESSION_COOKIE, signedIn.sessionToken);
    t.clock.advance(REAUTHENTICATION_WINDOW_MS);
    return passwordless;
  }

  it("proves it with a code mailed to the current address", async () => {
    const passwordless = await passwordlessBrowser();
    expect(await reauthenticationPage(passwordless)).toMatchObject({
      required: true,
      method: "Email",
      email: "no***@example.jp",
      codeSent: false,
    });
    expect((await passwordless.post("/zapi/account/reauthenticate", { password: "anything" })).status).toBe(
      400,
    );
    const sent = await passwordless.post("/zapi/account/reauthenticate/send-code", {});
    expect(sent.status).toBe(200);
    const mail = t.outbox.latestMailTo("nopass@example.jp");
    expect(mail?.subject).toContain("本人確認用認証コード");
    expect(await reauthenticationPage(passwordless)).toMatchObject({ codeSent: true });

    const wrong = await passwordless.post("/zapi/account/reauthenticate", {
      pinCode: mailedCode(t.outbox, "nopass@example.jp") === "000000" ? "111111" : "000000",
    });
    expect(wrong.status).toBe(400);
    expect(await json(wrong)).toMatchObject({ code: "PIN_CODE_ERROR" });
    const right = await passwordless.post("/zapi/account/reauthenticate", {
      pinCode: mailedCode(t.outbox, "nopass@example.jp"),
    });
    expect(right.status).toBe(200);
    expect((await reauthenticationPage(passwordless)).required).toBe(false);
    // The code is spent with the flow.
    expect(await reauthenticationPage(passwordless)).toMatchObject({ codeSent: false });
  });
});

describe("a fresh login", () => {
  it("counts as proved for its first 10 minutes", async () => {
    expect((await reauthenticationPage()).required).toBe(false);
    t.clock.advance(REAUTHENTICATION_WINDOW_MS - 1000);
    expect((await reauthenticationPage()).required).toBe(false);
    t.clock.advance(1000);
    expect((await reauthenticationPage()).required).toBe(true);
  });

  it("is what a guest is asked for: 401 on every call", async () => {
    const guest = new TestBrowser(t);
    expect((await guest.get("/zapi/internal/mypage/reauthentication/screen-data")).status).toBe(401);
    expect((await guest.post("/zapi/account/reauthenticate", { password: "Passw0rdA" })).status).toBe(401);
  });
});
