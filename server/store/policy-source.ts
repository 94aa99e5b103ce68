/**
 * The store's policies (config/policies, described in its README.md): the manifest policies.json
 * and one text per revision and language, read into one document (schemas/policies.schema.json),
 * which is also what a configuration version of the policies holds. Loaded and checked at
 * start-up; a change to the folder applies to the next request, and an invalid change is logged
 * while the last good set stays in force.
 */

import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import Ajv from "ajv";
import { japanMidnight } from "../../schemas/japan-time.ts";
import policiesSchema from "../../schemas/policies.schema.json" with { type: "json" };
import type { Policies as PoliciesContent } from "../../schemas/types/policies.gen.ts";
import { type ConfigInForce, configInForce } from "./config-in-force.ts";
import {
  ConfigCheckError,
  type ConfigProblem,
  configProblem,
  fileProblem,
  schemaProblem,
} from "./config-problems.ts";
import { keepCurrent } from "./keep-current.ts";
import { renderPolicyText } from "./policy-text.ts";

export interface PolicyRevision {
  revision: number;
  /** Midnight in Japan of the manifest's effectiveFrom date. */
  effectiveFrom: Date;
  /** The rendered text, or null for an external policy. */
  html: { ja: string; en: string | null } | null;
  /** The external policy's address, or null. */
  url: string | null;
}

export interface PolicyDefinition {
  policyId: string;
  key: string;
  title: string;
  titleEn: string | null;
  /** Oldest first. */
  revisions: PolicyRevision[];
}

export interface PolicyCatalogue {
  policies: PolicyDefinition[];
  /** What they were made from, as a configuration version holds it. */
  content: PoliciesContent;
  /** Changes whenever any file changes. */
  version: string;
}

export type { PoliciesContent };

export interface PolicySource {
  current(): PolicyCatalogue;
  close(): void;
  /** Calls `listener` after each valid edit of the files has come into force. */
  onReload?(listener: () => void): void;
}

export class PolicyFilesError extends ConfigCheckError {
  constructor(source: string, details: readonly ConfigProblem[]) {
    super("policies", source, details);
    this.name = "PolicyFilesError";
  }
}

interface ManifestRevision {
  revision: number;
  effectiveFrom: string;
  text?: string;
  url?: string;
}

interface Manifest {
  policies: Array<{
    policyId: string;
    key: string;
    title: string;
    titleEn?: string;
    revisions: ManifestRevision[];
  }>;
}

const manifestSchema = {
  type: "object",
  additionalProperties: false,
  required: ["policies"],
  properties: {
    $schema: { type: "string" },
    policies: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["policyId", "key", "title", "revisions"],
        properties: {
          policyId: { type: "string", pattern: "^[A-Za-z0-9_-]{1,64}$" },
          key: { type: "string", minLength: 1, maxLength: 64 },
          title: { type: "string", minLength: 1, maxLength: 200 },
          titleEn: { type: "string", minLength: 1, maxLength: 200 },
          revisions: {
            type: "array",
            minItems: 1,
            items: {
              type: "object",
              additionalProperties: false,
              required: ["revision", "effectiveFrom"],
              properties: {
                revision: { type: "integer", minimum: 1 },
                effectiveFrom: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$" },
                text: { type: "string", pattern: "^[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*$" },
                url: { type: "string", pattern: "^https://\\S+$" },
              },
              oneOf: [{ required: ["text"] }, { required: ["url"] }],
            },
          },
        },
      },
    },
  },
};

const validateManifest = new Ajv({ allErrors: true }).compile<Manifest>(manifestSchema);
const validateContent = new Ajv({ allErrors: true, strict: false }).compile<PoliciesContent>(policiesSchema);

/** What the schema cannot say: one id each, revisions in order, a text or an address each. */
function crossProblems(content: PoliciesContent): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const seen = new Set<string>();
  for (const [index, policy] of content.policies.entries()) {
    const at = `policies.${index}`;
    if (seen.has(policy.policyId))
      problems.push(configProblem(`${at}.policyId`, "usedTwice", { value: policy.policyId }));
    seen.add(policy.policyId);
    for (const [position, entry] of policy.revisions.entries()) {
      const previous = policy.revisions[position - 1];
      if (
        previous &&
        (entry.revision <= previous.revision || entry.effectiveFrom <= previous.effectiveFrom)
      ) {
        problems.push(
          configProblem(`${at}.revisions.${position}`, "revisionsInOrder", { policy: policy.policyId }),
        );
      }
      if ((entry.textJa === undefined) === (entry.url === undefined)) {
        problems.push(configProblem(`${at}.revisions.${position}`, "textOrUrl", { policy: policy.policyId }));
      }
      if (entry.textEn !== undefined && entry.textJa === undefined) {
        problems.push(configProblem(`${at}.revisions.${position}.textEn`, "englishWithJapanese"));
      }
    }
  }
  return problems;
}

