/** The texts of the top, logout, licences, policy and login provider's error pages: imported by those pages only. */
import { needTranslations } from "./browser.ts";

await needTranslations("pages", {
  ja: () => import("../../../locales/ja/pages.ts"),
  en: () => import("../../../locales/en/pages.ts"),
});
