/** The plan pages' texts: imported by /plans, the purchase screens and /mypage (its contracts). */
import { needTranslations } from "./browser.ts";

await needTranslations("plans", {
  ja: () => import("../../../locales/ja/plans.ts"),
  en: () => import("../../../locales/en/plans.ts"),
});
