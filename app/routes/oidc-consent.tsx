/**
 * /oidc/consent (spec §2): the login provider's consent, drawn by its page body
 * (app/components/oidc/oidc-consent.tsx).
 */
import { data } from "react-router";
import { OIDC_CONSENT_CONTENTS } from "../components/screen/contents/oidc.ts";
import { ScreenView } from "../components/screen/screen-view.tsx";
import { loadScreen } from "../lib/screen-loader.server.ts";
import type { Route } from "./+types/oidc-consent";
// The login provider's pages' texts (app/lib/translations/browser.ts).
import "../lib/translations/oidc.ts";

export async function loader(args: Route.LoaderArgs) {
  const headers = new Headers();
  return data(await loadScreen(args, headers), { headers });
}

export default function OidcConsent({ loaderData }: Route.ComponentProps) {
  return (
    <ScreenView
      screen={loaderData.screen}
      screenData={loaderData.screenData}
      bodies={loaderData.bodies}
      contents={OIDC_CONSENT_CONTENTS}
    />
  );
}
