/**
 * The server's own secrets at rest (issue 27): authenticator-app secrets are sealed with AES-256-GCM
 * and backup codes are keyed hashes (HMAC-SHA-256), both under a key the database does not hold, so
 * a copy of the database alone opens no authenticator and brute-forces no backup code.
 *
 * The key is ENCRYPTION_KEY (32 bytes, base64 or base64url), or for the embedded default a key file
 * made once in the data directory (`$DATA_DIR/encryption.key`, readable by its owner only). Every
 * process sharing one PostgreSQL needs the same key.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

export interface SecretBox {
  /** Encrypts text; the result names the format version, the nonce and the tag. */
  seal(plain: string): string;
  /**
   * Encrypts text the same way each time (the nonce is a keyed hash of the text), for a secret held
   * in content whose hash must not change while the secret does not: a configuration version.
   * Equal texts give equal results; nothing else is learnt.
   */
  sealStable(plain: string): string;
  /** Decrypts what seal or sealStable made; throws on anything else (a changed key, a tampered value). */
  open(sealed: string): string;
  /** A keyed hash of `value` for `purpose`, for values that are compared, never read back. */
  keyedHash(purpose: string, value: string): string;
}

const VERSION = "v1";
export const SECRET_KEY_BYTES = 32;

/** Parses a key written as base64 or base64url; null unless it is exactly 32 bytes. */
export function parseSecretKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return null;
  const key = Buffer.from(trimmed.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  return key.length === SECRET_KEY_BYTES ? key : null;
}

export function createSecretBox(masterKey: Buffer): SecretBox {
  if (masterKey.length !== SECRET_KEY_BYTES) throw new Error("the encryption key must be 32 bytes");
  // One key per use, derived from the one configured.
  const derive = (info: string) =>
    Buffer.from(hkdfSync("sha256", masterKey, Buffer.alloc(0), info, SECRET_KEY_BYTES));
  const sealKey = derive("storefront seal v1");
  const hashKey = derive("storefront keyed hash v1");
  const nonceKey = derive("storefront stable seal nonce v1");
  const sealWith = (nonce: Buffer, plain: string) => {
    const cipher = createCipheriv("aes-256-gcm", sealKey, nonce);
    const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, nonce, tag, body]
      .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
      .join(".");
  };
  return {
    seal: (plain) => sealWith(randomBytes(12), plain),
    sealStable: (plain) =>
      sealWith(createHmac("sha256", nonceKey).update(plain).digest().subarray(0, 12), plain),
    open(sealed) {
      const [version, nonce, tag, body, ...rest] = sealed.split(".");
      if (version !== VERSION || !nonce || !tag || body === undefined || rest.length > 0) {
        throw new Error("not a sealed value");
      }
      const decipher = createDecipheriv("aes-256-gcm", sealKey, Buffer.from(nonce, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString(
        "utf8",
      );
    },
    keyedHash(purpose, value) {
      return createHmac("sha256", hashKey).update(`${purpose}\n${value}`).digest("base64url");
    },
  };
}

/** The key file is unreadable or holds no key: said at boot, without a stack. */
export class SecretKeyError extends Error {
  override name = "SecretKeyError";
}

/**
 * The key from ENCRYPTION_KEY, else from the data directory's key file, made on first use. Throws
 * with a message naming the file when it is unreadable or not a key.
 */
export function loadSecretKey(configured: Buffer | null, keyFile: string): Buffer {
  if (configured) return configured;
  if (!existsSync(keyFile)) {
    mkdirSync(dirname(keyFile), { recursive: true });
    writeFileSync(keyFile, `${randomBytes(SECRET_KEY_BYTES).toString("base64url")}\n`, {
      mode: 0o600,
      flag: "wx",
    });
  }
  const key = parseSecretKey(readFileSync(keyFile, "utf8"));
  if (!key)
    throw new SecretKeyError(
      `${keyFile} does not hold a 32-byte key (base64); restore it or set ENCRYPTION_KEY`,
    );
  return key;
}
