/**
 * What makes a gallery page render from a plain file: the site's CSS inlined (with its @imports
 * resolved) and the store's images as data URIs instead of /store-assets/ URLs.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, extname, join, resolve } from "node:path";
import type { StoreSettings } from "../../schemas/types/store-settings.gen.ts";

export const REPO_ROOT = resolve(import.meta.dirname, "../..");

/** The stylesheets the app loads, in its order: the site (root.tsx), then the form theme (SchemaForm). */
const STYLESHEETS = ["app/styles/app.css", "widgets/widgets.css"];

/** Where pages keep the stylesheets their own modules import (each scoped by its block's class names). */
const PAGE_STYLESHEET_DIRS = ["app/routes", "app/components"];

/** The pages' own stylesheets, by path: a page's CSS chunk in the build, one sheet here. */
function pageStylesheets(root: string): string[] {
  return PAGE_STYLESHEET_DIRS.flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".css"))
      .map((file) => join(dir, file)),
  ).sort();
}

const IMPORT_RULE = /@import\s+(?:url\()?["']([^"']+)["']\)?\s*;/g;

/** A stylesheet with its relative @imports replaced by their contents, recursively. */
export function inlineImports(path: string, seen: Set<string> = new Set()): string {
  const absolute = resolve(path);
  if (seen.has(absolute)) throw new Error(`${absolute} imports itself`);
  const css = readFileSync(absolute, "utf8");
  const nextSeen = new Set([...seen, absolute]);
  return css.replace(IMPORT_RULE, (_rule, target: string) =>
    inlineImports(resolve(dirname(absolute), target), nextSeen),
  );
}

/** Every style rule of the site as one stylesheet. */
export function siteStylesheet(root: string = REPO_ROOT): string {
  return [...STYLESHEETS, ...pageStylesheets(root)]
    .map((file) => `/* ${file} */\n${inlineImports(join(root, file))}`)
    .join("\n");
}

const STORE_ASSETS_PREFIX = "/store-assets/";

const MEDIA_TYPES: Record<string, string> = {
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
};

/**
 * The server serves /store-assets/<name> from the `assets` folder beside the store file; the
 * gallery looks there first, then in the demo store's folder (matrix stores have no images of
 * their own). An image found in neither keeps its URL and shows its alternative text.
 */
export function inlineStoreImages(settings: StoreSettings, assetDirs: readonly string[]): StoreSettings {
  const inline = (url: string): string => {
    if (!url.startsWith(STORE_ASSETS_PREFIX)) return url;
    const name = url.slice(STORE_ASSETS_PREFIX.length);
    const mediaType = MEDIA_TYPES[extname(name).toLowerCase()];
    const file = assetDirs.map((dir) => join(dir, name)).find((path) => existsSync(path));
    if (!file || !mediaType) return url;
    return `data:${mediaType};base64,${readFileSync(file).toString("base64")}`;
  };
  const { logoPc, logoSp, favicon, appleTouchIcon } = settings.images;
  return {
    ...settings,
    images: {
      logoPc: inline(logoPc),
      logoSp: inline(logoSp),
      favicon: inline(favicon),
      appleTouchIcon: inline(appleTouchIcon),
    },
  };
}

/** Where the images of a store file are looked up: its own `assets` folder, then the demo store's. */
export function storeAssetDirs(storeFile: string, root: string = REPO_ROOT): string[] {
  return [...new Set([join(dirname(resolve(storeFile)), "assets"), join(root, "config/assets")])];
}
