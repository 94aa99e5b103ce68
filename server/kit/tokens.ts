import { createHash, randomBytes } from "node:crypto";

/** 256 bits from the CSPRNG, base64url: session ids, flow ids, reset and login-alert tokens. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/**
 * What the database keeps of a bearer token: its SHA-256. The tokens carry 256 bits of entropy,
 * so a plain hash cannot be reversed by guessing, and a leaked table opens no session.
 */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Tokens we issue are 43 characters; anything much longer is not ours and not worth hashing. */
export const MAX_TOKEN_LENGTH = 200;

export function isPlausibleToken(token: string | undefined | null): token is string {
  return typeof token === "string" && token.length > 0 && token.length <= MAX_TOKEN_LENGTH;
}

/** Whether a value is shaped like a uuid: anything else names no row (and PostgreSQL would refuse it). */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
