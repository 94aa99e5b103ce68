import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, Outlet, useRouteError } from "react-router";
import { DEFAULT_LANGUAGE, isLanguage } from "../../locales/index.ts";
import { LanguageSwitcher } from "../components/shell/language-switcher.tsx";
import { MainContent, NavigationProgress } from "../components/shell/main-content.tsx";
import { PageTitle } from "../components/shell/page-title.tsx";
import { useShellData } from "../components/shell/use-shell-data.ts";
// The console's texts, which no member page loads.
import "../lib/translations/console.ts";

/**
 * The operator console's frame (/console): a bar naming the store's console with the language switch, and
 * one column. Nothing of the members' site: no header, menu or footer links, and no link to the
 * console from there either. Search engines are told to keep out (the server also says
 * X-Robots-Tag for every console path).
 */
function ConsoleFrame({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { serviceName } = useShellData();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return (
    <div className="site console-layout">
      <meta name="robots" content="noindex, nofollow" />
      <NavigationProgress />
      <header className="console-layout__bar">
        <span className="console-layout__name">
          {serviceName ? `${serviceName} ${t("console.title")}` : t("console.title")}
        </span>
        <LanguageSwitcher current={language} />
      </header>
      <MainContent className="console-layout__main">{children}</MainContent>
    </div>
  );
}

export default function ConsoleLayout() {
  return (
    <ConsoleFrame>
      <Outlet />
    </ConsoleFrame>
  );
}

/**
 * A console page's failure inside the console's frame: a role the page is not for is told so,
 * anything else that the page could not be shown. (Not the site's error page: importing it here
 * would split it out of the root's chunk, and every member page would carry the seam.)
 */
export function ErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  const message = forbidden ? t("console.errors.forbidden") : t("console.errors.failed");
  return (
    <ConsoleFrame>
      <div className="card console-card">
        <PageTitle name={message} />
        <p className="alert alert--error" role="alert">
          {message}
        </p>
        <p>
          <Link to="/console">{t("console.audit.back")}</Link>
        </p>
      </div>
    </ConsoleFrame>
  );
}
