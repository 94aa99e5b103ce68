import { eq, isNull } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createTestApi,
  insertAccount,
  mailedCode,
  parseSetCookies,
  type TestAccount,
  type TestApi,
  TestBrowser,
} from "../../tests/api-harness.ts";
import { createApi } from "../api/app.ts";
import {
  accounts,
  authCodes,
  authFlows,
  loginHistory,
  passwordResetTokens,
  policyConsents,
  sessions,
} from "../db/schema.ts";
import { mailsAfterAnswersSent } from "../mail/send-mail.ts";
import type { RecaptchaVerifier } from "./recaptcha.ts";

let t: TestApi;
let member: TestAccount;
beforeEach(async () => {
  t = await createTestApi();
  member = await insertAccount(t, {
    email: "taro.suzuki@example.jp",
    password: "Passw0rdA",
    userId: "taro2026",
  });
});
afterEach(() => t.close());

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown>;
}

function passwordLogin(
  browser: TestBrowser,
  emailUserId: string,
  password: string,
  extra = {},
  origin?: string,
) {
  return browser.post(
    "/zapi/login",
    { emailUserId, password, loginMethod: "Password", ...extra },
    origin ? { origin } : {},
  );
}

async function sessionsOf(accountId: string) {
  return t.db.select().from(sessions).where(eq(sessions.accountId, accountId));
}

const MINUTE = 60 * 1000;

describe("POST /zapi/login with a password", () => {
  it("signs the member in: a new session and the cookies of spec §7", async () => {
    const browser = new TestBrowser(t);
    const response = await passwordLogin(browser, member.email, "Passw0rdA");
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ authId: member.publicId });

    const cookies = parseSetCookies(response);
    const sid = cookies.get("sid");
    expect(sid?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sid?.attributes).toContain("HttpOnly");
    expect(sid?.attributes).toContain("SameSite=Lax");
    expect(sid?.attributes).toContain("Path=/");
    expect(sid?.attributes).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
    expect(sid?.attributes).not.toContain("Secure");
    const auid = cookies.get("auid");
    expect(auid?.value).toBe(member.publicId);
    expect(auid?.attributes).not.toContain("HttpOnly");
    expect(auid?.attributes).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
    expect(cookies.get("latid")?.attributes).toContain("HttpOnly");

    const [session] = await sessionsOf(member.accountId);
    expect(session?.tokenHash).not.toBe(sid?.value);
    expect(session?.expiresAt.getTime()).toBe(t.clock.now().getTime() + 30 * 24 * 60 * MINUTE);
    expect((await json(await browser.get("/zapi/internal/root/screen-data"))).authId).toBe(member.publicId);
  });

  it("remembers the language the member signed in with, for mails sent without a request", async () => {
    const [before] = await t.db.select().from(accounts).where(eq(accounts.id, member.accountId));
    expect(before?.language).toBeNull();
    const browser = new TestBrowser(t);
    await browser.post(
      "/zapi/login",
      { emailUserId: member.email, password: "Passw0rdA", loginMethod: "Password" },
      { "accept-language": "en-US,en;q=0.9" },
    );
    const [after] = await t.db.select().from(accounts).where(eq(accounts.id, member.accountId));
    expect(after?.language).toBe("en");
  });

  it("refuses a login posted from another site, before looking at anything", async () => {
    const response = await passwordLogin(
      new TestBrowser(t),
      member.email,
      "Passw0rdA",
      {},
      "https://evil.example",
    );
    expect(response.status).toBe(403);
    expect((await json(response)).code).toBe("CROSS_SITE_REQUEST");
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await t.db.select().from(loginHistory)).toEqual([]);
  });

  it("accepts a login posted from the site's own page", async () => {
    const response = await passwordLogin(
      new TestBrowser(t),
      member.email,
      "Passw0rdA",
      {},
      "http://localhost",
    );
    expect(response.status).toBe(200);
  });

  it("marks the cookies Secure when the site is served over https", async () => {
    t.deps.secureCookies = true;
    const response = await passwordLogin(new TestBrowser(t), member.email, "Passw0rdA");
    for (const cookie of parseSetCookies(response).values()) expect(cookie.attributes).toContain("Secure");
  });

  it("accepts the user ID, in any case, when the store enables user IDs", async () => {
    expect((await passwordLogin(new TestBrowser(t), "TARO2026", "Passw0rdA")).status).toBe(200);
  });

  it("does not accept the user ID when the store disables user IDs", async () => {
    t.store.update((settings) => {
      settings.features.isEnabledUserId = false;
    });
    const response = await passwordLogin(new TestBrowser(t), "taro2026", "Passw0rdA");
    expect(response.status).toBe(400);
    expect((await json(response)).errors).toEqual([
      { field: "emailUserId", message: "メールアドレスの形式が正しくありません。" },
    ]);
  });

  it("rotates the session: the session the browser had before is gone", async () => {
    const browser = new TestBrowser(t);
    await passwordLogin(browser, member.email, "Passw0rdA");
    const before = browser.cookies.get("sid");
    await passwordLogin(browser, member.email, "Passw0rdA");
    const after = browser.cookies.get("sid");
    expect(after).not.toBe(before);
    expect(await sessionsOf(member.accountId)).toHaveLength(1);
    const stale = new TestBrowser(t);
    stale.cookies.set("sid", before!);
    expect((await json(await stale.get("/zapi/internal/root/screen-data"))).authId).toBeNull();
  });

  it("answers an unknown e-mail exactly as a wrong password, through the same password check", async () => {
    const verify = vi.spyOn(t.deps.passwords, "verify");
    const wrongPassword = await passwordLogin(new TestBrowser(t), member.email, "Wrong0pass");
    const unknownEmail = await passwordLogin(new TestBrowser(t), "nobody@example.jp", "Wrong0pass");

    expect(unknownEmail.status).toBe(401);
    expect(unknownEmail.status).toBe(wrongPassword.status);
    const [wrongBody, unknownBody] = [await json(wrongPassword), await json(unknownEmail)];
    const { requestId: _a, ...wrong } = wrongBody;
    const { requestId: _b, ...unknown } = unknownBody;
    expect(unknown).toEqual(wrong);
    expect(unknown).toEqual({
      code: "LOGIN_FAILED",
      message: "メールアドレスまたはパスワードが正しくありません。",
    });
    expect([...unknownEmail.headers.keys()].sort()).toEqual([...wrongPassword.headers.keys()].sort());
    // Both ran an argon2 verification: the unknown address against the dummy hash.
    expect(verify).toHaveBeenCalledTimes(2);
    expect(verify.mock.calls[0]?.[0]).toMatch(/^\$argon2id\$/);
    expect(verify.mock.calls[1]?.[0]).toBeNull();
  });

  it("names the user ID in the message when one was used", async () => {
    const response = await passwordLogin(new TestBrowser(t), "taro2026", "Wrong0pass");
    expect(await json(response)).toMatchObject({
      code: "LOGIN_FAILED",
      message: "ユーザIDまたはパスワードが正しくありません。",
    });
  });

  it("says which field is missing, with the spec's messages", async () => {
    const response = await new TestBrowser(t).post("/zapi/login", {
      emailUserId: "",
      loginMethod: "Password",
    });
    expect(response.status).toBe(400);
    expect((await json(response)).errors).toEqual([
      { field: "emailUserId", message: "メールアドレスまたはユーザIDを入力してください。" },
      { field: "password", message: "パスワードを入力してください。" },
    ]);
  });

  it("refuses an account the operator has barred, once the password is right", async () => {
    const barred = await insertAccount(t, { email: "barred@example.jp", loginProhibited: true });
    const wrong = await passwordLogin(new TestBrowser(t), barred.email, "Wrong0pass");
    expect(wrong.status).toBe(401);
    const right = await passwordLogin(new TestBrowser(t), barred.email, "Passw0rdA");
    expect(right.status).toBe(403);
    expect((await json(right)).code).toBe("LOGIN_PROHIBITED");
    expect(await sessionsOf(barred.accountId)).toEqual([]);
  });

  it("refuses a password login when the store turns passwords off", async () => {
    t.store.update((settings) => {
      settings.features.isEnabledPassword = false;
    });
    const response = await passwordLogin(new TestBrowser(t), member.email, "Passw0rdA");
    expect(response.status).toBe(400);
    expect((await json(response)).code).toBe("LOGIN_METHOD_UNAVAILABLE");
  });

  it("sends members who must agree to a revised policy to the policy screen", async () => {
    await t.db.delete(policyConsents).where(eq(policyConsents.accountId, member.accountId));
    const response = await passwordLogin(new TestBrowser(t), member.email, "Passw0rdA");
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ authId: member.publicId, redirectTo: "/signup/policy" });
  });

  it("inside the login provider's flow, the policy screen then goes back into the interaction", async () => {
    await t.db.delete(policyConsents).where(eq(policyConsents.accountId, member.accountId));
    const response = await new TestBrowser(t).post("/zapi/oidc/login", {
      emailUserId: member.email,
      password: "Passw0rdA",
      loginMethod: "Password",
    });
    expect(await json(response)).toEqual({
      authId: member.publicId,
      redirectTo: "/signup/policy?returnTo=%2Foidc%2FloginInteraction",
    });
  });
});

