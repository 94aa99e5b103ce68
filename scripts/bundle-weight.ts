/**
 * `npx tsx scripts/bundle-weight.ts`, after `npm run build`: the JavaScript each page loads in the
 * browser, and whether it includes rjsf or ajv (issue "Schema engine" item 8: only routes that
 * render a schema form may ship them).
 *
 * A page loads the client entry, the root route, its layouts and its own route module, each with
 * every chunk it imports statically; then, at hydration, the translations of its language (a
 * dynamic import, counted at the heavier language) and its forms' validator modules (ADR 0013):
 * a schema-form page its forms' modules, a plain-form page (/login) its browser check and its
 * forms' modules, each counted at the heaviest page of the demo store (config/store.json), minified
 * as served. Other dynamic imports load only on demand and are not counted. (React Router's route manifest travels inline in the page: lazy route discovery.)
 * The chunks and their imports come from Vite's manifest (build/client/.vite/manifest.json,
 * enabled by `build.manifest` in vite.config.ts), the nesting of routes from app/routes.ts. Engines
 * are recognised by strings their code always contains, which survive minification.
 *
 * Prints one row per page (route module in its layouts) with the route module's own weight and the
 * whole page's, raw and gzipped, and its budget (issue 40: light pages 160 kB, form pages 220 kB
 * gzip); exits 1 when a page is heavier than its budget, when a page that must stay light ships an
 * engine, or when any client chunk at all (dynamic ones too) contains ajv's compiler: form
 * validators are compiled on the server (ADR 0013), and the compiler's `new Function` breaks the
 * strict CSP.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { minifyModule } from "../app/lib/form-validators.server.ts";
import { buildFormsOfScreen } from "../app/lib/screen-form-build.server.ts";
import { standaloneValidators } from "../schemas/standalone-validators.ts";
import type { StoreSettings } from "../schemas/types/store-settings.gen.ts";
import { SCREENS } from "../screens/index.ts";
import { parseStoreSettingsText } from "../server/store/validate-settings.ts";
import { loadScreenFixtures, type ScreenFixtures, screenDataFor } from "./gallery/fixtures.ts";

export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** Vite's build manifest: chunks by key (source path of entries, `_<file>` of shared chunks). */
export type ViteManifest = Record<string, ManifestChunk>;

/** The part of React Router's route config this needs (RouteConfigEntry). */
export interface RouteNode {
  file: string;
  path?: string;
  index?: boolean;
  children?: RouteNode[];
}

/**
 * `ajv` is any ajv code (form pages ship its small runtime helpers for the precompiled
 * validators); `ajv compiler` is the part that turns schemas into code, which no page may ship.
 */
export type Engine = "rjsf" | "ajv" | "ajv compiler";

/** How the report names the root's own page. */
const ROOT_ERROR_PAGE = "(error page)";

/**
 * Strings in every build of each engine, which minification keeps: rjsf's internal `__rjsf` keys;
 * the `require` paths ajv's runtime helpers carry for standalone code; the compiler's own errors
 * (code generation, `CodeGen: …`) and the option its `new Function` call site reads (minified to
 * `Function(…)`, so the call itself is no reliable marker). Source paths catch unminified builds.
 */
const ENGINE_MARKERS: Record<Engine, readonly string[]> = {
  rjsf: ["__rjsf"],
  ajv: ["ajv implementation error", "ajv/dist/runtime/", "ajv/dist/compile/"],
  "ajv compiler": ["ajv implementation error", "CodeGen: ", "opts.code.process", "ajv/dist/compile/"],
};

/** The engines whose markers `code` contains. */
export function enginesIn(code: string): Engine[] {
  return (Object.keys(ENGINE_MARKERS) as Engine[]).filter((engine) =>
    ENGINE_MARKERS[engine].some((marker) => code.includes(marker)),
  );
}

/**
 * The JavaScript files (relative to the client build directory) that contain ajv's compiler:
 * every file, whether a page loads it statically, dynamically or not at all.
 */
export function chunksWithCompiler(files: Iterable<{ file: string; code: string }>): string[] {
  return [...files].filter(({ code }) => enginesIn(code).includes("ajv compiler")).map(({ file }) => file);
}

