import { SCREENS } from "../../screens/index.ts";
import type { ScreenDefinition } from "../../screens/screen-definition.ts";

export { fillPath } from "./fill-path.ts";

/**
 * The declarative screen a route serves, from the route's own pattern as written in app/routes.ts
 * (`/login/multi-factor/:type`), not from the URL: paths are unique across screens (screens/check.ts).
 */
export function screenOfRoute(pattern: string): ScreenDefinition | undefined {
  return SCREEN_BY_PATH.get(pattern);
}

/** Every screen path → its screen, built once rather than searched on each request. */
const SCREEN_BY_PATH: ReadonlyMap<string, ScreenDefinition> = new Map(
  SCREENS.flatMap((screen) => screen.paths.map((path) => [path, screen] as const)),
);
