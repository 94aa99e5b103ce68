/**
 * A plan on offer, as the plan pages show it (spec §3 Plan on
 * offer, §4 Plan availability, §9 prices, span suffixes, cycle texts): the shapes of GET
 * /zapi/internal/plans/screen-data (server/commerce/plans.ts) and how each is drawn.
 */

import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Translate } from "../../../locales/i18n.ts";
import { contractButtonLabel } from "../../../schemas/plan-availability.ts";
import type { PlanOffer } from "../../../schemas/types/plan-offer.gen.ts";
import type { PurchaseFormScreenData } from "../../../schemas/types/purchase-form-screen-data.gen.ts";
import { formatDate, formatPrice, renewalCycle, spanSuffix } from "../../lib/format.ts";

export type PlanType = "subscription" | "purchase" | "rental";

/** `¥1,980(税込)/月` for a subscription, `¥440(税込)` for a purchase or a rental. */
export function planPriceText(plan: Pick<PlanOffer, "price" | "renewSpan" | "renewSpanUnit">, t: Translate) {
  const price = formatPrice(plan.price, t);
  return plan.renewSpan && plan.renewSpanUnit
    ? `${price}${spanSuffix(plan.renewSpan, plan.renewSpanUnit, t)}`
    : price;
}

/** What the plan gives beyond its price: the renewal cycle and trial, or the viewing period. */
export function planTerms(plan: PlanOffer, t: Translate): string[] {
  const terms: string[] = [];
  if (plan.planType === "subscription") {
    if (plan.renewSpan && plan.renewSpanUnit) terms.push(renewalCycle(plan.renewSpan, plan.renewSpanUnit, t));
    if (plan.freeTrialDays) terms.push(t("plans.freeTrial", { days: plan.freeTrialDays }));
  } else if (plan.viewingPeriodDays) {
    // Spec §9: a viewing right of more than 10 years is shown as having no end.
    terms.push(
      plan.viewingPeriodDays > 3652
        ? t("plans.viewingUnlimited")
        : t("plans.viewingPeriod", { count: plan.viewingPeriodDays }),
    );
  }
  return terms;
}

/** The plan's state as a badge, when it has one worth saying (nothing for a plain "available"). */
function availabilityText(plan: PlanOffer, t: Translate): { text: string; tone: string } | null {
  switch (plan.availability) {
    case "beforeSale":
      return {
        text: t("plans.availability.beforeSale", { date: formatDate(plan.salesStartDate, t) }),
        tone: "accent",
      };
    case "fewLeft":
      return { text: t("plans.availability.fewLeft"), tone: "warning" };
    case "soldOut":
      return { text: t("plans.availability.soldOut"), tone: "danger" };
    case "endOfSale":
      return { text: t("plans.availability.endOfSale"), tone: "danger" };
    case "subscribed":
      return { text: t("plans.availability.subscribed"), tone: "success" };
    case "contractLimit":
      return null;
    case "available":
      return null;
  }
}

/** A plan on offer: name, type, price and terms, its state, and what the caller puts below. */
export function PlanOfferCard({
  plan,
  headingLevel = 3,
  children,
}: {
  plan: PlanOffer;
  /** The card's heading under the page's: 2 straight under the h1, 3 under a section's h2. */
  headingLevel?: 2 | 3;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const state = availabilityText(plan, t);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className="card plan-card" aria-labelledby={`plan-${plan.planId}`}>
      <div className="plan-card__badges">
        <span className="badge">{t(`plans.planType.${plan.planType}`)}</span>
        {state && <span className={`badge badge--${state.tone}`}>{state.text}</span>}
        {plan.hasAvailableCampaign && plan.canContract && (
          <span className="badge badge--accent">{t("plans.campaign")}</span>
        )}
      </div>
      <Heading className="plan-card__name" id={`plan-${plan.planId}`}>
        {plan.planName}
      </Heading>
      <p className="plan-card__price">{planPriceText(plan, t)}</p>
      {planTerms(plan, t).length > 0 && (
        <ul className="plan-card__terms">
          {planTerms(plan, t).map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
      )}
      {plan.planDescription && <p className="plan-card__description">{plan.planDescription}</p>}
      {plan.salesEndDate && plan.availability !== "endOfSale" && (
        <p className="plan-card__note">{t("plans.salesEnd", { date: formatDate(plan.salesEndDate, t) })}</p>
      )}
      {plan.availability === "contractLimit" && (
        <p className="plan-card__note plan-card__note--error">{t("plans.availability.contractLimit")}</p>
      )}
      {children}
    </section>
  );
}

/**
 * The contract button of spec §4: enabled only while the plan can be bought, labelled with the
 * free-trial text when the plan has trial days, else プランを契約する. Enabled, it leads to the
 * purchase form under `base` (the store's, or the sign-up's).
 */
export function ContractButton({ plan, base = "/plans" }: { plan: PlanOffer; base?: string }) {
  const { t } = useTranslation();
  const label = contractButtonLabel(plan);
  const held = plan.heldSubscription;
  // Another plan of the group held: this one is changed to (ADR 0042), its trial not offered.
  const text = held ? t("plans.changePlan") : t(label.key, { days: label.days });
  // A plan the member holds: what they have, not a grey offer of it again.
  if (plan.availability === "subscribed") {
    const to = held ? `/mypage/subscription/${encodeURIComponent(held.subscriptionId)}` : "/mypage/plans";
    return (
      <Link to={to} className="btn btn--secondary plan-card__button">
        {t("plans.seeContract")}
      </Link>
    );
  }
  if (!plan.canContract) {
    return (
      <button type="button" className="btn btn--primary plan-card__button" disabled>
        {text}
      </button>
    );
  }
  return (
    <Link to={`${base}/${encodeURIComponent(plan.planId)}`} className="btn btn--primary plan-card__button">
      {text}
    </Link>
  );
}

/** Whether the purchase form is offered: the plan can be bought and something can pay for it. */
export function offersPurchaseForm(page: Pick<PurchaseFormScreenData, "plan" | "paymentChoices">): boolean {
  return page.plan.canContract && page.paymentChoices.length > 0;
}