describe("throttling failed logins", () => {
  /** Logs in and out once, so that the account knows the browser (its latid). */
  async function knownBrowser(address: string) {
    const browser = new TestBrowser(t, { clientAddress: address });
    expect((await passwordLogin(browser, member.email, "Passw0rdA")).status).toBe(200);
    await browser.post("/zapi/logout", {});
    expect(browser.cookies.has("latid")).toBe(true);
    return browser;
  }

  /** A wrong password from a stranger who waits as told, then tries again. */
  async function guess(browser: TestBrowser, identifier = member.email) {
    for (;;) {
      const response = await passwordLogin(browser, identifier, "Wrong0pass");
      if (response.status !== 429) return response;
      t.clock.advance(Number(response.headers.get("retry-after")) * 1000);
    }
  }

  it("evaluates, of forty wrong passwords sent at once, only those the limits allow (issue 39 §2)", async () => {
    const verify = vi.spyOn(t.deps.passwords, "verify");
    const stranger = new TestBrowser(t, { clientAddress: "203.0.113.9" });
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => passwordLogin(stranger, member.email, "Wrong0pass")),
    );
    // The three free tries and the one right after them; each later one waits its turn.
    expect(verify).toHaveBeenCalledTimes(4);
    expect(answers.filter((response) => response.status === 401)).toHaveLength(4);
    expect(answers.filter((response) => response.status === 429)).toHaveLength(36);
  });

  it("evaluates, of forty wrong passwords from forty addresses at once, only the account's allowance", async () => {
    const verify = vi.spyOn(t.deps.passwords, "verify");
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        passwordLogin(
          new TestBrowser(t, { clientAddress: `198.51.100.${index + 1}` }),
          member.email,
          "Wrong0pass",
        ),
      ),
    );
    // The account's five free tries by strangers and the one right after them.
    expect(verify).toHaveBeenCalledTimes(6);
    expect(answers.filter((response) => response.status === 429)).toHaveLength(34);
  });

  it("gives /oidc/login and /login one allowance: a stranger cannot double their tries by using both (issue 47 §4)", async () => {
    const verify = vi.spyOn(t.deps.passwords, "verify");
    const stranger = new TestBrowser(t, { clientAddress: "203.0.113.9" });
    const body = { emailUserId: member.email, password: "Wrong0pass", loginMethod: "Password" };
    const atProvider = await Promise.all(
      Array.from({ length: 10 }, () => stranger.post("/zapi/oidc/login", body)),
    );
    const atSite = await Promise.all(Array.from({ length: 10 }, () => stranger.post("/zapi/login", body)));
    expect(verify).toHaveBeenCalledTimes(4);
    expect([...atProvider, ...atSite].filter((response) => response.status === 429)).toHaveLength(16);
  });

  it("gives a right password's count back: a member's own logins never add up to a wait", async () => {
    const browser = new TestBrowser(t, { clientAddress: "203.0.113.9" });
    for (let login = 0; login < 8; login += 1) {
      expect((await passwordLogin(browser, member.email, "Passw0rdA")).status).toBe(200);
      await browser.post("/zapi/logout", {});
      browser.cookies.delete("latid");
    }
  });

  it("makes a stranger wait longer after each failure past the third, from 1 s up, and never locks", async () => {
    const stranger = new TestBrowser(t, { clientAddress: "203.0.113.9" });
    const waits: number[] = [];
    for (let failure = 1; failure <= 13; failure++) {
      let response = await passwordLogin(stranger, member.email, "Wrong0pass");
      const wait = response.status === 429 ? Number(response.headers.get("retry-after")) : 0;
      waits.push(wait);
      if (wait > 0) {
        t.clock.advance(wait * 1000 - 1);
        expect((await passwordLogin(stranger, member.email, "Wrong0pass")).status).toBe(429);
        t.clock.advance(1);
        response = await passwordLogin(stranger, member.email, "Wrong0pass");
      }
      expect(response.status).toBe(401);
    }
    // The wait before each try: free for the first four, then doubling.
    expect(waits).toEqual([0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256]);

    const refused = await passwordLogin(stranger, member.email, "Passw0rdA");
    expect(refused.status).toBe(429);
    expect(await json(refused)).toMatchObject({
      code: "TOO_MANY_ATTEMPTS",
      message: "ログインの失敗が続いたため、しばらくお待ちください。9分後にもう一度お試しください。",
      retryAfter: 512,
    });
    // Waiting as told always gets a try: the waits stop growing at 15 minutes.
    t.clock.advance(512 * 1000);
    expect((await passwordLogin(stranger, member.email, "Wrong0pass")).status).toBe(401);
    const capped = await passwordLogin(stranger, member.email, "Passw0rdA");
    expect(capped.headers.get("retry-after")).toBe("900");
    t.clock.advance(900 * 1000);
    expect((await passwordLogin(stranger, member.email, "Passw0rdA")).status).toBe(200);
  });

  it("states the wait in seconds under a minute, in the request's language", async () => {
    const stranger = new TestBrowser(t, { clientAddress: "203.0.113.9", language: "en" });
    for (let failure = 0; failure < 4; failure++) await passwordLogin(stranger, member.email, "Wrong0pass");
    const refused = await passwordLogin(stranger, member.email, "Wrong0pass");
    expect(await json(refused)).toMatchObject({
      code: "TOO_MANY_ATTEMPTS",
      message: "Too many login attempts. Please try again in 1 second.",
      retryAfter: 1,
    });
    const inJapanese = await passwordLogin(
      new TestBrowser(t, { clientAddress: "203.0.113.9" }),
      member.email,
      "Wrong0pass",
    );
    expect((await json(inJapanese)).message).toBe(
      "ログインの失敗が続いたため、しばらくお待ちください。1秒後にもう一度お試しください。",
    );
  });

  it("lets the member log in on a known browser while a stranger's guesses at the account are slowed", async () => {
    // The member's browser shares the stranger's address (one NAT), the worst case.
    const memberBrowser = await knownBrowser("198.51.100.20");
    for (let failure = 0; failure < 12; failure++) {
      // Rotating addresses: only the account-wide limit can catch them.
      const stranger = new TestBrowser(t, { clientAddress: `203.0.113.${100 + failure}` });
      expect((await guess(stranger)).status).toBe(401);
    }
    const elsewhere = new TestBrowser(t, { clientAddress: "203.0.113.200" });
    const slowed = await passwordLogin(elsewhere, member.email, "Wrong0pass");
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get("retry-after"))).toBeGreaterThanOrEqual(64);
    // Even the right password waits on a browser the account does not know …
    expect((await passwordLogin(elsewhere, member.email, "Passw0rdA")).status).toBe(429);
    // … but not on the member's own, which no stranger's failure counts against.
    const sameNat = new TestBrowser(t, { clientAddress: "198.51.100.20" });
    expect((await guess(sameNat)).status).toBe(401);
    const response = await passwordLogin(memberBrowser, member.email, "Passw0rdA");
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ authId: member.publicId });
  });

  it("still slows a known browser for its own failures, without slowing anyone else", async () => {
    const memberBrowser = await knownBrowser("198.51.100.20");
    for (let failure = 0; failure < 4; failure++) {
      expect((await passwordLogin(memberBrowser, member.email, "Wrong0pass")).status).toBe(401);
    }
    const early = await passwordLogin(memberBrowser, member.email, "Passw0rdA");
    expect(early.status).toBe(429);
    expect(early.headers.get("retry-after")).toBe("1");
    expect((await passwordLogin(new TestBrowser(t), member.email, "Passw0rdA")).status).toBe(200);
    t.clock.advance(1000);
    expect((await passwordLogin(memberBrowser, member.email, "Passw0rdA")).status).toBe(200);
  });

  it("counts failures per client address across accounts, except for browsers the account knows", async () => {
    const memberBrowser = await knownBrowser("203.0.113.10");
    const client = new TestBrowser(t, { clientAddress: "203.0.113.10" });
    for (let index = 0; index < 11; index++) {
      expect((await passwordLogin(client, `someone${index}@example.jp`, "Wrong0pass")).status).toBe(401);
    }
    expect((await passwordLogin(client, member.email, "Passw0rdA")).status).toBe(429);
    expect((await passwordLogin(memberBrowser, member.email, "Passw0rdA")).status).toBe(200);
    const otherAddress = new TestBrowser(t, { clientAddress: "192.0.2.1" });
    expect((await passwordLogin(otherAddress, member.email, "Passw0rdA")).status).toBe(200);
  });

  it("keeps failures at the user ID from slowing the account's e-mail address (issue 39 §6)", async () => {
    // Strangers fail at the user ID from many addresses, past the account's allowance.
    for (let failure = 0; failure < 10; failure++) {
      await guess(new TestBrowser(t, { clientAddress: `203.0.113.${100 + failure}` }), "taro2026");
    }
    expect((await passwordLogin(new TestBrowser(t), "taro2026", "Wrong0pass")).status).toBe(429);
    // The e-mail address answers like any address nobody has tried: a prober learns nothing.
    const byEmail = await passwordLogin(
      new TestBrowser(t, { clientAddress: "192.0.2.77" }),
      member.email,
      "Wrong0pass",
    );
    const unrelated = await passwordLogin(
      new TestBrowser(t, { clientAddress: "192.0.2.78" }),
      "someone.else@example.jp",
      "Wrong0pass",
    );
    expect(byEmail.status).toBe(401);
    expect(unrelated.status).toBe(401);
    expect((await passwordLogin(new TestBrowser(t), member.email, "Passw0rdA")).status).toBe(200);
  });

  it("throttles an unknown e-mail exactly like an account", async () => {
    const tries = async (identifier: string, address: string) => {
      const browser = new TestBrowser(t, { clientAddress: address });
      const statuses: number[] = [];
      for (let index = 0; index < 5; index++)
        statuses.push((await passwordLogin(browser, identifier, "Wrong0pass")).status);
      return statuses;
    };
    const known = await tries(member.email, "203.0.113.20");
    const unknown = await tries("nobody@example.jp", "203.0.113.21");
    expect(unknown).toEqual(known);
    expect(known).toEqual([401, 401, 401, 401, 429]);
  });

  it("forgets a client's failures once it logs in", async () => {
    const browser = new TestBrowser(t);
    for (let index = 0; index < 3; index++) await passwordLogin(browser, member.email, "Wrong0pass");
    expect((await passwordLogin(browser, member.email, "Passw0rdA")).status).toBe(200);
    await browser.post("/zapi/logout", {});
    for (let index = 0; index < 3; index++) {
      expect((await passwordLogin(browser, member.email, "Wrong0pass")).status).toBe(401);
    }
  });

  it("slows spraying 200 accounts from rotating addresses to one failure every 5 s after 50", async () => {
    const accounts = [member];
    for (let index = 1; index < 200; index++) {
      accounts.push(await insertAccount(t, { email: `sprayed${index}@example.jp` }));
    }
    const memberBrowser = await knownBrowser("198.51.100.20");
    const start = t.clock.now().getTime();
    let refusals = 0;
    for (const [index, target] of accounts.entries()) {
      const attacker = new TestBrowser(t, { clientAddress: `10.${index >> 8}.${index & 255}.1` });
      for (;;) {
        const response = await passwordLogin(attacker, target.email, "Wrong0pass");
        if (response.status === 401) break;
        expect(response.status).toBe(429);
        refusals += 1;
        const wait = Number(response.headers.get("retry-after"));
        expect(wait).toBeLessThanOrEqual(5);
        if (index === 120) {
          // Meanwhile a member on a known browser logs in at once.
          expect((await passwordLogin(memberBrowser, member.email, "Passw0rdA")).status).toBe(200);
        }
        t.clock.advance(wait * 1000);
      }
    }
    const elapsedSeconds = (t.clock.now().getTime() - start) / 1000;
    // 50 at once, then 150 more at one every 5 s: 750 s for 200 (16 a minute; 12 a minute sustained).
    expect(elapsedSeconds).toBe(750);
    expect(refusals).toBe(150);
  }, 120_000);

  describe("while the site-wide failure rate is spent (issue 39 §3)", () => {
    /** 50 failed logins from rotating addresses at other accounts: the burst of the site-wide rate. */
    async function exhaustSiteRate() {
      for (let index = 0; index < 50; index++) {
        const attacker = new TestBrowser(t, { clientAddress: `10.9.${index}.1` });
        expect((await passwordLogin(attacker, `sprayed${index}@example.jp`, "Wrong0pass")).status).toBe(401);
      }
      const refused = await passwordLogin(
        new TestBrowser(t, { clientAddress: "10.9.99.1" }),
        "x@example.jp",
        "Wrong0pass",
      );
      expect(refused.status).toBe(429);
    }

    it("lets a member on a new browser in with the right password and the code mailed to them", async () => {
      await exhaustSiteRate();
      const browser = new TestBrowser(t, { clientAddress: "192.0.2.50" });
      const response = await passwordLogin(browser, "taro2026", "Passw0rdA");
      expect(response.status).toBe(200);
      expect(await json(response)).toEqual({ redirectTo: "/login/code" });
      expect(await sessionsOf(member.accountId)).toEqual([]);
      const mail = t.outbox.latestMailTo(member.email);
      expect(mail?.subject).toBe("【ソラミル】ログイン用認証コードのお知らせ");
      // The page names the address masked (the member typed a user ID) and says why a code was asked.
      expect(await json(await browser.get("/zapi/internal/login/code/screen-data"))).toMatchObject({
        email: "ta***@example.jp",
        isNewBrowserVerification: true,
      });
      const wrong = await browser.post("/zapi/login", {
        emailUserId: "ta***@example.jp",
        authCode: mailedCode(t.outbox, member.email) === "000000" ? "111111" : "000000",
        loginMethod: "AuthCode",
      });
      expect(wrong.status).toBe(400);
      const right = await browser.post("/zapi/login", {
        emailUserId: "ta***@example.jp",
        authCode: mailedCode(t.outbox, member.email),
        loginMethod: "AuthCode",
      });
      expect(right.status).toBe(200);
      expect(await json(right)).toEqual({ authId: member.publicId });
      expect(await sessionsOf(member.accountId)).toHaveLength(1);
      const [row] = await t.db.select().from(loginHistory).where(eq(loginHistory.result, true));
      expect(row).toMatchObject({ loginMethod: "Password", userIdentifierName: "taro2026" });
    });

    it("still makes a wrong password wait, and mails nothing", async () => {
      await exhaustSiteRate();
      const mailsBefore = t.outbox.mails.length;
      const wrong = await passwordLogin(
        new TestBrowser(t, { clientAddress: "192.0.2.51" }),
        member.email,
        "Wrong0pass",
      );
      expect(wrong.status).toBe(429);
      expect(await json(wrong)).toMatchObject({ code: "TOO_MANY_ATTEMPTS" });
      expect(t.outbox.mails).toHaveLength(mailsBefore);
    });

    it("works on a store without login codes, and the code goes to the account's address only", async () => {
      t.store.update((settings) => {
        settings.login.isEnabledAuthCode = false;
      });
      await exhaustSiteRate();
      const browser = new TestBrowser(t, { clientAddress: "192.0.2.52" });
      expect(await json(await passwordLogin(browser, member.email, "Passw0rdA"))).toEqual({
        redirectTo: "/login/code",
      });
      // The resend cannot send the code elsewhere.
      t.clock.advance(30_000);
      const elsewhere = await browser.post("/zapi/account/email/send-pin-code", {
        type: "login",
        email: "attacker@example.jp",
      });
      expect(elsewhere.status).toBe(400);
      expect(t.outbox.latestMailTo("attacker@example.jp")).toBeNull();
      const right = await browser.post("/zapi/login", {
        emailUserId: "ta***@example.jp",
        authCode: mailedCode(t.outbox, member.email),
        loginMethod: "AuthCode",
      });
      expect(right.status).toBe(200);
    });

    it("does not let a login code requested by e-mail skip the rate: only a proved password does", async () => {
      await exhaustSiteRate();
      const browser = new TestBrowser(t, { clientAddress: "192.0.2.53" });
      expect((await browser.post("/zapi/login/code", { email: member.email })).status).toBe(200);
      const response = await browser.post("/zapi/login", {
        emailUserId: member.email,
        authCode: mailedCode(t.outbox, member.email),
        loginMethod: "AuthCode",
      });
      expect(response.status).toBe(429);
    });
  });

  it("lets a password reset clear strangers' failures at the account", async () => {
    for (let failure = 0; failure < 10; failure++) {
      await guess(new TestBrowser(t, { clientAddress: `203.0.113.${failure}` }));
    }
    expect((await passwordLogin(new TestBrowser(t), member.email, "Passw0rdA")).status).toBe(429);
    await new TestBrowser(t).post("/zapi/auth/password/forgot", { email: member.email });
    const token = /token=([A-Za-z0-9_-]+)/.exec(t.outbox.latestMailTo(member.email)?.text ?? "")?.[1];
    const reset = await new TestBrowser(t).post("/zapi/auth/password/reset", {
      token,
      password: "NewPassw0rd",
      passwordConfirm: "NewPassw0rd",
    });
    expect(reset.status).toBe(200);
    expect((await passwordLogin(new TestBrowser(t), member.email, "NewPassw0rd")).status).toBe(200);
  });
});

