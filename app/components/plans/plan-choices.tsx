/**
 * /signup/plans (screens/plans.ts signupPlans): the plans a new member may take out as the last step
 * of the sign-up, each leading to its purchase form under /signup/plans. The way to skip (where the
 * API says, `skipTo`) comes first as well as after the list, which is long on a phone.
 */

import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { SignupPlansScreenData } from "../../../schemas/types/signup-plans-screen-data.gen.ts";
import { ContractButton, PlanOfferCard } from "./plan-offer.tsx";

export function PlanChoices({ screenData }: { screenData: SignupPlansScreenData }) {
  const { t } = useTranslation();
  // skipTo: a path the API gives (server/commerce/plans.ts), as it gives a plan's purchasePath.
  const { plans, skipTo } = screenData;
  return (
    <>
      {skipTo && (
        <p className="plan-choices__skip">
          <Link to={skipTo}>{t("plans.signup.skip")}</Link>
        </p>
      )}
      <div className="plan-grid">
        {plans.map((plan) => (
          <PlanOfferCard key={plan.planId} plan={plan} headingLevel={2}>
            <div className="plan-card__actions">
              <ContractButton plan={plan} base="/signup/plans" />
            </div>
          </PlanOfferCard>
        ))}
      </div>
    </>
  );
}
