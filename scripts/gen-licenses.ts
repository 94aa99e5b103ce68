/**
 * Writes build/licenses.json for the /app/licenses page: every package installed in production
 * (package-lock.json entries without `"dev": true`), with its declared licence, its repository and
 * the text of its licence file. Runs after `react-router build`, which empties build/.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { LicenseEntry } from "../schemas/types/licenses-screen-data.gen.ts";

interface LockEntry {
  version?: string;
  dev?: boolean;
  link?: boolean;
}

interface Manifest {
  name?: string;
  version?: string;
  license?: string | { type?: string };
  /** The pre-SPDX form, still found in old packages. */
  licenses?: Array<{ type?: string }>;
  repository?: string | { url?: string };
}

/** The folders (relative to the project) of every package a production install contains. */
export function productionPackageFolders(lock: { packages?: Record<string, LockEntry> }): string[] {
  return Object.entries(lock.packages ?? {})
    .filter(([folder, entry]) => folder !== "" && !entry.dev && !entry.link)
    .map(([folder]) => folder);
}

export function declaredLicense(manifest: Manifest): string | null {
  const { license, licenses } = manifest;
  if (typeof license === "string" && license.trim()) return license.trim();
  if (typeof license === "object" && license.type) return license.type;
  const legacy = (licenses ?? []).map((entry) => entry.type).filter(Boolean);
  return legacy.length > 1 ? `(${legacy.join(" OR ")})` : (legacy[0] ?? null);
}

const HOSTS: Record<string, string> = {
  github: "https://github.com",
  gitlab: "https://gitlab.com",
  bitbucket: "https://bitbucket.org",
};

/** A repository field as a URL a person can open: `github:a/b`, `a/b`, `git+https://…/b.git`, `git@host:a/b`. */
export function repositoryUrl(repository: Manifest["repository"]): string | null {
  const raw = (typeof repository === "string" ? repository : repository?.url)?.trim();
  if (!raw) return null;
  const shorthand = /^(?:(github|gitlab|bitbucket):)?([\w.-]+\/[\w.-]+)$/.exec(raw);
  if (shorthand) return `${HOSTS[shorthand[1] ?? "github"]}/${shorthand[2]}`;
  const url = raw
    .replace(/^git\+/, "")
    .replace(/^git@([^:]+):/, "https://$1/")
    .replace(/^(?:git|ssh):\/\/(?:git@)?/, "https://")
    .replace(/\.git$/, "");
  return /^https?:\/\//.test(url) ? url : null;
}

const LICENSE_FILE = /^(?:licen[cs]e|copying)(?:[.\-_].*)?$/i;

/** The text of every licence file in a package folder (dual licences ship two), or null. */
export function licenseText(folder: string): string | null {
  const files = readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isFile() && LICENSE_FILE.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  if (files.length === 0) return null;
  return files.map((name) => readFileSync(join(folder, name), "utf8").trim()).join("\n\n");
}

function readManifest(folder: string): Manifest | null {
  try {
    return JSON.parse(readFileSync(join(folder, "package.json"), "utf8")) as Manifest;
  } catch (error) {
    // An optional dependency for another platform is in the lock file but not installed.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Every installed production package once per name and version, sorted by name. */
export function collectLicenses(projectRoot: string): LicenseEntry[] {
  const lock = JSON.parse(readFileSync(join(projectRoot, "package-lock.json"), "utf8"));
  const byNameAndVersion = new Map<string, LicenseEntry>();
  for (const relativeFolder of productionPackageFolders(lock)) {
    const folder = join(projectRoot, relativeFolder);
    const manifest = readManifest(folder);
    if (!manifest?.name || !manifest.version) continue;
    const key = `${manifest.name}@${manifest.version}`;
    if (byNameAndVersion.has(key)) continue;
    byNameAndVersion.set(key, {
      name: manifest.name,
      version: manifest.version,
      license: declaredLicense(manifest),
      repository: repositoryUrl(manifest.repository),
      licenseText: licenseText(folder),
    });
  }
  return [...byNameAndVersion.values()].sort((a, b) =>
    a.name === b.name ? compareText(a.version, b.version) : compareText(a.name, b.name),
  );
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function writeLicenses(projectRoot: string, outputFile: string): LicenseEntry[] {
  const licenses = collectLicenses(projectRoot);
  mkdirSync(dirname(outputFile), { recursive: true });
  writeFileSync(outputFile, `${JSON.stringify(licenses, null, 2)}\n`);
  return licenses;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const root = resolve(import.meta.dirname, "..");
  const output = join(root, "build", "licenses.json");
  const licenses = writeLicenses(root, output);
  const withoutText = licenses.filter((entry) => entry.licenseText === null).length;
  console.log(
    `wrote ${relative(root, output)}: ${licenses.length} packages` +
      (withoutText ? ` (${withoutText} ship no licence file)` : ""),
  );
}
