import { useTranslation } from "react-i18next";
import { Link, type Path, useLocation } from "react-router";
import { type Language, SUPPORTED_LANGUAGES } from "../../../locales/index.ts";
import { TranslateIcon } from "../icons.tsx";

/** Each language is offered in its own name, whatever the page language is. */
const LANGUAGE_NAMES: Record<Language, string> = { ja: "日本語", en: "English" };

/** The current page with `lng` set; the server stores the choice in a cookie (ADR 0006). */
export function languageSwitchTarget(location: Path, language: Language): Path {
  const search = new URLSearchParams(location.search);
  search.set("lng", language);
  return { pathname: location.pathname, search: `?${search}`, hash: location.hash };
}

export function LanguageSwitcher({ current }: { current: Language }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <nav className="language-switcher" aria-label={t("shell.footer.language")}>
      <TranslateIcon className="language-switcher__icon" />
      <ul className="language-switcher__list">
        {SUPPORTED_LANGUAGES.map((language) => (
          <li key={language}>
            <Link
              to={languageSwitchTarget(location, language)}
              lang={language}
              hrefLang={language}
              aria-current={language === current ? "true" : undefined}
              preventScrollReset
              className="language-switcher__link"
            >
              {LANGUAGE_NAMES[language]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
