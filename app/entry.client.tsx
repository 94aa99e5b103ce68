import { type ReactNode, StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { TranslationProvider } from "../locales/react.tsx";
import type { Translator } from "../locales/translator.ts";
import { startBrowserTranslator, useBrowserTranslator } from "./lib/translations/browser.ts";

// The server set <html lang>; load exactly that language, with the groups of texts the page's route
// modules asked for as they were imported, before hydrating so nothing flashes.
const translator = await startBrowserTranslator();

function BrowserTranslations({ initial, children }: { initial: Translator; children: ReactNode }) {
  return <TranslationProvider translator={useBrowserTranslator(initial)}>{children}</TranslationProvider>;
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
