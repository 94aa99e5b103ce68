/**
 * Rules of the layout that a review would otherwise have to catch: where code may reach (the server
 * runs none of the pages' code — what both sides need lives in schemas/), and the things done in
 * one place only.
 */
import { globSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The repository-relative files a source file imports by a relative path. */
function relativeImportsOf(file: string, source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)) {
    const target = match[1];
    if (target) found.push(path.relative(ROOT, path.resolve(ROOT, path.dirname(file), target)));
  }
  return found;
}

/** The source files under a folder, tests left out. */
const sourcesUnder = (folder: string) =>
  globSync(`${folder}/**/*.{ts,tsx,mts}`, { cwd: ROOT }).filter((file) => !/\.test\.tsx?$/.test(file));

function importsUnder(folder: string): { file: string; target: string }[] {
  return globSync(`${folder}/**/*.{ts,tsx,mts}`, { cwd: ROOT }).flatMap((file) =>
    relativeImportsOf(file, readFileSync(path.join(ROOT, file), "utf8")).map((target) => ({ file, target })),
  );
}

describe("import boundaries", () => {
  it("reads the relative imports of a file, static and dynamic", () => {
    const source = `import { a } from "../x/a.ts";\nimport type { B } from "./b.ts";\nconst c = await import("../../screens/c.ts");`;
    expect(relativeImportsOf("server/api/file.ts", source)).toEqual([
      "server/x/a.ts",
      "server/api/b.ts",
      "screens/c.ts",
    ]);
  });

  it("keeps the server out of the pages' code: nothing under server/ imports screens/ or widgets/", () => {
    // A test may hold the server to the pages' contract (every screen's data path, say).
    const crossings = importsUnder("server").filter(
      ({ file, target }) => !file.endsWith(".test.ts") && /^(screens|widgets)\//.test(target),
    );
    expect(crossings).toEqual([]);
  });

  it("forwards the API's Set-Cookie in one place of the pages' server code", () => {
    const loops = sourcesUnder("app").filter((file) =>
      readFileSync(path.join(ROOT, file), "utf8").includes(".getSetCookie()"),
    );
    expect(loops).toEqual(["app/lib/zapi.server.ts"]);
  });
});
