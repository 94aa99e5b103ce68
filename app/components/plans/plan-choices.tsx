/**
 * /signup/plans (screens/plans.ts signupPlans): the plans a new member may take out as the last step
 * of the sign-up, each leading to its purchase form under /signup/plans; the screen's link skips.
 */
import { ContractButton, type PlanOffer, PlanOfferCard } from "./plan-offer.tsx";

export function PlanChoices({ screenData }: { screenData: Readonly<Record<string, unknown>> }) {
  const plans = Array.isArray(screenData.plans) ? (screenData.plans as PlanOffer[]) : [];
  return (
    <div className="plan-grid">
      {plans.map((plan) => (
        <PlanOfferCard key={plan.planId} plan={plan}>
          <div className="plan-card__actions">
            <ContractButton plan={plan} base="/signup/plans" />
          </div>
        </PlanOfferCard>
      ))}
    </div>
  );
}
