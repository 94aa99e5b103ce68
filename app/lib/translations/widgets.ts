/** The widgets' texts (postal search, PIN boxes, policies, switches…): imported by the routes that show them. */
import { needTranslations } from "./browser.ts";

await needTranslations("widgets", {
  ja: () => import("../../../locales/ja/widgets.ts"),
  en: () => import("../../../locales/en/widgets.ts"),
});
