import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { SCREENS } from "../screens/index.ts";
import { parseStoreSettingsText } from "../server/store/validate-settings.ts";
import {
  analyzeBundle,
  chunksWithCompiler,
  enginesIn,
  formatReport,
  heavyLightPages,
  javascriptFiles,
  MUST_STAY_LIGHT,
  overBudgetPages,
  type RouteNode,
  type ViteManifest,
  validatorLoads,
} from "./bundle-weight.ts";

const ROUTE = "?__react-router-build-client-route";

/**
 * Chunk contents by file: plain code, one chunk with rjsf's internals, one with ajv's code
 * generator, one with only ajv's runtime helpers (what form pages load for precompiled validators).
 */
const FILES: Record<string, string> = {
  "assets/entry.client.js": "import'./react.js';hydrateRoot(document)",
  "assets/react.js": "export const React={};".repeat(20),
  "assets/root.js": "export default function Root(){}",
  "assets/guest-layout.js": "export default function Guest(){}",
  "assets/home.js": "export default function Home(){}",
  "assets/login.js": "export default function Login(){}",
  "assets/shared.js": "export const shared=1",
  "assets/form-screen.js": "export default function FormScreen(){}",
  "assets/rjsf.js": 'const REF=Symbol("__rjsf_ref");export default REF',
  "assets/ajv.js": 'throw Error("ajv implementation error")',
  "assets/ajv-lazy.js": 'require("ajv/dist/runtime/equal")',
  "assets/ajv-runtime.js": 'u.code=`require("ajv/dist/runtime/ucs2length").default`',
};

/** The root, a guest layout with home, login and a schema-form page, like app/routes.ts. */
const ROUTES: RouteNode[] = [
  {
    file: "layouts/guest-layout.tsx",
    children: [
      { file: "routes/home.tsx", index: true },
      { file: "routes/login.tsx", path: "login" },
      { file: "routes/login.tsx", path: "login/code" },
      { file: "routes/form-screen.tsx", path: "signup" },
    ],
  },
  { file: "routes/form-validator.ts", path: "form-validators/:file" },
];

function manifest(overrides: Partial<ViteManifest> = {}): ViteManifest {
  return {
    "app/entry.client.tsx": { file: "assets/entry.client.js", isEntry: true, imports: ["_react.js"] },
    "_react.js": { file: "assets/react.js" },
    [`app/root.tsx${ROUTE}`]: { file: "assets/root.js", isEntry: true, imports: ["_react.js"] },
    [`app/layouts/guest-layout.tsx${ROUTE}`]: {
      file: "assets/guest-layout.js",
      isEntry: true,
      imports: ["_react.js"],
    },
    [`app/routes/home.tsx${ROUTE}`]: { file: "assets/home.js", isEntry: true, imports: ["_react.js"] },
    [`app/routes/login.tsx${ROUTE}`]: {
      file: "assets/login.js",
      isEntry: true,
      imports: ["_shared.js"],
      // Loaded on demand only: not part of the page.
      dynamicImports: ["_ajv-lazy.js"],
    },
    "_shared.js": { file: "assets/shared.js", imports: ["_react.js"] },
    "_ajv-lazy.js": { file: "assets/ajv-lazy.js" },
    [`app/routes/form-screen.tsx${ROUTE}`]: {
      file: "assets/form-screen.js",
      isEntry: true,
      imports: ["_shared.js", "_rjsf.js"],
    },
    "_rjsf.js": { file: "assets/rjsf.js", imports: ["_ajv.js"] },
    "_ajv.js": { file: "assets/ajv.js" },
    ...overrides,
  } as ViteManifest;
}

function read(file: string): Buffer {
  const contents = FILES[file];
  if (contents === undefined) throw new Error(`no such chunk ${file}`);
  return Buffer.from(contents);
}

const size = (...files: string[]) => ({
  raw: files.reduce((total, file) => total + read(file).length, 0),
  gzip: files.reduce((total, file) => total + gzipSync(read(file)).length, 0),
});

function pageOf(pages: ReturnType<typeof analyzeBundle>, file: string) {
  const page = pages.find((candidate) => candidate.chain.at(-1) === file);
  if (!page) throw new Error(`no page for ${file}`);
  return page;
}

