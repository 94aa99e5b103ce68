import { useSyncExternalStore } from "react";

const subscribeNever = () => () => {};

/**
 * False on the server and while hydrating, true once React runs in the browser. A rule only a
 * script can lift (a button held disabled until the form is valid, a box enabled once a policy is
 * read) applies from then on, so a page without JavaScript stays usable and the server judges.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
