import { SCREENS } from "../../screens/index.ts";
import type { ScreenDefinition } from "../../screens/screen-definition.ts";

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

/** `/zapi/login/multi-factor/:type` with `{type: "otp"}` → `/zapi/login/multi-factor/otp`. */
export function fillPath(pattern: string, params: Readonly<Record<string, string | undefined>>): string {
  return pattern.replace(/:([A-Za-z0-9_]+)/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing route parameter "${name}" for ${pattern}`);
    return encodeURIComponent(value);
  });
}
