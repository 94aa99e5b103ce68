import { count } from "drizzle-orm";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApi, type TestApi } from "../../tests/api-harness.ts";
import { loginHistory } from "../db/schema.ts";
import { ApiError } from "../kit/errors.ts";
import {
  CONSOLE_SETTINGS_BODY_BYTES,
  LARGER_BODY_LIMITS,
  DEFAULT_MAX_BODY_BYTES as MAX_BODY_BYTES,
  maxBodyBytes,
} from "./app.ts";

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
  // Routes that exist only in this test, to reach each branch of the error handler.
  t.api.get("/zapi/test-only/crash", () => {
    throw new Error("database on fire");
  });
  t.api.get("/zapi/test-only/validation", () => {
    throw new ApiError(400, "VALIDATION_ERROR", "入力内容をご確認ください。", {
      errors: [{ field: "email", message: "メールアドレスの形式が正しくありません。" }],
    });
  });
  t.api.get("/zapi/test-only/http-exception", () => {
    throw new HTTPException(401, { message: "Login required" });
  });
  t.api.post("/zapi/test-only/echo-length", async (c) =>
    c.json({ length: (await c.req.arrayBuffer()).byteLength }),
  );
});
afterAll(() => t.close());

/** The body of an error answer, checked to carry the three fields of spec §7 and the header. */
async function errorBody(response: Response) {
  const body = (await response.json()) as Record<string, unknown>;
  expect(body).toEqual(
    expect.objectContaining({
      code: expect.any(String),
      message: expect.any(String),
      requestId: expect.any(String),
    }),
  );
  expect(response.headers.get("x-request-id")).toBe(body.requestId);
  return body;
}

describe("every answer", () => {
  it("carries a request id and is never cached", async () => {
    const response = await t.api.request("/zapi/internal/root/screen-data");
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toMatch(/\S{8,}/);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("gets a request id of its own", async () => {
    const first = await t.api.request("/zapi/internal/root/screen-data");
    const second = await t.api.request("/zapi/internal/root/screen-data");
    expect(first.headers.get("x-request-id")).not.toBe(second.headers.get("x-request-id"));
  });
});

describe("error answers are {code, message, requestId}", () => {
  it("404 for an unknown API path", async () => {
    const response = await t.api.request("/zapi/no/such/call");
    expect(response.status).toBe(404);
    expect(await errorBody(response)).toMatchObject({ code: "NOT_FOUND" });
  });

  it("500 for an unexpected error, with the generic message and the details only in the log", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const response = await t.api.request("/zapi/test-only/crash");
      expect(response.status).toBe(500);
      const body = await errorBody(response);
      expect(body).toEqual({
        code: "INTERNAL_ERROR",
        message: "エラーが発生しました。",
        requestId: body.requestId,
      });
      expect(JSON.stringify(body)).not.toContain("database on fire");
      expect(logged).toHaveBeenCalledWith(
        expect.stringContaining(`(request ${body.requestId})`),
        expect.objectContaining({ message: "database on fire" }),
      );
    } finally {
      logged.mockRestore();
    }
  });

  it("an ApiError's status, code, message and details", async () => {
    const response = await t.api.request("/zapi/test-only/validation");
    expect(response.status).toBe(400);
    const body = await errorBody(response);
    expect(body).toEqual({
      code: "VALIDATION_ERROR",
      message: "入力内容をご確認ください。",
      requestId: body.requestId,
      errors: [{ field: "email", message: "メールアドレスの形式が正しくありません。" }],
    });
  });

  it("an HTTPException thrown by Hono itself", async () => {
    const response = await t.api.request("/zapi/test-only/http-exception");
    expect(response.status).toBe(401);
    expect(await errorBody(response)).toMatchObject({ code: "HTTP_ERROR", message: "Login required" });
  });

  it("413 for a body declared larger than 16 KiB", async () => {
    const response = await t.api.request("/zapi/test-only/echo-length", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(MAX_BODY_BYTES + 1) },
      body: "x".repeat(MAX_BODY_BYTES + 1),
    });
    expect(response.status).toBe(413);
    expect(await errorBody(response)).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  });

  it("413 for a streamed body that grows past 16 KiB without declaring its length", async () => {
    const chunk = new TextEncoder().encode("x".repeat(4 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > MAX_BODY_BYTES) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const response = await t.api.request("/zapi/test-only/echo-length", {
      method: "POST",
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await errorBody(response)).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  });

  it("lets the registration form be larger (the store decides how many custom items it has), up to its own limit", async () => {
    const limit = LARGER_BODY_LIMITS["/zapi/signup"]!;
    expect(limit).toBeGreaterThan(MAX_BODY_BYTES);
    const post = (size: number) =>
      t.api.request("/zapi/signup", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ note: "x".repeat(size) }),
      });
    // Past the default limit, the registration still reaches its handler (which refuses the body).
    expect((await post(MAX_BODY_BYTES * 2)).status).not.toBe(413);
    expect((await post(limit)).status).toBe(413);
  });

  it("lets a console settings section be a whole document, and nothing else under the console", () => {
    expect(maxBodyBytes("/zapi/console/settings/policies/policies")).toBe(CONSOLE_SETTINGS_BODY_BYTES);
    expect(maxBodyBytes("/zapi/console/settings/store/registration")).toBe(CONSOLE_SETTINGS_BODY_BYTES);
    expect(maxBodyBytes("/zapi/console/settings/store/publish")).toBe(CONSOLE_SETTINGS_BODY_BYTES);
    expect(maxBodyBytes("/zapi/console/sign-in")).toBe(MAX_BODY_BYTES);
    expect(maxBodyBytes("/zapi/console/settings/store/registration/x")).toBe(MAX_BODY_BYTES);
  });

  it("accepts a body of exactly 16 KiB", async () => {
    const response = await t.api.request("/zapi/test-only/echo-length", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "x".repeat(MAX_BODY_BYTES),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ length: MAX_BODY_BYTES });
  });
});

