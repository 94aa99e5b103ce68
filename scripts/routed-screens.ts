/**
 * Which declarative screens app/routes.ts routes. A screen of screens/ that is not routed is not
 * built yet (its API is missing): the gallery lists it as such and the tests leave it out.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject } from "react-router";
import routes from "../app/routes.ts";
import { SCREENS } from "../screens/index.ts";
import type { ScreenDefinition } from "../screens/screen-definition.ts";

export interface ScreenRoute {
  screenId: string;
  path: string;
  /** The layout route module the screen's route sits under. */
  layoutFile: string | undefined;
}

/** Every screen route (id `screen:<screen id>[:<alias>]`) in the config, with its layout. */
export function screenRoutesOf(config: readonly RouteConfigEntry[], layoutFile?: string): ScreenRoute[] {
  return config.flatMap((entry) => {
    const inner = entry.children ? screenRoutesOf(entry.children, entry.path ? layoutFile : entry.file) : [];
    const screenId = entry.id?.match(/^screen:([^:]+)/)?.[1];
    const own = screenId && entry.path ? [{ screenId, path: entry.path, layoutFile }] : [];
    return [...own, ...inner];
  });
}

export const SCREEN_ROUTES: readonly ScreenRoute[] = screenRoutesOf(routes);

const routedIds = new Set(SCREEN_ROUTES.map((screenRoute) => screenRoute.screenId));

/** The screens the site serves, in screens/ order. */
export const ROUTED_SCREENS: readonly ScreenDefinition[] = SCREENS.filter((screen) =>
  routedIds.has(screen.id),
);

/** The screens defined but not routed: their API is not built yet. */
export const UNROUTED_SCREENS: readonly ScreenDefinition[] = SCREENS.filter(
  (screen) => !routedIds.has(screen.id),
);

/** The route config as the router's route objects, without the catch-all 404. */
function pageRouteObjects(config: readonly RouteConfigEntry[]): RouteObject[] {
  return config
    .filter((entry) => entry.path !== "*")
    .map(
      (entry): RouteObject =>
        entry.index
          ? { index: true, path: entry.path }
          : { path: entry.path, children: entry.children && pageRouteObjects(entry.children) },
    );
}

const pageRoutes = pageRouteObjects(routes);

/** Whether a route of app/routes.ts other than the catch-all 404 serves this path. */
export function isRoutedPath(pathname: string): boolean {
  return matchRoutes(pageRoutes, pathname) !== null;
}