describe("analyzeBundle", () => {
  it("finds rjsf and ajv through static imports of a schema-form page", () => {
    const pages = analyzeBundle(manifest(), ROUTES, read);
    expect(pageOf(pages, "routes/form-screen.tsx").engines).toEqual(["rjsf", "ajv", "ajv compiler"]);
    expect(pageOf(pages, "routes/home.tsx").engines).toEqual([]);
  });

  it("does not count chunks that are only imported dynamically", () => {
    expect(pageOf(analyzeBundle(manifest(), ROUTES, read), "routes/login.tsx").engines).toEqual([]);
  });

  it("groups the paths of one route module in the same layouts into one page", () => {
    const login = pageOf(analyzeBundle(manifest(), ROUTES, read), "routes/login.tsx");
    expect(login.chain).toEqual(["root.tsx", "layouts/guest-layout.tsx", "routes/login.tsx"]);
    expect(login.paths).toEqual(["/login", "/login/code"]);
  });

  it("weighs the whole page once per chunk, and what the route adds to its frame", () => {
    const login = pageOf(analyzeBundle(manifest(), ROUTES, read), "routes/login.tsx");
    expect(login.page).toEqual(
      size(
        "assets/entry.client.js",
        "assets/react.js",
        "assets/root.js",
        "assets/guest-layout.js",
        "assets/login.js",
        "assets/shared.js",
      ),
    );
    expect(login.route).toEqual(size("assets/login.js", "assets/shared.js"));
  });

  it("reports the root's error page on its own", () => {
    const root = pageOf(analyzeBundle(manifest(), ROUTES, read), "root.tsx");
    expect(root.chain).toEqual(["root.tsx"]);
    expect(root.page).toEqual(size("assets/entry.client.js", "assets/react.js", "assets/root.js"));
  });

  it("fails loudly when a route module is missing from the manifest", () => {
    const { [`app/routes/home.tsx${ROUTE}`]: _home, ...withoutHome } = manifest();
    expect(() => analyzeBundle(withoutHome, ROUTES, read)).toThrow(
      "app/routes/home.tsx is not in the build manifest",
    );
  });
});

describe("what hydration loads", () => {
  const withTranslations = () =>
    manifest({
      "_locales.js": {
        file: "assets/locales.js",
        dynamicImports: ["locales/en/base.ts", "locales/ja/base.ts"],
      },
      "locales/en/base.ts": { file: "assets/en.js", isDynamicEntry: true },
      "locales/ja/base.ts": { file: "assets/ja.js", isDynamicEntry: true },
      "app/entry.client.tsx": {
        file: "assets/entry.client.js",
        isEntry: true,
        imports: ["_react.js", "_locales.js"],
      },
    });
  const files: Record<string, string> = {
    ...FILES,
    "assets/locales.js": "export const load=l=>import(l)",
    "assets/en.js": `export default ${JSON.stringify({ hello: "Hello" })}`,
    "assets/ja.js": `export default ${JSON.stringify({ hello: "こんにちは".repeat(50) })}`,
  };
  const readAll = (file: string) => {
    const contents = files[file];
    if (contents === undefined) throw new Error(`no such chunk ${file}`);
    return Buffer.from(contents);
  };
  const weightOf = (...names: string[]) => ({
    raw: names.reduce((total, file) => total + readAll(file).length, 0),
    gzip: names.reduce((total, file) => total + gzipSync(readAll(file)).length, 0),
  });

  it("counts the heavier language's translations on every page", () => {
    const pages = analyzeBundle(withTranslations(), ROUTES, readAll);
    expect(pageOf(pages, "routes/home.tsx").page).toEqual(
      weightOf(
        "assets/entry.client.js",
        "assets/react.js",
        "assets/locales.js",
        "assets/root.js",
        "assets/guest-layout.js",
        "assets/home.js",
        "assets/ja.js",
      ),
    );
  });

  it("gives light pages and form pages their budgets, and finds the pages above them", () => {
    const pages = analyzeBundle(manifest(), ROUTES, read);
    expect(pageOf(pages, "routes/home.tsx").budgetKb).toBe(160);
    expect(pageOf(pages, "routes/form-screen.tsx").budgetKb).toBe(220);
    expect(overBudgetPages(pages)).toEqual([]);
    // Random text does not compress much: about 200 KB gzip on the home page alone, over its 160.
    const heavy: Record<string, string> = {
      ...FILES,
      "assets/home.js": randomBytes(200_000).toString("base64"),
    };
    const over = overBudgetPages(analyzeBundle(manifest(), ROUTES, (file) => Buffer.from(heavy[file] ?? "")));
    expect(over.map((page) => page.chain.at(-1))).toEqual(["routes/home.tsx"]);
  });
});

