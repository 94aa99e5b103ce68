/**
 * The contract between the declarative screens and the API (issue 21 §2): every call a screen
 * declares — its screen data, each form's submit and resend — must have a handler among the API's
 * own routes. Paths are matched as the API's router matches them, with each `:param` filled.
 */
import { TrieRouter } from "hono/router/trie-router";
import type { ScreenDefinition } from "../screens/screen-definition.ts";
import type { ApiEndpoint } from "../server/api/app.ts";

export interface ScreenApiCall {
  screenId: string;
  method: string;
  /** The API path as the screen declares it, `:param`s included. */
  path: string;
}

/**
 * Every API call the screens declare, once per screen, method and path. A submit to a page path
 * (the login screens post plain forms to their own route action) is not an API call: see
 * pagePostsOfScreens.
 */
export function callsOfScreens(screens: readonly ScreenDefinition[]): ScreenApiCall[] {
  const calls = new Map<string, ScreenApiCall>();
  const add = (screenId: string, method: string, path: string) => {
    calls.set(`${screenId} ${method} ${path}`, { screenId, method, path });
  };
  for (const screen of screens) {
    if (screen.screenData) add(screen.id, "GET", `/zapi/internal/${screen.screenData}/screen-data`);
    for (const form of screen.forms) {
      if (form.submit.path.startsWith("/zapi/")) add(screen.id, form.submit.method, form.submit.path);
      if (form.resend) add(screen.id, "POST", form.resend.path);
    }
  }
  return [...calls.values()];
}

/** Submits that post to a page of the site (its route action) rather than to the API. */
export function pagePostsOfScreens(screens: readonly ScreenDefinition[]): ScreenApiCall[] {
  return screens.flatMap((screen) =>
    screen.forms
      .filter((form) => !form.submit.path.startsWith("/zapi/"))
      .map((form) => ({ screenId: screen.id, method: form.submit.method, path: form.submit.path })),
  );
}

/** The calls no endpoint answers (by method and path), in the order given. */
export function callsWithoutHandler(calls: readonly ScreenApiCall[], endpoints: readonly ApiEndpoint[]) {
  const router = new TrieRouter<string>();
  for (const endpoint of endpoints) router.add(endpoint.method, endpoint.path, endpoint.method);
  return calls.filter((call) => {
    const concrete = call.path.replace(/:([A-Za-z0-9_]+)/g, "sample-$1");
    const [matches] = router.match(call.method, concrete);
    return !matches.some(([method]) => method === call.method);
  });
}
