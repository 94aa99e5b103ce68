/** Any declarative screen with forms: see screens/ and app/routes.ts. */
import { SchemaForm } from "../../widgets/schema-form.tsx";
import { FORM_SCREEN_CONTENTS } from "../components/screen/contents/form-screen.ts";
import { ScreenForms } from "../components/screen/screen-forms.tsx";
import { ScreenView } from "../components/screen/screen-view.tsx";
import { screenAction } from "../lib/screen-action.server.ts";
import { loadFormScreen } from "../lib/screen-loader.server.ts";
import { useRootData } from "../root.tsx";
import type { Route } from "./+types/form-screen";
// The page's texts beyond the base (app/lib/translations/browser.ts).
import "../lib/translations/forms.ts";
import "../lib/translations/widgets.ts";
// The account area's texts (my page, its sub-pages and screens: app/lib/translations/browser.ts).
import "../lib/translations/account.ts";

/** The screen, its forms built from the store settings, and each one's precompiled validator (ADR 0013). */
export const loader = (args: Route.LoaderArgs) => loadFormScreen(args);

/** Every post of the screen's forms: validated, sent to the API, answered (ADR 0015). */
export const action = (args: Route.ActionArgs) => screenAction(args);

export default function FormScreen({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const { screen } = loaderData;
  if (!root) throw new Error(`The root data is missing under ${screen.id}`);
  return (
    <ScreenView
      screen={screen}
      screenData={loaderData.screenData}
      bodies={loaderData.bodies}
      contents={FORM_SCREEN_CONTENTS}
    >
      <ScreenForms
        screen={screen}
        screenData={loaderData.screenData}
        builtForms={loaderData.forms}
        validatorUrls={loaderData.validatorUrls}
        renderer={SchemaForm}
      />
    </ScreenView>
  );
}
