/**
 * /plans/{planId} and its twin /signup/plans/{planId} (screens/plans.ts; spec §4 Purchase): the
 * plan, the test video and the purchase form. The form shows only while the plan can be bought and
 * something can pay for it; otherwise the plan says why (its disabled contract button, or where to
 * add a payment method). The confirmation has its own route (plans-purchase-confirm.tsx), so each
 * page ships only its own body.
 */
import { SchemaForm } from "../../widgets/schema-form.tsx";
import { offersPurchaseForm } from "../components/plans/plan-offer.tsx";
import { PLAN_TO_BUY_CONTENTS } from "../components/screen/contents/plan-to-buy.ts";
import { ScreenForms } from "../components/screen/screen-forms.tsx";
import { ScreenView } from "../components/screen/screen-view.tsx";
import { screenAction } from "../lib/screen-action.server.ts";
import { loadFormScreen } from "../lib/screen-loader.server.ts";
import type { Route } from "./+types/plans-purchase";
// The page's texts beyond the base (app/lib/translations/browser.ts).
import "../lib/translations/forms.ts";
import "../lib/translations/widgets.ts";
// The plan pages' texts (app/lib/translations/browser.ts).
import "../lib/translations/plans.ts";

export const loader = (args: Route.LoaderArgs) => loadFormScreen(args);

export const action = (args: Route.ActionArgs) => screenAction(args);

export default function PlansPurchase({ loaderData }: Route.ComponentProps) {
  const { screen, screenData } = loaderData;
  const { intro } = loaderData.bodies;
  const page = intro?.name === "planToBuy" ? intro.screenData : null;
  return (
    <ScreenView
      screen={screen}
      screenData={screenData}
      bodies={loaderData.bodies}
      contents={PLAN_TO_BUY_CONTENTS}
    >
      {page && offersPurchaseForm(page) && (
        <ScreenForms
          screen={screen}
          screenData={screenData}
          builtForms={loaderData.forms}
          validatorUrls={loaderData.validatorUrls}
          renderer={SchemaForm}
        />
      )}
    </ScreenView>
  );
}
