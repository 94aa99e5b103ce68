/** The declarative screens' texts: imported by ScreenView, so every screen page has them. */
import { needTranslations } from "./browser.ts";

await needTranslations("screens", {
  ja: () => import("../../../locales/ja/screens.ts"),
  en: () => import("../../../locales/en/screens.ts"),
});
