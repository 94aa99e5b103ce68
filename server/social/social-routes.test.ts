import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { UNLINK_INTENT } from "../../app/components/social/external-accounts.tsx";
import { fillPath } from "../../app/lib/fill-path.ts";
import { SCREEN_BODY_SHAPES } from "../../app/lib/screen-data-shapes.server.ts";
import { action as mypageAction } from "../../app/routes/mypage.tsx";
import { loader as callbackPage } from "../../app/routes/social-callback.tsx";
import { SCREENS } from "../../screens/index.ts";
import {
  createTestApi,
  demoRegistrationBody,
  demoStoreSettings,
  insertAccount,
  mailedCode,
  type TestAccount,
  type TestApi,
  TestBrowser,
} from "../../tests/api-harness.ts";
import {
  type FakeIdentityProviders,
  type FakeProviderType,
  signInAtFake,
  startFakeIdentityProviders,
} from "../../tests/fakes/identity-providers.ts";
import ROUTE_PARAMS from "../../tests/fixtures/route-params.json" with { type: "json" };
import { accounts, authFlows, externalIdentities, loginHistory, sessions } from "../db/schema.ts";
import { SocialLogin, socialSecretsOf } from "./providers.ts";

let fakes: FakeIdentityProviders;
let t: TestApi;
let member: TestAccount;

beforeAll(async () => {
  // The test API's origin is http://localhost: the providers send the browser back there.
  fakes = await startFakeIdentityProviders({ redirectUris: ["http://localhost/auth/callback"] });
});
afterAll(() => fakes.close());

beforeEach(async () => {
  t = await createTestApi({
    settings: { ...demoStoreSettings(), socialLogin: fakes.socialLogin },
    deps: { social: new SocialLogin({ secrets: socialSecretsOf(fakes.secretEnv) }) },
  });
  member = await insertAccount(t, { email: "taro.suzuki@example.jp", password: "Passw0rdA" });
});
afterEach(() => t.close());

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown>;
}

/** /auth/authorize: where the API sends the browser. */
async function authorize(
  browser: TestBrowser,
  type: FakeProviderType,
  socialActionType = "login",
  returnTo?: string,
): Promise<string> {
  const response = await browser.post("/zapi/auth/social/authorize", {
    userIdentifierType: type,
    socialActionType,
    ...(returnTo !== undefined && { returnTo }),
  });
  expect(response.status).toBe(200);
  return String((await json(response)).redirectTo);
}

/** The browser goes to the provider, signs in there, and comes back to /auth/callback. */
async function roundTrip(
  browser: TestBrowser,
  type: FakeProviderType,
  person: { subject: string; email?: string | null },
  socialActionType = "login",
  returnTo?: string,
): Promise<URL> {
  return signInAtFake(await authorize(browser, type, socialActionType, returnTo), person);
}

function sendCallback(browser: TestBrowser, callback: URL) {
  return browser.post("/zapi/auth/social/callback", { search: callback.search });
}

async function linkedTo(accountId: string) {
  return t.db.select().from(externalIdentities).where(eq(externalIdentities.accountId, accountId));
}

async function signedInBrowser() {
  const browser = new TestBrowser(t);
  const response = await browser.post("/zapi/login", {
    emailUserId: member.email,
    password: "Passw0rdA",
    loginMethod: "Password",
  });
  expect(response.status).toBe(200);
  return browser;
}

