import { type ReactNode, StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import type { I18n } from "../locales/i18n.ts";
import { startBrowserTranslator, useBrowserTranslator } from "./lib/translations/browser.ts";

// The server set <html lang>; load exactly that language, with the groups of texts the page's route
// modules asked for as they were imported, before hydrating so nothing flashes.
const translator = await startBrowserTranslator();

function BrowserTranslations({ initial, children }: { initial: I18n; children: ReactNode }) {
  return <I18nextProvider i18n={useBrowserTranslator(initial)}>{children}</I18nextProvider>;
}

startTransition(() => {
  hydrateRoot(
    document,
    <BrowserTranslations initial={translator}>
      <StrictMode>
        <HydratedRouter />
      </StrictMode>
    </BrowserTranslations>,
  );
});
