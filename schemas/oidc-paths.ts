/**
 * The paths the login provider serves itself, beside the site's pages (issue 46): its protocol
 * endpoints under /op/ with the discovery document, and the interaction requests of spec §2 that
 * are not pages. Shared: the server routes them to the provider, and a page's action that ends on
 * one loads it as a document rather than routing to it (app/lib/screen-action.server.ts).
 */

/** The interaction requests (server/oidc/interactions.ts), not pages. */
export const INTERACTION_REQUEST_PATHS = {
  entry: "/oidc",
  loginDone: "/oidc/loginInteraction",
  consentForm: "/oidc/consent/form",
  consentAbort: "/oidc/consent/form/abort",
  selectAccountForm: "/oidc/selectAccount/form",
  selectAccountSwitch: "/oidc/selectAccount/form/switch",
  selectAccountDone: "/oidc/selectAccountInteraction",
} as const;

const INTERACTION_REQUESTS = new Set<string>(Object.values(INTERACTION_REQUEST_PATHS));

/** The provider's protocol endpoints and discovery document. */
export function isProtocolPath(path: string): boolean {
  return path.startsWith("/op/") || path === "/.well-known/openid-configuration";
}

export function isInteractionRequestPath(path: string): boolean {
  return INTERACTION_REQUESTS.has(path);
}

/** Whether the provider, not a page, answers `path` (a path, or a same-site URL with its query). */
export function isProviderServedPath(pathOrUrl: string): boolean {
  const path = pathOrUrl.split(/[?#]/)[0] ?? "";
  return isProtocolPath(path) || isInteractionRequestPath(path);
}