describe("POST /zapi/auth/social/authorize", () => {
  it("paces the trips one client address starts (each keeps a flow), not another address's", async () => {
    const browser = new TestBrowser(t, { clientAddress: "203.0.113.9" });
    const start = () =>
      browser.post("/zapi/auth/social/authorize", {
        userIdentifierType: "Google",
        socialActionType: "login",
      });
    for (let trip = 0; trip < 30; trip++) expect((await start()).status).toBe(200);
    const refused = await start();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("3");
    expect((await json(refused)).code).toBe("TOO_MANY_ATTEMPTS");
    const flows = await t.db.select().from(authFlows).where(eq(authFlows.purpose, "socialAuthorization"));
    expect(flows).toHaveLength(30);
    expect(
      (await authorize(new TestBrowser(t, { clientAddress: "203.0.113.10" }), "Google")).length,
    ).toBeGreaterThan(0);
    t.clock.advance(3000);
    expect((await start()).status).toBe(200);
  });

  it("sends the browser to the provider and keeps the checks on the server, behind a flow cookie", async () => {
    const browser = new TestBrowser(t);
    const url = new URL(await authorize(browser, "Google"));
    expect(url.origin).toBe(fakes.providers.Google.issuer);
    expect(url.searchParams.get("redirect_uri")).toBe("http://localhost/auth/callback");
    expect(browser.cookies.has("soid")).toBe(true);
    const [flow] = await t.db.select().from(authFlows).where(eq(authFlows.purpose, "socialAuthorization"));
    expect(flow?.socialAuthorization).toMatchObject({
      type: "Google",
      action: "login",
      state: url.searchParams.get("state"),
      nonce: url.searchParams.get("nonce"),
    });
  });

  it("refuses a provider the store does not enable, and an unknown one", async () => {
    t.store.update((settings) => {
      const google = settings.socialLogin?.providers.find((provider) => provider.type === "Google");
      if (google) google.enabled = false;
    });
    const browser = new TestBrowser(t);
    const disabled = await browser.post("/zapi/auth/social/authorize", {
      userIdentifierType: "Google",
      socialActionType: "login",
    });
    expect(disabled.status).toBe(400);
    expect((await json(disabled)).code).toBe("LOGIN_METHOD_UNAVAILABLE");
    const unknown = await browser.post("/zapi/auth/social/authorize", {
      userIdentifierType: "Twitter",
      socialActionType: "login",
    });
    expect(unknown.status).toBe(400);
    expect(browser.cookies.has("soid")).toBe(false);
  });

  it("asks a guest who wants to link a provider to log in first", async () => {
    const response = await new TestBrowser(t).post("/zapi/auth/social/authorize", {
      userIdentifierType: "Line",
      socialActionType: "enableExternalAuth",
    });
    expect(response.status).toBe(401);
  });
});

describe("logging in through a linked provider", () => {
  beforeEach(async () => {
    await t.db.insert(externalIdentities).values({
      accountId: member.accountId,
      type: "Google",
      subject: "google-taro",
      email: member.email,
      linkedAt: t.clock.now(),
    });
  });

  it("logs the member in, on my page: session, history ExternalAuth with the provider, the provider remembered", async () => {
    const browser = new TestBrowser(t);
    const callback = await roundTrip(browser, "Google", { subject: "google-taro", email: member.email });
    const response = await sendCallback(browser, callback);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ redirectTo: "/mypage" });
    expect(browser.cookies.has("sid")).toBe(true);
    expect(browser.cookies.has("soid")).toBe(false);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.accountId, member.accountId));
    expect(session?.externalType).toBe("Google");
    const [history] = await t.db
      .select()
      .from(loginHistory)
      .where(eq(loginHistory.accountId, member.accountId));
    expect(history).toMatchObject({
      result: true,
      loginMethod: "ExternalAuth",
      userIdentifierName: "Google",
    });
  });

  it("logs the member in through the page /auth/callback, which the provider's site sends the browser to (a cross-site navigation)", async () => {
    const browser = new TestBrowser(t);
    const callback = await roundTrip(browser, "Google", { subject: "google-taro", email: member.email });
    const { redirect } = await browser.arriveFromAnotherSite(
      callbackPage,
      `/auth/callback${callback.search}`,
    );
    expect(redirect?.headers.get("Location")).toBe("/mypage");
    expect(browser.cookies.has("sid")).toBe(true);

    // Another site's page posting to the API itself is still refused, and changes nothing.
    const again = await roundTrip(browser, "Google", { subject: "google-taro", email: member.email });
    const refused = await browser.post(
      "/zapi/auth/social/callback",
      { search: again.search },
      { "sec-fetch-site": "cross-site" },
    );
    expect(refused.status).toBe(403);
  });

  it("lists on my page every offered provider, the one this session came through marked", async () => {
    const browser = new TestBrowser(t);
    await sendCallback(browser, await roundTrip(browser, "Google", { subject: "google-taro" }));
    const data = await json(await browser.get("/zapi/internal/mypage/screen-data"));
    expect(data.externalAccounts).toEqual([
      {
        userIdentifierType: "Line",
        userIdentifierName: "LINE",
        userIdentifierMethod: "ExternalAuth",
        isLinked: false,
        isLogin: false,
      },
      {
        userIdentifierType: "Google",
        userIdentifierName: "Google",
        userIdentifierMethod: "ExternalAuth",
        isLinked: true,
        isLogin: true,
      },
      {
        userIdentifierType: "YahooJapan",
        userIdentifierName: "Yahoo! JAPAN",
        userIdentifierMethod: "ExternalAuth",
        isLinked: false,
        isLogin: false,
      },
      {
        userIdentifierType: "Facebook",
        userIdentifierName: "Facebook",
        userIdentifierMethod: "ExternalAuth",
        isLinked: false,
        isLogin: false,
      },
    ]);
    // The member has a password: even the one linked provider may go.
    expect(data.isUnlinkAllowed).toBe(true);
    const byPassword = await signedInBrowser();
    const again = await json(await byPassword.get("/zapi/internal/mypage/screen-data"));
    expect((again.externalAccounts as { isLogin: boolean }[]).some((row) => row.isLogin)).toBe(false);
  });

  it("ends on the page's returnTo when it is a path of this site, else on my page", async () => {
    const browser = new TestBrowser(t);
    const callback = await roundTrip(browser, "Google", { subject: "google-taro" }, "login", "/plans?x=1");
    expect(await json(await sendCallback(browser, callback))).toEqual({ redirectTo: "/plans?x=1" });
    const other = new TestBrowser(t);
    const away = await roundTrip(
      other,
      "Google",
      { subject: "google-taro" },
      "login",
      "https://evil.example/",
    );
    expect(await json(await sendCallback(other, away))).toEqual({ redirectTo: "/mypage" });
  });

  it("refuses a barred account", async () => {
    await insertAccount(t, { email: "barred@example.jp", loginProhibited: true }).then((barred) =>
      t.db.update(externalIdentities).set({ accountId: barred.accountId }),
    );
    const browser = new TestBrowser(t);
    const response = await sendCallback(
      browser,
      await roundTrip(browser, "Google", { subject: "google-taro" }),
    );
    expect(response.status).toBe(403);
    expect(browser.cookies.has("sid")).toBe(false);
  });
});

