/**
 * A member's subscription as its pages show it (spec §2 /mypage/plans, /mypage/subscription/{id};
 * §4 Subscription status groups): the shape of the subscription screen data
 * (server/billing/subscription-routes.ts), its facts, the list, and the detail with what may be done now.
 *
 * - Cancel-requested: the end (終了日時) instead of the next settlement day, no payment method, a
 *   "continue the plan" button while not renewing, no cancel link in withdraw mode.
 * - Renewing (契約更新中): the method change, cancellation and undo are not offered, and it says why.
 * - On hold: the retry button unless its day has come.
 * - A plan change waiting for its day: the plan and the day, and the button that undoes it.
 */

import { useTranslation } from "react-i18next";
import { Form, Link, useActionData, useNavigation } from "react-router";
import type { Translate } from "../../../locales/i18n.ts";
import { methodLabel } from "../../../schemas/payment-method-label.ts";
import type { SubscriptionStatusGroup } from "../../../schemas/subscription-status.ts";
import type { Subscription } from "../../../schemas/types/subscription.gen.ts";
import type { SubscriptionScreenData } from "../../../schemas/types/subscription-screen-data.gen.ts";
import type { SubscriptionSummary } from "../../../schemas/types/subscription-summary.gen.ts";
import type { SubscriptionsScreenData } from "../../../schemas/types/subscriptions-screen-data.gen.ts";
import { formatDate, formatDateTime, formatPrice, type RenewSpanUnit, spanSuffix } from "../../lib/format.ts";

/** What the detail route's action answers (routes/mypage-subscription.tsx). */
export type SubscriptionActionResult =
  | { ok: true; done: "retried" | "continued" | "changeUndone" }
  | { ok: false; message: string };

/** The intents of the detail page's buttons. */
export const SUBSCRIPTION_INTENTS = ["retry", "continue", "undoChange"] as const;
export type SubscriptionIntent = (typeof SUBSCRIPTION_INTENTS)[number];

/** The span in the units the price formats take (a year is 12 months). */
function spanOf(subscription: Subscription): { span: number; unit: RenewSpanUnit } {
  switch (subscription.renewSpanUnit) {
    case "day":
      return { span: subscription.renewSpan, unit: "days" };
    case "week":
      return { span: subscription.renewSpan, unit: "weeks" };
    case "year":
      return { span: subscription.renewSpan * 12, unit: "months" };
    default:
      return { span: subscription.renewSpan, unit: "months" };
  }
}

function statusLabel(summary: SubscriptionSummary, t: Translate): string {
  if (summary.renewing) return t("plans.subscription.renewing");
  if (summary.statusGroup === "freeTrial" && summary.trialEndDay) {
    return t("plans.status.freeTrialUntil", { date: formatDate(summary.trialEndDay, t) });
  }
  return t(`plans.status.${summary.statusGroup}`);
}

const BADGES: Record<SubscriptionStatusGroup, string> = {
  underContract: "badge--success",
  freeTrial: "badge--accent",
  cancelRequested: "badge--warning",
  hold: "badge--warning",
  cancelled: "",
};

/** The facts of one subscription: status, next settlement or end, price, amount, campaign, method. */
export function SubscriptionFacts({ summary }: { summary: SubscriptionSummary }) {
  const { t } = useTranslation();
  const { subscription, statusGroup } = summary;
  const { span, unit } = spanOf(subscription);
  const cancelling = statusGroup === "cancelRequested";
  const period = subscription.campaignApplicablePeriod;
  const method = subscription.accountPaymentMethod;
  return (
    <div className="subscription">
      <div className="subscription__head">
        <span className="subscription__name">{subscription.planName}</span>
        <span className={`badge ${BADGES[statusGroup]}`}>{statusLabel(summary, t)}</span>
      </div>
      <dl className="data-list subscription__facts">
        {cancelling || statusGroup === "cancelled" ? (
          summary.endsAt && (
            <div>
              <dt>{t("plans.subscription.endsAt")}</dt>
              <dd>{formatDateTime(summary.endsAt, t)}</dd>
            </div>
          )
        ) : (
          <div>
            <dt>{t("plans.nextSettlementDay")}</dt>
            <dd>{formatDate(subscription.nextSettlementDay, t)}</dd>
          </div>
        )}
        <div>
          <dt>{t("plans.subscription.price")}</dt>
          <dd>
            {formatPrice(subscription.originalPrice ?? subscription.billingAmount, t)}
            {spanSuffix(span, unit, t)}
          </dd>
        </div>
        {!cancelling && statusGroup !== "cancelled" && (
          <div>
            <dt>{t("plans.subscription.billingAmount")}</dt>
            <dd>{formatPrice(subscription.billingAmount, t)}</dd>
          </div>
        )}
        {subscription.campaign && (
          <div>
            <dt>{t("plans.subscription.campaign")}</dt>
            <dd>
              {subscription.campaign.campaignName}
              {period && (
                <span className="subscription__period">
                  {t("plans.subscription.campaignPeriod", {
                    start: formatDate(period.startDate, t),
                    end: formatDate(period.endDate, t),
                  })}
                </span>
              )}
            </dd>
          </div>
        )}
        {!cancelling && statusGroup !== "cancelled" && (
          <div>
            <dt>{t("plans.subscription.paymentMethod")}</dt>
            <dd>{method ? methodLabel(method, t) : t("plans.subscription.noPaymentMethod")}</dd>
          </div>
        )}
      </dl>
      {summary.pendingChange && (
        <p className="subscription__change">
          <strong>
            {t("plans.subscription.pendingChange", {
              date: formatDate(summary.pendingChange.day, t),
              plan: summary.pendingChange.planName,
            })}
          </strong>
          <span>
            {t("plans.subscription.pendingChangeAmount", {
              date: formatDate(summary.pendingChange.day, t),
              price: formatPrice(summary.pendingChange.amount, t),
            })}
          </span>
        </p>
      )}
    </div>
  );
}

