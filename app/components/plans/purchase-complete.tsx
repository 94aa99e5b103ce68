/** /plans/{planId}/complete (screens/plans.ts): the plan's completion message after a purchase. */
import { useTranslation } from "react-i18next";

/** /plans/{planId}/complete: the plan's own message, or a plain thank-you. */
export function PurchaseComplete({ screenData }: { screenData: Readonly<Record<string, unknown>> }) {
  const { t } = useTranslation();
  const message =
    typeof screenData.orderCompletedMessage === "string" ? screenData.orderCompletedMessage : null;
  const planName = typeof screenData.planName === "string" ? screenData.planName : "";
  return (
    <div className="purchase-complete">
      <p className="purchase-complete__plan">{t("plans.completeLead", { plan: planName })}</p>
      <p className="purchase-complete__message">{message ?? t("plans.completeDefault")}</p>
    </div>
  );
}