describe("login history", () => {
  it("records every attempt: time, address, result, identifier, method, device and browser", async () => {
    const browser = new TestBrowser(t, {
      clientAddress: "203.0.113.77",
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
    });
    await passwordLogin(browser, member.email, "Wrong0pass");
    t.clock.advance(1000);
    await passwordLogin(browser, "nobody@example.jp", "Wrong0pass");
    t.clock.advance(1000);
    await passwordLogin(browser, "taro2026", "Passw0rdA");

    const rows = await t.db.select().from(loginHistory).orderBy(loginHistory.createdAt);
    expect(
      rows.map(
        ({
          accountId,
          result,
          failureReason,
          userIdentifierName,
          loginMethod,
          ip,
          deviceInfo,
          browserInfo,
        }) => ({
          accountId,
          result,
          failureReason,
          userIdentifierName,
          loginMethod,
          ip,
          deviceInfo,
          browserInfo,
        }),
      ),
    ).toEqual([
      {
        accountId: member.accountId,
        result: false,
        failureReason: "bad-credentials",
        userIdentifierName: member.email,
        loginMethod: "Password",
        ip: "203.0.113.77",
        deviceInfo: "Mobile iPhone",
        browserInfo: "Mobile Safari 17",
      },
      {
        accountId: null,
        result: false,
        failureReason: "bad-credentials",
        userIdentifierName: "nobody@example.jp",
        loginMethod: "Password",
        ip: "203.0.113.77",
        deviceInfo: "Mobile iPhone",
        browserInfo: "Mobile Safari 17",
      },
      {
        accountId: member.accountId,
        result: true,
        failureReason: null,
        userIdentifierName: "taro2026",
        loginMethod: "Password",
        ip: "203.0.113.77",
        deviceInfo: "Mobile iPhone",
        browserInfo: "Mobile Safari 17",
      },
    ]);
    expect(rows.map((row) => row.createdAt.getTime() - rows[0]!.createdAt.getTime())).toEqual([
      0, 1000, 2000,
    ]);
    expect(rows.every((row) => row.country === null)).toBe(true);
  });
});