describe("what forms load as the page hydrates", () => {
  const validators = {
    schema: { screenId: "signup-form", weight: { raw: 30_000, gzip: 4_000 } },
    plain: { screenId: "login", weight: { raw: 9_000, gzip: 2_000 } },
  };
  const withPlainCheck = () =>
    manifest({
      [`app/routes/login.tsx${ROUTE}`]: {
        file: "assets/login.js",
        isEntry: true,
        imports: ["_shared.js"],
        dynamicImports: ["app/components/plain-form/browser-check.ts", "_ajv-lazy.js"],
      },
      "app/components/plain-form/browser-check.ts": {
        file: "assets/browser-check.js",
        isDynamicEntry: true,
        imports: ["_ajv-runtime.js", "_shared.js"],
      },
      "_ajv-runtime.js": { file: "assets/ajv-runtime.js" },
    });
  const files: Record<string, string> = { ...FILES, "assets/browser-check.js": "export const check=1" };
  const readAll = (file: string) => Buffer.from(files[file] ?? "");
  const plus = (a: { raw: number; gzip: number }, b: { raw: number; gzip: number }) => ({
    raw: a.raw + b.raw,
    gzip: a.gzip + b.gzip,
  });

  it("adds a schema-form page's validator modules to it, and nothing to light pages", () => {
    const without = analyzeBundle(manifest(), ROUTES, read);
    const pages = analyzeBundle(manifest(), ROUTES, read, { validators });
    const form = (list: typeof pages) => pageOf(list, "routes/form-screen.tsx").page;
    expect(form(pages)).toEqual(plus(form(without), validators.schema.weight));
    expect(pageOf(pages, "routes/home.tsx").page).toEqual(pageOf(without, "routes/home.tsx").page);
  });

  it("adds a plain-form page's browser check, its runtime and its validator modules", () => {
    const without = pageOf(analyzeBundle(manifest(), ROUTES, read), "routes/login.tsx").page;
    const login = pageOf(
      analyzeBundle(withPlainCheck(), ROUTES, readAll, { validators }),
      "routes/login.tsx",
    );
    const check = ["assets/browser-check.js", "assets/ajv-runtime.js"].map((file) => ({
      raw: readAll(file).length,
      gzip: gzipSync(readAll(file)).length,
    }));
    expect(login.page).toEqual(check.reduce(plus, plus(without, validators.plain.weight)));
    // The check's ajv runtime loads after hydration, not with the page's own chunks.
    expect(login.engines).toEqual([]);
  });

  it("measures the demo store's heaviest pages of each kind, as the server serves their modules", () => {
    const settings = parseStoreSettingsText(readFileSync("config/store.json", "utf8"), "store.json");
    const loads = validatorLoads(settings);
    expect(loads.schema.weight.gzip).toBeGreaterThan(1_000);
    expect(loads.plain.weight.gzip).toBeGreaterThan(500);
    expect(SCREENS.find((screen) => screen.id === loads.plain.screenId)?.formRenderer).toBe("plain");
    expect(SCREENS.find((screen) => screen.id === loads.schema.screenId)?.formRenderer).not.toBe("plain");
  });
});

