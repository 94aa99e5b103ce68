/**
 * The images staff upload for the store settings (logos, icons): kept in the database by their
 * content's SHA-256, never changed or removed, so that every version naming one — the one in force,
 * an old one brought back — still shows it on every process. Served at /store-assets/v/<hash>.<ext>
 * (server/site.ts) as the same bytes forever, hence cached for good. The type is the bytes' own
 * (their signature), never what the browser said.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { configAssets } from "../db/schema.ts";
import { imageTypeOf } from "../identity/profile-images.ts";
import { recordAudit } from "./staff.ts";

/** An uploaded image, at most: a logo or an icon is far smaller. */
export const MAX_ASSET_BYTES = 1024 * 1024;

export const STORED_ASSET_PATH = "/store-assets/v/";

const EXTENSIONS = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/svg+xml": "svg",
  "image/x-icon": "ico",
} as const;

export type AssetType = keyof typeof EXTENSIONS;

/** An SVG document: markup whose first element is <svg>, after an optional declaration, comments and doctype. */
const SVG_START =
  /^\uFEFF?\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/;

/** The image type of the bytes by their signature; null for anything else. */
export function assetTypeOf(bytes: Buffer): AssetType | null {
  const raster = imageTypeOf(bytes);
  if (raster) return raster;
  if (
    bytes.subarray(0, 4).toString("latin1") === "RIFF" &&
    bytes.subarray(8, 12).toString("latin1") === "WEBP"
  )
    return "image/webp";
  if (bytes.length > 6 && bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 1 && bytes[3] === 0)
    return "image/x-icon";
  if (SVG_START.test(bytes.subarray(0, 4096).toString("utf8"))) return "image/svg+xml";
  return null;
}

export function storedAssetUrl(hash: string, type: AssetType): string {
  return `${STORED_ASSET_PATH}${hash}.${EXTENSIONS[type]}`;
}

export type AssetProblem = "type" | "size";

/**
 * Keeps the image (once, whoever uploads it again) and records who uploaded it; the URL a setting
 * names it by, or the problem.
 */
export async function storeAsset(
  db: Db,
  bytes: Buffer,
  actor: { staffId: string; ip: string | null },
  now: Date,
): Promise<{ url: string } | { problem: AssetProblem }> {
  if (bytes.length === 0 || bytes.length > MAX_ASSET_BYTES) return { problem: "size" };
  const type = assetTypeOf(bytes);
  if (!type) return { problem: "type" };
  const hash = createHash("sha256").update(bytes).digest("hex");
  const url = storedAssetUrl(hash, type);
  await db.transaction(async (tx) => {
    await tx
      .insert(configAssets)
      .values({
        hash,
        contentType: type,
        data: new Uint8Array(bytes),
        staffId: actor.staffId,
        createdAt: now,
      })
      .onConflictDoNothing();
    await recordAudit(tx, actor, "config.asset-uploaded", { url, bytes: bytes.length }, now);
  });
  return { url };
}

const ASSET_FILE = /^([0-9a-f]{64})\.(png|jpg|gif|webp|svg|ico)$/;

export interface StoredAsset {
  contentType: AssetType;
  data: Uint8Array;
}

/**
 * Reads stored images by their file name (`<hash>.<ext>`); they never change, so the last ones
 * read are kept in memory.
 */
export function storedAssets(db: Db, cacheSize = 64): (file: string) => Promise<StoredAsset | null> {
  const cache = new Map<string, StoredAsset>();
  return async (file) => {
    const match = ASSET_FILE.exec(file);
    if (!match) return null;
    const cached = cache.get(file);
    if (cached) return cached;
    const [row] = await db
      .select({ contentType: configAssets.contentType, data: configAssets.data })
      .from(configAssets)
      .where(eq(configAssets.hash, match[1] ?? ""))
      .limit(1);
    if (!row || EXTENSIONS[row.contentType as AssetType] !== match[2]) return null;
    // PGlite reads bytea as a Uint8Array, node-postgres as a Buffer: one kind for every reader.
    const asset = { contentType: row.contentType as AssetType, data: new Uint8Array(row.data) };
    cache.set(file, asset);
    if (cache.size > cacheSize) cache.delete(cache.keys().next().value ?? "");
    return asset;
  };
}
