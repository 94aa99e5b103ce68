import { HTTPException } from "hono/http-exception";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApi, type TestApi } from "../../tests/api-harness.ts";
import { ApiError } from "./errors.ts";

const MAX_BODY_BYTES = 256 * 1024;

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
  // Routes that exist only in this test, to reach each branch of the error handler.
  t.api.get("/test-only/crash", () => {
    throw new Error("database on fire");
  });
  t.api.get("/test-only/validation", () => {
    throw new ApiError(400, "VALIDATION_ERROR", "入力内容をご確認ください。", {
      errors: [{ field: "email", message: "メールアドレスの形式が正しくありません。" }],
    });
  });
  t.api.get("/test-only/http-exception", () => {
    throw new HTTPException(401, { message: "Login required" });
  });
  t.api.post("/test-only/echo-length", async (c) =>
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

  it("413 for a body declared larger than 256 KiB", async () => {
    const response = await t.api.request("/zapi/test-only/echo-length", {
      method: "POST",
      headers: { "content-length": String(MAX_BODY_BYTES + 1) },
      body: "x".repeat(MAX_BODY_BYTES + 1),
    });
    expect(response.status).toBe(413);
    expect(await errorBody(response)).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  });

  it("413 for a streamed body that grows past 256 KiB without declaring its length", async () => {
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
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

  it("accepts a body of exactly 256 KiB", async () => {
    const response = await t.api.request("/zapi/test-only/echo-length", {
      method: "POST",
      body: "x".repeat(MAX_BODY_BYTES),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ length: MAX_BODY_BYTES });
  });
});
