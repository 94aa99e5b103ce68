/**
 * The gallery's pages: every routed screen rendered under one store configuration, written with an
 * index that links them and lists the screens not built yet. Loaded through Vite (its components import CSS); the Chromium
 * pass lives in browser-checks.ts.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import enResources from "../../locales/en/index.ts";
import { createI18n, type I18n } from "../../locales/i18n.ts";
import type { Language } from "../../locales/index.ts";
import jaResources from "../../locales/ja/index.ts";
import type { StoreSettings } from "../../schemas/types/store-settings.gen.ts";
import type { ScreenDefinition } from "../../screens/screen-definition.ts";
import { ROUTED_SCREENS, UNROUTED_SCREENS } from "../routed-screens.ts";
import type { GalleryScreenData } from "./api-screen-data.ts";
import { routeParamsFor, type ScreenFixtures, screenDataFor } from "./fixtures.ts";
import { type GalleryPage, writeGalleryIndex } from "./gallery-index.ts";
import { renderScreenDocument } from "./render-screen.tsx";

export interface GalleryInput {
  settings: StoreSettings;
  /** Stands for the settings in form versions, as StoreSnapshot.version does in the app. */
  settingsVersion: string;
  language: Language;
  fixtures: ScreenFixtures;
  /** The site's CSS (standalone-assets.ts siteStylesheet). */
  css: string;
  /** Names the configuration on the index page, e.g. the store file. */
  storeLabel: string;
  /**
   * Each screen's data with its source (api-screen-data.ts); without it, the fixtures stand in for
   * every screen (the unit tests).
   */
  screenData?: ReadonlyMap<string, GalleryScreenData>;
  /** Defaults to every routed screen (scripts/routed-screens.ts); the others are listed as not built. */
  screens?: readonly ScreenDefinition[];
}

export function pageFileName(screen: ScreenDefinition): string {
  return `${screen.id}.html`;
}

function createGalleryI18n(language: Language): I18n {
  return createI18n(language, { ja: jaResources, en: enResources });
}

/** Every routed screen as a standalone HTML document. */
export async function renderGallery(input: GalleryInput): Promise<GalleryPage[]> {
  const { settings, settingsVersion, language, fixtures, css } = input;
  const i18n = createGalleryI18n(language);
  const pages: GalleryPage[] = [];
  const dataOf = (screen: ScreenDefinition): GalleryScreenData =>
    input.screenData?.get(screen.id) ?? {
      data: screenDataFor(screen, settings, fixtures),
      source: screen.screenData ? "fixture" : "none",
    };
  for (const screen of input.screens ?? ROUTED_SCREENS) {
    const html = await renderScreenDocument({
      screen,
      settings,
      settingsVersion,
      language,
      i18n,
      screenData: dataOf(screen).data,
      params: routeParamsFor(screen, fixtures),
      css,
    });
    const { source, reason } = dataOf(screen);
    pages.push({
      screen,
      fileName: pageFileName(screen),
      title: i18n.t(screen.titleKey),
      html,
      source,
      reason,
    });
  }
  return pages;
}

/**
 * Renders every routed screen into `<outDir>/<screen-id>.html` and writes `<outDir>/index.html`,
 * which also lists the screens not built yet.
 */
export async function writeGallery(outDir: string, input: GalleryInput): Promise<GalleryPage[]> {
  const pages = await renderGallery(input);
  mkdirSync(outDir, { recursive: true });
  for (const page of pages) writeFileSync(join(outDir, page.fileName), page.html);
  writeGalleryIndex(outDir, pages, {
    storeLabel: input.storeLabel,
    language: input.language,
    notBuilt: UNROUTED_SCREENS,
  });
  return pages;
}
