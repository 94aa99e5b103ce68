/**
 * `npm run gallery -- --store <store.json> --out <dir> [--lang ja|en] [--no-fail]`
 *
 * Renders every routed screen (screens/, app/routes.ts) under the given store configuration into
 * `<dir>/<screen-id>.html`, with screen data from the real API run in-process on a fresh database
 * (fixtures from tests/fixtures only for states its flows cannot reach; the index says which), and
 * `<dir>/index.html` linking them. With Chromium it also writes `<dir>/<screen-id>.png` and runs
 * axe-core on each screen into `<dir>/a11y.json`, failing on serious or critical violations unless
 * --no-fail. It also fails when /signup/form does not show exactly the store's registration fields.
 *
 * The components import CSS and JSON, so the renderer runs through Vite's SSR module loader, the
 * way the app itself is built.
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createServer } from "vite";
import enResources from "../locales/en/index.ts";
import jaResources from "../locales/ja/index.ts";
import type { StoreSettings } from "../schemas/types/store-settings.gen.ts";
import { parseStoreSettingsText, StoreSettingsError } from "../server/store/validate-settings.ts";
import { runAsCommand, UsageError } from "./command.ts";
import { screenDataFromApi } from "./gallery/api-screen-data.ts";
import {
  blockingViolations,
  chromiumPath,
  countByImpact,
  type InspectedPage,
  inspectPages,
} from "./gallery/browser-checks.ts";
import type * as BuildGallery from "./gallery/build-gallery.ts";
import { type GalleryOptions, parseGalleryOptions } from "./gallery/cli-options.ts";
import { loadScreenFixtures, screenDataFor } from "./gallery/fixtures.ts";
import { writeGalleryIndex } from "./gallery/gallery-index.ts";
import { parseHtml } from "./gallery/parse-html.ts";
import { signupFormProblems } from "./gallery/signup-fields.ts";
import { inlineStoreImages, REPO_ROOT, siteStylesheet, storeAssetDirs } from "./gallery/standalone-assets.ts";
import { ROUTED_SCREENS, UNROUTED_SCREENS } from "./routed-screens.ts";

const SIGNUP_FORM_ID = "signup-form";

function readStore(file: string): { settings: StoreSettings; version: string } {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(`Cannot read the store file: ${(error as Error).message}`);
  }
  const settings = parseStoreSettingsText(text, file);
  return { settings, version: createHash("sha256").update(text).digest("hex").slice(0, 12) };
}

/** Loads the renderer through Vite so that its CSS and JSON imports resolve as in the app. */
async function withRenderer<T>(use: (module: typeof BuildGallery) => Promise<T>): Promise<T> {
  const vite = await createServer({
    configFile: false,
    root: REPO_ROOT,
    logLevel: "error",
    appType: "custom",
    server: { middlewareMode: true, hmr: false, watch: null },
  });
  try {
    return await use((await vite.ssrLoadModule("/scripts/gallery/build-gallery.ts")) as typeof BuildGallery);
  } finally {
    await vite.close();
  }
}

function badgeTexts(language: GalleryOptions["language"]) {
  const { form } = (language === "en" ? enResources : jaResources) as {
    form: { required: string; optional: string };
  };
  return form;
}

function reportViolations(inspected: readonly InspectedPage[]): number {
  let blocking = 0;
  for (const { screenId, violations } of inspected) {
    if (violations.length === 0) continue;
    const counts = Object.entries(countByImpact(violations))
      .filter(([, count]) => count > 0)
      .map(([impact, count]) => `${impact} ${count}`)
      .join(", ");
    console.log(`  ${screenId}: ${counts} (${violations.map((violation) => violation.id).join(", ")})`);
    blocking += blockingViolations(violations).length;
  }
  return blocking;
}

async function main(argv: readonly string[]): Promise<number> {
  const options = parseGalleryOptions(argv);
  const outDir = resolve(options.outDir);
  const { settings, version } = readStore(options.storeFile);
  const standaloneSettings = inlineStoreImages(settings, storeAssetDirs(options.storeFile));

  const fixtures = loadScreenFixtures();
  // Screen data from the real API under this store, fixtures only where its flows cannot reach.
  const screenData = await screenDataFromApi(ROUTED_SCREENS, settings, options.language, (screen) =>
    screenDataFor(screen, settings, fixtures),
  );
  const pages = await withRenderer((gallery) =>
    gallery.writeGallery(outDir, {
      settings: standaloneSettings,
      settingsVersion: version,
      language: options.language,
      fixtures,
      screenData,
      css: siteStylesheet(),
      storeLabel: options.storeFile,
    }),
  );
  console.log(`Rendered ${pages.length} screens into ${options.outDir}`);
  let failed = false;

  const signupPage = pages.find((page) => page.screen.id === SIGNUP_FORM_ID);
  if (signupPage) {
    const problems = signupFormProblems(parseHtml(signupPage.html), settings, badgeTexts(options.language));
    for (const problem of problems) console.error(`  ${SIGNUP_FORM_ID}: ${problem}`);
    if (problems.length === 0)
      console.log(`${SIGNUP_FORM_ID}: the fields and badges match the store's rules.`);
    failed ||= problems.length > 0;
  }

  const executablePath = chromiumPath();
  if (!executablePath) {
    console.log("Chromium not found (set CHROMIUM_PATH): skipped screenshots and accessibility checks.");
    return failed ? 1 : 0;
  }
  const inspected = await inspectPages(
    outDir,
    pages.map((page) => page.screen.id),
    executablePath,
  );
  const report = Object.fromEntries(inspected.map(({ screenId, violations }) => [screenId, violations]));
  writeFileSync(join(outDir, "a11y.json"), `${JSON.stringify(report, null, 2)}\n`);
  // The index again, now with each screen's screenshot and violation counts.
  writeGalleryIndex(outDir, pages, {
    storeLabel: options.storeFile,
    language: options.language,
    notBuilt: UNROUTED_SCREENS,
    findings: Object.fromEntries(
      inspected.map(({ screenId, screenshot, violations }) => [
        screenId,
        { screenshot, violations: countByImpact(violations) },
      ]),
    ),
  });
  const blocking = reportViolations(inspected);
  console.log(
    `Screenshots and axe results for ${inspected.length} screens; ${blocking} serious or critical violation(s) (a11y.json).`,
  );
  if (blocking > 0 && options.failOnViolations) failed = true;
  return failed ? 1 : 0;
}

runAsCommand(import.meta.url, main, [StoreSettingsError]);
