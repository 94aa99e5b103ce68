import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createTestApi,
  demoRegistrationBody,
  insertAccount,
  loggedInBrowser,
  mailedCode,
  type TestAccount,
  type TestApi,
  TestBrowser,
} from "../../tests/api-harness.ts";
import { type PwnedPasswordsStandIn, startPwnedPasswords } from "../../tests/fakes/pwned-passwords.ts";
import { LEAKED_PASSWORD_TIMEOUT_MS, leakedPasswordCheck } from "./leaked-passwords.ts";
import { issueResetToken } from "./password-reset.ts";

const LEAKED = "Password123";
const MESSAGE =
  "このパスワードは、過去に流出したパスワードの一覧に含まれているため使用できません。別のパスワードを設定してください。";

let list: PwnedPasswordsStandIn;
beforeEach(async () => {
  list = await startPwnedPasswords([LEAKED]);
});
afterEach(() => list.close());

describe("the range check", () => {
  it("finds a listed password by sending only the first 5 characters of its SHA-1, asking for padding", async () => {
    const logged: string[] = [];
    const check = leakedPasswordCheck({ baseUrl: list.url, log: (message) => logged.push(message) });
    expect(await check.isLeaked(LEAKED)).toBe(true);
    expect(await check.isLeaked("Unlisted-2026-passphrase")).toBe(false);
    expect(list.requests.map((request) => request.path)).toEqual([
      "/range/B2E98", // SHA-1 of Password123 begins B2E98…
      expect.stringMatching(/^\/range\/[0-9A-F]{5}$/),
    ]);
    for (const request of list.requests) expect(request.headers["add-padding"]).toBe("true");
    expect(logged).toEqual([]);
  });

  it("fails open: a list that hangs or errs lets the password through within the timeout, and says so", async () => {
    expect(LEAKED_PASSWORD_TIMEOUT_MS).toBeLessThanOrEqual(2000);
    const logged: string[] = [];
    const check = leakedPasswordCheck({
      baseUrl: list.url,
      timeoutMs: 200,
      log: (message) => logged.push(message),
    });
    list.hang = true;
    const started = Date.now();
    expect(await check.isLeaked(LEAKED)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
    const broken = leakedPasswordCheck({
      baseUrl: `${list.url}/nowhere`,
      log: (message) => logged.push(message),
    });
    list.hang = false;
    expect(await broken.isLeaked(LEAKED)).toBe(false);
    expect(logged).toHaveLength(2);
    expect(logged.join("\n")).toContain("let through");
  });
});

describe("new passwords against the list", () => {
  let t: TestApi;
  let member: TestAccount;
  beforeEach(async () => {
    t = await createTestApi({ deps: { leakedPasswords: leakedPasswordCheck({ baseUrl: list.url }) } });
    member = await insertAccount(t, { email: "hanako@example.jp", password: "Passw0rdA" });
  });
  afterEach(() => t.close());

  const refusedOn = async (response: Response, field: string) => {
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: "VALIDATION_ERROR",
      errors: [{ field, message: MESSAGE }],
    });
  };

  it("refuses a listed password at a password change, and takes another", async () => {
    const browser = await loggedInBrowser(t, member);
    await refusedOn(
      await browser.post("/zapi/account/password/edit", { oldPassword: "Passw0rdA", newPassword: LEAKED }),
      "newPassword",
    );
    const changed = await browser.post("/zapi/account/password/edit", {
      oldPassword: "Passw0rdA",
      newPassword: "Unlisted2026pass",
    });
    expect(changed.status).toBe(200);
  });

  it("refuses a listed password at a reset, the link still good for another", async () => {
    const token = await issueResetToken(t.db, member.accountId, t.clock.now());
    const browser = new TestBrowser(t);
    const body = (password: string) => ({ token, password, passwordConfirm: password });
    await refusedOn(await browser.post("/zapi/auth/password/reset", body(LEAKED)), "password");
    expect((await browser.post("/zapi/auth/password/reset", body("Unlisted2026pass"))).status).toBe(200);
  });

  it("refuses a listed password at sign-up, the flow kept for another", async () => {
    const browser = new TestBrowser(t);
    const email = "new-member@example.jp";
    const started = await browser.post("/zapi/signup/email", {
      type: "signUp",
      email,
      policyConsentData: [
        { policyId: "terms", revision: 2, key: "terms" },
        { policyId: "privacy", revision: 1, key: "privacy" },
      ],
    });
    expect(started.status).toBe(200);
    expect(
      (await browser.post("/zapi/signup/pin-code", { pinCode: mailedCode(t.outbox, email) })).status,
    ).toBe(200);
    const registration = demoRegistrationBody();
    await refusedOn(
      await browser.post("/zapi/signup", { ...registration, password: LEAKED, passwordConfirm: LEAKED }),
      "password",
    );
    expect((await browser.post("/zapi/signup", registration)).status).toBe(200);
  });

  it("refuses a listed first password before the code is spent", async () => {
    const passwordless = await insertAccount(t, { email: "taro@example.jp", password: null });
    const browser = new TestBrowser(t);
    await browser.post("/zapi/login/code", { email: passwordless.email });
    await browser.post("/zapi/login", {
      emailUserId: passwordless.email,
      authCode: mailedCode(t.outbox, passwordless.email),
      loginMethod: "AuthCode",
    });
    t.clock.advance(30_000);
    await browser.get("/zapi/internal/mypage/enable-password/screen-data");
    const pinCode = mailedCode(t.outbox, passwordless.email);
    const enable = (password: string) =>
      browser.post("/zapi/account/enable-password", { pinCode, password, passwordConfirm: password });
    await refusedOn(await enable(LEAKED), "password");
    expect((await enable("Unlisted2026pass")).status).toBe(200);
  });
});
