import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import heldContractSchema from "../../schemas/held-contract.schema.json" with { type: "json" };
import planOfferSchema from "../../schemas/plan-offer.schema.json" with { type: "json" };
import { createAjv } from "../../schemas/validation.ts";
import {
  createTestApi,
  demoCatalogue,
  insertAccount,
  type TestApi,
  TestBrowser,
} from "../../tests/api-harness.ts";
import { contracts, orders } from "../db/schema.ts";
import type { Campaign } from "../store/catalogue-source.ts";

let t: TestApi;
let memberId: string;
let browser: TestBrowser;

beforeEach(async () => {
  t = await createTestApi();
  const member = await insertAccount(t, { email: "hanako@example.jp" });
  memberId = member.accountId;
  browser = new TestBrowser(t);
  await browser.post("/zapi/login", {
    emailUserId: member.email,
    password: member.password,
    loginMethod: "Password",
  });
});
afterEach(() => t.close());

type Page = {
  contracts: Record<string, unknown>[];
  plans: (Record<string, unknown> & { planId: string })[];
};

async function plansPage(on = browser): Promise<Page> {
  const response = await on.get("/zapi/internal/plans/screen-data");
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}

const planOf = (page: Page, planId: string) => page.plans.find((plan) => plan.planId === planId);

describe("GET /zapi/internal/plans/screen-data", () => {
  it("lists every plan of the catalogue with its state for the member, in the spec's field names", async () => {
    const page = await plansPage();
    expect(page.contracts).toEqual([]);
    expect(page.plans.map((plan) => plan.planId)).toEqual(demoCatalogue().plans.map((plan) => plan.planId));
    expect(planOf(page, "standard-monthly")).toMatchObject({
      planName: "スタンダードプラン（月額）",
      planType: "subscription",
      price: 990,
      renewSpanUnit: "months",
      renewSpan: 1,
      freeTrialDays: 31,
      salesCount: 0,
      hasAvailableCampaign: true,
      availability: "available",
      canContract: true,
    });
    // On sale from 2027-04-01; the test clock is 2026-04-01.
    expect(planOf(page, "family-monthly")).toMatchObject({ availability: "beforeSale", canContract: false });
    expect(planOf(page, "movie-purchase")).toMatchObject({ planType: "purchase", viewingPeriodDays: 36500 });
  });

  it("answers in English with the English twins", async () => {
    const english = new TestBrowser(t, { language: "en" });
    await english.post("/zapi/login", {
      emailUserId: "hanako@example.jp",
      password: "Passw0rdA",
      loginMethod: "Password",
    });
    expect(planOf(await plansPage(english), "standard-monthly")).toMatchObject({
      planName: "Standard (monthly)",
    });
  });

  it("counts sales from the contracts: few left, then sold out", async () => {
    const other = await insertAccount(t, { email: "taro@example.jp" });
    const sell = (n: number) =>
      t.db.insert(contracts).values(
        Array.from({ length: n }, () => ({
          accountId: other.accountId,
          planId: "premiere-pass",
          planType: "subscription" as const,
          subscriptionStatus: "NEW_CONTRACT" as const,
        })),
      );
    await sell(3);
    expect(planOf(await plansPage(), "premiere-pass")).toMatchObject({
      salesCount: 3,
      availability: "available",
    });
    await sell(1);
    expect(planOf(await plansPage(), "premiere-pass")).toMatchObject({
      salesCount: 4,
      availability: "fewLeft",
      canContract: true,
    });
    await sell(1);
    expect(planOf(await plansPage(), "premiere-pass")).toMatchObject({
      availability: "soldOut",
      canContract: false,
    });
  });

  it("shows the member's contracts in force first, and a subscription they hold as subscribed", async () => {
    await t.db.insert(contracts).values([
      {
        accountId: memberId,
        planId: "standard-monthly",
        planType: "subscription",
        subscriptionStatus: "NEW_TRIAL_CONTRACT",
        nextSettlementDay: "2026-05-02",
        trialEndDay: "2026-05-01",
      },
      {
        accountId: memberId,
        planId: "standard-annual",
        planType: "subscription",
        subscriptionStatus: "CANCELLED",
      },
    ]);
    const page = await plansPage();
    expect(page.contracts).toEqual([
      {
        contractId: expect.any(String),
        planId: "standard-monthly",
        planName: "スタンダードプラン（月額）",
        planType: "subscription",
        subscriptionStatus: "NEW_TRIAL_CONTRACT",
        statusGroup: "freeTrial",
        nextSettlementDay: "2026-05-02",
        trialEndDay: "2026-05-01",
        entitlementExpiration: null,
        // Inserted without a method: the first charge needs one.
        methodNeededBy: "2026-05-02",
      },
    ]);
    expect(planOf(page, "standard-monthly")).toMatchObject({
      availability: "subscribed",
      canContract: false,
    });
    expect(planOf(page, "standard-annual")).toMatchObject({ availability: "available" });
  });

  /** A fresh API whose catalogue holds just these campaigns, with the member signed in again. */
  async function withCampaigns(campaigns: Campaign[]) {
    await t.close();
    t = await createTestApi({ catalogue: { ...demoCatalogue(), campaigns } });
    const member = await insertAccount(t, { email: "hanako@example.jp" });
    browser = new TestBrowser(t);
    await browser.post("/zapi/login", {
      emailUserId: member.email,
      password: member.password,
      loginMethod: "Password",
    });
    return member;
  }
  const campaignOf = (campaignId: string) => {
    const campaign = demoCatalogue().campaigns.find((candidate) => candidate.campaignId === campaignId);
    if (!campaign) throw new Error(campaignId);
    return campaign;
  };

  it("says no campaign applies once a code's use limit is reached", async () => {
    const member = await withCampaigns([{ ...campaignOf("movie-300-off"), useLimit: 1 }]);
    expect(planOf(await plansPage(), "movie-rental-48h")).toMatchObject({ hasAvailableCampaign: true });
    await t.db.insert(contracts).values({
      accountId: member.accountId,
      planId: "movie-purchase",
      planType: "purchase",
      campaignId: "movie-300-off",
    });
    expect(planOf(await plansPage(), "movie-rental-48h")).toMatchObject({ hasAvailableCampaign: false });
  });

  it("gives the same answer as verify for a code whose last use another member's purchase under way holds", async () => {
    await withCampaigns([{ ...campaignOf("gift-code-2026"), useLimit: 1 }]);
    const taro = await insertAccount(t, { email: "taro@example.jp" });
    const [held] = await t.db
      .insert(orders)
      .values({
        accountId: taro.accountId,
        planId: "standard-monthly",
        purchaseTokenHash: "held-by-taro",
        campaignId: "gift-code-2026",
        amount: 0,
        status: "pending",
      })
      .returning();
    const verifyGift = () =>
      browser.post("/zapi/purchase/verify/movie-rental-48h", { campaignCode: "GIFT2026" });

    expect(planOf(await plansPage(), "movie-rental-48h")).toMatchObject({ hasAvailableCampaign: false });
    const refused = await verifyGift();
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: "CAMPAIGN_NOT_APPLICABLE" });

    // Taro's purchase fails: the use is free again, for both.
    await t.db
      .update(orders)
      .set({ status: "failed" })
      .where(eq(orders.id, held?.id ?? ""));
    expect(planOf(await plansPage(), "movie-rental-48h")).toMatchObject({ hasAvailableCampaign: true });
    expect((await verifyGift()).status).toBe(200);
  });

  it("offers no free days on a plan that is not a subscription, as verify refuses them", async () => {
    await withCampaigns([{ ...campaignOf("welcome-free-30"), planIds: ["movie-purchase"] }]);
    expect(planOf(await plansPage(), "movie-purchase")).toMatchObject({ hasAvailableCampaign: false });
    const refused = await browser.post("/zapi/purchase/verify/movie-purchase", { campaignCode: "WELCOME30" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: "CAMPAIGN_NOT_APPLICABLE" });
  });

  it("answers each plan in the shape the plan pages read (plan-offer.schema.json), on the list and on a purchase form", async () => {
    const validate = createAjv().compile(planOfferSchema);
    const page = await plansPage();
    expect(page.plans.length).toBeGreaterThan(3);
    for (const plan of page.plans)
      expect(validate(plan), `${plan.planId} ${JSON.stringify(validate.errors)}`).toBe(true);
    for (const { planId } of page.plans) {
      const form = (await (
        await browser.get(`/zapi/internal/plans/${planId}/screen-data`)
      ).json()) as Page & {
        plan: unknown;
      };
      expect(validate(form.plan), `${planId} form ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    // The shape is held to: an availability the pages do not know is not one.
    expect(validate({ ...page.plans[0], availability: "maybe" })).toBe(false);
  });

  it("answers each held contract in the shape /plans and /mypage read (held-contract.schema.json)", async () => {
    const validate = createAjv().compile(heldContractSchema);
    const held = (planId: string, planType: "subscription" | "purchase" | "rental", more = {}) =>
      t.db.insert(contracts).values({ accountId: memberId, planId, planType, ...more });
    await held("standard-monthly", "subscription", {
      subscriptionStatus: "NEW_TRIAL_CONTRACT",
      anchorDay: 2,
      nextSettlementDay: "2026-05-02",
      trialEndDay: "2026-05-01",
    });
    await held("movie-purchase", "purchase", { entitlementExpiresAt: new Date("2126-04-01T00:00:00Z") });
    await held("movie-rental-48h", "rental", { entitlementExpiresAt: new Date("2026-04-03T00:00:00Z") });
    await held("a-plan-since-removed", "purchase");
    const page = await plansPage();
    expect(page.contracts).toHaveLength(4);
    for (const contract of page.contracts)
      expect(validate(contract), JSON.stringify(validate.errors)).toBe(true);
    const mypage = (await (await browser.get("/zapi/internal/mypage/screen-data")).json()) as Page;
    expect(mypage.contracts).toHaveLength(4);
    for (const contract of mypage.contracts)
      expect(validate(contract), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...page.contracts[0], planType: "lease" })).toBe(false);
  });

  it("is for members only", async () => {
    expect((await new TestBrowser(t).get("/zapi/internal/plans/screen-data")).status).toBe(401);
  });
});
