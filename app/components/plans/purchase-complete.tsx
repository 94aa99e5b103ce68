/** /plans/{planId}/complete (screens/plans.ts): the plan's completion message after a purchase. */

import { useTranslation } from "react-i18next";
import type { PurchaseCompleteScreenData } from "../../../schemas/types/purchase-complete-screen-data.gen.ts";
import { formatDate } from "../../lib/format.ts";

const LEADS = {
  subscription: "plans.completeLead",
  rental: "plans.completeLeadRental",
  purchase: "plans.completeLeadPurchase",
} as const;

/** /plans/{planId}/complete: the plan's own message, or a plain thank-you; a change says from what and when. */
export function PurchaseComplete({ screenData }: { screenData: PurchaseCompleteScreenData }) {
  const { t } = useTranslation();
  const { orderCompletedMessage: message, planName, planChange } = screenData;
  // 「…」のレンタルが完了しました / 購入が完了しました / ご契約が完了しました / …に変更します.
  const lead = planChange
    ? t(planChange.timing === "now" ? "plans.completeLeadChangeNow" : "plans.completeLeadChange", {
        plan: planName,
        from: planChange.fromPlanName,
        date: formatDate(planChange.effectiveDay, t),
      })
    : t(LEADS[screenData.wording === "change" ? "subscription" : screenData.wording], { plan: planName });
  return (
    <div className="purchase-complete">
      <p className="purchase-complete__plan">{lead}</p>
      <p className="purchase-complete__message">{message ?? t("plans.completeDefault")}</p>
    </div>
  );
}
