/**
 * The plans on offer for a member (issue 43 §2–3; spec §3 Plan on offer, §4 Plan availability):
 * GET /zapi/internal/plans/screen-data — the member's contracts in force first, then every plan
 * of the catalogue (not yet on sale and sold out included) with its sales count, whether a
 * campaign applies now, its availability for this member and whether it can be contracted.
 */

import { and, desc, eq, gt } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { translatorFor } from "../../locales/language.ts";
import { addDays } from "../../schemas/billing-calendar.ts";
import { PAY_WITH_CODE } from "../../schemas/forms/purchase.ts";
import { canContract, planAvailability } from "../../schemas/plan-availability.ts";
import { subscriptionStatusGroup } from "../../schemas/subscription-status.ts";
import type { HeldContract } from "../../schemas/types/held-contract.gen.ts";
import type { OrderQuote } from "../../schemas/types/order-quote.gen.ts";
import type { PlanOffer } from "../../schemas/types/plan-offer.gen.ts";
import type { PurchaseCompleteScreenData } from "../../schemas/types/purchase-complete-screen-data.gen.ts";
import type { PurchaseConfirmScreenData } from "../../schemas/types/purchase-confirm-screen-data.gen.ts";
import type { PurchaseFormScreenData } from "../../schemas/types/purchase-form-screen-data.gen.ts";
import type { SignupPlansScreenData } from "../../schemas/types/signup-plans-screen-data.gen.ts";
import type { ApiEnv } from "../api/context.ts";
import { methodNeededBy as subscriptionMethodNeededBy } from "../billing/renewals.ts";
import { type contracts, orders } from "../db/schema.ts";
import { requireMemberAccount } from "../identity/member.ts";
import {
  offersSignupPlans,
  SIGNUP_COMPLETE_PATH,
  SIGNUP_PLANS_PATH,
  signupPageData,
} from "../identity/signup-screen-data.ts";
import { apiError } from "../kit/messages.ts";
import { requestLanguage } from "../kit/validation.ts";
import { registrableTypes } from "../payments/payment-method-routes.ts";
import { preselectedMethodId, toAccountPaymentMethod } from "../payments/payment-methods.ts";
import { type Catalogue, type CataloguePlan, planNameOf } from "../store/catalogue-source.ts";
import { campaignApplies, type SalesCounts, salesCounts } from "./campaigns.ts";
import { contractsInForce } from "./contracts.ts";
import {
  inNativeApp,
  methodChoice,
  purchasePaymentChoices,
  purchaseTokenCookie,
  verifyResult,
} from "./purchase-routes.ts";
import { groupPlanIds, quoteOfToken } from "./purchases.ts";

type Language = ReturnType<typeof requestLanguage>;

/** A catalogue plan as spec §3 "Plan on offer" names it, in the request's language. */
function planView(plan: CataloguePlan, language: Language) {
  const en = language === "en";
  return {
    planId: plan.planId,
    planName: (en && plan.planNameEn) || plan.planName,
    planDescription: (en && plan.planDescriptionEn) || plan.planDescription || null,
    planType: plan.planType,
    price: plan.price,
    renewSpanUnit: plan.renewSpanUnit ?? null,
    renewSpan: plan.renewSpan ?? null,
    freeTrialDays: plan.freeTrialDays ?? null,
    forceStopRenewDate: plan.forceStopRenewDate ?? null,
    salesStartDate: plan.salesStartDate ?? null,
    salesEndDate: plan.salesEndDate ?? null,
    salesLimit: plan.salesLimit ?? null,
    viewingPeriodDays: plan.viewingPeriodDays ?? null,
  };
}

type Held = typeof contracts.$inferSelect;