describe("new-login notices", () => {
  const noticeSubject = "【ソラミル】新しい端末からログインがありました";
  const notices = () => t.outbox.mails.filter((mail) => mail.subject === noticeSubject);

  it("mails the contact address when the browser is new to the account, and not again", async () => {
    const browser = new TestBrowser(t, { clientAddress: "203.0.113.5" });
    await passwordLogin(browser, member.email, "Passw0rdA");
    expect(notices()).toHaveLength(1);
    const [notice] = notices();
    expect(notice?.to).toBe(member.email);
    expect(notice?.text).toContain("203.0.113.5");
    expect(notice?.text).toContain("PC Macintosh");
    expect(notice?.text).toContain("Chrome 124");
    expect(notice?.text).toContain("http://localhost/mypage/login-history");

    await browser.post("/zapi/logout", {});
    await passwordLogin(browser, member.email, "Passw0rdA");
    expect(notices()).toHaveLength(1);

    await passwordLogin(new TestBrowser(t), member.email, "Passw0rdA");
    expect(notices()).toHaveLength(2);
  });

  it("treats a browser another account logged in from as new to this one", async () => {
    const other = await insertAccount(t, { email: "hanako@example.jp" });
    const browser = new TestBrowser(t);
    await passwordLogin(browser, other.email, "Passw0rdA");
    const latid = browser.cookies.get("latid");
    await passwordLogin(browser, member.email, "Passw0rdA");
    expect(notices().map((mail) => mail.to)).toEqual([other.email, member.email]);
    // One browser mark serves both accounts.
    expect(browser.cookies.get("latid")).toBe(latid);
    await passwordLogin(browser, other.email, "Passw0rdA");
    expect(notices()).toHaveLength(2);
  });

  it("links to the public origin when one is configured", async () => {
    t.deps.publicOrigin = "https://soramiru.example.jp";
    await passwordLogin(new TestBrowser(t), member.email, "Passw0rdA");
    expect(notices()[0]?.text).toContain("https://soramiru.example.jp/mypage/login-history");
  });
});

