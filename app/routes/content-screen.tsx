/**
 * A declarative screen without a form whose page body is drawn from its data (`content`, `intro`:
 * app/components/screen/contents/content-screen.ts); completion pages use routes/screen.tsx, which ships none
 * of the bodies. See screens/ and app/routes.ts.
 */
import { CONTENT_SCREEN_CONTENTS } from "../components/screen/contents/content-screen.ts";
import { ScreenView } from "../components/screen/screen-view.tsx";
import { loadScreen } from "../lib/screen-loader.server.ts";
import type { Route } from "./+types/content-screen";
// The plan pages' texts (app/lib/translations/browser.ts).
import "../lib/translations/plans.ts";
// The account area's texts (my page, its sub-pages and screens: app/lib/translations/browser.ts).
import "../lib/translations/account.ts";

export const loader = (args: Route.LoaderArgs) => loadScreen(args);

export default function ContentScreen({ loaderData }: Route.ComponentProps) {
  return (
    <ScreenView
      screen={loaderData.screen}
      screenData={loaderData.screenData}
      bodies={loaderData.bodies}
      contents={CONTENT_SCREEN_CONTENTS}
    />
  );
}
