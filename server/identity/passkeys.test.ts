import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createTestApi,
  insertAccount,
  loggedInBrowser,
  type TestAccount,
  type TestApi,
  TestBrowser,
} from "../../tests/api-harness.ts";
import { type Bend, SoftwareAuthenticator } from "../../tests/software-authenticator.ts";
import { accounts, loginHistory, passkeys, sessions } from "../db/schema.ts";
import { linkIdentity } from "../social/external-identities.ts";
import { enableMethod } from "./multi-factor-methods.ts";
import { PASSKEY_CHALLENGE_WINDOW_MS } from "./passkey-routes.ts";
import { REAUTHENTICATION_WINDOW_MS } from "./reauthentication.ts";
import { SESSION_COOKIE } from "./sessions.ts";

let t: TestApi;
let member: TestAccount;
let browser: TestBrowser;
let authenticator: SoftwareAuthenticator;

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown>;
}

/** Adds a passkey to the browser's member with the authenticator: the registration's answer. */
async function register(on: TestBrowser, with_ = authenticator, bend: Bend = {}) {
  const options = await json(await on.post("/zapi/account/passkeys/registration-options", {}));
  // biome-ignore lint/suspicious/noExplicitAny: the options JSON as the browser receives it
  const credential = with_.create(options as any, bend);
  return on.post("/zapi/account/passkeys", { credential });
}

/** A passkey sign-in in a fresh browser: the options, then the assertion (bent as asked). */
async function signIn(
  bend: Bend = {},
  on = new TestBrowser(t),
  credential = authenticator.credentials.at(-1),
) {
  const options = await json(await on.post("/zapi/login/passkey/options", {}));
  // biome-ignore lint/suspicious/noExplicitAny: the options JSON as the browser receives it
  const assertion = authenticator.get(options as any, bend, credential);
  return { on, assertion, response: await on.post("/zapi/login/passkey", { credential: assertion }) };
}

const storedPasskeys = () => t.db.select().from(passkeys);

beforeEach(async () => {
  t = await createTestApi();
  member = await insertAccount(t, { email: "hanako@example.jp", password: "Passw0rdA" });
  browser = await loggedInBrowser(t, member);
  authenticator = new SoftwareAuthenticator({ origin: "http://localhost", synced: true });
});
afterEach(() => t.close());

describe("adding a passkey on my page", () => {
  it("after the login's proof: kept with its key, named after the device and browser, listed, mailed about", async () => {
    const added = await register(browser);
    expect(added.status).toBe(200);
    const [stored] = await storedPasskeys();
    expect(stored).toMatchObject({
      accountId: member.accountId,
      credentialId: authenticator.credentials[0]?.id,
      backedUp: true,
      name: "Macintosh の Chrome",
      transports: ["internal"],
    });
    const page = await json(await browser.get("/zapi/internal/mypage/passkeys/screen-data"));
    expect(page).toMatchObject({
      passkeys: [{ name: "Macintosh の Chrome", synced: true, lastUsedAt: null }],
      isDeleteAllowed: true,
      isAddAllowed: true,
    });
    const mail = t.outbox.latestMailTo(member.email);
    expect(mail?.subject).toContain("パスキーの登録のお知らせ");
    expect(mail?.text).toContain("Macintosh の Chrome");
    expect(mail?.text).toContain("http://localhost/mypage/passkeys");
  });

  it("is refused without a re-authentication within 10 minutes, and a challenge is not even made", async () => {
    t.clock.advance(REAUTHENTICATION_WINDOW_MS);
    const options = await browser.post("/zapi/account/passkeys/registration-options", {});
    expect(options.status).toBe(403);
    expect(await json(options)).toMatchObject({ code: "REAUTHENTICATION_REQUIRED" });
    expect(browser.cookies.has("prid")).toBe(false);
    expect(await storedPasskeys()).toHaveLength(0);
  });

  it("refuses an answer to another browser's challenge, another origin, a missing user verification", async () => {
    const other = await loggedInBrowser(t, member);
    const options = await json(await other.post("/zapi/account/passkeys/registration-options", {}));
    // biome-ignore lint/suspicious/noExplicitAny: the options JSON as the browser receives it
    const stolen = authenticator.create(options as any);
    const answer = await browser.post("/zapi/account/passkeys", { credential: stolen });
    expect(answer.status).toBe(400);
    expect(await json(answer)).toMatchObject({ code: "PASSKEY_REGISTRATION_FAILED" });

    for (const bend of [
      { origin: "https://evil.example" },
      { userVerified: false },
      { rpId: "evil.example" },
    ]) {
      const refused = await register(browser, authenticator, bend);
      expect(refused.status, JSON.stringify(bend)).toBe(400);
    }
    expect(await storedPasskeys()).toHaveLength(0);
  });
});

