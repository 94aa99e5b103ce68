/**
 * Decodes and re-encodes profile pictures, off the main thread (issue 39 §1): started by
 * decodeInWorker (profile-image-decoder.ts) with a heap limit and ended by it after a time limit,
 * so that a picture the structure check let through but the decoder chokes on costs this thread
 * only. Plain JavaScript because Node starts a worker from a file without the TypeScript loader
 * the rest of the server runs under (tsx, vitest).
 *
 * In: a message { bytes: Uint8Array, type: the sniffed type, size: number } per picture. Out: a
 * message per picture, { contentType, data: Uint8Array } or { problem: "data" | "dimensions" }.
 */
import { parentPort } from "node:worker_threads";
import { createJimp } from "@jimp/core";
import gif from "@jimp/js-gif";
import jpeg from "@jimp/js-jpeg";
import png from "@jimp/js-png";

const Jimp = createJimp({ formats: [jpeg, png, gif] });

async function reencode({ bytes, type, size }) {
  let image;
  try {
    image = await Jimp.fromBuffer(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    return { problem: "data" };
  }
  if (image.bitmap.width !== size || image.bitmap.height !== size) return { problem: "dimensions" };
  // JPEG stays JPEG; PNG and GIF, which may be transparent, become PNG.
  if (type === "image/jpeg") {
    return { contentType: "image/jpeg", data: await image.getBuffer("image/jpeg", { quality: 85 }) };
  }
  return { contentType: "image/png", data: await image.getBuffer("image/png") };
}

parentPort?.on("message", async (picture) => parentPort?.postMessage(await reencode(picture)));
