/**
 * The action of the login screens (/login, /login/code): the action every form screen has
 * (app/lib/screen-action.server.ts), with login's two rules: the forms offered are those of the
 * login mode the page showed, and logging in ends at the query's returnTo. Server-only: it brings
 * ajv, which the login page must not ship (scripts/bundle-weight.ts checks that).
 */
import type { ActionFunctionArgs } from "react-router";
import { safeRedirectPath } from "../../schemas/safe-redirect.ts";
import type { ScreenDefinition, ScreenForm } from "../../screens/screen-definition.ts";
import { screenAction } from "../lib/screen-action.server.ts";
import { formsOfMode, loginModeOf, loginOptions } from "./login-screen.ts";

/** Where logging in ends when neither the query (returnTo) nor the screen says. */
const DEFAULT_LANDING = "/mypage";

/**
 * Where a successful post goes: a further login step (the code entry after a code was sent) keeps
 * the query's returnTo for later; logging in ends at returnTo (same-site paths only) or the
 * screen's destination.
 */
export function successTarget(
  screen: ScreenDefinition,
  definition: ScreenForm,
  query: URLSearchParams,
): string {
  const returnTo = safeRedirectPath(query.get("returnTo"));
  const next = definition.successTo ?? DEFAULT_LANDING;
  const isFurtherStep = next.startsWith(`${screen.paths[0]}/`);
  if (isFurtherStep) return returnTo ? `${next}?${new URLSearchParams({ returnTo })}` : next;
  return returnTo ?? next;
}

/**
 * The passkey button's calls (the password form's, under /zapi) and where its login ends (where
 * the password form's would); null on a screen without a password form.
 */
export function passkeySignInOf(
  screen: ScreenDefinition,
  query: URLSearchParams,
): { base: string; landing: string } | null {
  const form = screen.forms.find((candidate) => candidate.builder === "loginPassword");
  if (!form) return null;
  return {
    base: `/zapi${form.submit.path.replace(/\/login$/, "")}`,
    landing: successTarget(screen, form, query),
  };
}

export function loginAction(args: ActionFunctionArgs) {
  return screenAction(args, {
    offeredForms: (screen, query, { settings, screenData }) =>
      formsOfMode(screen, loginModeOf(query, loginOptions(settings, screenData))),
    landing: successTarget,
  });
}
