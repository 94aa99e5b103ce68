import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  CatalogueError,
  catalogueInForce,
  loadCatalogue,
  parseCatalogue,
  plansContent,
  staticCatalogue,
  watchCatalogue,
} from "./catalogue-source.ts";

const configDir = resolve(import.meta.dirname, "../../config");
const demoPlans = JSON.parse(readFileSync(join(configDir, "plans.json"), "utf8"));
const demoCampaigns = JSON.parse(readFileSync(join(configDir, "campaigns.json"), "utf8"));

function problemsOf(plans: unknown, campaigns: unknown = { campaigns: [] }): string[] {
  try {
    parseCatalogue(JSON.stringify(plans), JSON.stringify(campaigns), "test");
    return [];
  } catch (error) {
    if (error instanceof CatalogueError) return error.problems;
    throw error;
  }
}

const subscription = {
  planId: "monthly",
  planName: "月額",
  planType: "subscription",
  price: 990,
  renewSpanUnit: "months",
  renewSpan: 1,
};
const rental = {
  planId: "rental",
  planName: "レンタル",
  planType: "rental",
  price: 440,
  viewingPeriodDays: 2,
};
const campaign = {
  campaignId: "c1",
  code: "CODE1",
  campaignName: "キャンペーン",
  campaignType: "free",
  freeDays: 30,
  planIds: ["monthly"],
};

describe("the demo catalogue", () => {
  it("loads: monthly and annual subscriptions, a limited plan, a rental, a purchase, one not on sale, a code of each type", () => {
    const catalogue = loadCatalogue(configDir);
    expect(catalogue.plans.map((plan) => plan.planType)).toEqual([
      "subscription",
      "subscription",
      "subscription",
      "rental",
      "purchase",
      "subscription",
    ]);
    expect(catalogue.plans.some((plan) => plan.freeTrialDays)).toBe(true);
    expect(catalogue.plans.some((plan) => plan.salesLimit)).toBe(true);
    expect(catalogue.plans.some((plan) => plan.salesStartDate)).toBe(true);
    expect(new Set(catalogue.campaigns.map((entry) => entry.campaignType))).toEqual(
      new Set(["free", "discountRate", "discountAmount", "payment"]),
    );
    expect(catalogue.version).toMatch(/^[0-9a-f]{16}$/);
  });

  it("puts the monthly and the annual plan in one group, whose upgrade takes effect at once", () => {
    const catalogue = loadCatalogue(configDir);
    const grouped = catalogue.plans.filter((plan) => plan.planGroup === "standard");
    expect(grouped.map((plan) => plan.planId)).toEqual(["standard-monthly", "standard-annual"]);
    expect(catalogue.planGroups).toEqual([{ planGroupId: "standard", upgrade: "immediate" }]);
  });

  it("asks why the monthly plan is cancelled: a reason to choose and a comment, neither required", () => {
    const monthly = loadCatalogue(configDir).plans.find((plan) => plan.planId === "standard-monthly");
    expect(
      monthly?.cancellationSurvey?.questions.map(({ questionId, questionType, required }) => ({
        questionId,
        questionType,
        required,
      })),
    ).toEqual([
      { questionId: "reason", questionType: "RADIO", required: false },
      { questionId: "comment", questionType: "TEXTAREA", required: false },
    ]);
  });
});

