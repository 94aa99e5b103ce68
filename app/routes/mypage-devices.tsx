/**
 * /mypage/devices (ログイン中の端末): a declarative screen (screens/mypage.ts) whose body is the device
 * list (app/components/devices). Its posts come here, each naming its intent, and go on to the API:
 *
 * - `logout` {deviceId} → POST /zapi/account/devices/{deviceId}/logout
 * - `logoutOthers` → POST /zapi/account/devices/logout-others
 *
 * While the page asks the member to prove who they are first, it shows that form in its place.
 */
import { DEVICE_CONTENTS } from "../components/screen/contents/devices.ts";
import { GuardedScreenView } from "../components/screen/guarded-screen-view.tsx";
import { type GuardedCall, guardedIntentAction, loadGuardedScreen } from "../lib/guarded-screen.server.ts";
import type { Route } from "./+types/mypage-devices";
// The re-authentication form's texts (labels, messages) beyond the base and the account's.
import "../lib/translations/forms.ts";
// The account area's texts (my page, its sub-pages and screens: app/lib/translations/browser.ts).
import "../lib/translations/account.ts";
// The security pages' own texts.
import "../lib/translations/security.ts";

const PAGE = "/mypage/devices";
const DEVICE_ID = /^[0-9a-f-]{36}$/i;

export const loader = (args: Route.LoaderArgs) => loadGuardedScreen(args);

/** The API call a post asks for, and the page that says it is done; null for a post that is not one. */
function callOf(post: FormData | null): GuardedCall | null {
  const intent = post?.get("intent");
  if (intent === "logoutOthers") {
    return { path: "/zapi/account/devices/logout-others", body: {}, done: "loggedOutOthers" };
  }
  const deviceId = post?.get("deviceId");
  if (intent !== "logout" || typeof deviceId !== "string" || !DEVICE_ID.test(deviceId)) return null;
  return { path: `/zapi/account/devices/${deviceId}/logout`, body: {}, done: "loggedOut" };
}

export const action = (args: Route.ActionArgs) => guardedIntentAction(args, PAGE, callOf, "devices.failed");

export default function MypageDevices({ loaderData }: Route.ComponentProps) {
  return <GuardedScreenView loaderData={loaderData} contents={DEVICE_CONTENTS} />;
}