describe("signing in with a passkey", () => {
  beforeEach(async () => {
    expect((await register(browser)).status).toBe(200);
  });

  it("logs in without a password or a second code, records the method, and the session says hwk and mfa", async () => {
    await enableMethod(t.db, member.accountId, "Email", {}, t.clock.now());
    const { on, response } = await signIn();
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ authId: member.publicId });
    expect(on.cookies.get(SESSION_COOKIE)).toBeTruthy();
    expect(on.cookies.has("mfid")).toBe(false);
    const [history] = await t.db.select().from(loginHistory).where(eq(loginHistory.loginMethod, "Passkey"));
    expect(history).toMatchObject({
      result: true,
      accountId: member.accountId,
      userIdentifierName: "Macintosh の Chrome",
    });
    const amrs = (await t.db.select({ amr: sessions.amr }).from(sessions)).map((row) => row.amr);
    expect(amrs).toContainEqual(["hwk", "mfa"]);
    const [stored] = await storedPasskeys();
    expect(stored?.counter).toBe(1);
    expect(stored?.lastUsedAt).toEqual(t.clock.now());
  });

  /** Each refusal: the same 401 and message, no session, the passkey's counter and use unchanged. */
  async function expectRefused(result: { on: TestBrowser; response: Response }) {
    expect(result.response.status).toBe(401);
    expect(await json(result.response)).toMatchObject({
      code: "PASSKEY_LOGIN_FAILED",
      message:
        "パスキーでログインできませんでした。もう一度お試しいただくか、別の方法でログインしてください。",
    });
    expect(result.on.cookies.has(SESSION_COOKIE)).toBe(false);
    const [stored] = await storedPasskeys();
    expect(stored?.lastUsedAt).toBeNull();
  }

  it("refuses another origin, a wrong RP ID, a missing user verification, a wrong ceremony type", async () => {
    for (const bend of [
      { origin: "https://evil.example" },
      { rpId: "evil.example" },
      { userVerified: false },
      { type: "webauthn.create" },
    ]) {
      await expectRefused(await signIn(bend));
    }
  });

  it("refuses a replayed challenge: the same assertion twice, or one sent without asking", async () => {
    const first = await signIn();
    expect(first.response.status).toBe(200);
    const replay = new TestBrowser(t);
    replay.cookies.set("pkid", "x".repeat(43));
    const again = await replay.post("/zapi/login/passkey", { credential: first.assertion });
    expect(again.status).toBe(401);
    expect(replay.cookies.has(SESSION_COOKIE)).toBe(false);
    // The same browser's cookie was spent with the challenge.
    const spent = await first.on.post("/zapi/login/passkey", { credential: first.assertion });
    expect(spent.status).toBe(401);
  });

  it("refuses a challenge older than 5 minutes", async () => {
    const on = new TestBrowser(t);
    const options = await json(await on.post("/zapi/login/passkey/options", {}));
    t.clock.advance(PASSKEY_CHALLENGE_WINDOW_MS);
    // biome-ignore lint/suspicious/noExplicitAny: the options JSON as the browser receives it
    const assertion = authenticator.get(options as any);
    const response = await on.post("/zapi/login/passkey", { credential: assertion });
    await expectRefused({ on, response });
  });

  it("refuses a counter that goes back (a cloned key), and logs it", async () => {
    expect((await signIn({ counter: 7 })).response.status).toBe(200);
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (message: string) => warnings.push(message);
    try {
      const cloned = await signIn({ counter: 7 });
      expect(cloned.response.status).toBe(401);
      expect(cloned.on.cookies.has(SESSION_COOKIE)).toBe(false);
    } finally {
      console.warn = warn;
    }
    expect(warnings.join("\n")).toContain("possibly a cloned authenticator");
    expect((await storedPasskeys())[0]?.counter).toBe(7);
  });

  it("refuses an assertion naming another account's credential, with the same answer as an unknown one", async () => {
    const other = await insertAccount(t, { email: "taro@example.jp", password: "Passw0rdB" });
    const otherBrowser = await loggedInBrowser(t, other);
    const othersKeys = new SoftwareAuthenticator({ origin: "http://localhost" });
    expect((await register(otherBrowser, othersKeys)).status).toBe(200);
    const taroCredential = othersKeys.credentials[0];
    const hanakoCredential = authenticator.credentials[0];
    if (!taroCredential || !hanakoCredential) throw new Error("no credentials");
    // Hanako's key signs, but the answer names Taro's credential.
    const forged = { ...hanakoCredential, id: taroCredential.id };
    const result = await signIn({}, new TestBrowser(t), forged);
    expect(result.response.status).toBe(401);
    const unknown = await signIn({}, new TestBrowser(t), {
      ...hanakoCredential,
      id: "AAAAAAAAAAAAAAAAAAAAAA",
    });
    expect(unknown.response.status).toBe(401);
    expect(await json(unknown.response)).toEqual({
      ...(await json(result.response)),
      requestId: expect.any(String),
    });
    expect(result.on.cookies.has(SESSION_COOKIE)).toBe(false);
    const failures = await t.db.select().from(loginHistory).where(eq(loginHistory.result, false));
    expect(failures.map((row) => row.loginMethod)).toEqual(["Passkey", "Passkey"]);
  });

  it("counts failures on the login limits like passwords: past the free ones, a try at once waits, even a right one", async () => {
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await signIn({ origin: "https://evil.example" })).response.status).toBe(401);
    }
    const waiting = await signIn();
    expect(waiting.response.status).toBe(429);
    expect(await json(waiting.response)).toMatchObject({ code: "TOO_MANY_ATTEMPTS" });
    expect(waiting.on.cookies.has(SESSION_COOKIE)).toBe(false);
    t.clock.advance(60 * 1000);
    expect((await signIn()).response.status).toBe(200);
  });

  it("is refused to a barred account after the check", async () => {
    await t.db
      .update(accounts)
      .set({ loginProhibitedAt: t.clock.now() })
      .where(eq(accounts.id, member.accountId));
    const { on, response } = await signIn();
    expect(response.status).toBe(403);
    expect(on.cookies.has(SESSION_COOKIE)).toBe(false);
  });
});

