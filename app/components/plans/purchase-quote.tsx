/**
 * /plans/{planId}/confirm (and its sign-up twin): the final confirmation screen (最終確認画面,
 * 特定商取引法 12条の6; spec §2 Confirm screens) — on one card the plan, its list price and each
 * discount with its campaign, what is paid today and when, the method that will be charged, the
 * first charge after a trial and its date, the renewal amount and cycle, the viewing period, and the
 * cancellation terms. A subscription a code starts without a method says it ends unless one is added.
 */

import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Translate } from "../../../locales/i18n.ts";
import { japanMidnight } from "../../../schemas/japan-time.ts";
import { showsEntitlementExpiration } from "../../../schemas/plan-availability.ts";
import type { OrderVerifyResult } from "../../../schemas/types/order-verify-result.gen.ts";
import type { PlanOffer } from "../../../schemas/types/plan-offer.gen.ts";
import type { PurchaseConfirmScreenData } from "../../../schemas/types/purchase-confirm-screen-data.gen.ts";
import type { PurchasePaymentChoice } from "../../../schemas/types/purchase-payment-choice.gen.ts";
import { formatDate, formatDateTime, formatPrice, renewalCycle } from "../../lib/format.ts";
import { planPriceText } from "./plan-offer.tsx";

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="purchase-quote__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

type QuoteRow = { key: string; label: string; value: string };

/**
 * A change's lines (ADR 0042): the two plans, the day it takes effect, what the unused days are
 * worth each way when it is today, what is paid today and the next payment.
 */
function changeRows(
  change: NonNullable<OrderVerifyResult["change"]>,
  quote: OrderVerifyResult,
  t: Translate,
): QuoteRow[] {
  const now = change.timing === "now";
  const rows: QuoteRow[] = [
    { key: "from", label: t("plans.quote.currentPlan"), value: change.fromPlanName },
    { key: "to", label: t("plans.quote.newPlan"), value: change.toPlanName },
    {
      key: "changeDay",
      label: t("plans.quote.changeDay"),
      value: t(now ? "plans.quote.changeToday" : "plans.quote.changeNextSettlement", {
        date: formatDate(change.effectiveDay, t),
      }),
    },
  ];
  if (now) {
    rows.push(
      {
        key: "newForUnused",
        label: t("plans.quote.newForUnused", { days: change.unusedDays }),
        value: formatPrice(change.newPlanForUnusedDays, t),
      },
      {
        key: "credit",
        label: t("plans.quote.credit", { days: change.unusedDays }),
        value: t("plans.quote.minus", { price: formatPrice(change.credit, t) }),
      },
    );
  }
  rows.push(
    { key: "amount", label: t("plans.quote.amountToday"), value: formatPrice(quote.amountDueNow, t) },
    {
      key: "next",
      label: t("plans.quote.nextPayment"),
      value: t("plans.quote.nextPaymentValue", {
        date: formatDate(change.nextPaymentDay, t),
        price: formatPrice(change.nextPaymentAmount, t),
      }),
    },
  );
  return rows;
}

/** A purchase's price lines: the list price, what the code takes off, what is paid and when. */
function priceRows(plan: PlanOffer, quote: OrderVerifyResult, t: Translate): QuoteRow[] {
  const rows: QuoteRow[] = [];
  const today = quote.amountDueNow > 0 || quote.billingAmount === 0;
  // How the price is made up: the list price, then what the code takes off.
  const discount =
    quote.campaignType && quote.campaignType !== "free" ? Math.max(0, plan.price - quote.billingAmount) : 0;
  rows.push({ key: "listPrice", label: t("plans.quote.listPrice"), value: planPriceText(plan, t) });
  if (discount > 0) {
    rows.push({
      key: "discount",
      label: t("plans.quote.discount", { campaign: quote.campaignName ?? "" }),
      value: t("plans.quote.minus", { price: formatPrice(discount, t) }),
    });
  }
  rows.push({
    key: "amount",
    label: t(today ? "plans.quote.amountToday" : "plans.quote.firstAmount"),
    value: formatPrice(today ? quote.amountDueNow : quote.billingAmount, t),
  });
  rows.push({
    key: "date",
    label: t(plan.planType === "subscription" ? "plans.quote.paymentDay" : "plans.quote.purchaseDay"),
    value: formatDate(quote.firstPaymentDay, t),
  });
  return rows;
}