/** A contract as the plan pages and /mypage show it (its plan's name in the request's language). */
function contractView(contract: Held, catalogue: Catalogue, language: Language): HeldContract {
  const plan = catalogue.plans.find((candidate) => candidate.planId === contract.planId);
  return {
    contractId: contract.id,
    planId: contract.planId,
    // A plan the operator has since removed keeps its id as its name.
    planName: plan ? planView(plan, language).planName : contract.planId,
    planType: contract.planType,
    subscriptionStatus: contract.subscriptionStatus,
    statusGroup: contract.subscriptionStatus ? subscriptionStatusGroup(contract.subscriptionStatus) : null,
    nextSettlementDay: contract.nextSettlementDay,
    trialEndDay: contract.trialEndDay,
    entitlementExpiration: contract.entitlementExpiresAt?.toISOString() ?? null,
    // A subscription a payment code started: until a method is set, the day the plan needs one.
    methodNeededBy:
      plan?.planType === "subscription" ? subscriptionMethodNeededBy(contract, plan, catalogue) : null,
  };
}

function memberContractsInForce(c: Context<ApiEnv>, accountId: string): Promise<Held[]> {
  const { db, now } = c.get("deps");
  return contractsInForce(db, accountId, now());
}

/** The member's contracts in force, oldest first (/mypage, /plans). */
export async function heldContracts(c: Context<ApiEnv>, accountId: string) {
  const held = await memberContractsInForce(c, accountId);
  const catalogue = c.get("deps").catalogue.current();
  return held.map((contract) => contractView(contract, catalogue, requestLanguage(c)));
}

/**
 * Every plan of the catalogue as a card, with its state for a member holding `held` (none: a new
 * member, as the console's preview shows them).
 */
export function planOffers(
  current: Catalogue,
  held: readonly Held[],
  counts: SalesCounts,
  now: Date,
  language: Language,
): PlanOffer[] {
  const { plans, campaigns } = current;
  return plans.map((plan): PlanOffer => {
    const mine = held.filter((contract) => contract.planId === plan.planId);
    const group = groupPlanIds(current, plan);
    const inGroup = held.find((contract) => group.includes(contract.planId));
    const availability = planAvailability(
      {
        salesStartDate: plan.salesStartDate,
        salesEndDate: plan.salesEndDate,
        salesCount: counts.plans.get(plan.planId) ?? 0,
        salesLimit: plan.salesLimit,
        contractLimit: plan.contractLimit,
        subscribed: plan.planType === "subscription" && mine.length > 0,
        contractCount: mine.length,
      },
      now,
    );
    return {
      ...planView(plan, language),
      salesCount: counts.plans.get(plan.planId) ?? 0,
      hasAvailableCampaign: campaigns.some((campaign) => campaignApplies(campaign, plan, now, counts)),
      availability,
      canContract: canContract(availability),
      heldSubscription: inGroup
        ? { subscriptionId: inGroup.id, planName: planNameOf(current, inGroup.planId, language) }
        : null,
    };
  });
}

/** The member's contracts in force and every plan of the catalogue with its state for them. */
async function memberPlans(c: Context<ApiEnv>, accountId: string) {
  const { db, catalogue, now: clock } = c.get("deps");
  const now = clock();
  const language = requestLanguage(c);
  const current = catalogue.current();
  const [held, counts] = await Promise.all([memberContractsInForce(c, accountId), salesCounts(db)]);
  return {
    contracts: held.map((contract) => contractView(contract, current, language)),
    plans: planOffers(current, held, counts, now, language),
  };
}

/**
 * A subscription a payment code starts without a method of the member's: the day its first paid
 * renewal falls due, by which a method must be registered or the plan ends (null: nothing to say).
 */
function methodNeededBy(plan: { planType: string; price: number }, quote: OrderQuote, hasMethod: boolean) {
  if (hasMethod || plan.planType !== "subscription" || plan.price === 0 || !quote.subscription) return null;
  return quote.campaignEndDate ? addDays(quote.campaignEndDate, 1) : quote.subscription.nextSettlementDay;
}