/**
 * The policies a version holds (or the folder's, read into one document), checked and rendered;
 * throws PolicyFilesError naming `source` and each problem.
 */
export function policiesOf(content: unknown, version: string, source: string): PolicyCatalogue {
  if (!validateContent(content)) {
    throw new PolicyFilesError(
      source,
      (validateContent.errors ?? []).map((error) => schemaProblem(error)),
    );
  }
  const problems = crossProblems(content);
  if (problems.length > 0) throw new PolicyFilesError(source, problems);
  const policies = content.policies.map(
    (policy): PolicyDefinition => ({
      policyId: policy.policyId,
      key: policy.key,
      title: policy.title,
      titleEn: policy.titleEn ?? null,
      revisions: policy.revisions.map((entry) => ({
        revision: entry.revision,
        // A manifest date is a day in Japan, where the service's policies are published.
        effectiveFrom: japanMidnight(entry.effectiveFrom),
        html:
          entry.textJa === undefined
            ? null
            : {
                ja: renderPolicyText(entry.textJa),
                en: entry.textEn === undefined ? null : renderPolicyText(entry.textEn),
              },
        url: entry.url ?? null,
      })),
    }),
  );
  return { policies, content, version };
}

/** The folder (manifest and texts) as one document, checked and rendered. */
export function loadPolicies(directory: string): PolicyCatalogue {
  const dir = resolve(directory);
  const digest = createHash("sha256");
  const read = (relative: string) => {
    const text = readFileSync(join(dir, relative), "utf8");
    digest.update(relative).update("\0").update(text);
    return text;
  };

  let manifest: unknown;
  try {
    manifest = JSON.parse(read("policies.json"));
  } catch (error) {
    throw new PolicyFilesError(dir, [fileProblem(`policies.json: ${(error as Error).message}`)]);
  }
  if (!validateManifest(manifest)) {
    const problems = (validateManifest.errors ?? []).map((error) =>
      fileProblem(`policies.json${error.instancePath}: ${error.message ?? "is invalid"}`),
    );
    throw new PolicyFilesError(dir, problems);
  }

  const missing: ConfigProblem[] = [];
  const content: PoliciesContent = {
    policies: manifest.policies.map((policy) => ({
      policyId: policy.policyId,
      key: policy.key,
      title: policy.title,
      ...(policy.titleEn === undefined ? {} : { titleEn: policy.titleEn }),
      revisions: policy.revisions.map((entry) => {
        const revision = { revision: entry.revision, effectiveFrom: entry.effectiveFrom };
        if (entry.url) return { ...revision, url: entry.url };
        const [ja, en] = [`${entry.text}.ja.md`, `${entry.text}.en.md`];
        if (!existsSync(join(dir, ja))) {
          missing.push(fileProblem(`${policy.policyId} revision ${entry.revision}: ${ja} is missing`));
          // Still a text's revision, for the other problems to be named with this one.
          return { ...revision, textJa: "" };
        }
        return {
          ...revision,
          textJa: read(ja),
          ...(existsSync(join(dir, en)) ? { textEn: read(en) } : {}),
        };
      }) as PoliciesContent["policies"][number]["revisions"],
    })),
  };
  if (missing.length > 0) throw new PolicyFilesError(dir, [...missing, ...crossProblems(content)]);
  return policiesOf(content, digest.digest("hex").slice(0, 16), dir);
}

type Logger = Pick<Console, "info" | "error">;

/** Loads the folder and keeps it current, like the store settings (keep-current.ts). */
export function watchPolicies(directory: string, logger: Logger = console): PolicySource {
  const dir = resolve(directory);
  return keepCurrent({
    load: () => loadPolicies(dir),
    directory: dir,
    recursive: true,
    label: "policies",
    what: "policies",
    logger,
  });
}

/** The folder's policies, or the newest version's once it differs (config-in-force.ts). */
export function policyCatalogueInForce(file: PolicySource): ConfigInForce<PolicyCatalogue> {
  return configInForce(file, {
    kind: "policies",
    toContent: (catalogue) => catalogue.content,
    fromContent: (content, version) => policiesOf(content, version, "the published policies"),
  });
}

/** A fixed set, for tests. */
export function staticPolicies(catalogue: PolicyCatalogue): PolicySource {
  return { current: () => catalogue, close: () => {} };
}
