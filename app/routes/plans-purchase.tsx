/**
 * /plans/{planId} and /plans/{planId}/confirm, and their twins under /signup/plans (screens/plans.ts;
 * spec §4 Purchase): the form screens of a purchase. The purchase form shows only while the plan can be bought and something
 * can pay for it; otherwise the plan says why (its disabled contract button, or where to add a
 * payment method).
 */
import { data } from "react-router";
import { SchemaForm } from "../../widgets/schema-form.tsx";
import { offersPurchaseForm } from "../components/plans/purchase-bodies.tsx";
import { PLAN_PURCHASE_CONTENTS } from "../components/screen/contents/plans.ts";
import { ScreenForms } from "../components/screen/screen-forms.tsx";
import { ScreenView } from "../components/screen/screen-view.tsx";
import { pageForms } from "../lib/form-validators.server.ts";
import { screenAction } from "../lib/screen-action.server.ts";
import { loadScreen } from "../lib/screen-loader.server.ts";
import type { Route } from "./+types/plans-purchase";
// The page's texts beyond the base (app/lib/translations/browser.ts).
import "../lib/translations/forms.ts";
import "../lib/translations/widgets.ts";
// The plan pages' texts (app/lib/translations/browser.ts).
import "../lib/translations/plans.ts";

export async function loader(args: Route.LoaderArgs) {
  const headers = new Headers();
  const loaded = await loadScreen(args, headers);
  const { forms, validatorUrls } = await pageForms(args, loaded.screen, loaded.screenData);
  return data({ ...loaded, forms, validatorUrls }, { headers });
}

export const action = (args: Route.ActionArgs) => screenAction(args);

export default function PlansPurchase({ loaderData }: Route.ComponentProps) {
  const { screen, screenData } = loaderData;
  // The purchase form (the plan above it), not the confirmation's button.
  const showsForm = screen.intro !== "planToBuy" || offersPurchaseForm(screenData);
  return (
    <ScreenView screen={screen} screenData={screenData} contents={PLAN_PURCHASE_CONTENTS}>
      {showsForm && (
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
