/**
 * /withdraw while subscriptions are in force (spec §4 Withdrawal): the withdrawal form is withheld
 * (screens/mypage.ts `withheldWhile`) and this lists what blocks it — each plan with the way to
 * cancel it, which comes back here (`?returnTo=/withdraw`), or the day a cancelled one ends.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDateTime } from "../../lib/format.ts";

interface ContractedPlan {
  subscription: { subscriptionId: string; planName: string };
  endsAt: string | null;
  actions: { cancel: string | null };
}

function plansOf(screenData: Readonly<Record<string, unknown>>): ContractedPlan[] {
  const { contractedPlans } = screenData;
  return Array.isArray(contractedPlans) ? (contractedPlans as ContractedPlan[]) : [];
}

const cancelPath = (subscriptionId: string) =>
  `/mypage/subscription/${encodeURIComponent(subscriptionId)}/withdraw?${new URLSearchParams({ returnTo: "/withdraw" })}`;

export function ContractedPlans({ screenData }: { screenData: Readonly<Record<string, unknown>> }) {
  const { t } = useTranslation();
  const headingId = useId();
  const plans = plansOf(screenData);
  if (plans.length === 0) return null;
  return (
    <section className="contracted-plans" aria-labelledby={headingId}>
      <p className="alert alert--warning" role="alert">
        {t("mypage.withdrawalBlockers.blocked")}
      </p>
      <h2 id={headingId} className="contracted-plans__title">
        {t("mypage.withdrawalBlockers.title")}
      </h2>
      <ul className="contracted-plans__list">
        {plans.map(({ subscription, endsAt, actions }) => (
          <li key={subscription.subscriptionId} className="contracted-plans__item">
            <span className="contracted-plans__name">{subscription.planName}</span>
            {actions.cancel === null ? (
              <Link
                className="btn btn--secondary"
                to={cancelPath(subscription.subscriptionId)}
                // The visible word, with the plan it cancels for a screen reader's list of links.
                aria-label={t("mypage.withdrawalBlockers.cancelPlan", { plan: subscription.planName })}
              >
                {t("mypage.withdrawalBlockers.cancel")}
              </Link>
            ) : endsAt ? (
              <span className="contracted-plans__note">
                {t("mypage.withdrawalBlockers.endsAt", { date: formatDateTime(endsAt, t) })}
              </span>
            ) : (
              <span className="contracted-plans__note">
                {t(
                  actions.cancel === "renewing"
                    ? "mypage.withdrawalBlockers.renewing"
                    : "mypage.withdrawalBlockers.notCancellable",
                )}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
