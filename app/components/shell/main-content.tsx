import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";

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
