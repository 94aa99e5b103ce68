/**
 * /plans/{planId} (and /signup/plans/{planId}): the plan above the purchase form, the way to add a
 * payment method on the way, and the test video.
 */
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { PurchaseFormScreenData } from "../../../schemas/types/purchase-form-screen-data.gen.ts";
import { ContractButton, offersPurchaseForm, PlanOfferCard } from "./plan-offer.tsx";
import { TestVideo } from "./test-video.tsx";

/** /plans/{planId}: the plan; when it cannot be bought, its disabled contract button and why. */
export function PlanToBuy({ screenData }: { screenData: PurchaseFormScreenData }) {
  const { t } = useTranslation();
  const { plan } = screenData;
  // In the native app plans are not sold (spec §6): it says where they are, as /plans does.
  if (screenData.notInApp === true) {
    return (
      <div className="purchase-plan">
        <PlanOfferCard plan={plan} headingLevel={2} />
        <p className="alert alert--warning" role="status">
          {t("plans.notInApp")}
        </p>
      </div>
    );
  }
  const nothingPays = plan.canContract && !offersPurchaseForm(screenData);
  // The payment-method page sends the member back to this form once the method is saved.
  const register = screenData.canRegisterPaymentMethod
    ? `/mypage/payment-method?${new URLSearchParams({ returnTo: screenData.purchasePath })}`
    : null;
  return (
    <div className="purchase-plan">
      <PlanOfferCard plan={plan} headingLevel={2}>
        {!plan.canContract && (
          <div className="plan-card__actions">
            <ContractButton plan={plan} />
          </div>
        )}
      </PlanOfferCard>
      {screenData.planChange && plan.heldSubscription && (
        <p className="alert" role="note">
          {t("plans.changeLead", { plan: plan.heldSubscription.planName })}
        </p>
      )}
      {(nothingPays || register) && (
        <p
          className={nothingPays ? "alert alert--warning" : "purchase-plan__register"}
          role={nothingPays ? "status" : undefined}
        >
          {nothingPays && `${t("plans.noPaymentMethod")} `}
          {register && <Link to={register}>{t("plans.registerPaymentMethod")}</Link>}
        </p>
      )}
      <TestVideo />
    </div>
  );
}
