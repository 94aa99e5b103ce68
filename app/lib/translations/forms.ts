/** The texts of forms (labels, validation messages): imported by the routes with forms. */
import { needTranslations } from "./browser.ts";

await needTranslations("forms", {
  ja: () => import("../../../locales/ja/forms.ts"),
  en: () => import("../../../locales/en/forms.ts"),
});