describe("reCAPTCHA, when the store enables it", () => {
  function enableRecaptcha(verdict: Awaited<ReturnType<RecaptchaVerifier["verify"]>>) {
    t.store.update((settings) => {
      settings.login.recaptcha = { enabled: true, siteKey: "site-key", projectId: "project" };
    });
    const verify = vi.fn<RecaptchaVerifier["verify"]>(async () => verdict);
    t.deps.recaptcha = { verify };
    return verify;
  }

  it("passes the page's token on and logs in when it passes", async () => {
    const verify = enableRecaptcha("pass");
    const response = await passwordLogin(new TestBrowser(t), member.email, "Passw0rdA", {
      token: "page-token",
    });
    expect(response.status).toBe(200);
    expect(verify).toHaveBeenCalledWith({
      token: "page-token",
      settings: { enabled: true, siteKey: "site-key", projectId: "project" },
      expectedAction: "login",
    });
  });

  it("refuses a failed check before looking at the password", async () => {
    enableRecaptcha("fail");
    const verify = vi.spyOn(t.deps.passwords, "verify");
    const response = await passwordLogin(new TestBrowser(t), member.email, "Passw0rdA", { token: "bot" });
    expect(response.status).toBe(400);
    expect((await json(response)).code).toBe("RECAPTCHA_FAILED");
    expect(verify).not.toHaveBeenCalled();
  });

  it("guards the login-code request too, and mails no code without a passing token", async () => {
    const verify = enableRecaptcha("fail");
    const refused = await new TestBrowser(t).post("/zapi/login/code", { email: member.email });
    expect(refused.status).toBe(400);
    expect((await json(refused)).code).toBe("RECAPTCHA_REQUIRED");
    expect(verify).toHaveBeenLastCalledWith(
      expect.objectContaining({ token: undefined, expectedAction: "login_code" }),
    );
    expect(t.outbox.latestMailTo(member.email)).toBeNull();

    verify.mockResolvedValue("pass");
    const sent = await new TestBrowser(t).post("/zapi/login/code", {
      email: member.email,
      token: "page-token",
    });
    expect(sent.status).toBe(200);
    expect(t.outbox.latestMailTo(member.email)).not.toBeNull();
  });

  it("answers 503 with a message, not a crash, when it cannot be checked, and keeps nothing", async () => {
    enableRecaptcha("unavailable");
    const response = await passwordLogin(new TestBrowser(t), member.email, "Passw0rdA");
    expect(response.status).toBe(503);
    expect(await json(response)).toMatchObject({
      code: "RECAPTCHA_UNAVAILABLE",
      message: "ただいまログインできません。しばらく時間をおいてから、もう一度お試しください。",
    });
    const code = await new TestBrowser(t).post("/zapi/login/code", {
      email: member.email,
      token: "page-token",
    });
    expect(code.status).toBe(503);
    expect(t.outbox.latestMailTo(member.email)).toBeNull();
    // The member is not held up for it: the login goes through once the check is back.
    enableRecaptcha("pass");
    const later = await passwordLogin(new TestBrowser(t), member.email, "Passw0rdA", { token: "page-token" });
    expect(later.status).toBe(200);
  });
});