describe("refused callbacks change nothing", () => {
  it("refuses a callback in a browser that did not start it, and the same callback twice", async () => {
    const browser = new TestBrowser(t);
    const callback = await roundTrip(browser, "Google", { subject: "google-new", email: "new@example.jp" });
    const stranger = await sendCallback(new TestBrowser(t), callback);
    expect(stranger.status).toBe(400);
    expect(await json(stranger)).toMatchObject({
      code: "EXTERNAL_AUTH_FAILED",
      message: "外部アカウントでの認証に失敗しました。お手数ですが、もう一度はじめからお試しください。",
    });
    expect((await sendCallback(browser, callback)).status).toBe(200);
    const replay = await sendCallback(browser, callback);
    expect(replay.status).toBe(400);
  });

  it("refuses a callback whose state is not the browser's, and spends the trip", async () => {
    await t.db.insert(externalIdentities).values({
      accountId: member.accountId,
      type: "Line",
      subject: "line-taro",
      email: null,
      linkedAt: t.clock.now(),
    });
    const browser = new TestBrowser(t);
    const callback = await roundTrip(browser, "Line", { subject: "line-taro", email: member.email });
    const forged = new URL(callback);
    forged.searchParams.set("state", "forged-state");
    expect((await sendCallback(browser, forged)).status).toBe(400);
    expect(browser.cookies.has("sid")).toBe(false);
    // The right state afterwards finds the trip spent.
    expect((await sendCallback(browser, callback)).status).toBe(400);
    expect(browser.cookies.has("sid")).toBe(false);
  });

  it("refuses the provider's error answer", async () => {
    const browser = new TestBrowser(t);
    const url = new URL(await authorize(browser, "Google"));
    const response = await browser.post("/zapi/auth/social/callback", {
      search: `?error=access_denied&state=${url.searchParams.get("state")}`,
    });
    expect(response.status).toBe(400);
    expect(browser.cookies.has("sid")).toBe(false);
  });
});

