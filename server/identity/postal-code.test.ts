import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../tests/api-harness.ts";

let t: TestApi;
beforeEach(async () => {
  t = await createTestApi();
});
afterEach(() => t.close());

async function lookUp(code: string) {
  const response = await t.api.request(`/zapi/postal-code/${code}`);
  return { status: response.status, body: await response.json(), headers: response.headers };
}

describe("GET /zapi/postal-code/{postalCode}", () => {
  it("returns the one address of a code", async () => {
    const { status, body } = await lookUp("1000001");
    expect(status).toBe(200);
    expect(body).toEqual({
      results: [{ prefectureCode: 13, city: "千代田区", town: "千代田", allAddress: "東京都千代田区千代田" }],
    });
  });

  it("accepts the code written with its hyphen", async () => {
    const { body } = await lookUp("104-0061");
    expect(body.results).toEqual([
      { prefectureCode: 13, city: "中央区", town: "銀座", allAddress: "東京都中央区銀座" },
    ]);
  });

  it("returns every town of a code shared by several", async () => {
    const { body } = await lookUp("4520961");
    expect(body.results.length).toBeGreaterThan(1);
    expect(body.results[0]).toEqual({
      prefectureCode: 23,
      city: "清須市",
      town: "春日明河原",
      allAddress: "愛知県清須市春日明河原",
    });
  });

  it("answers an unknown code with an empty list", async () => {
    const { status, body } = await lookUp("0000000");
    expect(status).toBe(200);
    expect(body).toEqual({ results: [] });
  });

  it("lets the browser keep an answer for a day", async () => {
    const { headers } = await lookUp("1000001");
    expect(headers.get("Cache-Control")).toBe("public, max-age=86400");
  });

  it.each(["123", "abc1234", "10000011", "100-00-01"])("refuses the malformed code %s", async (code) => {
    const { status, body } = await lookUp(code);
    expect(status).toBe(400);
    expect(body).toEqual({
      code: "INVALID_POSTAL_CODE",
      message: "郵便番号の形式が正しくありません",
      requestId: expect.any(String),
    });
  });
});