describe("plan groups", () => {
  const groups = [{ planGroupId: "standard", upgrade: "immediate" }];

  it("are absent from a catalogue that names none", () => {
    expect(
      parseCatalogue(JSON.stringify({ plans: [subscription] }), '{"campaigns":[]}', "t").planGroups,
    ).toEqual([]);
  });

  it("hold subscriptions only, of a declared group, and each group is declared once", () => {
    expect(problemsOf({ planGroups: groups, plans: [{ ...subscription, planGroup: "standard" }] })).toEqual(
      [],
    );
    expect(problemsOf({ planGroups: groups, plans: [{ ...rental, planGroup: "standard" }] })).toEqual([
      "plans.0.planGroup: is for subscriptions",
    ]);
    expect(problemsOf({ planGroups: groups, plans: [{ ...subscription, planGroup: "premium" }] })).toEqual([
      'plans.0.planGroup: "premium" is not a group of planGroups',
    ]);
    expect(problemsOf({ planGroups: [...groups, ...groups], plans: [] })).toEqual([
      'planGroups.1.planGroupId: "standard" is used twice',
    ]);
    expect(
      problemsOf({ planGroups: [{ planGroupId: "standard", upgrade: "later" }], plans: [] })[0],
    ).toContain('planGroups.0.upgrade: must be one of "immediate", "nextSettlement"');
  });
});

describe("checking the catalogue", () => {
  it("names the file and the field the schema refuses", () => {
    expect(problemsOf({ plans: [{ ...subscription, price: -1 }] })).toEqual(["plans.0.price: must be >= 0"]);
    expect(problemsOf({ plans: [{ ...subscription, planType: "lifetime" }] })[0]).toContain(
      'plans.0.planType: must be one of "subscription", "purchase", "rental"',
    );
    expect(problemsOf({ plans: [{ ...subscription, colour: "red" }] })).toEqual([
      "plans.0.colour: is not a known field",
    ]);
    expect(problemsOf({ plans: [{ ...subscription, salesEndDate: "2026-12-01" }] }).join()).toContain(
      "plans.0.salesEndDate",
    );
    expect(() => parseCatalogue("{", "{}", "dir")).toThrow(/dir\/plans.json:\n {2}- is not valid JSON/);
  });

  it("takes freeTrialDays 0 as an operator means it: no trial (null), like leaving it out", () => {
    const catalogue = parseCatalogue(
      JSON.stringify({
        plans: [
          { ...subscription, freeTrialDays: 0 },
          { ...rental, freeTrialDays: 0 },
        ],
      }),
      JSON.stringify({ campaigns: [] }),
      "test",
    );
    expect(catalogue.plans.map((plan) => plan.freeTrialDays)).toEqual([null, null]);
    expect(problemsOf({ plans: [{ ...subscription, freeTrialDays: -1 }] })).toEqual([
      "plans.0.freeTrialDays: must be >= 0",
    ]);
  });

  it("refuses what the schema cannot say: plan types' fields, periods, duplicates", () => {
    expect(problemsOf({ plans: [{ ...subscription, renewSpan: undefined }] })).toEqual([
      "plans.0: a subscription needs renewSpanUnit and renewSpan",
    ]);
    expect(problemsOf({ plans: [{ ...rental, viewingPeriodDays: undefined }] })).toEqual([
      "plans.0: a rental needs viewingPeriodDays",
    ]);
    expect(problemsOf({ plans: [{ ...rental, freeTrialDays: 7 }] })[0]).toContain("are for subscriptions");
    expect(
      problemsOf({
        plans: [
          {
            ...subscription,
            salesStartDate: "2026-05-01T00:00:00+09:00",
            salesEndDate: "2026-04-01T00:00:00+09:00",
          },
        ],
      }),
    ).toEqual(["plans.0.salesEndDate: must be after salesStartDate"]);
    expect(problemsOf({ plans: [subscription, subscription] })).toEqual([
      'plans.1.planId: "monthly" is used twice',
    ]);
  });

  it("refuses a campaign for an unknown plan, a code twice, and fields of another type", () => {
    const plans = { plans: [subscription] };
    expect(problemsOf(plans, { campaigns: [{ ...campaign, planIds: ["nope"] }] })).toEqual([
      'campaigns.0.planIds: "nope" is not a plan of plans.json',
    ]);
    expect(
      problemsOf(plans, { campaigns: [campaign, { ...campaign, campaignId: "c2", code: "code1" }] }),
    ).toEqual(['campaigns.1.code: "code1" is used twice (codes match without regard to case)']);
    expect(problemsOf(plans, { campaigns: [{ ...campaign, freeDays: undefined }] })).toEqual([
      "campaigns.0.freeDays: is required for free",
    ]);
    expect(problemsOf(plans, { campaigns: [{ ...campaign, campaignType: "payment" }] })).toEqual([
      "campaigns.0.freeDays: is not for payment",
    ]);
    expect(problemsOf(plans, { campaigns: [{ ...campaign, code: "ＣＯＤＥ" }] })[0]).toContain(
      "campaigns.0.code",
    );
  });
});