describe("renaming and deleting", () => {
  let passkeyId: string;
  beforeEach(async () => {
    const added = await json(await register(browser));
    passkeyId = String((added.passkey as Record<string, unknown>).passkeyId);
  });

  it("renames the member's own passkey; another member's is not found", async () => {
    expect(
      (await browser.post(`/zapi/account/passkeys/${passkeyId}/rename`, { name: "仕事用の iPhone" })).status,
    ).toBe(200);
    expect((await storedPasskeys())[0]?.name).toBe("仕事用の iPhone");
    const blank = await browser.post(`/zapi/account/passkeys/${passkeyId}/rename`, { name: "   " });
    expect(blank.status).toBe(400);

    const other = await insertAccount(t, { email: "taro@example.jp", password: "Passw0rdB" });
    const otherBrowser = await loggedInBrowser(t, other);
    const stranger = await otherBrowser.post(`/zapi/account/passkeys/${passkeyId}/rename`, { name: "mine" });
    expect(stranger.status).toBe(404);
    expect((await otherBrowser.post(`/zapi/account/passkeys/${passkeyId}/delete`, {})).status).toBe(404);
    expect((await storedPasskeys())[0]?.name).toBe("仕事用の iPhone");
  });

  it("deletes a passkey of a member with a password, and mails about it", async () => {
    const deleted = await browser.post(`/zapi/account/passkeys/${passkeyId}/delete`, {});
    expect(deleted.status).toBe(200);
    expect(await storedPasskeys()).toHaveLength(0);
    expect(t.outbox.latestMailTo(member.email)?.subject).toContain("パスキーの削除のお知らせ");
  });

  it("never deletes the last way in: no password, no social link, one passkey", async () => {
    await t.db.update(accounts).set({ passwordHash: null }).where(eq(accounts.id, member.accountId));
    const page = await json(await browser.get("/zapi/internal/mypage/passkeys/screen-data"));
    expect(page.isDeleteAllowed).toBe(false);
    const refused = await browser.post(`/zapi/account/passkeys/${passkeyId}/delete`, {});
    expect(refused.status).toBe(409);
    expect(await json(refused)).toMatchObject({
      code: "PASSKEY_LAST",
      message: "ログインの手段がなくなるため、このパスキーは削除できません。",
    });
    expect(await storedPasskeys()).toHaveLength(1);

    // A linked social account is another way in; and the passkey is one for unlinking it.
    await linkIdentity(t.db, {
      accountId: member.accountId,
      type: "Google",
      subject: "g-1",
      email: null,
      now: t.clock.now(),
    });
    const connections = await json(await browser.get("/zapi/internal/mypage/screen-data"));
    expect(connections).toMatchObject({ isUnlinkAllowed: true });
    expect((await browser.post(`/zapi/account/passkeys/${passkeyId}/delete`, {})).status).toBe(200);
  });
});