describe("a person no account knows", () => {
  it("begins a sign-up with the provider's proved e-mail and no session", async () => {
    const browser = new TestBrowser(t);
    const callback = await roundTrip(browser, "Google", {
      subject: "google-hanako",
      email: "Hanako@Example.jp",
    });
    expect(await json(await sendCallback(browser, callback))).toEqual({ redirectTo: "/auth/callback/form" });
    expect(browser.cookies.has("sid")).toBe(false);
    expect(browser.cookies.has("sgid")).toBe(true);
    const [flow] = await t.db.select().from(authFlows).where(eq(authFlows.purpose, "signUp"));
    expect(flow).toMatchObject({
      email: "hanako@example.jp",
      emailVerifiedAt: t.clock.now(),
      externalIdentity: {
        type: "Google",
        subject: "google-hanako",
        email: "hanako@example.jp",
        emailVerified: true,
      },
    });
  });

  it("begins it without an e-mail when the provider gave none (Facebook)", async () => {
    const browser = new TestBrowser(t);
    const callback = await roundTrip(browser, "Facebook", { subject: "fb-jiro" });
    expect(await json(await sendCallback(browser, callback))).toEqual({ redirectTo: "/auth/callback/form" });
    const [flow] = await t.db.select().from(authFlows).where(eq(authFlows.purpose, "signUp"));
    expect(flow).toMatchObject({ email: null, emailVerifiedAt: null });
  });
});

describe("linking from my page", () => {
  it("links the provider's person to the member and says so", async () => {
    const browser = await signedInBrowser();
    const callback = await roundTrip(
      browser,
      "Line",
      { subject: "line-taro", email: "x@example.jp" },
      "enableExternalAuth",
    );
    expect(await json(await sendCallback(browser, callback))).toEqual({
      redirectTo: "/mypage/social/enable/complete",
    });
    expect(await linkedTo(member.accountId)).toMatchObject([{ type: "Line", subject: "line-taro" }]);
  });

  it("sends a person linked to another account to /social/relate/error and links nothing", async () => {
    const other = await insertAccount(t, { email: "other@example.jp" });
    await t.db.insert(externalIdentities).values({
      accountId: other.accountId,
      type: "Line",
      subject: "line-shared",
      email: null,
      linkedAt: t.clock.now(),
    });
    const browser = await signedInBrowser();
    const callback = await roundTrip(browser, "Line", { subject: "line-shared" }, "enableExternalAuth");
    expect(await json(await sendCallback(browser, callback))).toEqual({ redirectTo: "/social/relate/error" });
    expect(await linkedTo(member.accountId)).toEqual([]);
  });

  it("refuses a link whose member logged out (or changed) on the way", async () => {
    const browser = await signedInBrowser();
    const callback = await roundTrip(browser, "Line", { subject: "line-taro" }, "enableExternalAuth");
    browser.cookies.delete("sid");
    expect((await sendCallback(browser, callback)).status).toBe(400);
    expect(await linkedTo(member.accountId)).toEqual([]);
  });
});

describe("POST /zapi/auth/social/disable", () => {
  async function link(accountId: string, type: string) {
    await t.db
      .insert(externalIdentities)
      .values({ accountId, type, subject: `${type}-${accountId}`, email: null, linkedAt: t.clock.now() });
  }
  const unlink = (browser: TestBrowser, type: string) =>
    browser.post("/zapi/auth/social/disable", {
      userIdentifierType: type,
      userIdentifierMethod: "ExternalAuth",
    });

  it("from my page's form: done, or a session that ended meanwhile goes to log in and back to my page", async () => {
    await link(member.accountId, "Google");
    const browser = await signedInBrowser();
    const form = { intent: UNLINK_INTENT, userIdentifierType: "Google" };
    const done = await browser.postPageForm(mypageAction, "/mypage", form);
    expect(done.redirect?.headers.get("Location")).toBe("/mypage/social/disable/complete");
    const lost = await new TestBrowser(t).postPageForm(mypageAction, "/mypage", form);
    expect(lost.redirect?.headers.get("Location")).toBe("/login?returnTo=%2Fmypage");
  });

  it("unlinks even the last provider of a member with a password", async () => {
    await link(member.accountId, "Google");
    const browser = await signedInBrowser();
    expect((await unlink(browser, "Google")).status).toBe(200);
    expect(await linkedTo(member.accountId)).toEqual([]);
  });

  it("refuses to unlink the last way in of a member without a password, or while the store has none", async () => {
    await link(member.accountId, "Google");
    await link(member.accountId, "Line");
    const browser = await signedInBrowser();
    t.store.update((settings) => {
      settings.features.isEnabledPassword = false;
    });
    expect((await unlink(browser, "Line")).status).toBe(200);
    const last = await unlink(browser, "Google");
    expect(last.status).toBe(409);
    expect((await json(last)).code).toBe("EXTERNAL_AUTH_LAST");
    expect(await linkedTo(member.accountId)).toMatchObject([{ type: "Google" }]);
  });

  it("answers 404 for a provider not linked, 400 for a bad body, 401 for a guest", async () => {
    const browser = await signedInBrowser();
    expect((await unlink(browser, "Facebook")).status).toBe(404);
    expect((await unlink(browser, "Twitter")).status).toBe(400);
    expect(
      (
        await browser.post("/zapi/auth/social/disable", {
          userIdentifierType: "Line",
          userIdentifierMethod: "Password",
        })
      ).status,
    ).toBe(400);
    expect((await unlink(new TestBrowser(t), "Google")).status).toBe(401);
  });
});

