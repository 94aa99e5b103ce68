/**
 * The provider as the server mounts it (server/oidc/service.ts): a rotation reaches a running
 * server without a restart — the new keys are published within a minute (its background check),
 * and begin to sign PUBLISH_AHEAD_MS later, the old ones still published to verify.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../tests/api-harness.ts";
import { parseOidcClients } from "./client-source.ts";
import { PUBLISH_AHEAD_MS, rotateOidcKeys } from "./keys.ts";
import { createOidcService, KEYS_CHECK_MS } from "./service.ts";

let t: TestApi;
let server: Server;
let origin: string;

beforeEach(async () => {
  t = await createTestApi({ startAt: "2026-06-10T03:00:00Z" });
  const clients = parseOidcClients(JSON.stringify({ clients: [] }), "test");
  server = createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const service = await createOidcService({
    db: t.db,
    secretBox: t.deps.secretBox,
    publicOrigin: origin,
    trustProxy: false,
    clients: { current: () => clients, close: () => {} },
    store: t.deps.store,
    now: () => t.clock.now(),
    sessionMaxAgeMs: 24 * 60 * 60_000,
  });
  server.on("request", (req, res) => {
    if (!service.handle(req, res)) res.writeHead(404).end();
  });
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
  await t.close();
});

const publishedKids = async (): Promise<string[]> =>
  ((await (await fetch(`${origin}/op/jwks`)).json()) as { keys: { kid: string }[] }).keys.map(
    (key) => key.kid,
  );

/** Asks until the server answers `expected` (its key check runs in the background of a request). */
async function eventually(expected: (kids: string[]) => boolean): Promise<string[]> {
  for (let tries = 0; tries < 50; tries++) {
    const kids = await publishedKids();
    if (expected(kids)) return kids;
    await new Promise((done) => setTimeout(done, 20));
  }
  return publishedKids();
}

describe("the provider's keys in a running server", () => {
  it("a rotation is published within a minute and signs PUBLISH_AHEAD_MS later, without a restart", async () => {
    const [first] = await publishedKids();
    expect(first).toEqual(expect.any(String));
    t.clock.advance(60 * 60_000);
    // The server looks at its keys (nothing new), then the operator rotates them.
    expect(await publishedKids()).toEqual([first]);
    await new Promise((done) => setTimeout(done, 100));
    await rotateOidcKeys(t.db, t.deps.secretBox, t.clock.now());
    // Within the minute the server has not looked yet.
    expect(await publishedKids()).toEqual([first]);

    t.clock.advance(KEYS_CHECK_MS);
    const published = await eventually((kids) => kids.length === 2);
    expect(published).toEqual([first, expect.not.stringMatching(first ?? "")]);

    // Signing with the new key: it comes first (the provider signs with the first of an algorithm).
    t.clock.advance(PUBLISH_AHEAD_MS);
    expect(await eventually((kids) => kids[0] !== first)).toEqual([published[1], first]);
  });
});
