import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LANGUAGE, isLanguage, loadTranslation } from "../locales/index.ts";
import { createI18n } from "../locales/language.ts";

// The server set <html lang>; load exactly that language before hydrating so nothing flashes.
const htmlLang = document.documentElement.lang;
const language = isLanguage(htmlLang) ? htmlLang : DEFAULT_LANGUAGE;
const i18n = await createI18n(language, { [language]: await loadTranslation(language) });

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
