/** /plans/{planId}/complete (screens/plans.ts): the plan's completion message after a purchase. */

import { useTranslation } from "react-i18next";
import type { PurchaseCompleteScreenData } from "../../../schemas/types/purchase-complete-screen-data.gen.ts";

/** /plans/{planId}/complete: the plan's own message, or a plain thank-you. */
export function PurchaseComplete({ screenData }: { screenData: PurchaseCompleteScreenData }) {
  const { t } = useTranslation();
  const { orderCompletedMessage: message, planName } = screenData;
  // 「…」のレンタルが完了しました / 購入が完了しました / ご契約が完了しました.
  const lead =
    screenData.planType === "rental"
      ? "plans.completeLeadRental"
      : screenData.planType === "purchase"
        ? "plans.completeLeadPurchase"
        : "plans.completeLead";
  return (
    <div className="purchase-complete">
      <p className="purchase-complete__plan">{t(lead, { plan: planName })}</p>
      <p className="purchase-complete__message">{message ?? t("plans.completeDefault")}</p>
    </div>
  );
}
