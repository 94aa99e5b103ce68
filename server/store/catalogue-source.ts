/**
 * The plans on offer and the campaign codes (issue 43): `plans.json` and `campaigns.json` beside
 * the store settings file, the operator's data. Checked against their schemas
 * (schemas/catalogue/) and against each other; kept current like the store settings.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import Ajv from "ajv";
import type { Language } from "../../locales/index.ts";
import campaignCatalogueSchema from "../../schemas/catalogue/campaign-catalogue.schema.json" with {
  type: "json",
};
import planCatalogueSchema from "../../schemas/catalogue/plan-catalogue.schema.json" with { type: "json" };
import surveySchema from "../../schemas/survey.schema.json" with { type: "json" };
import type { Campaign, CampaignCatalogue } from "../../schemas/types/campaign-catalogue.gen.ts";
import type { CataloguePlan, PlanCatalogue, PlanGroup } from "../../schemas/types/plan-catalogue.gen.ts";
import type { VersionedConfiguration } from "./config-in-force.ts";
import {
  ConfigCheckError,
  type ConfigProblem,
  configProblem,
  fileProblem,
  schemaProblem,
} from "./config-problems.ts";
import { contentHash } from "./config-versions.ts";
import { type CurrentSource, keepCurrent } from "./keep-current.ts";

export type { Campaign, CataloguePlan, PlanGroup };

export interface Catalogue {
  plans: CataloguePlan[];
  /** Plans of one group are held one at a time (a member changes between them). */
  planGroups: PlanGroup[];
  campaigns: Campaign[];
  /** Changes whenever either file changes. */
  version: string;
}

export type CatalogueSource = CurrentSource<Catalogue>;

/** What a plan ID may look like (the catalogue's schema): anything else names no plan, ever. */
const PLAN_ID = new RegExp(planCatalogueSchema.definitions.cataloguePlan.properties.planId.pattern);

export function isPlanIdShape(value: string): boolean {
  return PLAN_ID.test(value);
}

/** A plan's name in `language` (its id for a plan the catalogue no longer holds). */
export function planNameOf(catalogue: Pick<Catalogue, "plans">, planId: string, language: Language): string {
  const plan = catalogue.plans.find((candidate) => candidate.planId === planId);
  return (language === "en" && plan?.planNameEn) || plan?.planName || planId;
}

/** Both names of a plan, for documents kept in both languages; a plan since removed keeps its id. */
export function planNamesOf(
  catalogue: Pick<Catalogue, "plans">,
  planId: string,
): { name: string; nameEn: string | null } {
  const plan = catalogue.plans.find((candidate) => candidate.planId === planId);
  return { name: plan?.planName || planId, nameEn: plan?.planNameEn || null };
}

export const PLANS_FILE = "plans.json";
export const CAMPAIGNS_FILE = "campaigns.json";

export class CatalogueError extends ConfigCheckError {
  constructor(source: string, details: readonly ConfigProblem[]) {
    super("catalogue", source, details);
    this.name = "CatalogueError";
  }
}

const ajv = new Ajv({ allErrors: true, allowUnionTypes: true, strict: false });
ajv.addSchema(surveySchema, "survey.schema.json");
ajv.addSchema(planCatalogueSchema);
const validatePlans = ajv.compile<PlanCatalogue>({ $ref: planCatalogueSchema.$id });
const validateCampaigns = ajv.compile<CampaignCatalogue>(campaignCatalogueSchema);

function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CatalogueError(source, [fileProblem(`is not valid JSON: ${(error as Error).message}`)]);
  }
}

