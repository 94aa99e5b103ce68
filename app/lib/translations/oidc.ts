/** The login provider's own pages' texts (the consent screen). */
import { needTranslations } from "./browser.ts";

await needTranslations("oidc", {
  ja: () => import("../../../locales/ja/oidc.ts"),
  en: () => import("../../../locales/en/oidc.ts"),
});
