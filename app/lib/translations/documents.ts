/** The printable documents' texts: imported by the invoice and return invoice pages only. */
import { needTranslations } from "./browser.ts";

await needTranslations("documents", {
  ja: () => import("../../../locales/ja/documents.ts"),
  en: () => import("../../../locales/en/documents.ts"),
});