/** What the schemas cannot say: each plan type's fields, the periods, one id and code each, known plans. */
function crossProblems(
  plans: CataloguePlan[],
  planGroups: PlanGroup[],
  campaigns: Campaign[],
): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const groupIds = new Set<string>();
  for (const [index, group] of planGroups.entries()) {
    if (groupIds.has(group.planGroupId))
      problems.push(
        configProblem(`planGroups.${index}.planGroupId`, "usedTwice", { value: group.planGroupId }),
      );
    groupIds.add(group.planGroupId);
  }
  const planIds = new Set<string>();
  for (const [index, plan] of plans.entries()) {
    const at = `plans.${index}`;
    if (planIds.has(plan.planId))
      problems.push(configProblem(`${at}.planId`, "usedTwice", { value: plan.planId }));
    planIds.add(plan.planId);
    if (plan.planGroup !== undefined) {
      if (plan.planType !== "subscription")
        problems.push(configProblem(`${at}.planGroup`, "forSubscriptions"));
      if (!groupIds.has(plan.planGroup))
        problems.push(configProblem(`${at}.planGroup`, "notAPlanGroup", { value: plan.planGroup }));
    }
    if (plan.planType === "subscription") {
      if (!plan.renewSpanUnit || !plan.renewSpan)
        problems.push(configProblem(at, "subscriptionNeedsRenewal"));
      if (plan.viewingPeriodDays)
        problems.push(configProblem(`${at}.viewingPeriodDays`, "forPurchasesAndRentals"));
    } else {
      if (plan.renewSpanUnit || plan.renewSpan || plan.freeTrialDays || plan.forceStopRenewDate) {
        problems.push(configProblem(at, "renewalFieldsForSubscriptions"));
      }
      if (plan.planType === "rental" && !plan.viewingPeriodDays)
        problems.push(configProblem(at, "rentalNeedsViewingPeriod"));
    }
    if (
      plan.salesStartDate &&
      plan.salesEndDate &&
      Date.parse(plan.salesStartDate) >= Date.parse(plan.salesEndDate)
    ) {
      problems.push(configProblem(`${at}.salesEndDate`, "salesEndAfterStart"));
    }
  }
  const campaignIds = new Set<string>();
  const codes = new Set<string>();
  for (const [index, campaign] of campaigns.entries()) {
    const at = `campaigns.${index}`;
    if (campaignIds.has(campaign.campaignId))
      problems.push(configProblem(`${at}.campaignId`, "usedTwice", { value: campaign.campaignId }));
    campaignIds.add(campaign.campaignId);
    const code = campaign.code.toUpperCase();
    if (codes.has(code))
      problems.push(configProblem(`${at}.code`, "codeUsedTwice", { value: campaign.code }));
    codes.add(code);
    for (const planId of campaign.planIds) {
      if (!planIds.has(planId)) problems.push(configProblem(`${at}.planIds`, "notAPlan", { value: planId }));
    }
    const needs = {
      free: "freeDays",
      discountRate: "discountRate",
      discountAmount: "discountAmount",
      payment: null,
    }[campaign.campaignType];
    for (const field of ["freeDays", "discountRate", "discountAmount"] as const) {
      if (field === needs && campaign[field] === undefined)
        problems.push(configProblem(`${at}.${field}`, "requiredFor", { type: campaign.campaignType }));
      if (field !== needs && campaign[field] !== undefined)
        problems.push(configProblem(`${at}.${field}`, "notFor", { type: campaign.campaignType }));
    }
    if (
      campaign.validFrom &&
      campaign.validUntil &&
      Date.parse(campaign.validFrom) >= Date.parse(campaign.validUntil)
    ) {
      problems.push(configProblem(`${at}.validUntil`, "validUntilAfterFrom"));
    }
  }
  return problems;
}

/** Reads and checks both files of `directory`; throws CatalogueError naming each problem. */
export function loadCatalogue(directory: string): Catalogue {
  const dir = resolve(directory);
  const plansPath = join(dir, PLANS_FILE);
  const campaignsPath = join(dir, CAMPAIGNS_FILE);
  const plansText = readFileSync(plansPath, "utf8");
  const campaignsText = readFileSync(campaignsPath, "utf8");
  return parseCatalogue(plansText, campaignsText, dir);
}

/** Checks the two files' texts (also for tests); `source` names them in messages. */
export function parseCatalogue(plansText: string, campaignsText: string, source: string): Catalogue {
  const plansDocument = parseJson(plansText, `${source}/${PLANS_FILE}`);
  const campaignsDocument = parseJson(campaignsText, `${source}/${CAMPAIGNS_FILE}`);
  const version = createHash("sha256")
    .update(plansText)
    .update("\0")
    .update(campaignsText)
    .digest("hex")
    .slice(0, 16);
  return { ...catalogueOf(plansDocument, campaignsDocument, source), version };
}

/**
 * Checks the two documents (a file's or a version's: `{plans, planGroups}` and `{campaigns}`)
 * against their schemas and each other; throws CatalogueError naming each problem.
 */
