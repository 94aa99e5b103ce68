/**
 * The screens that guard a takeover-grade change (`reauthenticate: true`) with controls of their
 * own (the multi-factor settings, the passkeys): while the member has not proved who they are in the
 * last 10 minutes, the re-authentication form stands in for the page (screens/reauthentication.ts),
 * loaded with its validator and posted through the screen action like any form.
 */
import { data, type LoaderFunctionArgs, redirect } from "react-router";
import { detectLanguage, translatorFor } from "../../locales/language.ts";
import { pageForms } from "./form-validators.server.ts";
import { screenAction } from "./screen-action.server.ts";
import { enforceAccess, loadScreen, pendingReauthentication } from "./screen-loader.server.ts";
import { screenOfRoute } from "./screens.ts";
import { callApi, followNext } from "./zapi.server.ts";

/** The screen, or the re-authentication in its place with its forms and validators. */
export async function loadGuardedScreen(args: LoaderFunctionArgs) {
  const headers = new Headers();
  const loaded = await loadScreen(args, headers);
  // Only the re-authentication that stands in for the page has forms here.
  const { forms, validatorUrls } =
    loaded.screen.forms.length > 0
      ? await pageForms(args, loaded.screen, loaded.screenData)
      : { forms: [], validatorUrls: {} };
  return data({ ...loaded, forms, validatorUrls }, { headers });
}

/**
 * A member's post to a guarded screen: the re-authentication form's answer while it stands in for
 * the page; null when the page is itself and its own action goes on.
 */
export async function reauthenticationPost(args: LoaderFunctionArgs) {
  await enforceAccess(args, "member");
  const screen = screenOfRoute(args.pattern);
  if (screen && (await pendingReauthentication(args, screen))) return screenAction(args);
  return null;
}

/** The API call a page's post asks for, and what the page then says is done (`?done=`). */
export interface GuardedCall {
  path: string;
  body: unknown;
  done: string;
}

/**
 * The action of a guarded screen whose posts each name an intent: the re-authentication's while it
 * stands in for the page; else the call `callOf` reads from the post, then the page again saying it
 * is done, or the API's refusal (`{message}`) for the page to show.
 */
export async function guardedIntentAction(
  args: LoaderFunctionArgs,
  page: string,
  callOf: (post: FormData | null) => GuardedCall | null,
  failedKey: string,
) {
  const proof = await reauthenticationPost(args);
  if (proof) return proof;
  const t = await translatorFor(detectLanguage(args.request));
  const call = callOf(await args.request.formData().catch(() => null));
  if (!call) return data({ message: t(failedKey) }, { status: 400 });
  const result = await callApi(args, call.path, { body: call.body });
  const { headers } = result;
  followNext(result);
  if (result.ok) throw redirect(`${page}?done=${call.done}`, { headers });
  return data({ message: result.message ?? t(failedKey) }, { status: result.status, headers });
}
