/** The operator console's texts: imported by the console's routes only, so no member page loads them. */
import { needTranslations } from "./browser.ts";

await needTranslations("console", {
  ja: () => import("../../../locales/ja/console.ts"),
  en: () => import("../../../locales/en/console.ts"),
});
