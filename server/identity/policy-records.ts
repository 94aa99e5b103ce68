/**
 * Policies in force and members' consents (issue 4 §4): every consent is recorded (policyId,
 * revision, key, time), and a member who agreed to an older revision than the one in force must
 * agree again before continuing.
 */

import { eq, max } from "drizzle-orm";
import type { Language } from "../../locales/index.ts";
import { japanDay } from "../../schemas/japan-time.ts";
import type { Policy } from "../../schemas/types/policy.gen.ts";
import type { PolicyDocument } from "../../schemas/types/policy-screen-data.gen.ts";
import type { Db } from "../db/database.ts";
import { cachedRead } from "../db/read-cache.ts";
import { type AgreedPolicy, policyConsents } from "../db/schema.ts";
import type { PolicyCatalogue, PolicyDefinition, PolicyRevision } from "../store/policy-source.ts";

/** The rendered policies and their version: what member pages read of the catalogue. */
type PolicyList = Pick<PolicyCatalogue, "policies" | "version">;

/** The policy /privacy shows and the privacy settings link to (config/policies). */
export const PRIVACY_POLICY_ID = "privacy";

function revisionInForce(definition: PolicyDefinition, now: Date): PolicyRevision | null {
  return definition.revisions.findLast((revision) => revision.effectiveFrom <= now) ?? null;
}

/** The policy as the sign-up screens show it (spec §3 Policy), in the member's language. */
function toPolicy(
  definition: PolicyDefinition,
  revision: PolicyRevision,
  language: Language,
): Required<Policy> {
  const english = language === "en";
  return {
    policyId: definition.policyId,
    revision: revision.revision,
    key: definition.key,
    title: (english && definition.titleEn) || definition.title,
    renderData: revision.html ? (english && revision.html.en) || revision.html.ja : "",
    isExternal: revision.url !== null,
    usesExternalPolicy: revision.url !== null,
    dataSource: revision.url,
  };
}

/** The policy with this id in force now, or null (unknown, or no revision in force yet). */
export function policyDocumentInForce(
  catalogue: PolicyList,
  policyId: string,
  now: Date,
  language: Language,
): PolicyDocument | null {
  const definition = catalogue.policies.find((candidate) => candidate.policyId === policyId);
  const revision = definition ? revisionInForce(definition, now) : null;
  if (!definition || !revision) return null;
  return {
    ...toPolicy(definition, revision, language),
    effectiveFrom: japanDay(revision.effectiveFrom),
    textLanguage: language === "en" && revision.html?.en ? "en" : "ja",
  };
}

/** Every policy with a revision in force now, in the manifest's order. */
export function policiesInForce(catalogue: PolicyList, now: Date, language: Language): Policy[] {
  return catalogue.policies.flatMap((definition) => {
    const revision = revisionInForce(definition, now);
    return revision ? [toPolicy(definition, revision, language)] : [];
  });
}

/**
 * Which revision of each policy is in force at `now`, and of which files: a change of either (an
 * edit, or a revision reaching its effective time) changes the text (the guest page cache's key).
 */
export function policiesInForceVersion(catalogue: PolicyList, now: Date): string {
  const revisions = catalogue.policies.map(
    (definition) => `${definition.policyId}@${revisionInForce(definition, now)?.revision ?? "-"}`,
  );
  return `${catalogue.version}:${revisions.join(",")}`;
}

/** `agreed` names the policy at its current revision. */
export function isAgreed(policy: Policy, agreed: readonly AgreedPolicy[]): boolean {
  return agreed.some(
    (item) =>
      item.policyId === policy.policyId && item.revision === policy.revision && item.key === policy.key,
  );
}

/** The policies of `policies` that `agreed` does not name at their current revision. */
export function notAgreed(policies: readonly Policy[], agreed: readonly AgreedPolicy[]): Policy[] {
  return policies.filter((policy) => !isAgreed(policy, agreed));
}

/** The consent items for these policies, as they are stored. */
export function agreementTo(policies: readonly Policy[]): AgreedPolicy[] {
  return policies.map(({ policyId, revision, key }) => ({ policyId, revision, key }));
}

/** The policies in force whose current revision the member has not agreed to (first sign-in after a revision). */
export async function outstandingPolicies(
  db: Db,
  accountId: string,
  catalogue: PolicyList,
  now: Date,
  language: Language,
): Promise<Policy[]> {
  const inForce = policiesInForce(catalogue, now, language);
  if (inForce.length === 0) return [];
  const agreed = await cachedRead(db, `policy-consents:${accountId}`, [policyConsents], () =>
    db
      .select({ policyId: policyConsents.policyId, revision: max(policyConsents.revision) })
      .from(policyConsents)
      .where(eq(policyConsents.accountId, accountId))
      .groupBy(policyConsents.policyId),
  );
  const latest = new Map(agreed.map((row) => [row.policyId, row.revision ?? 0]));
  return inForce.filter((policy) => (latest.get(policy.policyId) ?? 0) < policy.revision);
}

type Writer = Pick<Db, "insert">;

/** Records one consent row per policy revision agreed to. */
export async function recordConsents(
  db: Writer,
  accountId: string,
  agreed: readonly AgreedPolicy[],
  now: Date,
): Promise<void> {
  if (agreed.length === 0) return;
  await db.insert(policyConsents).values(agreed.map((item) => ({ accountId, ...item, consentedAt: now })));
}
