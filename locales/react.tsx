/**
 * The translator in React (ADR 0021): one provider around the app, and `useTranslation` in any
 * component below it. The provider's value changes only when the language does (a new translator),
 * which re-renders every component that translates.
 */
import { createContext, type ReactNode, useContext } from "react";
import type { Translate, Translator } from "./translator.ts";

const TranslatorContext = createContext<Translator | null>(null);

export function TranslationProvider({
  translator,
  children,
}: {
  translator: Translator;
  children: ReactNode;
}) {
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}

export function useTranslation(): { t: Translate; i18n: Translator } {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error("useTranslation needs a TranslationProvider above it");
  return { t: translator.t, i18n: translator };
}