/** How long after a purchase its completion page shows it. */
const COMPLETION_SHOWN_MS = 30 * 60 * 1000;

/** A plan of the catalogue with its state for the member, or a 404 for a plan not in it. */
async function memberPlan(c: Context<ApiEnv>, accountId: string) {
  const planId = c.req.param("planId");
  const plan = (await memberPlans(c, accountId)).plans.find((candidate) => candidate.planId === planId);
  if (!plan) throw await apiError(c, 404, "PLAN_NOT_FOUND", "purchase.planNotFound");
  const source = c
    .get("deps")
    .catalogue.current()
    .plans.find((candidate) => candidate.planId === planId);
  return { plan, source };
}

/**
 * A purchase's three pages under `base` — the store's (/plans) or the sign-up's plan step
 * (/signup/plans): the form, the confirmation and the completion. `pageData` adds what the place
 * shows besides (the sign-up's step bar); `purchasePath` tells the pages where the form is.
 */
function purchasePages(base: string, pageData: (c: Context<ApiEnv>) => SignupStep) {
  const formPath = (planId: string) => `${base}/${encodeURIComponent(planId)}`;
  return (
    new Hono<ApiEnv>()
      /**
       * {base}/{planId} (the purchase form): the plan with its state, what may pay, the plan's
       * survey. A plan that cannot be bought shows why, with no form.
       */
      .get("/:planId/screen-data", async (c) => {
        const account = await requireMemberAccount(c);
        const { plan, source } = await memberPlan(c, account.id);
        // Plans are not sold in the native app (spec §6): the page says so, with nothing to fill in.
        if (inNativeApp(c)) {
          return c.json<PurchaseFormScreenData>({
            ...pageData(c),
            plan,
            wording: plan.planType,
            purchasePath: formPath(plan.planId),
            notInApp: true,
            paymentChoices: [],
            canRegisterPaymentMethod: false,
            survey: null,
            purchaseDefaults: {},
            planChange: false,
          });
        }
        // Taking another plan of a held group changes the subscription: a saved method pays.
        const planChange = plan.heldSubscription !== null && plan.availability !== "subscribed";
        const choices = plan.canContract ? await purchasePaymentChoices(c, account.id) : [];
        const paymentChoices = planChange
          ? choices.filter((choice) => choice.value !== PAY_WITH_CODE)
          : choices;
        const { db, now } = c.get("deps");
        const preselected = await preselectedMethodId(db, account.id, now());
        return c.json<PurchaseFormScreenData>({
          ...pageData(c),
          plan,
          // The page's wording follows it: a rental is rented, a title bought, a plan changed to.
          wording: planChange ? "change" : plan.planType,
          purchasePath: formPath(plan.planId),
          paymentChoices,
          // The form starts with the method just added, or the only one (screens/plans.ts prefillFrom).
          purchaseDefaults:
            preselected && paymentChoices.some((choice) => choice.value === preselected)
              ? { paymentMethodId: preselected }
              : {},
          // A method can be added on the way, coming back to this form (?returnTo).
          canRegisterPaymentMethod: plan.canContract && registrableTypes(c).length > 0,
          survey: plan.canContract ? (source?.survey ?? null) : null,
          planChange,
        });
      })
      /** {base}/{planId}/confirm: the quote the member verified (its token in the cookie), or back to the form. */
      .get("/:planId/confirm/screen-data", async (c) => {
        const account = await requireMemberAccount(c);
        const { plan } = await memberPlan(c, account.id);
        if (inNativeApp(c)) return c.json({ redirectTo: formPath(plan.planId) });
        const { db, now } = c.get("deps");
        const token = purchaseTokenCookie(c) ?? "";
        const verified = await quoteOfToken(db, account.id, plan.planId, token, now());
        if (!verified) return c.json({ redirectTo: formPath(plan.planId) });
        // A card charged now is charged with the browser's 3-D Secure token (spec §4 Purchase).
        const byCard = verified.methodType === "SbpsCredit" && verified.quote.amountDueNow > 0;
        const { quote } = verified;
        const t = await translatorFor(requestLanguage(c));
        return c.json<PurchaseConfirmScreenData>({
          ...pageData(c),
          plan,
          wording: quote.change ? "change" : plan.planType,
          purchasePath: formPath(plan.planId),
          quote: verifyResult(c, quote),
          // The final confirmation names the method that will be charged (特定商取引法 12条の6), as
          // the form named it.
          payment: verified.method
            ? methodChoice(await toAccountPaymentMethod(db, verified.method), t)
            : { value: PAY_WITH_CODE, label: t("plans.payWithCode") },
          methodNeededBy: methodNeededBy(plan, quote, verified.method !== null),
          purchaseToken: token,
          threeDSecure: byCard ? c.get("deps").payments.browserConfig() : null,
        });
      })
      /** {base}/{planId}/complete: the plan's message after a purchase just made, else the list. */
      .get("/:planId/complete/screen-data", async (c) => {
        const account = await requireMemberAccount(c);
        const { plan, source } = await memberPlan(c, account.id);
        const { db, now } = c.get("deps");
        const [order] = await db
          .select({ quote: orders.quote })
          .from(orders)
          .where(
            and(
              eq(orders.accountId, account.id),
              eq(orders.planId, plan.planId),
              eq(orders.status, "completed"),
              gt(orders.settledAt, new Date(now().getTime() - COMPLETION_SHOWN_MS)),
            ),
          )
          .orderBy(desc(orders.settledAt))
          .limit(1);
        if (!order) return c.json({ redirectTo: base });
        const language = requestLanguage(c);
        const en = language === "en";
        const change = order.quote?.change ?? null;
        return c.json<PurchaseCompleteScreenData>({
          ...pageData(c),
          planName: plan.planName,
          wording: change ? "change" : plan.planType,
          planChange: change && {
            fromPlanName: planNameOf(c.get("deps").catalogue.current(), change.fromPlanId, language),
            timing: change.timing,
            effectiveDay: change.effectiveDay,
          },
          orderCompletedMessage:
            (en && source?.orderCompletedMessageEn) || source?.orderCompletedMessage || null,
        });
      })
  );
}