/** The quote's lines, in the order a member reads a bill. */
function quoteRows(
  plan: PlanOffer,
  quote: OrderVerifyResult,
  payment: PurchasePaymentChoice,
  t: Translate,
  now: Date,
) {
  const rows: QuoteRow[] = quote.change ? changeRows(quote.change, quote, t) : priceRows(plan, quote, t);
  if (payment) {
    rows.push({
      key: "method",
      label: t("plans.quote.paymentMethod"),
      value: payment.hint ? `${payment.label}（${payment.hint}）` : payment.label,
    });
  }
  if (plan.planType === "subscription" && plan.renewSpan && plan.renewSpanUnit) {
    rows.push({
      key: "renewal",
      label: t("plans.quote.renewal"),
      value: t("plans.quote.renewalValue", {
        cycle: renewalCycle(plan.renewSpan, plan.renewSpanUnit, t),
        price: planPriceText(plan, t),
      }),
    });
  }
  if (quote.freeDays) {
    rows.push({
      key: "free",
      label: t(quote.campaignType === "free" ? "plans.quote.freeCampaign" : "plans.quote.freeTrial"),
      value: t("plans.quote.freePeriod", {
        count: quote.freeDays,
        end: formatDate(quote.freeUntilDay, t),
      }),
    });
  }
  if (quote.campaignName) {
    rows.push({ key: "campaign", label: t("plans.quote.campaign"), value: quote.campaignName });
    if (quote.campaignEndDate && quote.campaignType !== "free") {
      rows.push({
        key: "campaignEnd",
        label: t("plans.quote.campaignPeriod"),
        value: t("plans.quote.until", { date: formatDate(quote.campaignEndDate, t) }),
      });
    }
  }
  if (plan.planType !== "subscription") {
    rows.push({
      key: "viewing",
      label: t("plans.entitlementExpiration"),
      value: showsEntitlementExpiration(quote.entitlementExpiration, now)
        ? formatDateTime(quote.entitlementExpiration, t)
        : t("plans.viewingUnlimited"),
    });
  }
  if (quote.subscriptionExpiration) {
    rows.push({
      key: "ends",
      label: t("plans.quote.renewalsEnd"),
      value: formatDate(quote.subscriptionExpiration, t),
    });
  }
  return rows;
}

/** /plans/{planId}/confirm: the quote, its notes, and the way back to the form. */
export function PurchaseQuote({ screenData }: { screenData: PurchaseConfirmScreenData }) {
  const { t } = useTranslation();
  // methodNeededBy: a subscription a code starts without a method, the day a method must be there by.
  const { plan, quote, payment, methodNeededBy } = screenData;
  const changeNote = quote.change
    ? [quote.change.timing === "now" ? "plans.notes.changeNow" : "plans.notes.changeScheduled"]
    : [];
  const notes =
    plan.planType !== "subscription"
      ? ["plans.notes.noRefund"]
      : methodNeededBy
        ? ["plans.notes.subscriptionCancel"]
        : [...changeNote, "plans.notes.subscriptionRenews", "plans.notes.subscriptionCancel"];
  // The quote's own day: what "now" is for the 10-year rule of the viewing period.
  const now = japanMidnight(quote.firstPaymentDay);
  return (
    <section className="card purchase-quote" aria-labelledby="purchase-quote-plan">
      <h2 className="purchase-quote__plan" id="purchase-quote-plan">
        {plan.planName}
      </h2>
      <dl className="purchase-quote__rows">
        {quoteRows(plan, quote, payment, t, now).map((row) => (
          <Row key={row.key} label={row.label}>
            {row.value}
          </Row>
        ))}
      </dl>
      {quote.campaignDescription && <p className="purchase-quote__campaign">{quote.campaignDescription}</p>}
      {methodNeededBy && (
        <p className="alert alert--warning" role="note">
          {t("plans.notes.noMethodForRenewal", { date: formatDate(methodNeededBy, t) })}
        </p>
      )}
      <ul className="purchase-quote__notes">
        {notes.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      <p className="purchase-quote__back">
        <Link to={screenData.purchasePath}>{t("plans.backToForm")}</Link>
      </p>
    </section>
  );
}
