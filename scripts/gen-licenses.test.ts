import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { collectLicenses, declaredLicense, repositoryUrl, writeLicenses } from "./gen-licenses.ts";

/** A project folder with a lock file and the installed packages it names. */
function fixtureProject() {
  const root = mkdtempSync(join(tmpdir(), "licenses-"));
  const lockPackages: Record<string, object> = { "": { name: "storefront", version: "0.1.0" } };
  const install = (
    folder: string,
    lockEntry: object,
    manifest: object | null,
    files: Record<string, string> = {},
  ) => {
    lockPackages[folder] = lockEntry;
    if (!manifest) return;
    mkdirSync(join(root, folder), { recursive: true });
    writeFileSync(join(root, folder, "package.json"), JSON.stringify(manifest));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(root, folder, name), text);
  };

  install(
    "node_modules/alpha",
    { version: "1.0.0" },
    { name: "alpha", version: "1.0.0", license: "MIT", repository: "github:acme/alpha" },
    { LICENSE: "MIT License\n\nCopyright (c) Acme\n", "README.md": "not a licence" },
  );
  install(
    "node_modules/beta-dev-only",
    { version: "2.0.0", dev: true },
    { name: "beta-dev-only", version: "2.0.0", license: "MIT" },
    { LICENSE: "dev" },
  );
  install(
    "node_modules/alpha/node_modules/gamma",
    { version: "3.0.0" },
    {
      name: "gamma",
      version: "3.0.0",
      license: { type: "ISC" },
      repository: { type: "git", url: "git+https://github.com/acme/gamma.git" },
    },
    { "LICENCE.md": "ISC licence text", COPYING: "copying text" },
  );
  // The same name and version hoisted elsewhere is listed once.
  install("node_modules/gamma", { version: "3.0.0" }, { name: "gamma", version: "3.0.0", license: "ISC" });
  install(
    "node_modules/@scope/delta",
    { version: "0.1.0" },
    {
      name: "@scope/delta",
      version: "0.1.0",
      licenses: [{ type: "MIT" }, { type: "Apache-2.0" }],
      repository: { url: "git@github.com:acme/delta.git" },
    },
  );
  // An optional dependency for another platform: in the lock file, never installed.
  install("node_modules/@esbuild/darwin-arm64", { version: "0.28.2", optional: true }, null);
  // Needed by production only as an optional peer: installed, so listed.
  install(
    "node_modules/zeta",
    { version: "5.0.0", devOptional: true },
    { name: "zeta", version: "5.0.0", license: "BSD-3-Clause" },
  );

  writeFileSync(
    join(root, "package-lock.json"),
    JSON.stringify({ name: "storefront", lockfileVersion: 3, packages: lockPackages }),
  );
  return root;
}

describe("collectLicenses", () => {
  it("lists each installed production package once, sorted by name, without dev-only packages", () => {
    const licenses = collectLicenses(fixtureProject());
    expect(licenses.map((entry) => `${entry.name}@${entry.version}`)).toEqual([
      "@scope/delta@0.1.0",
      "alpha@1.0.0",
      "gamma@3.0.0",
      "zeta@5.0.0",
    ]);
  });

  it("records the licence, the repository and the text of every licence file", () => {
    const [delta, alpha, gamma, zeta] = collectLicenses(fixtureProject());
    expect(alpha).toEqual({
      name: "alpha",
      version: "1.0.0",
      license: "MIT",
      repository: "https://github.com/acme/alpha",
      licenseText: "MIT License\n\nCopyright (c) Acme",
    });
    expect(gamma).toMatchObject({
      license: "ISC",
      repository: "https://github.com/acme/gamma",
      licenseText: "copying text\n\nISC licence text",
    });
    expect(delta).toMatchObject({
      license: "(MIT OR Apache-2.0)",
      repository: "https://github.com/acme/delta",
      licenseText: null,
    });
    expect(zeta).toMatchObject({ license: "BSD-3-Clause", repository: null, licenseText: null });
  });

  it("writes them as JSON", () => {
    const root = fixtureProject();
    const output = join(root, "build", "licenses.json");
    writeLicenses(root, output);
    expect(JSON.parse(readFileSync(output, "utf8"))).toEqual(collectLicenses(root));
  });
});

describe("repositoryUrl", () => {
  it.each([
    ["acme/tool", "https://github.com/acme/tool"],
    ["github:acme/tool", "https://github.com/acme/tool"],
    ["gitlab:acme/tool", "https://gitlab.com/acme/tool"],
    [{ url: "git+https://github.com/acme/tool.git" }, "https://github.com/acme/tool"],
    [{ url: "git://github.com/acme/tool.git" }, "https://github.com/acme/tool"],
    [{ url: "git+ssh://git@github.com/acme/tool.git" }, "https://github.com/acme/tool"],
    [{ url: "git@github.com:acme/tool.git" }, "https://github.com/acme/tool"],
    [{ url: "https://example.org/tool" }, "https://example.org/tool"],
    [undefined, null],
    [{ url: "file:../tool" }, null],
  ])("%o → %s", (repository, expected) => {
    expect(repositoryUrl(repository)).toBe(expected);
  });
});

describe("declaredLicense", () => {
  it("reads the SPDX string, the old object form and the old list form", () => {
    expect(declaredLicense({ license: "MIT" })).toBe("MIT");
    expect(declaredLicense({ license: { type: "ISC" } })).toBe("ISC");
    expect(declaredLicense({ licenses: [{ type: "MIT" }] })).toBe("MIT");
    expect(declaredLicense({})).toBeNull();
  });
});
