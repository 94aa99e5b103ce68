/**
 * /mypage/passkeys (ADR 0050): a declarative screen (screens/mypage.ts) whose body is the passkey
 * list (app/components/passkey). Its posts come here, each naming its intent, and go on to the API:
 *
 * - `rename` {passkeyId, name} → POST /zapi/account/passkeys/{passkeyId}/rename
 * - `delete` {passkeyId} → POST /zapi/account/passkeys/{passkeyId}/delete
 *
 * Adding one is the browser's WebAuthn and calls the API itself. While the page asks the member to
 * prove who they are first, it shows that form in its place, posted through the screen action.
 */
import { PASSKEY_CONTENTS } from "../components/screen/contents/passkeys.ts";
import { GuardedScreenView } from "../components/screen/guarded-screen-view.tsx";
import { type GuardedCall, guardedIntentAction, loadGuardedScreen } from "../lib/guarded-screen.server.ts";
import type { Route } from "./+types/mypage-passkeys";
// The re-authentication form's texts (labels, messages) beyond the base and the account's.
import "../lib/translations/forms.ts";
// The account area's texts (my page, its sub-pages and screens: app/lib/translations/browser.ts).
import "../lib/translations/account.ts";
// The security pages' own texts.
import "../lib/translations/security.ts";

const PAGE = "/mypage/passkeys";

export const loader = (args: Route.LoaderArgs) => loadGuardedScreen(args);

const PASSKEY_ID = /^[0-9a-f-]{36}$/i;

/** The API call a post asks for, and the page that says it is done; null for a post that is not one. */
function callOf(post: FormData | null): GuardedCall | null {
  const intent = post?.get("intent");
  const passkeyId = post?.get("passkeyId");
  if (typeof passkeyId !== "string" || !PASSKEY_ID.test(passkeyId)) return null;
  const path = `/zapi/account/passkeys/${passkeyId}`;
  if (intent === "rename") {
    const name = post?.get("name");
    return { path: `${path}/rename`, body: { name: typeof name === "string" ? name : "" }, done: "renamed" };
  }
  if (intent === "delete") return { path: `${path}/delete`, body: {}, done: "deleted" };
  return null;
}

export const action = (args: Route.ActionArgs) => guardedIntentAction(args, PAGE, callOf, "passkeys.failed");

export default function MypagePasskeys({ loaderData }: Route.ComponentProps) {
  return <GuardedScreenView loaderData={loaderData} contents={PASSKEY_CONTENTS} />;
}
