/**
 * Rules of the layout that a review would otherwise have to catch: where code may reach (the server
 * runs none of the pages' code — what both sides need lives in schemas/), and the things done in
 * one place only.
 */
import { globSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

interface Import {
  /** Repository-relative. */
  target: string;
  /** `import type`: gone once compiled. */
  typeOnly: boolean;
}

const STATIC_IMPORT = /^\s*(?:import|export)\s+(type\s+)?[^'";]*?\sfrom\s*["'](\.{1,2}\/[^"']+)["']/gm;
const BARE_OR_DYNAMIC_IMPORT = /(?:^\s*import\s*|import\(\s*)["'](\.{1,2}\/[^"']+)["']/gm;

/** The repository-relative files a source file imports by a relative path: static, bare and dynamic. */
function relativeImportsOf(file: string, source: string): Import[] {
  const resolve = (target: string) => path.relative(ROOT, path.resolve(ROOT, path.dirname(file), target));
  return [
    ...[...source.matchAll(STATIC_IMPORT)].map((match) => ({
      target: resolve(match[2] ?? ""),
      typeOnly: Boolean(match[1]),
    })),
    ...[...source.matchAll(BARE_OR_DYNAMIC_IMPORT)].map((match) => ({
      target: resolve(match[1] ?? ""),
      typeOnly: false,
    })),
  ];
}

/** The source files under a folder, tests left out. */
const sourcesUnder = (folder: string) =>
  globSync(`${folder}/**/*.{ts,tsx,mts}`, { cwd: ROOT }).filter((file) => !/\.test\.tsx?$/.test(file));

function importsUnder(folder: string): ({ file: string } & Import)[] {
  return globSync(`${folder}/**/*.{ts,tsx,mts}`, { cwd: ROOT }).flatMap((file) =>
    relativeImportsOf(file, readFileSync(path.join(ROOT, file), "utf8")).map((found) => ({ file, ...found })),
  );
}

/** The server's rooms by domain (ADR 0041); the kit sits below them, the API's root above. */
const DOMAINS = ["identity", "commerce", "billing", "payments", "oidc", "social"] as const;
type Domain = (typeof DOMAINS)[number];

/**
 * The one way each domain may reach into another, and why. A new import between domains that is
 * not here fails the test below: raise an event (server/identity/account-events.ts), move the
 * shared piece into the kit, or add the edge here with its reason.
 */
const DOMAIN_EDGES: Readonly<Partial<Record<`${Domain} -> ${Domain}`, string>>> = {
  "commerce -> identity":
    "a purchase is the signed-in member's; the sign-up's plan step is one of its places",
  "commerce -> payments": "what may pay a purchase, and the charge itself",
  "commerce -> billing": "a subscription's plan page says by when a method is needed: the renewal's rule",
  "billing -> identity": "subscriptions, invoices and history are the signed-in member's",
  "billing -> commerce": "a renewal bills the contract a purchase made, at the quote it was bought at",
  "billing -> payments": "a renewal charges through the provider, with the method that pays the subscription",
  "payments -> identity": "payment methods are the signed-in member's",
  "identity -> billing": "a withdrawal waits until the member's subscriptions end (spec §4)",
  "identity -> payments": "a withdrawal has the processor forget the member's methods",
  "identity -> social": "the login and sign-up pages offer the store's social logins",
  "oidc -> identity": "the login provider signs in with the site's accounts and sessions",
  "social -> identity": "a social login ends in the site's sign-in or sign-up",
};

/** The API's env type (the dependencies, built by the root): every room's handlers are typed by it. */
const ROOT_ENV = "server/api/context.ts";

const roomOf = (file: string) => file.split("/")[1] ?? "";
const isDomain = (room: string): room is Domain => (DOMAINS as readonly string[]).includes(room);

describe("import boundaries", () => {
  it("reads the relative imports of a file, static and dynamic", () => {
    const source = `import { a } from "../x/a.ts";\nimport type { B } from "./b.ts";\nconst c = await import("../../screens/c.ts");`;
    expect(relativeImportsOf("server/api/file.ts", source)).toEqual([
      { target: "server/x/a.ts", typeOnly: false },
      { target: "server/api/b.ts", typeOnly: true },
      { target: "screens/c.ts", typeOnly: false },
    ]);
  });

  it("keeps the server out of the pages' code: nothing under server/ imports screens/ or widgets/", () => {
    // A test may hold the server to the pages' contract (every screen's data path, say).
    const crossings = importsUnder("server").filter(
      ({ file, target }) => !file.endsWith(".test.ts") && /^(screens|widgets)\//.test(target),
    );
    expect(crossings).toEqual([]);
  });

  it("lets a domain reach another only along a declared edge, and the root only for its env type", () => {
    const crossings = importsUnder("server")
      .filter(({ file }) => !file.endsWith(".test.ts") && isDomain(roomOf(file)))
      .flatMap(({ file, target, typeOnly }) => {
        const from = roomOf(file);
        const to = target.startsWith("server/") ? roomOf(target) : "";
        if (to === "api") return target === ROOT_ENV && typeOnly ? [] : [`${file} -> ${target}`];
        if (!isDomain(to) || to === from) return [];
        return DOMAIN_EDGES[`${from as Domain} -> ${to}`] ? [] : [`${file} -> ${target}`];
      });
    expect(crossings).toEqual([]);
  });

  it("keeps the kit and the infrastructure below every domain", () => {
    const upward = importsUnder("server")
      .filter(
        ({ file }) => !file.endsWith(".test.ts") && ["kit", "db", "mail", "store"].includes(roomOf(file)),
      )
      .filter(
        ({ target, typeOnly }) =>
          isDomain(roomOf(target)) || (roomOf(target) === "api" && !(target === ROOT_ENV && typeOnly)),
      )
      .map(({ file, target }) => `${file} -> ${target}`);
    expect(upward).toEqual([]);
  });

  it("finds every file of a domain in its folder: no server code outside the rooms but the process's own", () => {
    const loose = sourcesUnder("server").filter((file) => file.split("/").length === 2);
    expect(loose.sort()).toEqual(
      [
        "server/cluster.ts",
        "server/compression.ts",
        "server/env.ts",
        "server/main.ts",
        "server/page-cache.ts",
        "server/production-mode.ts",
        "server/require-node.ts",
        "server/security-headers.ts",
        "server/site.ts",
        "server/test-clock.ts",
      ].sort(),
    );
    const rooms = new Set(sourcesUnder("server").map(roomOf));
    for (const domain of DOMAINS) expect(rooms).toContain(domain);
  });

  it("forwards the API's Set-Cookie in one place of the pages' server code", () => {
    const loops = sourcesUnder("app").filter((file) =>
      readFileSync(path.join(ROOT, file), "utf8").includes(".getSetCookie()"),
    );
    expect(loops).toEqual(["app/lib/zapi.server.ts"]);
  });

  it("reads Japan time in one module and writes yen in one", () => {
    const JAPAN_TIME = /Asia\/Tokyo|T00:00:00\+09:00|9 \* 3_600_000/;
    const YEN = /NumberFormat\(|toLocaleString\(/;
    const sources = ["server", "app", "schemas", "widgets", "screens"].flatMap(sourcesUnder);
    // Comments may show an example instant; code may not build one.
    const codeOf = (file: string) =>
      readFileSync(path.join(ROOT, file), "utf8")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .replace(/^\s*\/\/.*$/gm, "");
    const readers = (rule: RegExp) => sources.filter((file) => rule.test(codeOf(file)));
    // The browser's date display keeps the offset itself: the shared module would be one more chunk
    // on the light login pages, which sit at their budget (npm run bundle:weight).
    expect(readers(JAPAN_TIME)).toEqual(["app/lib/format.ts", "schemas/japan-time.ts"]);
    expect(readers(YEN)).toEqual(["schemas/yen.ts"]);
  });

  it("reads screen data through no cast: each page reads the API's answer by its schema", () => {
    // A cast on screen data or on a route's loader data, or a loader's type argument, which is one:
    // the pages read what the loader checked by the schema the server builds it by
    // (app/lib/screen-data-shapes.server.ts, app/components/screen/screen-bodies.ts).
    const CAST =
      /(screenData|loaderData|LoaderData\([^)]*\))(\??\.[A-Za-z]+)*\)?\s+as\s|(?<!function )load(Screen|Api)Data<|\(screenData\.[A-Za-z]+ \?\? [^)]*\) as /;
    // The layout reads the account menu's handle from whichever route is deepest, and checks it.
    const checkedElsewhere = ["app/components/account/account-route-handle.ts"];
    const casting = sourcesUnder("app").filter(
      (file) =>
        !file.includes(".test.") &&
        !checkedElsewhere.includes(file) &&
        CAST.test(readFileSync(path.join(ROOT, file), "utf8")),
    );
    expect(casting).toEqual([]);
    // The rule sees the casts it is about.
    for (const cast of [
      "const plans = screenData.plans as PlanOffer[];",
      "const { charge } = loaderData.screenData as unknown as InvoiceScreenData;",
      'const root = useRouteLoaderData("root") as RootData | undefined;',
      "await loadScreenData<RootScreenData>(args);",
    ])
      expect(CAST.test(cast), cast).toBe(true);
  });
});
