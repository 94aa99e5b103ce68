/**
 * `npm run config:export`: writes the configurations in force — each kind's newest version, which
 * may have been published in the console — back to their files (the store settings at
 * STORE_CONFIG, and beside it plans.json, campaigns.json, oidc-clients.json and the policies
 * folder: its manifest and one Markdown file per revision and language), so that the files
 * in the repository or on the machine say what the store runs with. A client's secret is opened
 * with the server's key and written in the clear, as the file holds it. Against DATA_DIR /
 * DATABASE_URL; on the embedded database the server must be stopped (PGlite has one owning
 * process). A running server imports each written file as a version with the same content.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { openDatabase } from "../server/db/database.ts";
import { DirectoryLockedError } from "../server/db/directory-lock.ts";
import { type Env, EnvError, parseEnv } from "../server/env.ts";
import { createSecretBox, loadSecretKey, type SecretBox } from "../server/kit/secret-box.ts";
import { OIDC_CLIENTS_FILE, oidcClientsOf } from "../server/oidc/client-source.ts";
import {
  CAMPAIGNS_FILE,
  campaignsContent,
  catalogueOf,
  PLANS_FILE,
  plansContent,
} from "../server/store/catalogue-source.ts";
import { type ConfigKind, contentHash, newestVersion } from "../server/store/config-versions.ts";
import { loadPolicies, type PoliciesContent, policiesOf } from "../server/store/policy-source.ts";
import { parseStoreSettings } from "../server/store/validate-settings.ts";
import { runAsCommand } from "./command.ts";

type ExportEnv = Pick<Env, "dataDir" | "databaseUrl" | "storeConfig" | "encryptionKey">;

export type ExportResult =
  | { kind: "written"; number: number }
  | { kind: "unchanged"; number: number }
  | { kind: "none" };

/** The JSON an operator's file holds: two-space indents and a final newline, as config/ is written. */
export function fileText(content: unknown): string {
  return `${JSON.stringify(content, null, 2)}\n`;
}

/** What a configuration kind is called in the command's messages, and where its file is. */
const EXPORTED: { kind: ConfigKind; what: string; file(env: ExportEnv): string }[] = [
  { kind: "store", what: "store settings", file: (env) => resolve(env.storeConfig) },
  { kind: "plans", what: "plans", file: (env) => join(dirname(resolve(env.storeConfig)), PLANS_FILE) },
  {
    kind: "campaigns",
    what: "campaign codes",
    file: (env) => join(dirname(resolve(env.storeConfig)), CAMPAIGNS_FILE),
  },
  {
    kind: "clients",
    what: "login provider's clients",
    file: (env) => join(dirname(resolve(env.storeConfig)), OIDC_CLIENTS_FILE),
  },
  { kind: "policies", what: "policies", file: (env) => join(dirname(resolve(env.storeConfig)), "policies") },
];

/** Writes a file beside and renames it over: a watching server never reads half a file. */
function replaceFile(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(`${path}.export`, text);
  renameSync(`${path}.export`, path);
}

/**
 * Writes the policies to their folder unless it already says the same: each revision's texts at
 * the path the manifest gave them (or `<policyId>/<revision>`), then the manifest, which names them.
 */
function writePoliciesUnlessSame(directory: string, content: PoliciesContent, number: number): ExportResult {
  let current: PoliciesContent | null = null;
  try {
    current = loadPolicies(directory).content;
  } catch {
    // No folder yet, or one that does not load: written whole.
  }
  if (current && contentHash(current) === contentHash(content)) return { kind: "unchanged", number };
  const manifest = readFileContent(join(directory, "policies.json")) as {
    $schema?: string;
    policies?: { policyId: string; revisions?: { revision: number; text?: string }[] }[];
  } | null;
  const textPathOf = (policyId: string, revision: number) =>
    manifest?.policies
      ?.find((policy) => policy.policyId === policyId)
      ?.revisions?.find((entry) => entry.revision === revision)?.text ?? `${policyId}/${revision}`;
  const policies = content.policies.map(({ revisions, ...policy }) => ({
    ...policy,
    revisions: revisions.map(({ textJa, textEn, ...revision }) => {
      if (textJa === undefined) return revision;
      const text = textPathOf(policy.policyId, revision.revision);
      replaceFile(join(directory, `${text}.ja.md`), textJa);
      if (textEn !== undefined) replaceFile(join(directory, `${text}.en.md`), textEn);
      return { ...revision, text };
    }),
  }));
  const schema = manifest?.$schema;
  replaceFile(
    join(directory, "policies.json"),
    fileText({ ...(schema === undefined ? {} : { $schema: schema }), policies }),
  );
  return { kind: "written", number };
}

