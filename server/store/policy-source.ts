/**
 * The store's policies (config/policies, described in its README.md): the manifest policies.json
 * and one text per revision and language. Loaded and checked at start-up; a change to the folder
 * applies to the next request, and an invalid change is logged while the last good set stays in force.
 */

import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import Ajv from "ajv";
import { japanMidnight } from "../../schemas/japan-time.ts";
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
  /** Changes whenever any file changes. */
  version: string;
}

export interface PolicySource {
  current(): PolicyCatalogue;
  close(): void;
  /** Calls `listener` after each valid edit of the files has come into force. */
  onReload?(listener: () => void): void;
}

export class PolicyFilesError extends Error {
  constructor(
    readonly directory: string,
    readonly problems: string[],
  ) {
    super(`Invalid policies in ${directory}:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
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
    throw new PolicyFilesError(dir, [`policies.json: ${(error as Error).message}`]);
  }
  if (!validateManifest(manifest)) {
    const problems = (validateManifest.errors ?? []).map(
      (error) => `policies.json${error.instancePath}: ${error.message ?? "is invalid"}`,
    );
    throw new PolicyFilesError(dir, problems);
  }

  const problems: string[] = [];
  const seen = new Set<string>();
  const policies = manifest.policies.map((policy): PolicyDefinition => {
    if (seen.has(policy.policyId)) problems.push(`policy "${policy.policyId}" is listed twice`);
    seen.add(policy.policyId);
    const revisions = policy.revisions.map((entry, index): PolicyRevision => {
      const previous = policy.revisions[index - 1];
      if (
        previous &&
        (entry.revision <= previous.revision || entry.effectiveFrom <= previous.effectiveFrom)
      ) {
        problems.push(`${policy.policyId}: revisions must grow in number and date, in order`);
      }
      let html: PolicyRevision["html"] = null;
      if (entry.text) {
        const ja = `${entry.text}.ja.md`;
        const en = `${entry.text}.en.md`;
        if (existsSync(join(dir, ja))) {
          html = {
            ja: renderPolicyText(read(ja)),
            en: existsSync(join(dir, en)) ? renderPolicyText(read(en)) : null,
          };
        } else {
          problems.push(`${policy.policyId} revision ${entry.revision}: ${ja} is missing`);
        }
      }
      return {
        revision: entry.revision,
        // A manifest date is a day in Japan, where the service's policies are published.
        effectiveFrom: japanMidnight(entry.effectiveFrom),
        html,
        url: entry.url ?? null,
      };
    });
    return {
      policyId: policy.policyId,
      key: policy.key,
      title: policy.title,
      titleEn: policy.titleEn ?? null,
      revisions,
    };
  });
  if (problems.length > 0) throw new PolicyFilesError(dir, problems);
  return { policies, version: digest.digest("hex").slice(0, 16) };
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

/** A fixed set, for tests. */
export function staticPolicies(catalogue: PolicyCatalogue): PolicySource {
  return { current: () => catalogue, close: () => {} };
}