describe("login by e-mail code", () => {
  async function requestCode(browser: TestBrowser, email = member.email) {
    const response = await browser.post("/zapi/login/code", { email });
    expect(response.status).toBe(200);
    return response;
  }

  it("mails a login code and logs in with it", async () => {
    const browser = new TestBrowser(t);
    await requestCode(browser);
    const mail = t.outbox.latestMailTo(member.email);
    expect(mail?.subject).toBe("【ソラミル】ログイン用認証コードのお知らせ");
    const screen = await json(await browser.get("/zapi/internal/login/code/screen-data"));
    expect(screen).toEqual({
      email: member.email,
      resendAvailableAt: new Date(t.clock.now().getTime() + 30_000).toISOString(),
    });

    const response = await browser.post("/zapi/login", {
      emailUserId: member.email,
      authCode: mailedCode(t.outbox, member.email),
      loginMethod: "AuthCode",
    });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ authId: member.publicId });
    expect(browser.cookies.has("lcid")).toBe(false);
    const [row] = await t.db.select().from(loginHistory).where(eq(loginHistory.result, true));
    expect(row).toMatchObject({ loginMethod: "AuthCode", userIdentifierName: member.email });
  });

  it("answers an address without an account exactly like a member's, and mails nothing", async () => {
    const forMember = await requestCode(new TestBrowser(t));
    const forNobody = await requestCode(new TestBrowser(t), "nobody@example.jp");
    expect(await forNobody.text()).toBe(await forMember.text());
    expect([...parseSetCookies(forNobody).keys()]).toEqual([...parseSetCookies(forMember).keys()]);
    expect(t.outbox.latestMailTo("nobody@example.jp")).toBeNull();
  });

  it("fails any code for an address without an account, like a wrong code", async () => {
    const browser = new TestBrowser(t);
    await requestCode(browser, "nobody@example.jp");
    const response = await browser.post("/zapi/login", {
      emailUserId: "nobody@example.jp",
      authCode: "123456",
      loginMethod: "AuthCode",
    });
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({
      code: "PIN_CODE_ERROR",
      message: "認証に失敗しました。ログイン用認証コードをご確認ください。",
    });
  });

  it("refuses a resend within 30 s, for members and unknown addresses alike", async () => {
    for (const email of [member.email, "nobody@example.jp"]) {
      const browser = new TestBrowser(t);
      await requestCode(browser, email);
      const again = await browser.post("/zapi/login/code", { email });
      expect(again.status).toBe(429);
      expect(await json(again)).toMatchObject({ code: "RESEND_TOO_SOON", retryAfter: 30 });
      const resend = await browser.post("/zapi/account/email/send-pin-code", { type: "login" });
      expect(resend.status).toBe(429);
    }
    expect(t.outbox.mails).toHaveLength(1);
  });

  it("does not accept the code twice", async () => {
    const browser = new TestBrowser(t);
    await requestCode(browser);
    const authCode = mailedCode(t.outbox, member.email);
    await browser.post("/zapi/login", { emailUserId: member.email, authCode, loginMethod: "AuthCode" });
    await browser.post("/zapi/logout", {});
    const again = await browser.post("/zapi/login", {
      emailUserId: member.email,
      authCode,
      loginMethod: "AuthCode",
    });
    expect(again.status).toBe(400);
    expect((await json(again)).code).toBe("AUTH_FLOW_EXPIRED");
  });

  it("without a code request in progress, sends the login code screen back to the login page", async () => {
    expect(await json(await new TestBrowser(t).get("/zapi/internal/login/code/screen-data"))).toEqual({
      redirectTo: "/login?loginType=authCode",
    });
  });

  it("is refused when the store turns login codes off", async () => {
    t.store.update((settings) => {
      settings.login.isEnabledAuthCode = false;
    });
    const response = await new TestBrowser(t).post("/zapi/login/code", { email: member.email });
    expect(response.status).toBe(400);
    expect((await json(response)).code).toBe("LOGIN_METHOD_UNAVAILABLE");
  });
});

