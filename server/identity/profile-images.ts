/**
 * Members' profile images (spec §5 Profile image). The browser crops and scales the picture to
 * 200×200 and sends a data URL; the server believes none of it: the bytes must be the JPEG, PNG or
 * GIF they claim to be, their whole structure must fit 200×200 before anything is decoded (a small
 * file that unpacks to a huge bitmap is refused unread: image-structure.ts), the decoding runs in a
 * worker with memory and time limits (profile-image-decoder.ts), and what is stored is a fresh
 * encoding of the decoded pixels by jimp — no metadata (location, camera) survives.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { profileImages } from "../db/schema.ts";
import { checkImageStructure, type ImageType } from "./image-structure.ts";
import { decodeInWorker } from "./profile-image-decoder.ts";

export const PROFILE_IMAGE_SIZE = 200;
/** The decoded file, at most: a 200×200 picture is far smaller in any of the three formats. */
export const MAX_PROFILE_IMAGE_BYTES = 512 * 1024;

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
export function imageTypeOf(bytes: Buffer): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  const head = bytes.subarray(0, 6).toString("latin1");
  if (head === "GIF87a" || head === "GIF89a") return "image/gif";
  return null;
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
  const claimed = match[1] as ImageType;
  const encoded = match[2] ?? "";
  if ((encoded.length * 3) / 4 > MAX_PROFILE_IMAGE_BYTES + 3) throw new ProfileImageError("size");
  const bytes = Buffer.from(encoded, "base64");
  if (imageTypeOf(bytes) !== claimed) throw new ProfileImageError("data");
  const problem = checkImageStructure(bytes, claimed, {
    width: PROFILE_IMAGE_SIZE,
    height: PROFILE_IMAGE_SIZE,
  });
  if (problem) throw new ProfileImageError(problem);
  const result = await decodeInWorker(bytes, claimed, PROFILE_IMAGE_SIZE);
  if ("problem" in result) throw new ProfileImageError(result.problem);
  return result;
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
