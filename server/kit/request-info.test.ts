import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../tests/api-harness.ts";
import { clientAddress } from "./request-info.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
  t.api.post("/zapi/test-only/state-change", (c) => c.json({ changed: true }));
  t.api.get("/zapi/test-only/client-address", (c) => c.json({ address: clientAddress(c) }));
});
afterAll(() => t.close());

function post(headers: Record<string, string>) {
  return t.api.request("/zapi/test-only/state-change", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: "{}",
  });
}

describe("state-changing calls from other sites", () => {
  it("refuses a cross-site Origin with 403 CROSS_SITE_REQUEST", async () => {
    const response = await post({ origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      code: "CROSS_SITE_REQUEST",
      message: "このリクエストは受け付けられません。",
    });
  });

  it("refuses an opaque Origin (a sandboxed frame, a privacy redirect)", async () => {
    expect((await post({ origin: "null" })).status).toBe(403);
  });

  it("refuses what Fetch Metadata calls cross-site when the browser sent no Origin", async () => {
    expect((await post({ "sec-fetch-site": "cross-site" })).status).toBe(403);
  });

  it("lets the site's own pages through", async () => {
    expect((await post({ origin: "http://localhost", "sec-fetch-site": "same-origin" })).status).toBe(200);
  });

  it("lets calls without an Origin through: the page server's in-process calls and tools", async () => {
    expect((await post({})).status).toBe(200);
  });

  it("compares with PUBLIC_ORIGIN when one is configured (behind a TLS proxy)", async () => {
    t.deps.publicOrigin = "https://soramiru.example.jp";
    try {
      expect((await post({ origin: "https://soramiru.example.jp" })).status).toBe(200);
      expect((await post({ origin: "http://localhost" })).status).toBe(403);
    } finally {
      t.deps.publicOrigin = "http://localhost";
    }
  });

  it("does not stop reads", async () => {
    const response = await t.api.request("/zapi/internal/root/screen-data", {
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(200);
  });
});

describe("clientAddress", () => {
  async function addressOf(headers: Record<string, string>, env?: Record<string, unknown>) {
    const response = await t.api.request("/zapi/test-only/client-address", { headers }, env);
    return ((await response.json()) as { address: string | null }).address;
  }

  it("is the browser's address an in-process call brings", async () => {
    expect(await addressOf({}, { clientAddress: "198.51.100.1" })).toBe("198.51.100.1");
  });

  it("ignores X-Forwarded-For unless TRUST_PROXY says a proxy sets it", async () => {
    expect(await addressOf({ "x-forwarded-for": "203.0.113.66" }, { clientAddress: "198.51.100.1" })).toBe(
      "198.51.100.1",
    );
  });

  it("behind a trusted proxy, is the proxy's entry, past what the page server appended", async () => {
    t.deps.trustProxy = true;
    try {
      // Browser → proxy (appends the client) → page server (appends its socket peer, the proxy).
      expect(
        await addressOf(
          { "x-forwarded-for": "10.0.0.1, 203.0.113.66, 192.168.0.2" },
          { clientAddress: "192.168.0.2" },
        ),
      ).toBe("203.0.113.66");
      // A direct call through the proxy: its entry is the last one.
      expect(await addressOf({ "x-forwarded-for": "10.0.0.1, 203.0.113.67" })).toBe("203.0.113.67");
    } finally {
      t.deps.trustProxy = false;
    }
  });

  it("behind a trusted proxy, does not believe an entry that is not an IP address", async () => {
    t.deps.trustProxy = true;
    try {
      for (const forged of ["evil", "1.2.3.4.5", "<script>", "::1:zz", "203.0.113.66 extra"]) {
        expect(await addressOf({ "x-forwarded-for": forged }), forged).toBeNull();
        expect(
          await addressOf({ "x-forwarded-for": `${forged}, 192.168.0.2` }, { clientAddress: "192.168.0.2" }),
          forged,
        ).toBe("192.168.0.2");
      }
      expect(await addressOf({ "x-forwarded-for": "2001:db8::1" })).toBe("2001:db8::1");
    } finally {
      t.deps.trustProxy = false;
    }
  });

  it("is unknown without any source", async () => {
    expect(await addressOf({})).toBeNull();
  });
});