describe("POST /zapi/logout", () => {
  it("ends the session and clears sid and auid, keeping the browser mark", async () => {
    const browser = new TestBrowser(t);
    await passwordLogin(browser, member.email, "Passw0rdA");
    const response = await browser.post("/zapi/logout", {});
    expect(response.status).toBe(200);
    const cookies = parseSetCookies(response);
    expect(cookies.get("sid")?.value).toBeNull();
    expect(cookies.get("auid")?.value).toBeNull();
    expect(cookies.has("latid")).toBe(false);
    expect(await sessionsOf(member.accountId)).toEqual([]);
    expect((await json(await browser.get("/zapi/internal/root/screen-data"))).authId).toBeNull();
  });

  it("ends the login provider's session of the browser too, and logs out even when that fails", async () => {
    const ended: (string | undefined)[] = [];
    const failing = await createTestApi({
      deps: {
        oidc: {
          interaction: async () => null,
          endSession: async (cookieHeader) => {
            ended.push(cookieHeader);
            throw new Error("the provider is down");
          },
        },
      },
    });
    try {
      const someone = await insertAccount(failing, { email: "provider@example.jp" });
      const browser = new TestBrowser(failing);
      await passwordLogin(browser, someone.email, "Passw0rdA");
      browser.cookies.set("_session", "provider-session");
      const response = await browser.post("/zapi/logout", {});
      expect(response.status).toBe(200);
      expect(ended).toHaveLength(1);
      expect(ended[0]).toContain("_session=provider-session");
      expect(parseSetCookies(response).get("sid")?.value).toBeNull();
    } finally {
      await failing.close();
    }
  });
});

describe("password reset", () => {
  async function requestReset(browser: TestBrowser, email = member.email) {
    const response = await browser.post("/zapi/auth/password/forgot", { email });
    expect(response.status).toBe(200);
    return response;
  }

  function mailedToken(): string {
    const link = /http:\/\/localhost\/password\/reset\?token=([A-Za-z0-9_-]+)/.exec(
      t.outbox.latestMailTo(member.email)?.text ?? "",
    );
    if (!link?.[1]) throw new Error("no reset link was mailed");
    return link[1];
  }

  it("answers an address with an account and one without alike; only the account's gets the mail", async () => {
    // The API as a server runs it: its answer does not wait for the mails sent after it
    // (server/mail/send-mail.test.ts: sendMailAfterAnswer).
    const server = createApi(t.deps);
    const ask = (email: string) =>
      server.request(
        "/zapi/auth/password/forgot",
        { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email }) },
        { clientAddress: "203.0.113.77" },
      );
    const mailed = t.outbox.mails.length;
    for (const email of [member.email, "nobody@example.jp"]) {
      const answer = await ask(email);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({});
    }
    await mailsAfterAnswersSent();
    // The other address's mail was rendered and discarded.
    expect(t.outbox.mails.length).toBe(mailed + 1);
    expect(t.outbox.latestMailTo(member.email)?.subject).toMatch(/パスワード/);
  });

  it("mails a link; the new password works, the old one and every session are gone", async () => {
    const signedIn = new TestBrowser(t);
    await passwordLogin(signedIn, member.email, "Passw0rdA");
    const elsewhere = new TestBrowser(t);
    await passwordLogin(elsewhere, member.email, "Passw0rdA");
    expect(await sessionsOf(member.accountId)).toHaveLength(2);

    const browser = new TestBrowser(t);
    await requestReset(browser);
    expect(t.outbox.latestMailTo(member.email)?.subject).toBe("【ソラミル】パスワード再設定のご案内");
    const token = mailedToken();
    expect(await json(await browser.get(`/zapi/internal/password/reset/screen-data?token=${token}`))).toEqual(
      {
        hasToken: true,
        tokenValid: true,
      },
    );

    const reset = await browser.post("/zapi/auth/password/reset", {
      token,
      password: "NewPassw0rd",
      passwordConfirm: "NewPassw0rd",
    });
    expect(reset.status).toBe(200);
    expect(await sessionsOf(member.accountId)).toEqual([]);
    expect((await json(await signedIn.get("/zapi/internal/root/screen-data"))).authId).toBeNull();
    expect((await passwordLogin(new TestBrowser(t), member.email, "Passw0rdA")).status).toBe(401);
    expect((await passwordLogin(new TestBrowser(t), member.email, "NewPassw0rd")).status).toBe(200);
  });

  it("answers an unknown address exactly like a member's, and mails nothing", async () => {
    const forMember = await requestReset(new TestBrowser(t));
    const forNobody = await requestReset(new TestBrowser(t), "nobody@example.jp");
    expect(await forNobody.text()).toBe(await forMember.text());
    expect(t.outbox.mails.map((mail) => mail.to)).toEqual([member.email]);
  });

  it("uses a link once", async () => {
    await requestReset(new TestBrowser(t));
    const token = mailedToken();
    const body = { token, password: "NewPassw0rd", passwordConfirm: "NewPassw0rd" };
    expect((await new TestBrowser(t).post("/zapi/auth/password/reset", body)).status).toBe(200);
    const again = await new TestBrowser(t).post("/zapi/auth/password/reset", {
      ...body,
      password: "Other0pass",
      passwordConfirm: "Other0pass",
    });
    expect(again.status).toBe(400);
    expect((await json(again)).code).toBe("RESET_TOKEN_INVALID");
  });

  it("stops an earlier link from working once a later one was used", async () => {
    await requestReset(new TestBrowser(t));
    const first = mailedToken();
    await requestReset(new TestBrowser(t));
    const second = mailedToken();
    const body = { password: "NewPassw0rd", passwordConfirm: "NewPassw0rd" };
    expect(
      (await new TestBrowser(t).post("/zapi/auth/password/reset", { ...body, token: second })).status,
    ).toBe(200);
    expect(
      (await new TestBrowser(t).post("/zapi/auth/password/reset", { ...body, token: first })).status,
    ).toBe(400);
  });

  it("answers /password/forgot/complete's screen data alike for any visitor: how long the link works", async () => {
    await requestReset(new TestBrowser(t));
    for (const browser of [new TestBrowser(t), new TestBrowser(t, { clientAddress: "203.0.113.99" })]) {
      const response = await browser.get("/zapi/internal/password/forgot/complete/screen-data");
      expect(response.status).toBe(200);
      expect(await json(response)).toEqual({ linkValidMinutes: 60 });
    }
  });

  it("expires a link after 60 minutes", async () => {
    await requestReset(new TestBrowser(t));
    const token = mailedToken();
    t.clock.advance(60 * MINUTE);
    const browser = new TestBrowser(t);
    expect(await json(await browser.get(`/zapi/internal/password/reset/screen-data?token=${token}`))).toEqual(
      {
        hasToken: true,
        tokenValid: false,
      },
    );
    const response = await browser.post("/zapi/auth/password/reset", {
      token,
      password: "NewPassw0rd",
      passwordConfirm: "NewPassw0rd",
    });
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({
      code: "RESET_TOKEN_INVALID",
      message:
        "パスワード再設定用のURLが無効か、有効期限が切れています。お手数ですが、もう一度お手続きください。",
    });
  });

  it("applies the strength rule and the confirmation, with the spec's messages", async () => {
    await requestReset(new TestBrowser(t));
    const response = await new TestBrowser(t).post("/zapi/auth/password/reset", {
      token: mailedToken(),
      password: "newpassw0rd",
      passwordConfirm: "different",
    });
    expect(response.status).toBe(400);
    expect((await json(response)).errors).toEqual([
      { field: "password", message: "パスワードには英大文字を1文字以上含めてください。" },
      { field: "passwordConfirm", message: "パスワードが一致しません" },
    ]);
  });

  it("refuses the current password as the new one", async () => {
    await requestReset(new TestBrowser(t));
    const response = await new TestBrowser(t).post("/zapi/auth/password/reset", {
      token: mailedToken(),
      password: "Passw0rdA",
      passwordConfirm: "Passw0rdA",
    });
    expect(response.status).toBe(400);
    expect((await json(response)).code).toBe("INVALID_PASSWORD_REUSED");
  });
});

