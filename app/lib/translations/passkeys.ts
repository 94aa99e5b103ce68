/** My page's passkeys page's texts: imported by that page only. */
import { needTranslations } from "./browser.ts";

await needTranslations("passkeys", {
  ja: () => import("../../../locales/ja/passkeys.ts"),
  en: () => import("../../../locales/en/passkeys.ts"),
});
