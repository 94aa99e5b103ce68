/** Any declarative screen with forms: see screens/ and app/routes.ts. */
import { screenById } from "../../screens/index.ts";
import { ScreenForms } from "../components/screen/screen-forms.tsx";
import { ScreenView } from "../components/screen/screen-view.tsx";
import { loadScreen } from "../lib/screen-loader.server.ts";
import { useRootData } from "../root.tsx";
import type { Route } from "./+types/form-screen";

export const loader = (args: Route.LoaderArgs) => loadScreen(args);

export default function FormScreen({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const screen = screenById(loaderData.screenId);
  if (!screen || !root) throw new Error(`Unknown screen ${loaderData.screenId}`);
  return (
    <ScreenView
      screen={screen}
      screenData={loaderData.screenData}
      serviceName={root.storeSettingData.serviceName}
    >
      <ScreenForms
        screen={screen}
        screenData={loaderData.screenData}
        params={loaderData.params}
        settings={root.storeSettingData}
        settingsVersion={root.storeSettingVersion}
      />
    </ScreenView>
  );
}