export function catalogueOf(
  plansDocument: unknown,
  campaignsDocument: unknown,
  source: string,
): Omit<Catalogue, "version"> {
  if (!validatePlans(plansDocument)) {
    throw new CatalogueError(
      `${source}/${PLANS_FILE}`,
      (validatePlans.errors ?? []).map((error) => schemaProblem(error)),
    );
  }
  if (!validateCampaigns(campaignsDocument)) {
    throw new CatalogueError(
      `${source}/${CAMPAIGNS_FILE}`,
      (validateCampaigns.errors ?? []).map((error) => schemaProblem(error)),
    );
  }
  const { campaigns } = campaignsDocument;
  // An operator writes 0 for "no trial"; the rest of the product knows no trial as null only.
  const plans = plansDocument.plans.map((plan) =>
    plan.freeTrialDays === 0 ? { ...plan, freeTrialDays: null } : plan,
  );
  const planGroups = plansDocument.planGroups ?? [];
  const problems = crossProblems(plans, planGroups, campaigns);
  if (problems.length > 0) throw new CatalogueError(source, problems);
  return { plans, planGroups, campaigns };
}

/** The plans' version content (what the console edits and a version stores). */
export function plansContent(catalogue: Pick<Catalogue, "plans" | "planGroups">): PlanCatalogue {
  return { plans: catalogue.plans, planGroups: catalogue.planGroups };
}

/** The campaigns' version content. */
export function campaignsContent(catalogue: Pick<Catalogue, "campaigns">): CampaignCatalogue {
  return { campaigns: catalogue.campaigns };
}

/**
 * The catalogue beside the store settings file, kept current (keep-current.ts). A store folder
 * without the two files sells nothing: that is said once at start-up.
 */
export function watchCatalogue(
  directory: string,
  logger: Pick<Console, "info" | "error"> = console,
): CatalogueSource {
  const dir = resolve(directory);
  if (!existsSync(join(dir, PLANS_FILE)) && !existsSync(join(dir, CAMPAIGNS_FILE))) {
    logger.info(`[catalogue] no ${PLANS_FILE} or ${CAMPAIGNS_FILE} in ${dir}: no plans are on offer`);
    return staticCatalogue({ plans: [], planGroups: [], campaigns: [] }, "none");
  }
  return keepCurrent({
    load: () => loadCatalogue(dir),
    directory: dir,
    names: [PLANS_FILE, CAMPAIGNS_FILE],
    label: "catalogue",
    what: "plans and campaigns",
    logger,
  });
}

type CatalogueKind = "plans" | "campaigns";

/**
 * The catalogue as the newest versions of its plans and of its campaigns (config-in-force.ts): the
 * files' snapshot while both say what the files say, else the versions' content checked together
 * (a campaign must name plans in force). `configurations` are the two kinds to keep in force.
 */
export function catalogueInForce(
  file: CatalogueSource,
): CatalogueSource & { configurations: [VersionedConfiguration, VersionedConfiguration] } {
  const contentOf = (kind: CatalogueKind, catalogue: Catalogue) =>
    kind === "plans" ? plansContent(catalogue) : campaignsContent(catalogue);
  // A kind's published content, while it differs from its file.
  const published = new Map<CatalogueKind, unknown>();
  let snapshot: Catalogue | null = null;
  const listeners: (() => void)[] = [];
  const notify = () => {
    for (const listener of listeners) listener();
  };
  file.onReload?.(() => {
    if (snapshot === null) notify();
  });
  const configuration = (kind: CatalogueKind): VersionedConfiguration => ({
    kind,
    fileContent: () => contentOf(kind, file.current()),
    onFileReload: (listener) => file.onReload?.(listener),
    apply(content) {
      const next = new Map(published);
      if (contentHash(content) === contentHash(contentOf(kind, file.current()))) next.delete(kind);
      else next.set(kind, content);
      const plans = next.get("plans") ?? contentOf("plans", file.current());
      const campaigns = next.get("campaigns") ?? contentOf("campaigns", file.current());
      const nextSnapshot =
        next.size === 0
          ? null
          : {
              ...catalogueOf(plans, campaigns, "the published catalogue"),
              version: `v${contentHash([plans, campaigns]).slice(0, 16)}`,
            };
      const before = (snapshot ?? file.current()).version;
      published.clear();
      for (const [name, value] of next) published.set(name, value);
      snapshot = nextSnapshot;
      if ((snapshot ?? file.current()).version !== before) notify();
    },
  });
  return {
    current: () => snapshot ?? file.current(),
    close: () => file.close(),
    onReload: (listener) => {
      listeners.push(listener);
    },
    configurations: [configuration("plans"), configuration("campaigns")],
  };
}

/** A fixed catalogue, for tests. */
export function staticCatalogue(catalogue: Omit<Catalogue, "version">, version = "static"): CatalogueSource {
  const snapshot = { ...catalogue, version };
  return { current: () => snapshot, close: () => {} };
}
