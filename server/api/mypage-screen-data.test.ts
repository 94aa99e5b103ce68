import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MYPAGE_SCREEN_DATA } from "../../app/lib/screen-data-shapes.server.ts";
import accountSchema from "../../schemas/account.schema.json" with { type: "json" };
import { createAjv } from "../../schemas/validation.ts";
import {
  createTestApi,
  demoCatalogue,
  insertAccount,
  type TestApi,
  TestBrowser,
} from "../../tests/api-harness.ts";
import { contracts } from "../db/schema.ts";
import { enableMethod } from "../identity/multi-factor-methods.ts";

let t: TestApi;
beforeEach(async () => {
  t = await createTestApi();
});
afterEach(() => t.close());

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown>;
}

async function signedIn() {
  const member = await insertAccount(t, { email: "taro@example.jp", userId: "taro2026" });
  const browser = new TestBrowser(t);
  await browser.post("/zapi/login", {
    emailUserId: member.email,
    password: member.password,
    loginMethod: "Password",
  });
  return { member, browser };
}

describe("GET /zapi/internal/mypage/screen-data", () => {
  it("answers a guest 401 with where to log in, keeping the page and its query", async () => {
    const response = await new TestBrowser(t).get("/zapi/internal/mypage/screen-data?tab=security");
    expect(response.status).toBe(401);
    expect(await json(response)).toMatchObject({
      code: "REQUEST_UNAUTHORIZED",
      message: "ログインしてください。",
      redirectTo: `/login?returnTo=${encodeURIComponent("/mypage?tab=security")}`,
    });
  });

  it("leaves out of returnTo the ?lng= the page's loader adds to every call (issue 41 §19)", async () => {
    const response = await new TestBrowser(t).get("/zapi/internal/signup/policy/screen-data?lng=ja");
    expect((await json(response)).redirectTo).toBe(`/login?returnTo=${encodeURIComponent("/signup/policy")}`);
    const withQuery = await new TestBrowser(t).get("/zapi/internal/mypage/screen-data?lng=en&tab=security");
    expect((await json(withQuery)).redirectTo).toBe(
      `/login?returnTo=${encodeURIComponent("/mypage?tab=security")}`,
    );
  });

  it("gives a member their account, in the shape of the Account schema", async () => {
    const { browser } = await signedIn();
    const { account } = await json(await browser.get("/zapi/internal/mypage/screen-data"));
    expect(account).toMatchObject({
      contactEmail: "taro@example.jp",
      email: "taro@example.jp",
      isEmailVerified: true,
      userId: "taro2026",
      userIdentifiers: [{ userIdentifierType: "Email", userIdentifierName: "taro@example.jp" }],
      passwordUpdatedAt: t.clock.now().toISOString(),
      passwordStrength: "LOWER_DIGIT_UPPER",
      isEnabledPassword: true,
      isEnabledUserId: true,
      isEnabledMultiFactor: true,
      defaultMultiFactorType: null,
    });
    const validate = createAjv().compile(accountSchema);
    expect(validate(account), JSON.stringify(validate.errors)).toBe(true);
  });

  it("answers in the shape /mypage reads (mypage-screen-data.schema.json), and a wrong answer is refused", async () => {
    const { member, browser } = await signedIn();
    await t.db.insert(contracts).values({
      accountId: member.accountId,
      planId: "standard-monthly",
      planType: "subscription",
      subscriptionStatus: "NEW_CONTRACT",
      anchorDay: 2,
      nextSettlementDay: "2026-05-02",
    });
    const page = await json(await browser.get("/zapi/internal/mypage/screen-data"));
    expect(page.contracts).toHaveLength(1);
    expect(MYPAGE_SCREEN_DATA(page), JSON.stringify(MYPAGE_SCREEN_DATA.errors)).toBe(true);
    expect(MYPAGE_SCREEN_DATA({ ...page, consentStates: { newsletter: { on: 1 } } })).toBe(false);
    expect(MYPAGE_SCREEN_DATA({ ...page, isUnlinkAllowed: undefined })).toBe(false);
  });

  it("says how many newsletter and privacy switches are on (issue 41 §16)", async () => {
    const { browser } = await signedIn();
    const page = await json(await browser.get("/zapi/internal/mypage/screen-data"));
    const { newsletter, privacy } = t.deps.store.current().settings.consentOptions ?? {};
    const onByDefault = (options: readonly { defaultValue?: boolean }[] = []) =>
      options.filter((option) => option.defaultValue === true).length;
    expect(page.consentStates).toEqual({
      newsletter: { on: onByDefault(newsletter), total: newsletter?.length },
      privacy: { on: onByDefault(privacy), total: privacy?.length },
    });
    const option = privacy?.find((item) => item.defaultValue !== true);
    if (!option) throw new Error("the demo store has a privacy option that is off by default");
    await browser.post("/zapi/account/consent", {
      consentOptionId: option.consentOptionId,
      key: option.key,
      value: true,
    });
    const after = await json(await browser.get("/zapi/internal/mypage/screen-data"));
    expect((after.consentStates as Record<string, unknown>).privacy).toEqual({
      on: onByDefault(privacy) + 1,
      total: privacy?.length,
    });
  });

  it("slides the session and the browser's cookies with it", async () => {
    const { browser } = await signedIn();
    t.clock.advance(2 * 60 * 60 * 1000);
    const response = await browser.get("/zapi/internal/mypage/screen-data");
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("sid="))).toBe(true);
    // 29 days later the session is still alive: it was pushed out again.
    t.clock.advance(29 * 24 * 60 * 60 * 1000);
    expect((await browser.get("/zapi/internal/mypage/screen-data")).status).toBe(200);
  });

  it("lists the member's contracts in force, not the cancelled or expired ones", async () => {
    const { browser, member } = await signedIn();
    const now = t.clock.now();
    await t.db.insert(contracts).values([
      {
        accountId: member.accountId,
        planId: "standard-monthly",
        planType: "subscription",
        subscriptionStatus: "CANCELLED",
      },
      {
        accountId: member.accountId,
        planId: "movie-rental-48h",
        planType: "rental",
        entitlementExpiresAt: new Date(now.getTime() + 60_000),
      },
    ]);
    const page = await json(await browser.get("/zapi/internal/mypage/screen-data"));
    expect(page.contracts).toEqual([
      expect.objectContaining({
        planId: "movie-rental-48h",
        planName: "作品レンタル（48時間）",
        statusGroup: null,
      }),
    ]);
  });

  it("ends a session 30 days after its last use", async () => {
    const { browser } = await signedIn();
    t.clock.advance(30 * 24 * 60 * 60 * 1000);
    expect((await browser.get("/zapi/internal/mypage/screen-data")).status).toBe(401);
  });
});

