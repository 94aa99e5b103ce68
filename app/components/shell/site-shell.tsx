import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { MAIN_CONTENT_ID, NavigationProgress } from "./main-content.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";
import { useShellData } from "./use-shell-data.ts";

/**
 * Header, content and footer around a page. Layouts pass a <MainContent> (plus any navigation) as
 * children. Works without root data, so error pages keep the shell when the root loader failed.
 */
export function SiteShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { store, isLoggedIn, memberLabel, profileImageUrl, browserInfo } = useShellData();
  return (
    <div className="site">
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        {t("shell.skipToContent")}
      </a>
      <NavigationProgress />
      <SiteHeader
        store={store}
        isLoggedIn={isLoggedIn}
        memberLabel={memberLabel}
        isApp={browserInfo.isApp}
        profileImageUrl={profileImageUrl}
      />
      {children}
      <SiteFooter store={store} isLoggedIn={isLoggedIn} browserInfo={browserInfo} />
    </div>
  );
}
