/**
 * The account area's texts (my page, its sub-pages, the account screens of screens/): imported by
 * the routes that show them; the plan pages, under the same layout, do without.
 */
import { needTranslations } from "./browser.ts";

await needTranslations("account", {
  ja: () => import("../../../locales/ja/account.ts"),
  en: () => import("../../../locales/en/account.ts"),
});
