/**
 * /mypage/consent?type=newsletter|privacy (spec §2): a declarative screen (screens/mypage.ts) whose
 * switches each post one change here; the action passes it to POST /zapi/account/consent and
 * answers {consentOptionId, ok}. React Router then reloads the page's data, which flips the switch.
 */
import { data } from "react-router";
import type { ConsentChangeResult } from "../components/consent/consent-switches.tsx";
import { CONSENT_CONTENTS } from "../components/screen/contents/consent.ts";
import { ScreenView } from "../components/screen/screen-view.tsx";
import { enforceAccess, loadScreen } from "../lib/screen-loader.server.ts";
import { callApi, followNext } from "../lib/zapi.server.ts";
import type { Route } from "./+types/mypage-consent";
// The switches' texts (app/lib/translations/browser.ts).
import "../lib/translations/widgets.ts";
// The account area's texts (my page, its sub-pages and screens: app/lib/translations/browser.ts).
import "../lib/translations/account.ts";

export async function loader(args: Route.LoaderArgs) {
  const headers = new Headers();
  return data(await loadScreen(args, headers), { headers });
}

export async function action(args: Route.ActionArgs) {
  await enforceAccess(args, "member");
  const post = await args.request.formData().catch(() => null);
  const consentOptionId = post?.get("consentOptionId");
  const key = post?.get("key");
  const value = post?.get("value");
  if (
    typeof consentOptionId !== "string" ||
    typeof key !== "string" ||
    (value !== "true" && value !== "false")
  ) {
    return data<ConsentChangeResult>(
      { consentOptionId: String(consentOptionId ?? ""), ok: false },
      { status: 400 },
    );
  }
  const result = await callApi(args, "/zapi/account/consent", {
    body: { consentOptionId, key, value: value === "true" },
  });
  const { headers } = result;
  if (result.ok) return data<ConsentChangeResult>({ consentOptionId, ok: true }, { headers });
  followNext(result);
  return data<ConsentChangeResult>({ consentOptionId, ok: false }, { status: result.status, headers });
}

export default function MypageConsent({ loaderData }: Route.ComponentProps) {
  return (
    <ScreenView
      screen={loaderData.screen}
      screenData={loaderData.screenData}
      bodies={loaderData.bodies}
      contents={CONSENT_CONTENTS}
    />
  );
}
