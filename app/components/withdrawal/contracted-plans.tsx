/**
 * /withdraw while subscriptions are in force (spec §4 Withdrawal): the withdrawal form is withheld
 * (screens/mypage.ts `withheldWhile`) and this lists what blocks it — each plan with the way to
 * cancel it, which comes back here (`?returnTo=/withdraw`), or the day a cancelled one ends.
 */

import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { WithdrawScreenData } from "../../../schemas/types/withdraw-screen-data.gen.ts";
import { formatDateTime } from "../../lib/format.ts";

const cancelPath = (subscriptionId: string) =>
  `/mypage/subscription/${encodeURIComponent(subscriptionId)}/withdraw?${new URLSearchParams({ returnTo: "/withdraw" })}`;

export function ContractedPlans({ screenData }: { screenData: WithdrawScreenData }) {
  const { t } = useTranslation();
  const headingId = useId();
  const plans = screenData.contractedPlans;
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
