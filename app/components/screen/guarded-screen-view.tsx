/**
 * A screen guarded by the re-authentication (app/lib/guarded-screen.server.ts): its page body, or
 * the re-authentication form in its place.
 */
import type { FormDefinition } from "../../../schemas/form-definition.ts";
import type { ScreenDefinition } from "../../../screens/screen-definition.ts";
import { PlainForm } from "../plain-form/plain-form.tsx";
import type { ScreenBodies } from "./screen-bodies.ts";
import { ScreenForms } from "./screen-forms.tsx";
import { type ScreenContents, ScreenView } from "./screen-view.tsx";

export function GuardedScreenView({
  loaderData,
  contents,
}: {
  loaderData: {
    screen: ScreenDefinition;
    screenData: Readonly<Record<string, unknown>>;
    bodies: ScreenBodies;
    forms: readonly FormDefinition[];
    validatorUrls: Readonly<Record<string, string>>;
  };
  contents: ScreenContents;
}) {
  const { screen, screenData } = loaderData;
  return (
    <ScreenView screen={screen} screenData={screenData} bodies={loaderData.bodies} contents={contents}>
      {screen.forms.length > 0 && (
        <ScreenForms
          screen={screen}
          screenData={screenData}
          builtForms={loaderData.forms}
          validatorUrls={loaderData.validatorUrls}
          renderer={PlainForm}
        />
      )}
    </ScreenView>
  );
}
