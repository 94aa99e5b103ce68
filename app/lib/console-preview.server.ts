/**
 * A member screen rendered under given store settings, as the QA gallery renders it
 * (scripts/gallery/render-screen.tsx): the app's own layout and components with sample screen data
 * (tests/fixtures/screens, the gallery's), as one HTML document without scripts, for the console's
 * preview frames.
 */

import enResources from "../../locales/en/index.ts";
import { createI18n, type I18n } from "../../locales/i18n.ts";
import type { Language } from "../../locales/index.ts";
import jaResources from "../../locales/ja/index.ts";
import type { StoreSettings } from "../../schemas/types/store-settings.gen.ts";
import { SCREENS } from "../../screens/index.ts";
import {
  loadScreenFixtures,
  routeParamsFor,
  type ScreenFixtures,
  screenDataFor,
} from "../../scripts/gallery/fixtures.ts";
import { renderScreenDocument } from "../../scripts/gallery/render-screen.tsx";
import { siteStylesheet } from "../../scripts/gallery/standalone-assets.ts";
import type { PreviewScreen } from "./console-preview.ts";

/**
 * The preview document's own policy: no script at all, styles inline (the site's stylesheet is
 * inlined), images from this site, framed by this site's console only.
 */
export const PREVIEW_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join("; ");

// Read once per process: the sample data, the stylesheet and a translator per language.
let fixtures: ScreenFixtures | undefined;
let css: string | undefined;
const translators = new Map<Language, I18n>();

function translatorFor(language: Language): I18n {
  let i18n = translators.get(language);
  if (!i18n) {
    i18n = createI18n(language, { ja: jaResources, en: enResources });
    translators.set(language, i18n);
  }
  return i18n;
}

/**
 * The screen under `settings`, its sample data overlaid with what the previewed configuration
 * decides (`screenData`: the plan cards of a plans draft, a client's consent).
 */
export async function previewDocument(
  screenId: PreviewScreen,
  settings: StoreSettings,
  settingsVersion: string,
  language: Language,
  screenData: Record<string, unknown> = {},
): Promise<string> {
  const screen = SCREENS.find((definition) => definition.id === screenId);
  if (!screen) throw new Error(`No screen ${screenId}`);
  fixtures ??= loadScreenFixtures();
  css ??= siteStylesheet();
  return renderScreenDocument({
    screen,
    settings,
    settingsVersion,
    language,
    i18n: translatorFor(language),
    screenData: { ...screenDataFor(screen, settings, fixtures), ...screenData },
    params: routeParamsFor(screen, fixtures),
    css,
  });
}