describe("watchCatalogue", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("offers no plans from a store folder without the two files, and says so", () => {
    dir = mkdtempSync(join(tmpdir(), "catalogue-"));
    const log = { info: vi.fn(), error: vi.fn() };
    const source = watchCatalogue(dir, log);
    expect(source.current()).toMatchObject({ plans: [], campaigns: [] });
    expect(String(log.info.mock.calls[0]?.[0])).toContain("no plans are on offer");
    source.close();
  });

  it("applies a valid edit to the next read and keeps the last good catalogue after an invalid one", async () => {
    dir = mkdtempSync(join(tmpdir(), "catalogue-"));
    writeFileSync(join(dir, "plans.json"), JSON.stringify(demoPlans));
    writeFileSync(join(dir, "campaigns.json"), JSON.stringify(demoCampaigns));
    const log = { info: vi.fn(), error: vi.fn() };
    const source = watchCatalogue(dir, log);
    try {
      const first = source.current();
      const renamed = structuredClone(demoPlans);
      renamed.plans[0].planName = "新しい名前";
      writeFileSync(join(dir, "plans.json"), JSON.stringify(renamed));
      await vi.waitFor(() => expect(source.current().plans[0]?.planName).toBe("新しい名前"), {
        timeout: 5000,
      });
      const good = source.current();
      expect(good.version).not.toBe(first.version);

      writeFileSync(join(dir, "plans.json"), JSON.stringify({ plans: [{ planId: "x" }] }));
      await vi.waitFor(() => expect(log.error).toHaveBeenCalled(), { timeout: 5000 });
      expect(String(log.error.mock.calls.at(-1)?.[0])).toContain(
        `keeping the last good plans and campaigns (version ${good.version})`,
      );
      expect(source.current()).toBe(good);
    } finally {
      source.close();
    }
  });
});

describe("catalogueInForce", () => {
  const file = () => staticCatalogue(loadCatalogue(configDir), "file");

  it("answers with the files' snapshot until a version differs, and with the version then", () => {
    const source = file();
    const inForce = catalogueInForce(source);
    const [plans, campaigns] = inForce.configurations;
    const reloads = vi.fn();
    inForce.onReload?.(reloads);
    expect(inForce.current()).toBe(source.current());

    const content = plansContent(source.current());
    const cheaper = { ...content, plans: content.plans.map((plan) => ({ ...plan, price: plan.price + 1 })) };
    plans.apply?.(cheaper);
    expect(inForce.current().plans[0]?.price).toBe((content.plans[0]?.price ?? 0) + 1);
    expect(inForce.current().campaigns).toEqual(source.current().campaigns);
    expect(reloads).toHaveBeenCalledTimes(1);

    plans.apply?.(content);
    expect(inForce.current()).toBe(source.current());
    expect(campaigns.kind).toBe("campaigns");
  });

  it("refuses a version that does not hold with the other kind in force, leaving all as it was", () => {
    const source = file();
    const inForce = catalogueInForce(source);
    const [plans] = inForce.configurations;
    // Every campaign names a plan: without plans, none holds.
    expect(() => plans.apply?.({ plans: [], planGroups: [] })).toThrow(CatalogueError);
    expect(inForce.current()).toBe(source.current());
  });
});
