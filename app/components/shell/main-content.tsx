import type { ReactNode } from "react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigation } from "react-router";

/** The skip link's target. */
export const MAIN_CONTENT_ID = "main-content";

function useIsNavigating(): boolean {
  return useNavigation().state !== "idle";
}

/** The page's one <main>, marked busy while the router loads the next page. */
export function MainContent({ className, children }: { className?: string; children: ReactNode }) {
  const navigating = useIsNavigating();
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className={className} aria-busy={navigating || undefined}>
      {children}
    </main>
  );
}

/** A thin indeterminate bar at the top of the window while a navigation or submission is pending. */
export function NavigationProgress() {
  const { t } = useTranslation();
  if (!useIsNavigating()) return null;
  return (
    <div className="nav-progress" role="progressbar" aria-label={t("shell.navigationProgress")}>
      <span className="nav-progress__bar" />
    </div>
  );
}

/** Moves the focus to the page's message, else its heading, else its main region. */
function focusPage(preferMessage: boolean): void {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return;
  const message = preferMessage
    ? main.querySelector<HTMLElement>('[role="alert"], [role="status"], .alert')
    : null;
  const target = message ?? main.querySelector<HTMLElement>("h1") ?? main;
  if (target !== main && !target.hasAttribute("tabindex")) target.tabIndex = -1;
  target.focus({ preventScroll: true });
}

/** Whether the focus is on nothing of the page (<body>, or an element the render removed). */
function focusLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/** Whether this document was opened by another site sending the browser here (a provider's return). */
function arrivedFromAnotherSite(): boolean {
  if (!document.referrer) return false;
  try {
    return new URL(document.referrer).origin !== window.location.origin;
  } catch {
    return false;
  }
}

/**
 * After a client-side navigation to another page, the keyboard and screen-reader focus goes to the
 * new page's heading (or its main region), as a full page load would start there: otherwise it
 * stays on the link or button of a page that is gone, which browsers turn into <body>. Not on the
 * first load, and not when the new page has already put the focus inside it (a field's autofocus,
 * the first field with an error). Two more cases lose the focus the same way: a post that stays on
 * its page and removes the button pressed (「プランを継続する」) — the focus goes to the page's
 * message —, and a page another site sent the browser to (the card issuer's 3-D Secure return) —
 * it starts at the page's heading.
 */
export function useFocusOnNavigation(): void {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const firstPage = useRef(true);
  const wasBusy = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new page, which the path names
  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      if (arrivedFromAnotherSite() && focusLost()) focusPage(false);
      return;
    }
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    const active = document.activeElement;
    if (active && active !== main && main.contains(active)) return;
    focusPage(false);
  }, [pathname]);
  useEffect(() => {
    const busy = navigation.state !== "idle";
    if (wasBusy.current && !busy && focusLost()) focusPage(true);
    wasBusy.current = busy;
  }, [navigation.state]);
}
