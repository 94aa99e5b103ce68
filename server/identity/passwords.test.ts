import { parseOptions } from "@node-rs/argon2";
import { describe, expect, it } from "vitest";
import { FAST_PASSWORD_HASHING } from "../../tests/api-harness.ts";
import { createPasswordHasher, OWASP_ARGON2ID } from "./passwords.ts";

describe("the production password hasher", () => {
  it("hashes with argon2id at the OWASP minimum: 19 MiB, 2 passes, 1 lane, a random salt", async () => {
    const hasher = createPasswordHasher();
    const hash = await hasher.hash("Passw0rdA");
    expect(hash).toMatch(/^\$argon2id\$v=19\$/);
    expect(parseOptions(hash)).toMatchObject({ memoryCost: 19456, timeCost: 2, parallelism: 1, saltLen: 16 });
    expect(await hasher.hash("Passw0rdA")).not.toBe(hash);
    expect(OWASP_ARGON2ID).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
  });
});

describe("a password hasher", () => {
  const hasher = createPasswordHasher(FAST_PASSWORD_HASHING);

  it("accepts the password and nothing else", async () => {
    const hash = await hasher.hash("Passw0rdA");
    expect(await hasher.verify(hash, "Passw0rdA")).toBe(true);
    expect(await hasher.verify(hash, "passw0rdA")).toBe(false);
    expect(await hasher.verify(hash, "")).toBe(false);
  });

  it("answers false for a missing hash, after the same work as a real check", async () => {
    const started = performance.now();
    expect(await hasher.verify(null, "Passw0rdA")).toBe(false);
    const dummy = performance.now() - started;
    const hash = await hasher.hash("Passw0rdA");
    const realStarted = performance.now();
    await hasher.verify(hash, "wrong");
    const real = performance.now() - realStarted;
    // Both ran argon2 at the same cost; a skipped check would take next to nothing.
    expect(dummy).toBeGreaterThan(real / 10);
  });

  it("answers false for a malformed stored hash instead of failing", async () => {
    expect(await hasher.verify("not a hash", "Passw0rdA")).toBe(false);
  });

  it("asks for a new hash when the stored one is weaker than the current parameters", async () => {
    const weak = await hasher.hash("Passw0rdA");
    const production = createPasswordHasher();
    expect(production.needsRehash(weak)).toBe(true);
    expect(hasher.needsRehash(weak)).toBe(false);
    expect(hasher.needsRehash("garbage")).toBe(true);
  });
});