/** The answer of a button the page posted (retry, continue, undo a change), as a message on top. */
function ActionResult() {
  const { t } = useTranslation();
  const result = useActionData() as SubscriptionActionResult | undefined;
  if (!result) return null;
  return (
    <p
      className={result.ok ? "alert alert--success" : "alert alert--error"}
      role={result.ok ? "status" : "alert"}
    >
      {result.ok ? t(`plans.subscription.done.${result.done}`) : result.message}
    </p>
  );
}

/**
 * /mypage/plans: every subscription, each leading to its page, with the undo of a plan change
 * waiting for its day; the empty state leads to the plans.
 */
export function SubscriptionList({ screenData }: { screenData: SubscriptionsScreenData }) {
  const { t } = useTranslation();
  const list = screenData.subscriptions;
  if (list.length === 0) return <p className="subscription-list__empty">{t("plans.subscription.empty")}</p>;
  return (
    <>
      <ActionResult />
      <ul className="row-list subscription-list">
        {list.map((summary) => (
          <li key={summary.subscription.subscriptionId} className="row-list__item">
            <SubscriptionFacts summary={summary} />
            {summary.actions.undoPlanChange === null && (
              <div className="subscription__more">
                <IntentButton
                  intent="undoChange"
                  subscriptionId={summary.subscription.subscriptionId}
                  label={t("plans.subscription.undoChange")}
                  busyLabel={t("plans.subscription.undoingChange")}
                />
              </div>
            )}
            <p className="subscription__more">
              <Link to={`/mypage/subscription/${summary.subscription.subscriptionId}`}>
                {t("plans.subscription.details")}
              </Link>
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The facts alone, above a form or on a completion page. */
export function SubscriptionSummaryView({ screenData }: { screenData: SubscriptionScreenData }) {
  return <SubscriptionFacts summary={screenData} />;
}

function IntentButton({
  intent,
  subscriptionId,
  label,
  busyLabel,
}: {
  intent: SubscriptionIntent;
  /** On the list: which subscription (the detail page's is in its path). */
  subscriptionId?: string;
  label: string;
  busyLabel: string;
}) {
  const navigation = useNavigation();
  const posted = navigation.formData;
  const busy =
    navigation.state !== "idle" &&
    posted?.get("intent") === intent &&
    (subscriptionId === undefined || posted.get("subscriptionId") === subscriptionId);
  return (
    <Form method="post" className="subscription__action">
      <input type="hidden" name="intent" value={intent} />
      {subscriptionId && <input type="hidden" name="subscriptionId" value={subscriptionId} />}
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy ? busyLabel : label}
      </button>
    </Form>
  );
}

/** /mypage/subscription/{id}: the facts, why nothing can be done while renewing, and the actions. */
export function SubscriptionDetail({ screenData }: { screenData: SubscriptionScreenData }) {
  const { t } = useTranslation();
  const summary = screenData;
  const { subscription, actions, statusGroup } = summary;
  const base = `/mypage/subscription/${subscription.subscriptionId}`;
  const withdrawMode = screenData.returnTo === "/withdraw";
  return (
    <>
      <ActionResult />
      {summary.renewing && (
        <p className="alert" role="status">
          {t("plans.subscription.renewingNotice")}
        </p>
      )}
      {statusGroup === "hold" && !summary.renewing && (
        <p className="alert alert--warning">{t("plans.subscription.holdNotice")}</p>
      )}
      {statusGroup === "cancelRequested" && summary.endsAt && (
        <p className="alert">
          {t("plans.subscription.cancelNotice", { date: formatDateTime(summary.endsAt, t) })}
        </p>
      )}
      <SubscriptionFacts summary={summary} />
      <div className="btn-row subscription__actions">
        {actions.retry === null && (
          <IntentButton
            intent="retry"
            label={t("plans.subscription.retry")}
            busyLabel={t("plans.subscription.retrying")}
          />
        )}
        {actions.undoCancel === null && (
          <IntentButton
            intent="continue"
            label={t("plans.subscription.continue")}
            busyLabel={t("plans.subscription.continuing")}
          />
        )}
        {actions.undoPlanChange === null && (
          <IntentButton
            intent="undoChange"
            label={t("plans.subscription.undoChange")}
            busyLabel={t("plans.subscription.undoingChange")}
          />
        )}
        {actions.changePlan === null && (
          <Link className="btn btn--secondary btn--block" to="/plans">
            {t("plans.subscription.changePlan")}
          </Link>
        )}
        {actions.changePaymentMethod === null && (
          <Link className="btn btn--secondary btn--block" to={`${base}/payment-method`}>
            {t("plans.subscription.changePaymentMethod")}
          </Link>
        )}
        {actions.cancel === null && !(withdrawMode && statusGroup === "cancelRequested") && (
          <Link className="btn btn--text btn--block" to={`${base}/withdraw`}>
            {t("plans.subscription.cancel")}
          </Link>
        )}
      </div>
    </>
  );
}
