/**
 * Members' profile images (spec §5 Profile image). The browser crops and scales the picture to
 * 200×200 and sends a data URL; the server believes none of it: the bytes must be the JPEG, PNG or
 * GIF they claim to be, their header must say 200×200 before anything is decoded (a small file
 * that unpacks to a huge bitmap is refused unread), and what is stored is a fresh encoding of the
 * decoded pixels by jimp — no metadata (location, camera) survives.
 */
import { createHash } from "node:crypto";
import { createJimp } from "@jimp/core";
import gif from "@jimp/js-gif";
import jpeg from "@jimp/js-jpeg";
import png from "@jimp/js-png";
import { eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { profileImages } from "../db/schema.ts";

export const PROFILE_IMAGE_SIZE = 200;
/** The decoded file, at most: a 200×200 picture is far smaller in any of the three formats. */
export const MAX_PROFILE_IMAGE_BYTES = 512 * 1024;

const Jimp = createJimp({ formats: [jpeg, png, gif] });

type SentType = "image/jpeg" | "image/png" | "image/gif";
export type StoredType = "image/jpeg" | "image/png";

export type ProfileImageProblem = "type" | "data" | "size" | "dimensions";

/** Why a picture was refused; the API turns it into a 400 with a message. */
export class ProfileImageError extends Error {
  constructor(readonly problem: ProfileImageProblem) {
    super(`profile image refused: ${problem}`);
    this.name = "ProfileImageError";
  }
}

const DATA_URL = /^data:(image\/(?:jpeg|png|gif));base64,([A-Za-z0-9+/]+={0,2})$/;

function startsWith(bytes: Buffer, signature: readonly number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

/** The format the bytes are, by their signature (not by what the sender said). */
function sniff(bytes: Buffer): SentType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  const head = bytes.subarray(0, 6).toString("latin1");
  if (head === "GIF87a" || head === "GIF89a") return "image/gif";
  return null;
}

/** A JPEG's frame size, from its first SOF marker; null when the markers do not lead to one. */
function jpegDimensions(bytes: Buffer): { width: number; height: number } | null {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return null;
    offset += 2 + length;
  }
  return null;
}

/** The picture's size as its header declares it, read without decoding. */
export function declaredDimensions(bytes: Buffer, type: SentType): { width: number; height: number } | null {
  if (type === "image/png") {
    // IHDR is the first chunk: width and height at bytes 16 and 20.
    if (bytes.length < 24 || bytes.subarray(12, 16).toString("latin1") !== "IHDR") return null;
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (type === "image/gif") {
    if (bytes.length < 10) return null;
    return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  }
  return jpegDimensions(bytes);
}

/**
 * The stored form of a sent data URL: checked, decoded and re-encoded (JPEG stays JPEG; PNG and
 * GIF, which may be transparent, become PNG). Throws ProfileImageError.
 */
export async function reencodeProfileImage(
  dataUrl: string,
): Promise<{ contentType: StoredType; data: Buffer }> {
  const match = DATA_URL.exec(dataUrl);
  if (!match) throw new ProfileImageError("type");
  const claimed = match[1] as SentType;
  const encoded = match[2] ?? "";
  if ((encoded.length * 3) / 4 > MAX_PROFILE_IMAGE_BYTES + 3) throw new ProfileImageError("size");
  const bytes = Buffer.from(encoded, "base64");
  if (sniff(bytes) !== claimed) throw new ProfileImageError("data");
  const declared = declaredDimensions(bytes, claimed);
  if (!declared) throw new ProfileImageError("data");
  if (declared.width !== PROFILE_IMAGE_SIZE || declared.height !== PROFILE_IMAGE_SIZE) {
    throw new ProfileImageError("dimensions");
  }
  let image: Awaited<ReturnType<typeof Jimp.fromBuffer>>;
  try {
    image = await Jimp.fromBuffer(bytes);
  } catch {
    throw new ProfileImageError("data");
  }
  if (image.bitmap.width !== PROFILE_IMAGE_SIZE || image.bitmap.height !== PROFILE_IMAGE_SIZE) {
    throw new ProfileImageError("dimensions");
  }
  if (claimed === "image/jpeg") {
    return { contentType: "image/jpeg", data: await image.getBuffer("image/jpeg", { quality: 85 }) };
  }
  return { contentType: "image/png", data: await image.getBuffer("image/png") };
}

export async function saveProfileImage(
  db: Db,
  accountId: string,
  image: { contentType: StoredType; data: Buffer },
  now: Date,
): Promise<void> {
  const row = { contentType: image.contentType, data: new Uint8Array(image.data), updatedAt: now };
  await db
    .insert(profileImages)
    .values({ accountId, ...row })
    .onConflictDoUpdate({ target: profileImages.accountId, set: row });
}

export async function removeProfileImage(db: Db, accountId: string): Promise<void> {
  await db.delete(profileImages).where(eq(profileImages.accountId, accountId));
}

export async function findProfileImage(db: Db, accountId: string) {
  const [row] = await db.select().from(profileImages).where(eq(profileImages.accountId, accountId)).limit(1);
  return row ?? null;
}

/**
 * Where the member's own picture is served. The version names this picture of this account, so
 * the browser may keep it (privately) until it changes, and no other member's page names it.
 */
export function profileImageUrl(publicId: string, updatedAt: Date | null): string | null {
  if (!updatedAt) return null;
  const version = createHash("sha256").update(`${publicId}:${updatedAt.toISOString()}`).digest("base64url");
  return `/zapi/account/profile-image?v=${version.slice(0, 16)}`;
}