describe("withdrawal", () => {
  it("deletes the account's passkeys with it", async () => {
    expect((await register(browser)).status).toBe(200);
    await t.db.delete(accounts).where(eq(accounts.id, member.accountId));
    expect(await storedPasskeys()).toHaveLength(0);
  });
});

describe("with the store's login.passkey off", () => {
  it("every passkey call answers 404", async () => {
    t.store.update((settings) => {
      settings.login.passkey = false;
    });
    const calls = [
      browser.post("/zapi/login/passkey/options", {}),
      browser.post("/zapi/login/passkey", { credential: {} }),
      browser.post("/zapi/oidc/login/passkey/options", {}),
      browser.post("/zapi/account/passkeys/registration-options", {}),
      browser.post("/zapi/account/passkeys", { credential: {} }),
      browser.post("/zapi/account/passkeys/00000000-0000-0000-0000-000000000000/rename", { name: "x" }),
      browser.post("/zapi/account/passkeys/00000000-0000-0000-0000-000000000000/delete", {}),
      browser.get("/zapi/internal/mypage/passkeys/screen-data"),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(404);
    const login = await json(await browser.get("/zapi/internal/login/screen-data"));
    expect(login.isEnabledPasskey).toBe(false);
  });

  it("the login page offers passkeys, but not inside the native app", async () => {
    expect((await json(await browser.get("/zapi/internal/login/screen-data"))).isEnabledPasskey).toBe(true);
    const app = new TestBrowser(t, { userAgent: "Mozilla/5.0 (iPhone) SoramiruApp/3.2" });
    expect((await json(await app.get("/zapi/internal/login/screen-data"))).isEnabledPasskey).toBe(false);
  });
});
