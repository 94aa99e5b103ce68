import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSecretBox, loadSecretKey, parseSecretKey, SecretKeyError } from "./secret-box.ts";

describe("the secret box", () => {
  const box = createSecretBox(randomBytes(32));

  it("opens what it sealed, and seals the same text differently each time", () => {
    const sealed = box.seal("JBSWY3DPEHPK3PXP");
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
    expect(box.open(sealed)).toBe("JBSWY3DPEHPK3PXP");
    expect(box.seal("JBSWY3DPEHPK3PXP")).not.toBe(sealed);
  });

  it("seals stably: the same text the same way, another text otherwise, opened like any sealed value", () => {
    const sealed = box.sealStable("client secret of thirty-two chars");
    expect(sealed).not.toContain("client secret");
    expect(box.sealStable("client secret of thirty-two chars")).toBe(sealed);
    expect(box.sealStable("another client secret of 32 chars")).not.toBe(sealed);
    expect(box.open(sealed)).toBe("client secret of thirty-two chars");
    // Not the nonce of a random seal, and another key's stable seal differs.
    expect(createSecretBox(randomBytes(32)).sealStable("client secret of thirty-two chars")).not.toBe(sealed);
  });

  it("refuses a tampered value and another key's value", () => {
    const sealed = box.seal("secret");
    const parts = sealed.split(".");
    const body = Buffer.from(parts[3] ?? "", "base64url");
    body[0] = (body[0] ?? 0) ^ 1;
    parts[3] = body.toString("base64url");
    expect(() => box.open(parts.join("."))).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
    expect(() => box.open("plain text")).toThrow("not a sealed value");
  });

  it("hashes by purpose and key", () => {
    expect(box.keyedHash("a", "x")).toBe(box.keyedHash("a", "x"));
    expect(box.keyedHash("a", "x")).not.toBe(box.keyedHash("b", "x"));
    expect(createSecretBox(randomBytes(32)).keyedHash("a", "x")).not.toBe(box.keyedHash("a", "x"));
  });
});

describe("the key", () => {
  it("parses 32 bytes of base64 or base64url, and nothing else", () => {
    const key = randomBytes(32);
    expect(parseSecretKey(key.toString("base64"))).toEqual(key);
    expect(parseSecretKey(key.toString("base64url"))).toEqual(key);
    expect(parseSecretKey(randomBytes(16).toString("base64"))).toBeNull();
    expect(parseSecretKey("not a key!")).toBeNull();
  });

  it("is made once in the data directory, readable by its owner only, then reused", () => {
    const file = join(mkdtempSync(join(tmpdir(), "key-")), "sub", "encryption.key");
    const first = loadSecretKey(null, file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSecretKey(null, file)).toEqual(first);
    const configured = randomBytes(32);
    expect(loadSecretKey(configured, file)).toEqual(configured);
    expect(readFileSync(file, "utf8").trim()).toBe(first.toString("base64url"));
  });

  it("stops with a message naming the file when it holds no key", () => {
    const file = join(mkdtempSync(join(tmpdir(), "key-")), "encryption.key");
    writeFileSync(file, "garbage");
    expect(() => loadSecretKey(null, file)).toThrow(SecretKeyError);
    expect(() => loadSecretKey(null, file)).toThrow(file);
  });
});
