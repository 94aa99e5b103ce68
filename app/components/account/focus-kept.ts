/**
 * Two ways the account area's pages would leave the keyboard and screen-reader focus on <body>,
 * beside a client-side navigation (shell/main-content.tsx useFocusOnNavigation): a post that stays
 * on its page and removes the button pressed (「プランを継続する」) — the focus goes to the page's
 * message —, and a page another site sent the browser to (the card issuer's 3-D Secure return to a
 * purchase's completion) — it starts at the page's heading. Here rather than in the shell: the login
 * pages have neither, and stay within their weight.
 */
import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";
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

export function useFocusKeptOnThePage(): void {
  const busy = useNavigation().state !== "idle";
  const wasBusy = useRef(false);
  useEffect(() => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (main && arrivedFromAnotherSite() && focusLost()) focusPageStart(main);
  }, []);
  useEffect(() => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (main && wasBusy.current && !busy && focusLost()) {
      focusPageStart(main, main.querySelector<HTMLElement>('[role="alert"], [role="status"], .alert'));
    }
    wasBusy.current = busy;
  }, [busy]);
}
