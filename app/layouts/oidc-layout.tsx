import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { DEFAULT_LANGUAGE, isLanguage } from "../../locales/index.ts";
import { LanguageSwitcher } from "../components/shell/language-switcher.tsx";
import { MainContent, NavigationProgress } from "../components/shell/main-content.tsx";
import { useShellData } from "../components/shell/use-shell-data.ts";

/**
 * The login-provider screens (spec §2 OIDC): no site header and no links that leave the flow,
 * only the store's logo, one centred card and a small footer. No error boundary of its own: the
 * error page's route draws its errors in this frame; a fault of another OIDC page is the site's
 * error page (the frame's boundary cost the OIDC login page its place under the light budget).
 */
function OidcFrame({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const { store, serviceName } = useShellData();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return (
    <div className="site oidc-layout">
      <NavigationProgress />
      <MainContent className="oidc-layout__main">
        {store && <img className="oidc-layout__logo" src={store.images.logoPc} alt={serviceName} />}
        <div className="card oidc-layout__card">{children}</div>
      </MainContent>
      <footer className="oidc-layout__footer">
        <LanguageSwitcher current={language} />
        {store?.footers.copyright && <small>{store.footers.copyright}</small>}
      </footer>
    </div>
  );
}

export default function OidcLayout() {
  return (
    <OidcFrame>
      <Outlet />
    </OidcFrame>
  );
}
