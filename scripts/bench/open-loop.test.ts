import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { openLoop, percentile } from "./open-loop.ts";

describe("percentile", () => {
  it("takes the nearest rank", () => {
    const values = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(values, 0.5)).toBe(50);
    expect(percentile(values, 0.99)).toBe(99);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.5)).toBe(0);
  });
});

describe("openLoop", () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

  async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
    server = createServer(handler);
    await new Promise<void>((ready) => server?.listen(0, "127.0.0.1", ready));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  }

  it("offers every scheduled request and counts the failed ones", async () => {
    let seen = 0;
    const url = await serve((_, response) => {
      seen++;
      response.statusCode = seen % 5 === 0 ? 500 : 200;
      response.end("ok");
    });
    const figures = await openLoop({ url, rate: 100, seconds: 0.3 });
    expect(figures.offered).toBe(30);
    expect(seen).toBe(30);
    expect(figures.failed).toBe(6);
    expect(figures.answered).toBe(24);
  });

  it("counts a request's wait for a busy server from when it was due", async () => {
    // One socket and an answer after 50 ms, at 100 requests a second: each request waits behind
    // the ones before it, so the last is due long before it is sent. A closed loop would see 50 ms.
    const url = await serve((_, response) => {
      setTimeout(() => response.end("ok"), 50);
    });
    const figures = await openLoop({ url, rate: 100, seconds: 0.2, maxSockets: 1 });
    expect(figures.answered).toBe(20);
    expect(figures.p50).toBeGreaterThanOrEqual(50);
    expect(figures.max).toBeGreaterThan(500);
  });
});