/** Every .js file under `directory`, recursively, relative to it. */
export function javascriptFiles(directory: string): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".js"))
    .map((entry) => relative(directory, join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * Route modules whose pages must not ship a schema engine: the top page, login (and, through the
 * same module, OIDC login), the 404 page, the OIDC error page, the generic screen without forms,
 * and the root, whose error boundary is the error page of every route.
 */
export const MUST_STAY_LIGHT = [
  "root.tsx",
  "routes/home.tsx",
  "routes/login.tsx",
  "routes/not-found.tsx",
  "routes/oidc-error.tsx",
  "routes/screen.tsx",
] as const;

/**
 * Dynamic imports a page makes as it hydrates: its language's translations (locales/index.ts), one
 * module per language and group (`base`, `account`, `forms`).
 */
const TRANSLATION_IMPORT = /^locales\/[^/]+\/(\w+)\.ts$/;

/** The plain forms' browser check, which PlainForm imports as the page hydrates. */
const PLAIN_FORM_CHECK = "app/components/plain-form/browser-check.ts";

/** Gzipped JavaScript a page may load (issue 28), in KiB. */
export const BUDGET_KB = { light: 160, form: 220 } as const;

/** Resource routes: they answer with data, not a page, and have no client code. */
export const RESOURCE_ROUTES = ["routes/form-validator.ts", "routes/social-entry.ts"] as const;

export interface Weight {
  raw: number;
  gzip: number;
}

/** The heaviest validator modules one page loads, and which screen that is. */
export interface ValidatorLoad {
  screenId: string;
  weight: Weight;
}

/** The validator modules of a schema-form page and of a plain-form page (issue 28 counts them). */
export interface ValidatorLoads {
  schema: ValidatorLoad;
  plain: ValidatorLoad;
}

export interface PageWeight {
  /** Route module files from the root down to the page's own (relative to the app directory). */
  chain: string[];
  /** The URL paths served by this chain. */
  paths: string[];
  /** What the page's own route module adds to the client entry, the root and the layouts. */
  route: Weight;
  /** Everything the page loads: client entry, root, layouts and route, without double counting. */
  page: Weight;
  /** Engines anywhere in the page's JavaScript. */
  engines: Engine[];
  /** The gzip budget in KiB: light pages and form pages have one; others are only reported. */
  budgetKb: number | null;
}

export interface BundleLayout {
  /** `app` in React Router's default layout. */
  appDirectory: string;
  rootFile: string;
  entryClientFile: string;
}

const DEFAULT_LAYOUT: BundleLayout = {
  appDirectory: "app",
  rootFile: "root.tsx",
  entryClientFile: "entry.client.tsx",
};

/** The manifest keys of a module: React Router adds a query (`?__react-router-build-client-route`, route chunks). */
function keysOfModule(manifest: ViteManifest, source: string): string[] {
  const keys = Object.keys(manifest).filter((key) => key === source || key.startsWith(`${source}?`));
  if (keys.length === 0) throw new Error(`${source} is not in the build manifest`);
  return keys;
}

/** The manifest keys of the chunks and every chunk they import statically, transitively. */
function staticClosure(manifest: ViteManifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...keys];
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest names ${key} but has no entry for it`);
    seen.add(key);
    pending.push(...(chunk.imports ?? []));
  }
  return seen;
}

/**
 * Each page of the route tree: the chain of route files from the root down, with its URL paths.
 * The root alone is a page too: its error boundary is what any route shows when it fails.
 */
function pagesOf(
  routes: readonly RouteNode[],
  rootFile: string,
  resourceRoutes: readonly string[],
): Map<string, { chain: string[]; paths: string[] }> {
  const pages = new Map<string, { chain: string[]; paths: string[] }>([
    [rootFile, { chain: [rootFile], paths: [ROOT_ERROR_PAGE] }],
  ]);
  const visit = (nodes: readonly RouteNode[], parents: string[], parentPath: string) => {
    for (const node of nodes) {
      const chain = [...parents, node.file];
      const path = node.path
        ? `${parentPath.replace(/\/$/, "")}/${node.path.replace(/^\//, "")}`
        : parentPath;
      if (node.children && node.children.length > 0) {
        visit(node.children, chain, path);
        continue;
      }
      if (resourceRoutes.includes(node.file)) continue;
      const key = chain.join(" > ");
      const page = pages.get(key) ?? { chain, paths: [] };
      page.paths.push(path || "/");
      pages.set(key, page);
    }
  };
  visit(routes, [rootFile], "");
  return pages;
}

/**
 * The weight and engines of every page. `readChunk` gives the contents of a chunk's file
 * (relative to build/client).
 */
export function analyzeBundle(
  manifest: ViteManifest,
  routes: readonly RouteNode[],
  readChunk: (file: string) => Buffer,
  options: { layout?: BundleLayout; resourceRoutes?: readonly string[]; validators?: ValidatorLoads } = {},
): PageWeight[] {
  const { layout = DEFAULT_LAYOUT, resourceRoutes = RESOURCE_ROUTES, validators } = options;
  const source = (file: string) => `${layout.appDirectory}/${file}`;
  const chunkCache = new Map<string, { weight: Weight; engines: Engine[] }>();
  const chunkFacts = (key: string) => {
    const file = manifest[key]?.file ?? key;
    let facts = chunkCache.get(file);
    if (!facts) {
      const contents = readChunk(file);
      const code = contents.toString("utf8");
      const engines = enginesIn(code);
      facts = { weight: { raw: contents.length, gzip: gzipSync(contents).length }, engines };
      chunkCache.set(file, facts);
    }
    return facts;
  };
  const weigh = (keys: Iterable<string>): Weight => {
    const total = { raw: 0, gzip: 0 };
    for (const key of keys) {
      const { weight } = chunkFacts(key);
      total.raw += weight.raw;
      total.gzip += weight.gzip;
    }
    return total;
  };

  const entryKeys = keysOfModule(manifest, source(layout.entryClientFile));
  const closureOf = (files: readonly string[]) =>
    staticClosure(manifest, [...entryKeys, ...files.flatMap((file) => keysOfModule(manifest, source(file)))]);
  /**
   * The translations the page's chunks import as it hydrates, each group at its heavier language
   * (a page loads one language).
   */
  const translationsOf = (page: Set<string>): string[] => {
    const imports = [...new Set([...page].flatMap((key) => manifest[key]?.dynamicImports ?? []))];
    const heaviest = new Map<string, string>();
    for (const key of imports) {
      const group = TRANSLATION_IMPORT.exec(key)?.[1];
      if (!group) continue;
      const current = heaviest.get(group);
      if (!current || chunkFacts(key).weight.gzip > chunkFacts(current).weight.gzip) heaviest.set(group, key);
    }
    return [...staticClosure(manifest, [...heaviest.values()])].filter((key) => !page.has(key));
  };
  /** The plain forms' check, when one of the page's chunks imports it as the page hydrates. */
  const plainCheckOf = (page: Set<string>): string[] =>
    [...page].some((key) => manifest[key]?.dynamicImports?.includes(PLAIN_FORM_CHECK))
      ? [...staticClosure(manifest, [PLAIN_FORM_CHECK])].filter((key) => !page.has(key))
      : [];
  const plus = (a: Weight, b: Weight | undefined): Weight =>
    b ? { raw: a.raw + b.raw, gzip: a.gzip + b.gzip } : a;
  return [...pagesOf(routes, layout.rootFile, resourceRoutes).values()].map(({ chain, paths }) => {
    const page = closureOf(chain);
    const frame = chain.length > 1 ? closureOf(chain.slice(0, -1)) : new Set(entryKeys);
    const engines = [...new Set([...page].flatMap((key) => chunkFacts(key).engines))];
    const plainCheck = plainCheckOf(page);
    const loaded = new Set([...page, ...translationsOf(page), ...plainCheck]);
    const modules = engines.includes("rjsf")
      ? validators?.schema.weight
      : plainCheck.length > 0
        ? validators?.plain.weight
        : undefined;
    return {
      chain,
      paths,
      route: weigh([...page].filter((key) => !frame.has(key))),
      page: plus(weigh(loaded), modules),
      engines: (Object.keys(ENGINE_MARKERS) as Engine[]).filter((engine) => engines.includes(engine)),
      budgetKb: engines.includes("rjsf")
        ? BUDGET_KB.form
        : MUST_STAY_LIGHT.includes((chain.at(-1) ?? "") as (typeof MUST_STAY_LIGHT)[number])
          ? BUDGET_KB.light
          : null,
    };
  });
}

/**
 * The heaviest validator modules a page of each kind loads under `settings`: per screen with
 * forms (routed or not yet), its forms' modules as the server serves them, gzipped one by one.
 */
export function validatorLoads(
  settings: StoreSettings,
  fixtures: ScreenFixtures = loadScreenFixtures(),
): ValidatorLoads {
  const none: ValidatorLoad = { screenId: "-", weight: { raw: 0, gzip: 0 } };
  const heaviest = { schema: none, plain: none };
  for (const screen of SCREENS) {
    if (screen.forms.length === 0) continue;
    const screenData = screenDataFor(screen, settings, fixtures);
    const forms = buildFormsOfScreen(screen, { settings, settingsVersion: "bundle-weight", screenData });
    const weight = { raw: 0, gzip: 0 };
    for (const form of forms) {
      const source = Buffer.from(minifyModule(standaloneValidators(form.schema).source));
      weight.raw += source.length;
      weight.gzip += gzipSync(source).length;
    }
    const kind = screen.formRenderer === "plain" ? "plain" : "schema";
    if (weight.gzip > heaviest[kind].weight.gzip) heaviest[kind] = { screenId: screen.id, weight };
  }
  return heaviest;
}

function mustBeLight(page: PageWeight, mustStayLight: readonly string[]): boolean {
  return mustStayLight.includes(page.chain.at(-1) ?? "");
}

/** Pages that ship an engine although their route module must stay light. */
export function heavyLightPages(
  pages: readonly PageWeight[],
  mustStayLight: readonly string[] = MUST_STAY_LIGHT,
): PageWeight[] {
  return pages.filter((page) => page.engines.length > 0 && mustBeLight(page, mustStayLight));
}

/** Pages heavier (gzip) than their budget. */
export function overBudgetPages(pages: readonly PageWeight[]): PageWeight[] {
  return pages.filter((page) => page.budgetKb !== null && page.page.gzip > page.budgetKb * 1024);
}

const kilobytes = (bytes: number) => (bytes / 1024).toFixed(1);

function budgetCell(page: PageWeight): string {
  if (page.budgetKb === null) return "-";
  const over = page.page.gzip - page.budgetKb * 1024;
  return over > 0 ? `${page.budgetKb} ✖ +${kilobytes(over)}` : `${page.budgetKb} ✓`;
}

/** The report: one row per page, heaviest first. */
export function formatReport(
  pages: readonly PageWeight[],
  mustStayLight: readonly string[] = MUST_STAY_LIGHT,
): string {
  const rows = [...pages]
    .sort((a, b) => b.page.raw - a.page.raw)
    .map((page) => {
      const file = page.chain.at(-1) ?? "";
      const layouts = page.chain.slice(1, -1).join(", ");
      const [firstPath = "", ...more] = page.paths;
      return [
        `${file}${layouts ? ` (${layouts})` : ""}`,
        more.length > 0 ? `${firstPath} +${more.length}` : firstPath,
        `${kilobytes(page.route.raw)} / ${kilobytes(page.route.gzip)}`,
        `${kilobytes(page.page.raw)} / ${kilobytes(page.page.gzip)}`,
        budgetCell(page),
        page.engines.join(", ") || "-",
        mustBeLight(page, mustStayLight) ? "must stay light" : "",
      ];
    });
  const header = [
    "route module (layouts)",
    "paths",
    "route adds KB raw/gzip",
    "page KB raw/gzip",
    "budget KB gzip",
    "engines",
    "",
  ];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  return [header, ...rows]
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

async function main(): Promise<number> {
  const root = resolve(import.meta.dirname, "..");
  const clientDirectory = join(root, "build/client");
  const manifestPath = join(clientDirectory, ".vite/manifest.json");
  if (!existsSync(manifestPath)) {
    console.error(
      `✖ ${manifestPath} is missing: run \`npm run build\` first (vite.config.ts must keep build.manifest).`,
    );
    return 1;
  }
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as ViteManifest;
  const { default: routes } = (await import("../app/routes.ts")) as { default: RouteNode[] };
  const settings = parseStoreSettingsText(
    readFileSync(join(root, "config/store.json"), "utf8"),
    "config/store.json",
  );
  const validators = validatorLoads(settings);
  const pages = analyzeBundle(manifest, routes, (file) => readFileSync(join(clientDirectory, file)), {
    validators,
  });
  console.log(formatReport(pages));
  console.log(
    `\nA page counts its chunks, its language's translations and its forms' validator modules, at the heaviest page of the demo store: schema forms ${kilobytes(validators.schema.weight.gzip)} KB (${validators.schema.screenId}), plain forms ${kilobytes(validators.plain.weight.gzip)} KB (${validators.plain.screenId}).`,
  );
  const over = overBudgetPages(pages);
  for (const page of over) {
    console.error(
      `✖ ${page.chain.at(-1)} (${page.paths[0]}): ${kilobytes(page.page.gzip)} KB gzip, over its budget of ${page.budgetKb} KB`,
    );
  }
  const heavy = heavyLightPages(pages);
  for (const page of heavy) {
    console.error(
      `✖ ${page.chain.join(" > ")} ships ${page.engines.join(" and ")} (${page.paths.join(", ")})`,
    );
  }
  const compiler = chunksWithCompiler(
    javascriptFiles(clientDirectory).map((file) => ({
      file,
      code: readFileSync(join(clientDirectory, file), "utf8"),
    })),
  );
  for (const file of compiler) {
    console.error(
      `✖ build/client/${file} contains the ajv compiler (form validators are precompiled: ADR 0012)`,
    );
  }
  if (heavy.length > 0 || compiler.length > 0 || over.length > 0) return 1;
  console.log(
    `\n✓ rjsf and ajv load only on pages with a schema form (${MUST_STAY_LIGHT.join(", ")} stay light).`,
  );
  console.log("✓ No client chunk contains the ajv compiler.");
  console.log(
    `✓ Every page within its budget (${BUDGET_KB.light} KB light, ${BUDGET_KB.form} KB with a form).`,
  );
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exitCode = await main();
}