describe("signing up through a provider", () => {
  /** Both demo policies at the revisions in force on the test clock's date. */
  const consentToDemoPolicies = [
    { policyId: "terms", revision: 2, key: "terms" },
    { policyId: "privacy", revision: 1, key: "privacy" },
  ];
  const registration = demoRegistrationBody();

  async function cameBack(type: FakeProviderType, person: { subject: string; email?: string | null }) {
    const browser = new TestBrowser(t);
    const callback = await roundTrip(browser, type, person, "signup");
    expect(await json(await sendCallback(browser, callback))).toEqual({ redirectTo: "/auth/callback/form" });
    return browser;
  }
  const formData = (browser: TestBrowser) =>
    browser.get("/zapi/internal/auth/callback/form/screen-data").then(json);

  it("shows the registration form with the provider's e-mail and the policies, and signs the member up linked", async () => {
    const browser = await cameBack("Google", { subject: "google-hanako", email: "hanako@example.jp" });
    // In the shape the page reads (social-signup-screen-data.schema.json).
    const page = await formData(browser);
    const shape = SCREEN_BODY_SHAPES.socialSignupEmail;
    expect(shape(page), JSON.stringify(shape.errors)).toBe(true);
    expect(shape({ ...page, externalCallbackInfo: { externalEmail: "hanako@example.jp" } })).toBe(false);
    expect(await formData(browser)).toMatchObject({
      isCallback: true,
      isSingleAuth: false,
      canChangeEmail: true,
      email: "hanako@example.jp",
      externalCallbackInfo: { externalEmail: "hanako@example.jp", isExistValidEmailDuplicate: false },
      policies: [{ policyId: "terms" }, { policyId: "privacy" }],
    });
    // The site's own form sends a social sign-up to its page.
    expect(await browser.get("/zapi/internal/signup/form/screen-data").then(json)).toEqual({
      redirectTo: "/auth/callback/form",
    });
    const refused = await browser.post("/zapi/signup", registration);
    expect(refused.status).toBe(409);
    expect((await json(refused)).code).toBe("POLICY_CONSENT_REQUIRED");

    const response = await browser.post("/zapi/signup", {
      ...registration,
      policyConsentData: consentToDemoPolicies,
    });
    expect(response.status).toBe(200);
    const [account] = await t.db.select().from(accounts).where(eq(accounts.email, "hanako@example.jp"));
    expect(account?.emailVerifiedAt).toEqual(t.clock.now());
    expect(await linkedTo(account?.id ?? "")).toMatchObject([{ type: "Google", subject: "google-hanako" }]);
    const [session] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.accountId, account?.id ?? ""));
    expect(session?.externalType).toBe("Google");

    // From now on the provider logs the new member in.
    const again = new TestBrowser(t);
    const login = await roundTrip(again, "Google", { subject: "google-hanako", email: "hanako@example.jp" });
    expect(await json(await sendCallback(again, login))).toEqual({ redirectTo: "/mypage" });
  });

  it("asks for an e-mail when the provider gave none, proves it by PIN, and comes back to the form", async () => {
    const browser = await cameBack("Facebook", { subject: "fb-jiro" });
    expect(await formData(browser)).toEqual({ redirectTo: "/signup/auth" });
    expect(
      (
        await browser.post("/zapi/signup/email", {
          type: "signUp",
          email: "jiro@example.jp",
          policyConsentData: consentToDemoPolicies,
        })
      ).status,
    ).toBe(200);
    const pinCode = mailedCode(t.outbox, "jiro@example.jp");
    expect((await browser.post("/zapi/signup/pin-code", { pinCode })).status).toBe(200);
    expect(await browser.get("/zapi/internal/signup/form/screen-data").then(json)).toEqual({
      redirectTo: "/auth/callback/form",
    });
    expect(await formData(browser)).toMatchObject({
      email: "jiro@example.jp",
      externalCallbackInfo: { externalEmail: null },
      policies: [],
    });
    expect((await browser.post("/zapi/signup", registration)).status).toBe(200);
    const [account] = await t.db.select().from(accounts).where(eq(accounts.email, "jiro@example.jp"));
    expect(await linkedTo(account?.id ?? "")).toMatchObject([{ type: "Facebook", subject: "fb-jiro" }]);
  });

  it("says when the provider's e-mail is an account's already, and refuses to register it again", async () => {
    const browser = await cameBack("Line", { subject: "line-taro2", email: member.email });
    expect(await formData(browser)).toMatchObject({
      externalCallbackInfo: { externalEmail: member.email, isExistValidEmailDuplicate: true },
    });
    const response = await browser.post("/zapi/signup", {
      ...registration,
      policyConsentData: consentToDemoPolicies,
    });
    expect(response.status).toBe(409);
    expect((await json(response)).code).toBe("ACCOUNT_ALREADY_EXISTS_EMAIL");
    expect(await linkedTo(member.accountId)).toEqual([]);
  });

  it("keeps the provider's e-mail when the store says so (isSingleAuth): no e-mail step", async () => {
    t.store.update((settings) => {
      settings.signUp = { ...settings.signUp, isSingleAuth: true };
    });
    const browser = await cameBack("Google", { subject: "google-single", email: "single@example.jp" });
    expect(await formData(browser)).toMatchObject({ isSingleAuth: true, canChangeEmail: false });
    expect(await browser.get("/zapi/internal/signup/auth/screen-data").then(json)).toEqual({
      redirectTo: "/auth/callback/form",
    });
  });

  it("sends a visitor without a social sign-up to the site's sign-up", async () => {
    expect(await formData(new TestBrowser(t))).toEqual({ redirectTo: "/signup" });
  });
});

