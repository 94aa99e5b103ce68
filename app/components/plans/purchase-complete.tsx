/** /plans/{planId}/complete (screens/plans.ts): the plan's completion message after a purchase. */
import { useTranslation } from "react-i18next";

/** /plans/{planId}/complete: the plan's own message, or a plain thank-you. */
export function PurchaseComplete({ screenData }: { screenData: Readonly<Record<string, unknown>> }) {
  const { t } = useTranslation();
  const message =
    typeof screenData.orderCompletedMessage === "string" ? screenData.orderCompletedMessage : null;
  const planName = typeof screenData.planName === "string" ? screenData.planName : "";
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
