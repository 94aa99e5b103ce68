/** The account area's texts (my page, its switches): imported by the account layout. */
import { needTranslations } from "./browser.ts";

await needTranslations("account", {
  ja: () => import("../../../locales/ja/account.ts"),
  en: () => import("../../../locales/en/account.ts"),
});