function readFileContent(path: string): Record<string, unknown> | null {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** Writes `content` to `path` unless the file already says the same; keeps the file's `$schema`. */
function writeUnlessSame(path: string, content: Record<string, unknown>, number: number): ExportResult {
  const current = readFileContent(path);
  const { $schema, ...said } = current ?? {};
  const { $schema: _versioned, ...saying } = content;
  if (current && contentHash(said) === contentHash(saying)) return { kind: "unchanged", number };
  replaceFile(path, fileText({ ...($schema === undefined ? {} : { $schema }), ...content }));
  return { kind: "written", number };
}

/**
 * Writes each kind's newest version to its file. A version that no longer validates is not
 * written over a file that does (the run stops with its problems).
 */
export async function exportConfigurations(env: ExportEnv): Promise<Map<ConfigKind, ExportResult>> {
  const database = await openDatabase(env);
  let box: SecretBox | null = null;
  // The key is the server's: opened only when there are secrets to write.
  const secretBox = () => {
    box ??= createSecretBox(loadSecretKey(env.encryptionKey, resolve(env.dataDir, "encryption.key")));
    return box;
  };
  try {
    const newest = new Map<ConfigKind, { number: number; content: unknown }>();
    for (const { kind } of EXPORTED) {
      const version = await newestVersion(database.db, kind);
      if (version) newest.set(kind, version);
    }
    const plans = newest.get("plans");
    const campaigns = newest.get("campaigns");
    // The plans and the campaign codes are checked together, as the server checks them.
    const catalogue =
      plans && campaigns ? catalogueOf(plans.content, campaigns.content, "the catalogue's versions") : null;
    const fileContent = (kind: ConfigKind, version: { number: number; content: unknown }) => {
      const source = `version ${version.number} of the ${kind}`;
      if (kind === "store") return parseStoreSettings(version.content, source);
      if (kind === "clients")
        return { clients: oidcClientsOf(version.content, source, secretBox(), source).clients };
      if (!catalogue) return null;
      return kind === "plans" ? plansContent(catalogue) : campaignsContent(catalogue);
    };
    const results = new Map<ConfigKind, ExportResult>();
    for (const { kind, file } of EXPORTED) {
      const version = newest.get(kind);
      if (kind === "policies") {
        const source = `version ${version?.number} of the policies`;
        results.set(
          kind,
          version
            ? writePoliciesUnlessSame(
                file(env),
                policiesOf(version.content, "export", source).content,
                version.number,
              )
            : { kind: "none" },
        );
        continue;
      }
      const content = version && fileContent(kind, version);
      results.set(
        kind,
        version && content
          ? writeUnlessSame(file(env), content as unknown as Record<string, unknown>, version.number)
          : { kind: "none" },
      );
    }
    return results;
  } finally {
    await database.close();
  }
}

async function main(): Promise<number> {
  const env = parseEnv();
  const results = await exportConfigurations(env);
  for (const { kind, what, file } of EXPORTED) {
    const result = results.get(kind) ?? { kind: "none" };
    const path = file(env);
    if (result.kind === "none") {
      // A store without the optional files has no versions of them: nothing to say.
      if (kind === "store" || existsSync(path))
        console.log(`No ${what} version yet: start the server once, then export.`);
    } else if (result.kind === "unchanged") console.log(`${path} already holds version ${result.number}.`);
    else console.log(`${path} now holds version ${result.number} of the ${what}.`);
  }
  return 0;
}

runAsCommand(import.meta.url, main, [EnvError, DirectoryLockedError]);
