/**
 * A declarative screen without a form or page body (completion pages): see screens/ and app/routes.ts.
 * Screens with a body use routes/content-screen.tsx, so these pages stay light.
 */
import { ScreenView } from "../components/screen/screen-view.tsx";
import { loadScreen } from "../lib/screen-loader.server.ts";
import type { Route } from "./+types/screen";
// The account area's texts (my page, its sub-pages and screens: app/lib/translations/browser.ts).
import "../lib/translations/account.ts";

export const loader = (args: Route.LoaderArgs) => loadScreen(args);

export default function Screen({ loaderData }: Route.ComponentProps) {
  return (
    <ScreenView screen={loaderData.screen} screenData={loaderData.screenData} bodies={loaderData.bodies} />
  );
}
