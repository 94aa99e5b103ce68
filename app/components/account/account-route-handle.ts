/**
 * What an account page tells the account layout through its route `handle`:
 *
 *   export const handle: AccountRouteHandle = { hideMenu: true };     // completion pages
 *   export const handle: AccountRouteHandle = { backTo: "/mypage" };  // other account pages
 */
export interface AccountRouteHandle {
  /** No menu and no Back link (completion pages, the social-link error page). */
  hideMenu?: boolean;
  /** Show only a Back link to this path instead of the menu (spec §2: "On other account pages only a Back link appears"). */
  backTo?: string;
}

/**
 * menu: the account menu; back: a Back link (spec §2, other account pages), with the side menu
 * beside the page on wide screens unless inside the native app (issue 41 §6); hidden: no
 * navigation, the page on its own card (completion pages, the social-link error page); none: no
 * navigation inside the native app.
 */
export type AccountNavMode =
  | { kind: "menu" }
  | { kind: "back"; to: string; sideMenu: boolean }
  | { kind: "hidden" }
  | { kind: "none" };

/**
 * How the account layout fills its navigation slot for the current matches: hidden when any
 * matched route hides it, a Back link when the deepest route names one, otherwise the menu; inside
 * the native app the menu is never shown (spec §6).
 */
export function accountNavMode(
  matches: ReadonlyArray<{ handle?: unknown; loaderData?: unknown }>,
  isApp: boolean,
): AccountNavMode {
  // Declarative screens share one route module, so they say it through their loader data instead.
  const handles = matches.map((match) =>
    asAccountHandle(match.handle ?? (match.loaderData as { accountNav?: unknown } | undefined)?.accountNav),
  );
  if (handles.some((handle) => handle.hideMenu)) return { kind: "hidden" };
  const backTo = handles.findLast((handle) => handle.backTo)?.backTo;
  if (backTo) return { kind: "back", to: backTo, sideMenu: !isApp };
  return isApp ? { kind: "none" } : { kind: "menu" };
}

function asAccountHandle(handle: unknown): AccountRouteHandle {
  if (typeof handle !== "object" || handle === null) return {};
  const { hideMenu, backTo } = handle as Record<string, unknown>;
  return { hideMenu: hideMenu === true, backTo: typeof backTo === "string" ? backTo : undefined };
}