describe("the client secrets (issue 48 §1)", () => {
  /** Every screen's data path, its parameters filled from the fixtures. */
  function screenDataPaths(): string[] {
    const paths = SCREENS.flatMap((screen) =>
      screen.screenData
        ? [
            fillPath(
              screen.screenData,
              (ROUTE_PARAMS as Record<string, Record<string, string>>)[screen.id] ?? {},
            ),
          ]
        : [],
    );
    return [...new Set(paths)];
  }

  it("appear in no screen data, for a guest, a member with a link or a social sign-up", async () => {
    const secrets = Object.values(fakes.secretEnv);
    expect(secrets).toHaveLength(4);
    const linked = await signedInBrowser();
    expect(
      (
        await sendCallback(
          linked,
          await roundTrip(
            linked,
            "Google",
            { subject: "g-secret", email: "s@example.jp" },
            "enableExternalAuth",
          ),
        )
      ).status,
    ).toBe(200);
    const signingUp = new TestBrowser(t);
    const back = await roundTrip(
      signingUp,
      "Line",
      { subject: "line-secret", email: "line@example.jp" },
      "signup",
    );
    expect(await json(await sendCallback(signingUp, back))).toEqual({ redirectTo: "/auth/callback/form" });
    for (const browser of [new TestBrowser(t), linked, signingUp]) {
      for (const path of screenDataPaths()) {
        const body = await (await browser.get(`/zapi/internal/${path}/screen-data`)).text();
        for (const secret of secrets) expect(body, path).not.toContain(secret);
      }
    }
  });
});