export const plansScreenData = new Hono<ApiEnv>()
  .get("/screen-data", async (c) => {
    const account = await requireMemberAccount(c);
    return c.json(await memberPlans(c, account.id));
  })
  .route(
    "/",
    purchasePages("/plans", () => ({})),
  );

/** Where a page stands in the sign-up's step bar; nothing outside the sign-up. */
interface SignupStep {
  totalCount?: number;
  currentCount?: number;
}

/** The sign-up's plan step is its last: the step bar shows it done through the whole purchase. */
function signupPlanStep(c: Context<ApiEnv>): Required<SignupStep> {
  const { steps } = signupPageData(c);
  return { totalCount: steps.totalCount, currentCount: steps.planStep ?? steps.totalCount };
}

/**
 * /signup/plans (spec §4 Sign-up sequence; issue 43 §7): after the registration form, the plans the
 * new member may take out at once — or skip. A store without the step sends the member on.
 */
export const signupPlansScreenData = new Hono<ApiEnv>()
  .use(async (c, next) => {
    if (!offersSignupPlans(c)) {
      await requireMemberAccount(c);
      return c.json({ redirectTo: SIGNUP_COMPLETE_PATH });
    }
    return next();
  })
  .get("/screen-data", async (c) => {
    const account = await requireMemberAccount(c);
    const { plans } = await memberPlans(c, account.id);
    return c.json<SignupPlansScreenData>({ ...signupPlanStep(c), plans, skipTo: SIGNUP_COMPLETE_PATH });
  })
  .route("/", purchasePages(SIGNUP_PLANS_PATH, signupPlanStep));
