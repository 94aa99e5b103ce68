import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApi, demoPolicies, insertAccount, type TestApi } from "../../tests/api-harness.ts";
import type { PolicyCatalogue } from "../store/policy-source.ts";
import {
  agreementTo,
  notAgreed,
  outstandingPolicies,
  policiesInForce,
  recordConsents,
} from "./policy-records.ts";

const at = (iso: string) => new Date(iso);

describe("policiesInForce", () => {
  const catalogue = demoPolicies();

  it("takes each policy's latest revision whose day has begun in Japan", () => {
    const revisionsAt = (iso: string) =>
      policiesInForce(catalogue, at(iso), "ja").map((p) => [p.policyId, p.revision]);
    expect(revisionsAt("2026-01-14T14:59:59.999Z")).toEqual([
      ["terms", 1],
      ["privacy", 1],
    ]);
    expect(revisionsAt("2026-01-14T15:00:00.000Z")).toEqual([
      ["terms", 2],
      ["privacy", 1],
    ]);
    expect(revisionsAt("2024-03-31T14:00:00.000Z")).toEqual([]);
  });

  it("gives the policy in the shape of spec §3, in the language asked for", () => {
    const [ja] = policiesInForce(catalogue, at("2026-04-01T00:00:00Z"), "ja");
    expect(ja).toMatchObject({
      policyId: "terms",
      revision: 2,
      key: "terms",
      title: "ソラミル利用規約",
      isExternal: false,
      usesExternalPolicy: false,
      dataSource: null,
    });
    const [en] = policiesInForce(catalogue, at("2026-04-01T00:00:00Z"), "en");
    expect(en?.title).toBe("Soramiru Terms of Use");
    expect(en?.renderData).toContain("Article 1 (Scope)");
  });

  it("shows an external policy as a link, without text", () => {
    const external: Pick<PolicyCatalogue, "policies" | "version"> = {
      version: "x",
      policies: [
        {
          policyId: "partner-terms",
          key: "partnerTerms",
          title: "決済代行サービス利用規約",
          titleEn: null,
          revisions: [
            {
              revision: 1,
              effectiveFrom: at("2025-01-01T00:00:00Z"),
              html: null,
              url: "https://p.example/t",
            },
          ],
        },
      ],
    };
    expect(policiesInForce(external, at("2026-01-01T00:00:00Z"), "en")).toEqual([
      {
        policyId: "partner-terms",
        revision: 1,
        key: "partnerTerms",
        title: "決済代行サービス利用規約",
        renderData: "",
        isExternal: true,
        usesExternalPolicy: true,
        dataSource: "https://p.example/t",
      },
    ]);
  });
});

describe("notAgreed", () => {
  it("lists the policies not agreed at their current revision and key", () => {
    const inForce = policiesInForce(demoPolicies(), at("2026-04-01T00:00:00Z"), "ja");
    expect(notAgreed(inForce, agreementTo(inForce))).toEqual([]);
    expect(
      notAgreed(inForce, [
        { policyId: "terms", revision: 1, key: "terms" },
        { policyId: "privacy", revision: 1, key: "wrong-key" },
      ]).map((policy) => policy.policyId),
    ).toEqual(["terms", "privacy"]);
  });
});

describe("outstandingPolicies", () => {
  let t: TestApi;
  beforeEach(async () => {
    t = await createTestApi({ startAt: "2025-06-01T00:00:00Z" });
  });
  afterEach(() => t.close());

  it("names the policies revised since the member last agreed", async () => {
    const member = await insertAccount(t);
    const catalogue = t.deps.policies.current();
    expect(await outstandingPolicies(t.db, member.accountId, catalogue, t.clock.now(), "ja")).toEqual([]);

    t.clock.set("2026-02-01T00:00:00Z");
    const outstanding = await outstandingPolicies(t.db, member.accountId, catalogue, t.clock.now(), "ja");
    expect(outstanding.map((policy) => [policy.policyId, policy.revision])).toEqual([["terms", 2]]);

    await recordConsents(t.db, member.accountId, agreementTo(outstanding), t.clock.now());
    expect(await outstandingPolicies(t.db, member.accountId, catalogue, t.clock.now(), "ja")).toEqual([]);
  });
});
