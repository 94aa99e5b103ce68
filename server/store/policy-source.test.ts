import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  loadPolicies,
  PolicyFilesError,
  policiesOf,
  policyCatalogueInForce,
  staticPolicies,
  watchPolicies,
} from "./policy-source.ts";

const demo = resolve(import.meta.dirname, "../../config/policies");
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the demo policies to change. */
function copyOfDemo(): string {
  const dir = mkdtempSync(join(tmpdir(), "policies-"));
  dirs.push(dir);
  cpSync(demo, dir, { recursive: true });
  return dir;
}

function writeManifest(dir: string, manifest: unknown) {
  writeFileSync(join(dir, "policies.json"), JSON.stringify(manifest));
}

describe("loadPolicies", () => {
  it("loads the demo store's terms (two revisions) and privacy policy, in both languages", () => {
    const { policies, version } = loadPolicies(demo);
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    expect(policies.map((policy) => [policy.policyId, policy.revisions.map((r) => r.revision)])).toEqual([
      ["terms", [1, 2]],
      ["privacy", [1]],
    ]);
    const [terms] = policies;
    expect(terms?.revisions[1]?.effectiveFrom.toISOString()).toBe("2026-01-14T15:00:00.000Z");
    expect(terms?.revisions[1]?.html?.ja).toContain("<h2>第6条（視聴環境および同時視聴）</h2>");
    expect(terms?.revisions[0]?.html?.ja).not.toContain("視聴環境");
    expect(terms?.revisions[1]?.html?.en).toContain(
      "<h2>Article 6 (Viewing environment and simultaneous viewing)</h2>",
    );
  });

  it("takes an external policy by its address", () => {
    const dir = copyOfDemo();
    writeManifest(dir, {
      policies: [
        {
          policyId: "partner-terms",
          key: "partnerTerms",
          title: "決済代行サービス利用規約",
          revisions: [{ revision: 1, effectiveFrom: "2025-01-01", url: "https://payments.example.jp/terms" }],
        },
      ],
    });
    const [policy] = loadPolicies(dir).policies;
    expect(policy?.revisions[0]).toMatchObject({ html: null, url: "https://payments.example.jp/terms" });
  });

  it("names every problem: a missing text, revisions out of order", () => {
    const dir = copyOfDemo();
    writeManifest(dir, {
      policies: [
        {
          policyId: "terms",
          key: "terms",
          title: "利用規約",
          revisions: [
            { revision: 2, effectiveFrom: "2025-01-01", text: "terms/2" },
            { revision: 1, effectiveFrom: "2026-01-01", text: "terms/9" },
          ],
        },
      ],
    });
    expect(() => loadPolicies(dir)).toThrow(PolicyFilesError);
    expect(() => loadPolicies(dir)).toThrow(
      "policies.0.revisions.1: revisions must grow in number and date, in order (terms)",
    );
    expect(() => loadPolicies(dir)).toThrow("terms revision 1: terms/9.ja.md is missing");
  });

  it("refuses a manifest that does not fit its schema", () => {
    const dir = copyOfDemo();
    writeManifest(dir, { policies: [{ policyId: "has space", key: "k", title: "t", revisions: [] }] });
    expect(() => loadPolicies(dir)).toThrow(/policies\.json\/policies\/0\/policyId/);
  });
});

describe("the policies as one document (a configuration version)", () => {
  it("holds the manifest with each revision's Markdown, and renders the same policies from it", () => {
    const catalogue = loadPolicies(demo);
    const [terms] = catalogue.content.policies;
    expect(terms?.revisions[1]).toEqual({
      revision: 2,
      effectiveFrom: "2026-01-15",
      textJa: readFileSync(join(demo, "terms/2.ja.md"), "utf8"),
      textEn: readFileSync(join(demo, "terms/2.en.md"), "utf8"),
    });
    expect(policiesOf(catalogue.content, "v", "a version").policies).toEqual(catalogue.policies);
  });

  it("refuses a revision with both a text and an address, or neither, and an English text alone", () => {
    const revisions = [
      { revision: 1, effectiveFrom: "2025-01-01", textJa: "本文", url: "https://x.example/t" },
      { revision: 2, effectiveFrom: "2025-02-01" },
      { revision: 3, effectiveFrom: "2025-03-01", textEn: "Text", url: "https://x.example/t" },
    ];
    const content = { policies: [{ policyId: "terms", key: "terms", title: "規約", revisions }] };
    expect(() => policiesOf(content, "v", "a version")).toThrow(PolicyFilesError);
    try {
      policiesOf(content, "v", "a version");
    } catch (error) {
      expect((error as PolicyFilesError).problems).toEqual([
        "policies.0.revisions.0: has either a Japanese text or a URL (terms)",
        "policies.0.revisions.1: has either a Japanese text or a URL (terms)",
        "policies.0.revisions.2.textEn: an English text goes with a Japanese one",
      ]);
    }
  });

  it("puts a published version in force over the folder's, and the folder's back when they agree", () => {
    const file = loadPolicies(demo);
    const source = policyCatalogueInForce(staticPolicies(file));
    const [terms, privacy] = file.content.policies;
    if (!terms || !privacy) throw new Error("the demo has two policies");
    source.apply({ policies: [terms] });
    expect(source.current().policies.map((policy) => policy.policyId)).toEqual(["terms"]);
    source.apply(file.content);
    expect(source.current()).toBe(file);
    expect(() => source.apply({ policies: [{ ...terms, revisions: [] }] })).toThrow(PolicyFilesError);
  });
});

describe("watchPolicies", () => {
  it("applies a valid change and keeps the last good policies after an invalid one", async () => {
    const dir = copyOfDemo();
    const logger = { info: vi.fn(), error: vi.fn() };
    const source = watchPolicies(dir, logger);
    try {
      const before = source.current().version;
      writeFileSync(join(dir, "privacy/1.en.md"), "## Changed\n\nA new English text.");
      await vi.waitFor(() => expect(source.current().version).not.toBe(before), { timeout: 5000 });
      expect(source.current().policies[1]?.revisions[0]?.html?.en).toBe(
        "<h2>Changed</h2><p>A new English text.</p>",
      );

      const good = source.current().version;
      writeFileSync(join(dir, "policies.json"), "{ not json");
      await vi.waitFor(() => expect(logger.error).toHaveBeenCalled(), { timeout: 5000 });
      expect(source.current().version).toBe(good);
    } finally {
      source.close();
    }
  });
});
