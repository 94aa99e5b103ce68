import * as guest from "./guest.ts";
import * as mypage from "./mypage.ts";
import * as oidc from "./oidc.ts";
import * as plans from "./plans.ts";
import type { ScreenDefinition } from "./screen-definition.ts";
import * as signup from "./signup.ts";
import * as subscriptions from "./subscriptions.ts";

/** Every declarative screen, in the order routes are matched. */
export const SCREENS: readonly ScreenDefinition[] = [
  ...Object.values(guest),
  ...Object.values(signup),
  ...Object.values(mypage),
  ...Object.values(plans),
  ...Object.values(subscriptions),
  ...Object.values(oidc),
];

export function screenById(id: string): ScreenDefinition | undefined {
  return SCREENS.find((screen) => screen.id === id);
}
