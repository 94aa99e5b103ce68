import { matchPath } from "react-router";
import { SCREENS } from "../../screens/index.ts";
import type { ScreenDefinition } from "../../screens/screen-definition.ts";

export interface MatchedScreen {
  screen: ScreenDefinition;
  params: Record<string, string>;
}

/** The declarative screen that serves a URL path (paths are unique; scripts check it). */
export function matchScreen(pathname: string): MatchedScreen | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  for (const screen of SCREENS) {
    for (const pattern of screen.paths) {
      const match = matchPath({ path: pattern, end: true }, path);
      if (match) {
        const params = Object.fromEntries(
          Object.entries(match.params).filter(
            (entry): entry is [string, string] => typeof entry[1] === "string",
          ),
        );
        return { screen, params };
      }
    }
  }
  return null;
}

/** `/zapi/login/multi-factor/:type` with `{type: "otp"}` → `/zapi/login/multi-factor/otp`. */
export function fillPath(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:([A-Za-z0-9_]+)/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing route parameter "${name}" for ${pattern}`);
    return encodeURIComponent(value);
  });
}
