/**
 * The cancel page's subject (/mypage/subscription/{id}/withdraw): which plan ends and when
 * (終了日時), and the plan change a cancellation drops, above the survey and the button. Its own
 * small module: the form pages' chunk carries it, not the subscription pages' views.
 */
import { useTranslation } from "react-i18next";
import { cancellationEndsAt } from "../../../schemas/subscription-status.ts";
import type { SubscriptionScreenData } from "../../../schemas/types/subscription-screen-data.gen.ts";
import { formatDateTime } from "../../lib/format.ts";

export function SubscriptionEnding({ screenData }: { screenData: SubscriptionScreenData }) {
  const { t } = useTranslation();
  const { subscription, pendingChange } = screenData;
  const day = subscription.nextSettlementDay;
  const endsAt = screenData.endsAt ?? (day ? cancellationEndsAt(day) : null);
  return (
    <div className="subscription-ending">
      <dl className="subscription__facts">
        <div>
          <dt>{t("mypage.subscription.cancelPlan")}</dt>
          <dd>{subscription.planName}</dd>
        </div>
        {endsAt && (
          <div>
            <dt>{t("plans.subscription.endsAt")}</dt>
            <dd>{formatDateTime(endsAt, t)}</dd>
          </div>
        )}
      </dl>
      {pendingChange && (
        <p className="alert alert--warning" role="note">
          {t("mypage.subscription.cancelDropsChange", { plan: pendingChange.planName })}
        </p>
      )}
    </div>
  );
}