describe("unknown paths and methods (issue 7 §8)", () => {
  it.each(["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"])(
    "404 NOT_FOUND as JSON for %s of an unknown /zapi path",
    async (method) => {
      const response = await t.api.request("/zapi/no/such/call", { method });
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await errorBody(response)).toMatchObject({
        code: "NOT_FOUND",
        message: "指定されたAPIは存在しません。",
      });
    },
  );

  it("404 for a path next to a real one, and for a real one with a trailing slash", async () => {
    for (const path of ["/zapi/signup/nope", "/zapi/login/", "/zapi/postal-code", "/zapi"]) {
      const response = await t.api.request(path, { method: "POST" });
      expect(response.status, path).toBe(404);
      expect(await errorBody(response)).toMatchObject({ code: "NOT_FOUND" });
    }
  });

  it("404 wins over 415: an unknown path is unknown whatever its body", async () => {
    const response = await t.api.request("/zapi/no/such/call", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "hello",
    });
    expect(response.status).toBe(404);
  });

  it("answers in English to an English browser", async () => {
    const response = await t.api.request("/zapi/no/such/call", { headers: { "accept-language": "en" } });
    expect(await errorBody(response)).toMatchObject({ message: "There is no such API." });
  });

  it.each([
    ["GET", "/zapi/login", "POST"],
    ["DELETE", "/zapi/signup", "POST"],
    ["POST", "/zapi/internal/root/screen-data", "GET, HEAD"],
    ["PUT", "/zapi/postal-code/1000001", "GET, HEAD"],
  ])("405 METHOD_NOT_ALLOWED with Allow for %s %s", async (method, path, allow) => {
    const response = await t.api.request(path, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe(allow);
    expect(await errorBody(response)).toMatchObject({
      code: "METHOD_NOT_ALLOWED",
      message: "このAPIはこのメソッドでは呼び出せません。",
    });
  });

  it("HEAD of a GET call is answered by it", async () => {
    const response = await t.api.request("/zapi/internal/root/screen-data", { method: "HEAD" });
    expect(response.status).toBe(200);
  });

  it("mounted in a site with HTML pages for everything else, still answers JSON (server/site.ts)", async () => {
    const site = new Hono();
    site.route("/", t.api);
    site.all("*", (c) => c.html("<p>page</p>", 404));
    for (const method of ["GET", "POST"]) {
      const unknown = await site.request("/zapi/no/such/call", { method });
      expect(unknown.status).toBe(404);
      expect(await errorBody(unknown)).toMatchObject({ code: "NOT_FOUND" });
    }
    const wrongMethod = await site.request("/zapi/login");
    expect(wrongMethod.status).toBe(405);
    expect(await errorBody(wrongMethod)).toMatchObject({ code: "METHOD_NOT_ALLOWED" });
    expect((await site.request("/zapi/internal/root/screen-data")).status).toBe(200);
    expect((await site.request("/login")).headers.get("content-type")).toMatch(/^text\/html/);
  });
});

describe("bodies other than JSON (issue 7 §8)", () => {
  /** A password login's body, which a JSON endpoint would otherwise evaluate (and log). */
  const login = JSON.stringify({
    emailUserId: "taro@example.jp",
    password: "Passw0rdA",
    loginMethod: "Password",
  });

  async function loginAttempts() {
    const [row] = await t.db.select({ count: count() }).from(loginHistory);
    return row?.count;
  }

  it.each([
    "text/plain",
    "text/plain;charset=UTF-8",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/jsonp",
    "application/xml",
  ])("415 UNSUPPORTED_MEDIA_TYPE for Content-Type %s, before the handler runs", async (contentType) => {
    const before = await loginAttempts();
    const response = await t.api.request("/zapi/login", {
      method: "POST",
      headers: { "content-type": contentType },
      body: login,
    });
    expect(response.status).toBe(415);
    expect(await errorBody(response)).toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: "リクエストの形式が正しくありません。JSON形式で送信してください。",
    });
    expect(await loginAttempts()).toBe(before);
  });

  it("415 for a body sent without a Content-Type", async () => {
    const response = await t.api.request("/zapi/login", {
      method: "POST",
      body: new Blob([login]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(415);
    expect(await errorBody(response)).toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE" });
  });

  it("takes JSON with a charset parameter or in capitals", async () => {
    for (const contentType of ["application/json; charset=utf-8", "Application/JSON"]) {
      const response = await t.api.request("/zapi/auth/password/forgot", {
        method: "POST",
        headers: { "content-type": contentType },
        body: JSON.stringify({ email: "nobody@example.jp" }),
      });
      expect(response.status, contentType).toBe(200);
    }
  });

  it("lets a call without a body through without a Content-Type: the handler decides", async () => {
    const logout = await t.api.request("/zapi/logout", { method: "POST" });
    expect(logout.status).toBe(200);
    const login = await t.api.request("/zapi/login", { method: "POST" });
    expect(login.status).toBe(400);
    expect(await errorBody(login)).toMatchObject({ code: "INVALID_JSON" });
  });

  it("413 as JSON for an oversized body to a real endpoint", async () => {
    const response = await t.api.request("/zapi/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ emailUserId: "x".repeat(MAX_BODY_BYTES), password: "p" }),
    });
    expect(response.status).toBe(413);
    expect(await errorBody(response)).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      message: "リクエストのサイズが大きすぎます。",
    });
  });
});