describe("engines", () => {
  it("tells ajv's runtime helpers from its compiler, in minified code", () => {
    expect(enginesIn(read("assets/ajv-runtime.js").toString())).toEqual(["ajv"]);
    expect(enginesIn('throw Error("CodeGen: invalid export name")')).toEqual(["ajv compiler"]);
    expect(
      enginesIn("this.opts.code.process&&(g=this.opts.code.process(g,e));let i=Function(s,c,g)"),
    ).toEqual(["ajv compiler"]);
    expect(enginesIn(read("assets/ajv.js").toString())).toEqual(["ajv", "ajv compiler"]);
    expect(enginesIn(read("assets/react.js").toString())).toEqual([]);
  });

  it("leaves resource routes out: they have no page and no client code", () => {
    const pages = analyzeBundle(manifest(), ROUTES, read);
    expect(pages.some((page) => page.chain.includes("routes/form-validator.ts"))).toBe(false);
  });
});

describe("chunksWithCompiler", () => {
  it("finds the compiler in any chunk of a build directory, loaded by a page or not", () => {
    const directory = mkdtempSync(join(tmpdir(), "bundle-weight-"));
    try {
      mkdirSync(join(directory, "assets/nested"), { recursive: true });
      writeFileSync(join(directory, "assets/form-screen.js"), read("assets/ajv-runtime.js"));
      writeFileSync(join(directory, "assets/nested/lazy.js"), read("assets/ajv.js"));
      writeFileSync(join(directory, "assets/lazy.js.gz"), gzipSync(read("assets/ajv.js")));
      writeFileSync(join(directory, "assets/style.css"), "body{}");
      const files = javascriptFiles(directory);
      expect(files).toEqual(["assets/form-screen.js", "assets/nested/lazy.js"]);
      const chunks = files.map((file) => ({
        file,
        code: read(file === "assets/form-screen.js" ? "assets/ajv-runtime.js" : "assets/ajv.js").toString(),
      }));
      expect(chunksWithCompiler(chunks)).toEqual(["assets/nested/lazy.js"]);
      expect(chunksWithCompiler(chunks.slice(0, 1))).toEqual([]);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe("heavyLightPages", () => {
  it("passes when only schema-form pages ship an engine", () => {
    expect(heavyLightPages(analyzeBundle(manifest(), ROUTES, read))).toEqual([]);
  });

  it("catches the login page once a shared chunk pulls in ajv", () => {
    const leaky = manifest({ "_shared.js": { file: "assets/shared.js", imports: ["_ajv.js"] } });
    const heavy = heavyLightPages(analyzeBundle(leaky, ROUTES, read));
    expect(heavy.map((page) => page.chain.at(-1))).toEqual(["routes/login.tsx"]);
    expect(heavy[0]?.engines).toEqual(["ajv", "ajv compiler"]);
  });

  it("catches every page when the root ships rjsf", () => {
    const leaky = manifest({
      [`app/root.tsx${ROUTE}`]: { file: "assets/root.js", isEntry: true, imports: ["_rjsf.js"] },
    });
    const heavy = heavyLightPages(analyzeBundle(leaky, ROUTES, read)).map((page) => page.chain.at(-1));
    expect(heavy).toEqual(expect.arrayContaining(["root.tsx", "routes/home.tsx", "routes/login.tsx"]));
  });

  it("guards the pages of the issue: home, login, the error pages and the generic screen", () => {
    expect(MUST_STAY_LIGHT).toEqual([
      "root.tsx",
      "routes/home.tsx",
      "routes/login.tsx",
      "routes/not-found.tsx",
      "routes/oidc-error.tsx",
      "routes/screen.tsx",
    ]);
  });
});

describe("formatReport", () => {
  it("lists each page with its paths, weights in KB and engines, heaviest first", () => {
    const lines = formatReport(analyzeBundle(manifest(), ROUTES, read)).split("\n");
    expect(lines[0]).toMatch(
      /^route module \(layouts\)\s+paths\s+route adds KB raw\/gzip\s+page KB raw\/gzip\s+budget KB gzip\s+engines$/,
    );
    expect(lines[1]).toMatch(
      /^routes\/form-screen\.tsx \(layouts\/guest-layout\.tsx\)\s+\/signup\s+.*220 ✓\s+rjsf, ajv, ajv compiler$/,
    );
    expect(lines.find((line) => line.startsWith("routes/login.tsx"))).toMatch(
      /\/login \+1\s.*160 ✓\s+-\s+must stay light$/,
    );
  });
});
