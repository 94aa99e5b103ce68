import { useEffect } from "react";
import { readCookie } from "./cookies.ts";

export const AUTH_ID_COOKIE = "auid";

/** True when the page shows a different login than the browser now has (spec §1, last bullet). */
export function isStaleAuth(renderedAuthId: string | null, cookieHeader: string): boolean {
  return (readCookie(cookieHeader, AUTH_ID_COOKIE) ?? null) !== (renderedAuthId ?? null);
}

function cameFromHistory(): boolean {
  const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  return entry?.type === "back_forward";
}

/**
 * Reloads a page restored from the back/forward cache, or reached by back/forward navigation,
 * when the auid cookie no longer matches the authId the page was rendered with.
 */
export function useBackForwardAuthCheck(authId: string | null) {
  useEffect(() => {
    const check = () => {
      if (isStaleAuth(authId, document.cookie)) window.location.reload();
    };
    if (cameFromHistory()) check();
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) check();
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, [authId]);
}