describe("session lifetime", () => {
  const DAY = 24 * 60 * MINUTE;

  it("ends a session 90 days after the login even when it is used every day", async () => {
    const browser = new TestBrowser(t);
    await passwordLogin(browser, member.email, "Passw0rdA");
    const loggedInAt = t.clock.now().getTime();
    for (let day = 1; day < 90; day++) {
      t.clock.advance(DAY);
      const response = await browser.get("/zapi/internal/root/screen-data");
      expect((await json(response)).authId).toBe(member.publicId);
      // The cookie slides with the session, but never past the absolute end.
      const maxAge = Number(
        /Max-Age=(\d+)/.exec(parseSetCookies(response).get("sid")?.attributes ?? "")?.[1],
      );
      expect(maxAge).toBe(
        Math.min(30 * 24 * 60 * 60, (loggedInAt + 90 * DAY - t.clock.now().getTime()) / 1000),
      );
    }
    t.clock.set(new Date(loggedInAt + 90 * DAY));
    expect((await json(await browser.get("/zapi/internal/root/screen-data"))).authId).toBeNull();
  }, 60_000);

  it("follows the configured absolute lifetime, also for sessions started before it changed", async () => {
    const browser = new TestBrowser(t);
    await passwordLogin(browser, member.email, "Passw0rdA");
    t.clock.advance(2 * DAY);
    t.deps.sessionMaxAgeMs = 2 * DAY;
    expect((await json(await browser.get("/zapi/internal/root/screen-data"))).authId).toBeNull();
    const again = await passwordLogin(browser, member.email, "Passw0rdA");
    expect(parseSetCookies(again).get("sid")?.attributes).toContain(`Max-Age=${2 * 24 * 60 * 60}`);
  });
});

describe("the same work for addresses with and without an account", () => {
  async function rowCounts() {
    return {
      resetTokens: (await t.db.select().from(passwordResetTokens)).length,
      codes: (await t.db.select().from(authCodes)).length,
      flows: (await t.db.select().from(authFlows)).length,
    };
  }

  it("stores a reset token (a decoy) for an unknown address too, and mails it to no one", async () => {
    await new TestBrowser(t).post("/zapi/auth/password/forgot", { email: member.email });
    const afterMember = await rowCounts();
    await new TestBrowser(t).post("/zapi/auth/password/forgot", { email: "nobody@example.jp" });
    const afterNobody = await rowCounts();
    expect(afterMember.resetTokens).toBe(1);
    expect(afterNobody.resetTokens).toBe(2);
    expect(t.outbox.mails.map((mail) => mail.to)).toEqual([member.email]);
    // The decoy resets nothing: there is no account behind it.
    const [decoy] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(isNull(passwordResetTokens.accountId));
    expect(decoy).toBeDefined();
  });

  it("issues a login code for an unknown address too, which logs no one in", async () => {
    await new TestBrowser(t).post("/zapi/login/code", { email: member.email });
    const afterMember = await rowCounts();
    const browser = new TestBrowser(t);
    await browser.post("/zapi/login/code", { email: "nobody@example.jp" });
    const afterNobody = await rowCounts();
    expect(afterMember).toMatchObject({ codes: 1, flows: 1 });
    expect(afterNobody).toMatchObject({ codes: 2, flows: 2 });
    expect(t.outbox.mails.map((mail) => mail.to)).toEqual([member.email]);
  });
});
