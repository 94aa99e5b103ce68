import { brotliDecompressSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compressResponses, prefersBrotli } from "./compression.ts";

describe("prefersBrotli", () => {
  it.each([
    ["gzip, deflate, br, zstd", true],
    ["br", true],
    ["br;q=0.9, gzip;q=0.9", true],
    ["*", true],
    ["gzip;q=1, br;q=0.5", false],
    ["gzip, deflate", false],
    ["br;q=0, gzip", false],
    ["identity", false],
    ["", false],
    [undefined, false],
  ])("%s → %s", (header, expected) => {
    expect(prefersBrotli(header)).toBe(expected);
  });
});

describe("compressResponses", () => {
  const app = new Hono();
  app.use(compressResponses());
  // A page as React streams it: chunks, no Content-Length.
  const streamed = (text: string) =>
    new Response(
      new ReadableStream({
        start(controller) {
          const bytes = new TextEncoder().encode(text);
          for (let at = 0; at < bytes.length; at += 2048) controller.enqueue(bytes.subarray(at, at + 2048));
          controller.close();
        },
      }),
      { headers: { "Content-Type": "text/html; charset=utf-8" } },
    );
  const page = `<!DOCTYPE html><p>${"ソラミル会員ページ ".repeat(3000)}</p>`;
  app.get("/page", () => streamed(page));
  app.get("/small", () => streamed("<p>short</p>"));
  const brotliRequest = { headers: { "Accept-Encoding": "br, gzip" } };

  it("sends a streamed page whole in brotli, the same bytes once decoded", async () => {
    const response = await app.request("/page", brotliRequest);
    expect(response.headers.get("Content-Encoding")).toBe("br");
    expect(response.headers.get("Vary")).toBe("Accept-Encoding");
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.byteLength).toBeLessThan(Buffer.byteLength(page) / 10);
    expect(brotliDecompressSync(body).toString()).toBe(page);
  });

  it("sends a streamed answer below the threshold as it is", async () => {
    const response = await app.request("/small", brotliRequest);
    expect(response.headers.get("Content-Encoding")).toBeNull();
    expect(await response.text()).toBe("<p>short</p>");
  });
});
