/**
 * The malformed inputs of issue 7 that gave a 500 (policyConsentData: [null], a NUL byte in a
 * user-ID login) and their kin: every one is a 400 with the normal error body, and nothing is
 * stored. server/api/fuzz.test.ts looks for more of them at random.
 */
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApi, insertAccount, type TestApi, TestBrowser } from "../../tests/api-harness.ts";
import { authFlows, loginHistory } from "../db/schema.ts";
import { bodyFault, isStorableText, MAX_BODY_DEPTH } from "../kit/validation.ts";

let t: TestApi;
let errorLog: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  t = await createTestApi();
  await insertAccount(t, { email: "taro@example.jp", userId: "taro" });
  // A 500 logs its error: none may happen here.
  errorLog = vi.spyOn(console, "error");
});
afterAll(async () => {
  expect(errorLog).not.toHaveBeenCalled();
  errorLog.mockRestore();
  await t.close();
});

async function errorOf(response: Response) {
  const body = (await response.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  return { status: response.status, ...body };
}

async function rows(table: typeof authFlows | typeof loginHistory) {
  const [row] = await t.db.select({ count: count() }).from(table);
  return row?.count;
}

describe("policyConsentData that is not a list of consent items", () => {
  const malformed: unknown[] = [[null], [1], ["terms"], [[]], [{}], [{ policyId: null }], {}, "terms", 1];

  it.each(["/zapi/signup/email", "/zapi/signup/policy"])("%s answers 400 VALIDATION_ERROR", async (path) => {
    const flows = await rows(authFlows);
    for (const policyConsentData of malformed) {
      const response = await new TestBrowser(t).post(path, {
        type: "signUp",
        email: "hanako@example.jp",
        policyConsentData,
      });
      const body = await errorOf(response);
      expect(body, JSON.stringify(policyConsentData)).toMatchObject({
        status: 400,
        code: "VALIDATION_ERROR",
      });
    }
    expect(await rows(authFlows)).toBe(flows);
    expect(t.outbox.mails).toHaveLength(0);
  });
});

describe("characters a database text cannot hold", () => {
  it("a NUL byte in a user-ID login is a validation error of that field", async () => {
    const attempts = await rows(loginHistory);
    const response = await new TestBrowser(t).post("/zapi/login", {
      emailUserId: "taro\u0000",
      password: "Passw0rdA",
      loginMethod: "Password",
    });
    expect(await errorOf(response)).toMatchObject({
      status: 400,
      code: "VALIDATION_ERROR",
      message: "入力内容に誤りがあります。各項目をご確認ください。",
      errors: [{ field: "emailUserId", message: "使用できない文字が含まれています。" }],
    });
    expect(await rows(loginHistory)).toBe(attempts);
  });

  it("says so in English to an English browser", async () => {
    const response = await new TestBrowser(t, { language: "en" }).post("/zapi/login", {
      emailUserId: "\u0000",
      password: "x",
      loginMethod: "Password",
    });
    expect(await errorOf(response)).toMatchObject({
      errors: [{ field: "emailUserId", message: "This contains characters that cannot be used." }],
    });
  });

  it.each([
    ["a lone high surrogate", { email: "taro\ud800@example.jp" }, "email"],
    ["a lone low surrogate", { email: "\udc00taro@example.jp" }, "email"],
    ["NUL in a nested value", { email: "taro@example.jp", extra: { deep: ["\u0000"] } }, "deep"],
    ["NUL in a property name", { email: "taro@example.jp", "a\u0000": 1 }, "root"],
  ])("%s is refused wherever it is", async (_, body, field) => {
    const response = await new TestBrowser(t).post("/zapi/auth/password/forgot", body);
    expect(await errorOf(response)).toMatchObject({
      status: 400,
      code: "VALIDATION_ERROR",
      errors: [{ field, message: "使用できない文字が含まれています。" }],
    });
    expect(t.outbox.mails).toHaveLength(0);
  });

  it("a NUL byte in a query parameter is refused before the handler reads it", async () => {
    const response = await new TestBrowser(t).get("/zapi/internal/password/reset/screen-data?token=%00");
    expect(await errorOf(response)).toMatchObject({
      status: 400,
      code: "VALIDATION_ERROR",
      errors: [{ field: "token", message: "使用できない文字が含まれています。" }],
    });
  });

  it("paired surrogates (emoji) and other Unicode are text like any other", () => {
    expect(isStorableText("山田😀\u3000\u200b\ufeff")).toBe(true);
    expect(isStorableText("\ud83d\ude00")).toBe(true);
    expect(isStorableText("\ude00\ud83d")).toBe(false);
    expect(isStorableText("a\u0000")).toBe(false);
  });
});

describe("bodies of odd shape", () => {
  it("malformed JSON is 400 INVALID_JSON", async () => {
    for (const text of ["{", '{"email":', "NaN", "{'a':1}", "[1,]", "\u0000"]) {
      const response = await t.api.request("/zapi/auth/password/forgot", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: text,
      });
      expect(await errorOf(response), text).toMatchObject({ status: 400, code: "INVALID_JSON" });
    }
  });

  it(`nesting deeper than ${MAX_BODY_DEPTH} levels is refused without walking it`, async () => {
    // 5,000 levels: far past the limit, and still within a login's body limit (16 KiB).
    const deep = `${"[".repeat(5_000)}${"]".repeat(5_000)}`;
    const response = await t.api.request("/zapi/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: `{"emailUserId":"taro","password":"x","loginMethod":"Password","x":${deep}}`,
    });
    expect(await errorOf(response)).toMatchObject({
      status: 400,
      code: "VALIDATION_ERROR",
      errors: [{ field: "root", message: "入力内容が正しくありません。" }],
    });
  });

  it("counts depth exactly", () => {
    const nested = (levels: number): unknown => (levels === 0 ? "leaf" : [nested(levels - 1)]);
    expect(bodyFault(nested(MAX_BODY_DEPTH))).toBeNull();
    expect(bodyFault(nested(MAX_BODY_DEPTH + 1))).toEqual({ kind: "depth" });
  });

  it("__proto__ and constructor keys pollute nothing", async () => {
    const bodies = [
      '{"__proto__":{"polluted":1},"email":"taro@example.jp"}',
      '{"constructor":{"prototype":{"polluted":1}},"email":"taro@example.jp"}',
      '{"type":"signUp","email":"hanako@example.jp","policyConsentData":[{"__proto__":{"polluted":1}}]}',
    ];
    for (const [path, body] of bodies.flatMap((body) =>
      ["/zapi/auth/password/forgot", "/zapi/signup/email", "/zapi/signup"].map(
        (path) => [path, body] as const,
      ),
    )) {
      const response = await t.api.request(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      expect(response.status, `${path} ${body}`).toBeLessThan(500);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("a refused code request stores nothing", () => {
  it.each([
    ["/zapi/login/code", { email: "jiro@example.jp" }],
    [
      "/zapi/signup/email",
      {
        type: "signUp",
        email: "jiro@example.jp",
        policyConsentData: [
          { policyId: "terms", revision: 2, key: "terms" },
          { policyId: "privacy", revision: 1, key: "privacy" },
        ],
      },
    ],
  ])(
    "%s within 30 s of the last such code to the mailbox: 429, and no flow left behind",
    async (path, body) => {
      // Another browser had the same kind of code sent to the same mailbox a moment ago.
      expect((await new TestBrowser(t).post(path, body)).status).toBe(200);
      const flows = await rows(authFlows);
      const response = await new TestBrowser(t).post(path, body);
      expect(await errorOf(response)).toMatchObject({ status: 429, code: "RESEND_TOO_SOON" });
      expect(await rows(authFlows)).toBe(flows);
      t.clock.advance(60_000);
    },
  );
});
