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

/**
 * After a client-side navigation to another page, the keyboard and screen-reader focus goes to the
 * new page's heading (or its main region), as a full page load would start there: otherwise it
 * stays on the link or button of a page that is gone, which browsers turn into <body>. Not on the
 * first load, and not when the new page has already put the focus inside it (a field's autofocus,
 * the first field with an error).
 */
export function useFocusOnNavigation(): void {
  const { pathname } = useLocation();
  const firstPage = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new page, which the path names
  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    const active = document.activeElement;
    if (active && active !== main && main.contains(active)) return;
    focusPageStart(main);
  }, [pathname]);
}

/** Moves the focus to `target` (the page's message), else the page's heading, else its main region. */
export function focusPageStart(main: HTMLElement, target?: HTMLElement | null): void {
  const start = target ?? main.querySelector<HTMLElement>("h1");
  if (start && !start.hasAttribute("tabindex")) start.tabIndex = -1;
  (start ?? main).focus({ preventScroll: true });
}
