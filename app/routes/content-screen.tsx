/**
 * A declarative screen without a form whose page body is drawn from its data (`content`, `intro`:
 * app/components/screen/screen-content.tsx); completion pages use routes/screen.tsx, which ships none
 * of the bodies. See screens/ and app/routes.ts.
 */
import { ScreenContent } from "../components/screen/screen-content.tsx";
import { ScreenView } from "../components/screen/screen-view.tsx";
import { loadScreen } from "../lib/screen-loader.server.ts";
import type { Route } from "./+types/content-screen";

export const loader = (args: Route.LoaderArgs) => loadScreen(args);

export default function ContentScreen({ loaderData }: Route.ComponentProps) {
  return <ScreenView screen={loaderData.screen} screenData={loaderData.screenData} Content={ScreenContent} />;
}
