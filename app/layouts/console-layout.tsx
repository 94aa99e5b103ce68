import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { DEFAULT_LANGUAGE, isLanguage } from "../../locales/index.ts";
import { LanguageSwitcher } from "../components/shell/language-switcher.tsx";
import { MainContent, NavigationProgress } from "../components/shell/main-content.tsx";
import { useShellData } from "../components/shell/use-shell-data.ts";
// The console's texts, which no member page loads.
import "../lib/translations/console.ts";

/**
 * The operator console's frame (/console): a bar naming the store's console with the language switch, and
 * one column. Nothing of the members' site: no header, menu or footer links, and no link to the
 * console from there either. Search engines are told to keep out (the server also says
 * X-Robots-Tag for every console path).
 */
export default function ConsoleLayout() {
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
      <MainContent className="console-layout__main">
        <Outlet />
      </MainContent>
    </div>
  );
}