describe("GET /zapi/internal/account-header/screen-data", () => {
  it("tells the header what the member's menu shows", async () => {
    const { browser } = await signedIn();
    expect(await json(await browser.get("/zapi/internal/account-header/screen-data"))).toEqual({
      profileImageUrl: null,
      // The demo catalogue has subscription plans; this member holds none.
      hasSubscriptionPlan: false,
      isStorePaymentAvailable: true,
      hasPlan: false,
      isEnabledMultiFactor: true,
      multiFactorType: [],
      defaultMultiFactorType: null,
      passkeyCount: 0,
    });
    // Where the store takes no passkeys, the menu has no line for them.
    t.store.update((settings) => {
      settings.login.passkey = false;
    });
    expect(await json(await browser.get("/zapi/internal/account-header/screen-data"))).toMatchObject({
      passkeyCount: null,
    });
  });

  it("reads hasPlan and hasSubscriptionPlan from the member's contracts in force", async () => {
    const { browser, member } = await signedIn();
    const header = async () => json(await browser.get("/zapi/internal/account-header/screen-data"));
    const now = t.clock.now();
    await t.db.insert(contracts).values([
      {
        accountId: member.accountId,
        planId: "standard-monthly",
        planType: "subscription",
        subscriptionStatus: "CANCELLED",
      },
      {
        accountId: member.accountId,
        planId: "movie-rental-48h",
        planType: "rental",
        entitlementExpiresAt: new Date(now.getTime() - 1),
      },
    ]);
    expect(await header()).toMatchObject({ hasPlan: false, hasSubscriptionPlan: false });
    await t.db.insert(contracts).values({
      accountId: member.accountId,
      planId: "movie-rental-48h",
      planType: "rental",
      entitlementExpiresAt: new Date(now.getTime() + 60_000),
    });
    // A rental in force is a plan, not a subscription.
    expect(await header()).toMatchObject({ hasPlan: true, hasSubscriptionPlan: false });
    t.clock.advance(60_000);
    expect(await header()).toMatchObject({ hasPlan: false });
    await t.db.insert(contracts).values({
      accountId: member.accountId,
      planId: "standard-monthly",
      planType: "subscription",
      subscriptionStatus: "CANCEL_REQUEST",
    });
    expect(await header()).toMatchObject({ hasPlan: true, hasSubscriptionPlan: true });
  });

  it("has no subscription plan with a catalogue of rentals only", async () => {
    await t.close();
    const catalogue = demoCatalogue();
    t = await createTestApi({
      catalogue: {
        ...catalogue,
        plans: catalogue.plans.filter((plan) => plan.planType !== "subscription"),
        campaigns: [],
      },
    });
    const { browser } = await signedIn();
    expect(await json(await browser.get("/zapi/internal/account-header/screen-data"))).toMatchObject({
      hasSubscriptionPlan: false,
    });
  });

  it("carries the member's two-step verification state", async () => {
    const { browser, member } = await signedIn();
    await enableMethod(t.db, member.accountId, "Email", {}, t.clock.now());
    expect(await json(await browser.get("/zapi/internal/account-header/screen-data"))).toMatchObject({
      isEnabledMultiFactor: true,
      multiFactorType: ["Email"],
      defaultMultiFactorType: "Email",
    });
    await t.store.update((settings) => {
      settings.features.multiFactorTypes = [];
    });
    expect(await json(await browser.get("/zapi/internal/account-header/screen-data"))).toMatchObject({
      isEnabledMultiFactor: false,
      multiFactorType: [],
    });
  });

  it("is for members only", async () => {
    expect((await new TestBrowser(t).get("/zapi/internal/account-header/screen-data")).status).toBe(401);
  });
});
