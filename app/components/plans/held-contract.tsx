/**
 * A contract the member holds, as /plans and /mypage show it (spec §2, §4 Subscription status
 * groups, §9 entitlement expiration): the shape of GET /zapi/internal/plans/screen-data's
 * `contracts` (server/commerce/plans.ts).
 */

import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Translate } from "../../../locales/i18n.ts";
import { showsEntitlementExpiration } from "../../../schemas/plan-availability.ts";
import type { HeldContract } from "../../../schemas/types/held-contract.gen.ts";
import { formatDate, formatDateTime } from "../../lib/format.ts";

/** The label of a contract's state: the subscription's status group, or "ready to watch". */
function contractStatus(contract: HeldContract, t: Translate): string {
  if (!contract.statusGroup) return t("plans.status.owned");
  if (contract.statusGroup === "freeTrial" && contract.trialEndDay) {
    return t("plans.status.freeTrialUntil", { date: formatDate(contract.trialEndDay, t) });
  }
  return t(`plans.status.${contract.statusGroup}`);
}

/** A contract the member holds, with its next payment or how long it may be watched. */
export function HeldContractRow({ contract, now }: { contract: HeldContract; now: Date }) {
  const { t } = useTranslation();
  const showExpiration = showsEntitlementExpiration(contract.entitlementExpiration, now);
  return (
    <li className="row-list__item plan-contract">
      <div className="plan-contract__head">
        <span className="plan-contract__name">{contract.planName}</span>
        <span className="badge badge--success">{contractStatus(contract, t)}</span>
      </div>
      <dl className="data-list plan-contract__details">
        {contract.nextSettlementDay && contract.statusGroup !== "cancelRequested" && (
          <div>
            <dt>{t("plans.nextSettlementDay")}</dt>
            <dd>{formatDate(contract.nextSettlementDay, t)}</dd>
          </div>
        )}
        {contract.planType !== "subscription" && (
          <div>
            <dt>{t("plans.entitlementExpiration")}</dt>
            <dd>
              {!showExpiration
                ? t("plans.viewingUnlimited")
                : contract.planType === "rental"
                  ? formatDateTime(contract.entitlementExpiration, t)
                  : formatDate(contract.entitlementExpiration, t)}
            </dd>
          </div>
        )}
      </dl>
      {contract.methodNeededBy && (
        <p className="alert alert--warning plan-contract__notice">
          {/* One run of text: the alert lays its children out side by side. */}
          <span>
            {t("plans.methodNeeded", { date: formatDate(contract.methodNeededBy, t) })}{" "}
            <Link to={`/mypage/subscription/${contract.contractId}/payment-method`}>
              {t("plans.setMethod")}
            </Link>
          </span>
        </p>
      )}
    </li>
  );
}
