/**
 * /mypage/subscription/{id} (spec §2, §4 Subscription status groups): a declarative screen
 * (screens/subscriptions.ts) whose buttons post here and go on to the API
 * (app/lib/subscription-action.server.ts).
 */
import { SUBSCRIPTION_CONTENTS } from "../components/screen/contents/subscription.ts";
import { ScreenView } from "../components/screen/screen-view.tsx";
import { loadScreen } from "../lib/screen-loader.server.ts";
import { subscriptionAction } from "../lib/subscription-action.server.ts";
import type { Route } from "./+types/mypage-subscription";
// The plan pages' texts (app/lib/translations/browser.ts).
import "../lib/translations/plans.ts";
// The account area's texts.
import "../lib/translations/account.ts";

export const loader = (args: Route.LoaderArgs) => loadScreen(args);

export const action = (args: Route.ActionArgs) => subscriptionAction(args);

export default function MypageSubscription({ loaderData }: Route.ComponentProps) {
  return (
    <ScreenView
      screen={loaderData.screen}
      screenData={loaderData.screenData}
      bodies={loaderData.bodies}
      contents={SUBSCRIPTION_CONTENTS}
    />
  );
}
