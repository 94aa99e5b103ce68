/**
 * Two ways the account area's pages would leave the keyboard and screen-reader focus on <body>,
 * beside a client-side navigation (shell/main-content.tsx useFocusOnNavigation): a post that stays
 * on its page and removes the button pressed (「プランを継続する」) — the focus goes to the page's
 * message —, and a page another site sent the browser to (the card issuer's 3-D Secure return to a
 * purchase's completion) — it starts at the page's heading. Here rather than in the shell: the login
 * pages have neither, and stay within their weight.
 */
import { useEffect, useRef } from "react";
import { useLocation, useNavigation } from "react-router";
import { focusPageStart, MAIN_CONTENT_ID } from "../shell/main-content.tsx";

/** Whether the focus is on nothing of the page (<body>, or an element the render removed). */
function focusLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/** Whether this document was opened by another site sending the browser here (a provider's return). */
function arrivedFromAnotherSite(): boolean {
  const from = document.referrer;
  return from !== "" && !`${from}/`.startsWith(`${window.location.origin}/`);
}

/** A message the page shows: not the live regions kept hidden for screen readers' announcements. */
const PAGE_MESSAGE =
  '[role="alert"]:not(.sf-visually-hidden, .visually-hidden), [role="status"]:not(.sf-visually-hidden, .visually-hidden), .alert';

export function useFocusKeptOnThePage(): void {
  const busy = useNavigation().state !== "idle";
  const { pathname } = useLocation();
  const wasBusyOn = useRef<string | null>(null);
  useEffect(() => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (main && arrivedFromAnotherSite() && focusLost()) focusPageStart(main);
  }, []);
  useEffect(() => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    // Only a post that stayed on its page: a navigation to another is useFocusOnNavigation's.
    if (main && wasBusyOn.current === pathname && !busy && focusLost()) {
      focusPageStart(main, main.querySelector<HTMLElement>(PAGE_MESSAGE));
    }
    wasBusyOn.current = busy ? pathname : null;
  }, [busy, pathname]);
}
