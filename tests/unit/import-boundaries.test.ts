/**
 * Where code may reach: the server runs none of the pages' code (screens, widgets) — what both
 * sides need lives in schemas/.
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
});
