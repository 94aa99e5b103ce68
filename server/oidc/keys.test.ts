/**
 * The provider's keys (issue 46 §1): made on the first start only, sealed at rest, the same on every
 * load (and for two processes starting at once); rotation publishes new keys at once, signs with
 * them PUBLISH_AHEAD_MS later, and retires the ones superseded long enough ago.
 */
import { createPublicKey } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../tests/api-harness.ts";
import { oidcKeys } from "../db/schema.ts";
import { createSecretBox, SecretKeyError } from "../kit/secret-box.ts";
import {
  keyOrder,
  loadOidcKeys,
  oidcKeysVersion,
  PUBLISH_AHEAD_MS,
  RETIRE_AFTER_MS,
  rotateOidcKeys,
} from "./keys.ts";

let t: TestApi;
beforeEach(async () => {
  t = await createTestApi({ startAt: "2026-06-10T03:00:00Z" });
});
afterEach(() => t.close());

const load = () => loadOidcKeys(t.db, t.deps.secretBox, t.clock.now());
const rotate = () => rotateOidcKeys(t.db, t.deps.secretBox, t.clock.now());

describe("the provider's keys", () => {
  it("makes an RS256 signing key and a cookie key on the first load, and answers the same ever after", async () => {
    const first = await load();
    expect(first.jwks.keys).toHaveLength(1);
    const [signing] = first.jwks.keys;
    expect(signing).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig", kid: expect.any(String) });
    // A private key: it can sign; its public half is a working RSA key.
    expect(signing?.d).toEqual(expect.any(String));
    expect(createPublicKey({ key: signing as never, format: "jwk" }).asymmetricKeyType).toBe("rsa");
    expect(first.cookieKeys).toHaveLength(1);
    expect(Buffer.from(first.cookieKeys[0] ?? "", "base64url")).toHaveLength(32);
    expect(await load()).toEqual(first);
    expect(await t.db.$count(oidcKeys)).toBe(2);
  });

  it("keeps the keys sealed: the database alone holds no private key", async () => {
    const { jwks, cookieKeys } = await load();
    const stored = JSON.stringify(await t.db.select().from(oidcKeys));
    expect(stored).not.toContain(jwks.keys[0]?.d);
    expect(stored).not.toContain(cookieKeys[0]);
  });

  it("a server with another encryption key is told so, and opens nothing", async () => {
    await load();
    const stranger = createSecretBox(Buffer.alloc(32, 9));
    await expect(loadOidcKeys(t.db, stranger, t.clock.now())).rejects.toThrow(
      new SecretKeyError(
        "the login provider's keys in the database were sealed with another encryption key: give every server of this database the same ENCRYPTION_KEY",
      ),
    );
  });

  it("two processes starting at once make one key of each kind", async () => {
    const [a, b] = await Promise.all([load(), load()]);
    expect(a).toEqual(b);
    expect(await t.db.$count(oidcKeys)).toBe(2);
  });

  it("rotation: the new keys are published at once and sign a while later; the old ones verify until superseded a day ago", async () => {
    const first = await load();
    const [firstKid] = first.jwks.keys.map((key) => key.kid);
    t.clock.advance(60 * 60_000);
    await rotate();
    // Published (in the JWKS, among the cookie keys) but not signing yet: every server reloads first.
    const published = await load();
    expect(published.version).not.toBe(first.version);
    expect(published.jwks.keys.map((key) => key.kid)).toEqual([firstKid, expect.any(String)]);
    const secondKid = published.jwks.keys[1]?.kid;
    expect(published.cookieKeys[0]).toBe(first.cookieKeys[0]);
    expect(published.cookieKeys).toHaveLength(2);
    expect(await oidcKeysVersion(t.db, t.clock.now())).toBe(published.version);

    // PUBLISH_AHEAD_MS on: the new keys sign, the old ones still verify.
    t.clock.advance(PUBLISH_AHEAD_MS);
    const signing = await load();
    expect(signing.jwks.keys.map((key) => key.kid)).toEqual([secondKid, firstKid]);
    expect(signing.cookieKeys.slice(1)).toEqual(first.cookieKeys);
    expect(signing.version).not.toBe(published.version);
    expect(await oidcKeysVersion(t.db, t.clock.now())).toBe(signing.version);

    // Rotated again within the day: the first key still verifies.
    t.clock.advance(60_000);
    await rotate();
    expect((await load()).jwks.keys).toHaveLength(3);

    // A day after the last one began to sign: those before it are retired, the last two stay.
    t.clock.advance(RETIRE_AFTER_MS + PUBLISH_AHEAD_MS + 1);
    await rotate();
    const later = await load();
    expect(later.jwks.keys).toHaveLength(2);
    expect(later.jwks.keys.map((key) => key.kid)).not.toContain(firstKid);
    expect(later.cookieKeys).toHaveLength(2);
  });

  it("orders keys with the signer first: the newest published long enough, else the oldest", () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 5, 10, 3, minutes));
    const row = (kid: string, minutes: number) => ({ kid, kind: "signing" as const, createdAt: at(minutes) });
    const rows = [row("a", 0), row("b", 30), row("c", 35)];
    expect(keyOrder(rows, at(36)).map((key) => key.kid)).toEqual(["a", "c", "b"]);
    expect(keyOrder(rows, at(40)).map((key) => key.kid)).toEqual(["b", "c", "a"]);
    expect(keyOrder(rows, at(45)).map((key) => key.kid)).toEqual(["c", "b", "a"]);
    // The first start: no key published long enough yet, the only (oldest) one signs.
    expect(keyOrder([row("a", 0), row("b", 1)], at(2)).map((key) => key.kid)).toEqual(["a", "b"]);
    expect(keyOrder([], at(2))).toEqual([]);
  });
});
