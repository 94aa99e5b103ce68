/**
 * /oidc/select-account (spec §2): the login provider's account selection, drawn by its page body
 * (app/components/oidc/oidc-select-account.tsx).
 */
import { data } from "react-router";
import { OIDC_SELECT_ACCOUNT_CONTENTS } from "../components/screen/contents/oidc.ts";
import { ScreenView } from "../components/screen/screen-view.tsx";
import { loadScreen } from "../lib/screen-loader.server.ts";
import type { Route } from "./+types/oidc-select-account";
// The login provider's pages' texts (app/lib/translations/browser.ts).
import "../lib/translations/oidc.ts";

export async function loader(args: Route.LoaderArgs) {
  const headers = new Headers();
  return data(await loadScreen(args, headers), { headers });
}

export default function OidcSelectAccount({ loaderData }: Route.ComponentProps) {
  return (
    <ScreenView
      screen={loaderData.screen}
      screenData={loaderData.screenData}
      bodies={loaderData.bodies}
      contents={OIDC_SELECT_ACCOUNT_CONTENTS}
    />
  );
}
