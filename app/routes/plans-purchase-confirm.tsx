/**
 * /plans/{planId}/confirm and its twin /signup/plans/{planId}/confirm (screens/plans.ts; spec §4
 * Purchase): the verified quote and the purchase button, which for a card first gets the browser's
 * 3-D Secure token.
 */
import { ThreeDSecureConfig, ThreeDSecureForm } from "../components/plans/three-d-secure-form.tsx";
import { PURCHASE_QUOTE_CONTENTS } from "../components/screen/contents/purchase-quote.ts";
import { ScreenForms } from "../components/screen/screen-forms.tsx";
import { ScreenView } from "../components/screen/screen-view.tsx";
import { screenAction } from "../lib/screen-action.server.ts";
import { loadFormScreen } from "../lib/screen-loader.server.ts";
import type { Route } from "./+types/plans-purchase-confirm";
// The page's texts beyond the base (app/lib/translations/browser.ts).
import "../lib/translations/forms.ts";
import "../lib/translations/widgets.ts";
// The plan pages' texts (app/lib/translations/browser.ts).
import "../lib/translations/plans.ts";

export const loader = (args: Route.LoaderArgs) => loadFormScreen(args);

/** The purchase's pages and the login; anything else the API sends to is the card issuer's page. */
const OWN_PAGES = /^\/(plans|signup|login|mypage)(\/|$)/;

export const action = (args: Route.ActionArgs) =>
  screenAction(args, { leavesApp: (destination) => !OWN_PAGES.test(destination) });

export default function PlansPurchaseConfirm({ loaderData }: Route.ComponentProps) {
  const { screen, screenData } = loaderData;
  const { intro } = loaderData.bodies;
  const quote = intro?.name === "purchaseQuote" ? intro.screenData : null;
  return (
    <ScreenView
      screen={screen}
      screenData={screenData}
      bodies={loaderData.bodies}
      contents={PURCHASE_QUOTE_CONTENTS}
    >
      <ThreeDSecureConfig value={quote?.threeDSecure ?? null}>
        <ScreenForms
          screen={screen}
          screenData={screenData}
          builtForms={loaderData.forms}
          validatorUrls={loaderData.validatorUrls}
          renderer={ThreeDSecureForm}
        />
      </ThreeDSecureConfig>
    </ScreenView>
  );
}
