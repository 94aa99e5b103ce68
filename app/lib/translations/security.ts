/** The texts of my page's passkeys and signed-in devices pages: imported by those pages only. */
import { needTranslations } from "./browser.ts";

await needTranslations("security", {
  ja: () => import("../../../locales/ja/security.ts"),
  en: () => import("../../../locales/en/security.ts"),
});
