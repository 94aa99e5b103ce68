/**
 * /mypage/connections and /mypage/connections/client/{clientId} (issue 47 §2; spec §2): declarative
 * screens (screens/mypage.ts) with their page bodies (app/components/connections). The revoke
 * dialog's post comes here and goes on to POST /zapi/oidc/revoke/grant/{grantId}, which redirects
 * to the list, which says it is done. A failure is only logged (spec §8 Revoke): the page shows
 * again, the dialog closed.
 */
import { data, redirect } from "react-router";
import { CONNECTIONS_CONTENTS } from "../components/screen/contents/connections.ts";
import { ScreenView } from "../components/screen/screen-view.tsx";
import { enforceAccess, loadScreen } from "../lib/screen-loader.server.ts";
import { callApi, followNext } from "../lib/zapi.server.ts";
import type { Route } from "./+types/mypage-connections";
// The account area's texts (my page, its sub-pages and screens: app/lib/translations/browser.ts).
import "../lib/translations/account.ts";

const CONNECTIONS_PATH = "/mypage/connections";

export async function loader(args: Route.LoaderArgs) {
  const headers = new Headers();
  return data(await loadScreen(args, headers), { headers });
}

export async function action(args: Route.ActionArgs) {
  await enforceAccess(args, "member");
  const here = new URL(args.request.url).pathname;
  const post = await args.request.formData().catch(() => null);
  const grantId = post?.get("grantId");
  if (typeof grantId !== "string" || grantId === "") throw redirect(here);
  const result = await callApi(args, `/zapi/oidc/revoke/grant/${encodeURIComponent(grantId)}`);
  const { headers } = result;
  // Done: the list says so (the API's answer to a revoke is the list itself).
  if (result.next === CONNECTIONS_PATH) throw redirect(`${CONNECTIONS_PATH}?done=revoked`, { headers });
  followNext(result);
  console.error(`[connections] revoking grant ${grantId} failed with ${result.status}`);
  throw redirect(here, { headers });
}

export default function MypageConnections({ loaderData }: Route.ComponentProps) {
  return (
    <ScreenView
      screen={loaderData.screen}
      screenData={loaderData.screenData}
      bodies={loaderData.bodies}
      contents={CONNECTIONS_CONTENTS}
    />
  );
}
