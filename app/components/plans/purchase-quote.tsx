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

/** The quote's lines, in the order a member reads a bill. */
function quoteRows(
  plan: PlanOffer,
  quote: OrderVerifyResult,
  payment: PurchasePaymentChoice,
  t: Translate,
  now: Date,
) {
  const rows: { key: string; label: string; value: string }[] = [];
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
  const notes =
    plan.planType !== "subscription"
      ? ["plans.notes.noRefund"]
      : methodNeededBy
        ? ["plans.notes.subscriptionCancel"]
        : ["plans.notes.subscriptionRenews", "plans.notes.subscriptionCancel"];
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
