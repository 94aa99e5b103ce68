import { afterEach, describe, expect, it } from "vitest";
import { createTestApi, demoPolicies, type TestApi } from "../../tests/api-harness.ts";

let t: TestApi;
afterEach(() => t.close());

async function policyPage(policyId: string, language = "ja") {
  const response = await t.api.request(`/zapi/internal/policies/${policyId}/screen-data?lng=${language}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("GET /zapi/internal/policies/{policyId}/screen-data", () => {
  it("gives the revision in force, its date and its text, in the page's language", async () => {
    t = await createTestApi({ startAt: "2026-03-01T00:00:00+09:00" });
    const ja = await policyPage("terms");
    expect(ja.status).toBe(200);
    expect(ja.body.policy).toMatchObject({
      policyId: "terms",
      title: "ソラミル利用規約",
      revision: 2,
      effectiveFrom: "2026-01-15",
      isExternal: false,
      textLanguage: "ja",
    });
    expect((ja.body.policy as { renderData: string }).renderData).toContain("<h2>");
    const en = await policyPage("terms", "en");
    expect(en.body.policy).toMatchObject({ title: "Soramiru Terms of Use", revision: 2, textLanguage: "en" });
  });

  it("gives the earlier revision before the later one takes effect (midnight in Japan)", async () => {
    t = await createTestApi({ startAt: "2026-01-14T23:59:00+09:00" });
    expect((await policyPage("terms")).body.policy).toMatchObject({
      revision: 1,
      effectiveFrom: "2024-04-01",
    });
  });

  it("names an external policy's source", async () => {
    const catalogue = demoPolicies();
    const privacy = catalogue.policies.find((policy) => policy.policyId === "privacy");
    privacy?.revisions.push({
      revision: 2,
      effectiveFrom: new Date("2025-01-01T00:00:00+09:00"),
      html: null,
      url: "https://policies.example.jp/privacy",
    });
    t = await createTestApi({ policies: catalogue, startAt: "2026-03-01T00:00:00+09:00" });
    expect((await policyPage("privacy")).body.policy).toMatchObject({
      revision: 2,
      isExternal: true,
      dataSource: "https://policies.example.jp/privacy",
      renderData: "",
    });
  });

  it("answers 404 for a policy that does not exist", async () => {
    t = await createTestApi();
    for (const policyId of ["cookies", "..", "%00"]) {
      expect((await policyPage(policyId)).status, policyId).toBe(404);
    }
  });
});
