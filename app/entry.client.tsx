import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LANGUAGE, isLanguage } from "../locales/index.ts";
import { createI18n } from "../locales/language.ts";
import { attachBrowserI18n, browserTranslations } from "./lib/translations/browser.ts";

// The server set <html lang>; load exactly that language, with the groups of texts the page's route
// modules asked for as they were imported, before hydrating so nothing flashes.
const htmlLang = document.documentElement.lang;
const language = isLanguage(htmlLang) ? htmlLang : DEFAULT_LANGUAGE;
const i18n = await createI18n(language, { [language]: await browserTranslations(language) });
attachBrowserI18n(i18n);

startTransition(() => {
  hydrateRoot(
    document,
    <I18nextProvider i18n={i18n}>
      <StrictMode>
        <HydratedRouter />
      </StrictMode>
    </I18nextProvider>,
  );
});
