/**
 * What a picture will cost to decode, read from its structure before any decoder sees it (issue 39
 * §1). A header is not enough: a GIF's logical screen says nothing of its frames (a 200×200 screen
 * may carry a 65535×65535 frame, which the decoder allocates in full), a PNG's IHDR nothing of how
 * far its compressed data unpacks, a JPEG's first SOF nothing of later frames or of a thousand
 * progressive scans. So every structure is walked to its end here, in time linear in the bytes
 * (at most MAX_PROFILE_IMAGE_BYTES), and a picture passes only when everything in it fits the
 * expected size.
 */
import { inflateSync } from "node:zlib";

export type ImageType = "image/jpeg" | "image/png" | "image/gif";

/** Why the structure was refused: unreadable or malformed ("data"), or not the expected size. */
export type StructureProblem = "data" | "dimensions";

export interface ExpectedSize {
  width: number;
  height: number;
}

/** More frames than any profile picture needs; the decoder reads only the first. */
export const MAX_GIF_FRAMES = 100;
/** A progressive JPEG has about ten scans; each further one is another pass over every block. */
export const MAX_JPEG_SCANS = 64;

/** Checks that everything the bytes would make a decoder allocate fits `size`; null when it does. */
export function checkImageStructure(
  bytes: Buffer,
  type: ImageType,
  size: ExpectedSize,
): StructureProblem | null {
  try {
    if (type === "image/png") return checkPng(bytes, size);
    if (type === "image/gif") return checkGif(bytes, size);
    return checkJpeg(bytes, size);
  } catch (error) {
    // Reading past the end of a truncated structure.
    if (error instanceof RangeError) return "data";
    throw error;
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Bit depths allowed for each PNG colour type, and its channels. */
const PNG_COLOUR_TYPES: Record<number, { depths: readonly number[]; channels: number }> = {
  0: { depths: [1, 2, 4, 8, 16], channels: 1 },
  2: { depths: [8, 16], channels: 3 },
  3: { depths: [1, 2, 4, 8], channels: 1 },
  4: { depths: [8, 16], channels: 2 },
  6: { depths: [8, 16], channels: 4 },
};
/** Adam7: each pass's first column and row, and its steps. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** The bytes a PNG's image data unpacks to: each row a filter byte and its pixels, per pass. */
export function pngRawSize(width: number, height: number, bitsPerPixel: number, interlaced: boolean): number {
  const rows = (w: number, h: number) => (w > 0 && h > 0 ? h * (1 + Math.ceil((w * bitsPerPixel) / 8)) : 0);
  if (!interlaced) return rows(width, height);
  return ADAM7.reduce(
    (sum, [x0, y0, dx, dy]) => sum + rows(Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy)),
    0,
  );
}

function checkPng(bytes: Buffer, size: ExpectedSize): StructureProblem | null {
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return "data";
  let offset = 8;
  let header: { width: number; height: number; bitsPerPixel: number; interlaced: boolean } | null = null;
  const imageData: Buffer[] = [];
  for (;;) {
    const length = bytes.readUInt32BE(offset);
    const kind = bytes.subarray(offset + 4, offset + 8).toString("latin1");
    const dataStart = offset + 8;
    const next = dataStart + length + 4;
    if (next > bytes.length) return "data";
    const data = bytes.subarray(dataStart, dataStart + length);
    if (!header) {
      if (kind !== "IHDR" || length !== 13) return "data";
      const colour = PNG_COLOUR_TYPES[data[9] ?? -1];
      const depth = data[8] ?? 0;
      const [compression, filter, interlace] = [data[10], data[11], data[12]];
      if (!colour?.depths.includes(depth) || compression !== 0 || filter !== 0) return "data";
      if (interlace !== 0 && interlace !== 1) return "data";
      header = {
        width: data.readUInt32BE(0),
        height: data.readUInt32BE(4),
        bitsPerPixel: depth * colour.channels,
        interlaced: interlace === 1,
      };
      if (header.width !== size.width || header.height !== size.height) return "dimensions";
    } else if (kind === "IHDR") {
      return "data";
    } else if (kind === "IDAT") {
      imageData.push(data);
    } else if (kind === "IEND") {
      break;
    }
    offset = next;
  }
  if (!header || imageData.length === 0) return "data";
  const expected = pngRawSize(header.width, header.height, header.bitsPerPixel, header.interlaced);
  // Unpacked here with a cap, so that a zlib bomb stops at the size the picture can need.
  let unpacked: Buffer;
  try {
    unpacked = inflateSync(Buffer.concat(imageData), { maxOutputLength: expected });
  } catch {
    return "data";
  }
  return unpacked.length === expected ? null : "data";
}

/** Skips GIF data sub-blocks (a size byte, that many bytes, … a zero); answers the offset after them. */
function skipGifSubBlocks(bytes: Buffer, start: number): number {
  let offset = start;
  for (;;) {
    const blockSize = bytes.readUInt8(offset);
    offset += 1 + blockSize;
    if (blockSize === 0) return offset;
  }
}

function gifColourTableBytes(packed: number): number {
  return packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0;
}

function checkGif(bytes: Buffer, size: ExpectedSize): StructureProblem | null {
  const version = bytes.subarray(0, 6).toString("latin1");
  if (version !== "GIF87a" && version !== "GIF89a") return "data";
  const screen = { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  if (screen.width !== size.width || screen.height !== size.height) return "dimensions";
  let offset = 13 + gifColourTableBytes(bytes.readUInt8(10));
  let frames = 0;
  for (;;) {
    const introducer = bytes.readUInt8(offset);
    if (introducer === 0x3b) break;
    if (introducer === 0x21) {
      offset = skipGifSubBlocks(bytes, offset + 2);
    } else if (introducer === 0x2c) {
      frames += 1;
      if (frames > MAX_GIF_FRAMES) return "data";
      const left = bytes.readUInt16LE(offset + 1);
      const top = bytes.readUInt16LE(offset + 3);
      const width = bytes.readUInt16LE(offset + 5);
      const height = bytes.readUInt16LE(offset + 7);
      // Every frame lies within the screen: the decoder allocates a frame's own width × height.
      if (width === 0 || height === 0) return "data";
      if (left + width > screen.width || top + height > screen.height) return "dimensions";
      offset += 10 + gifColourTableBytes(bytes.readUInt8(offset + 9));
      const minimumCodeSize = bytes.readUInt8(offset);
      if (minimumCodeSize < 2 || minimumCodeSize > 8) return "data";
      offset = skipGifSubBlocks(bytes, offset + 1);
    } else {
      return "data";
    }
  }
  return frames > 0 ? null : "data";
}

/** Frame markers the decoder reads (baseline, extended and progressive Huffman); other SOFs it cannot. */
const DECODABLE_FRAMES = new Set([0xc0, 0xc1, 0xc2]);
const isFrameMarker = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
const isRestartMarker = (marker: number) => marker >= 0xd0 && marker <= 0xd7;

/** The offset of the marker that ends a scan's entropy-coded data (0xFF not followed by 0x00 or RSTn). */
function endOfScan(bytes: Buffer, start: number): number {
  let offset = bytes.indexOf(0xff, start);
  while (offset >= 0) {
    const next = bytes[offset + 1];
    if (next === undefined) return -1;
    if (next !== 0x00 && !isRestartMarker(next)) return offset;
    offset = bytes.indexOf(0xff, offset + 2);
  }
  return -1;
}

function checkJpeg(bytes: Buffer, size: ExpectedSize): StructureProblem | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return "data";
  let offset = 2;
  let frameSeen = false;
  let scans = 0;
  for (;;) {
    if (bytes.readUInt8(offset) !== 0xff) return "data";
    const marker = bytes.readUInt8(offset + 1);
    if (marker === 0xff) {
      offset += 1; // a fill byte
      continue;
    }
    if (marker === 0xd9) break;
    if (marker === 0xd8 || marker === 0xdc) return "data"; // a second image; a DNL that would change the height
    if (isRestartMarker(marker) || marker === 0x01) {
      offset += 2;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    const segmentEnd = offset + 2 + length;
    if (length < 2 || segmentEnd > bytes.length) return "data";
    if (isFrameMarker(marker)) {
      if (frameSeen || !DECODABLE_FRAMES.has(marker)) return "data";
      frameSeen = true;
      const precision = bytes.readUInt8(offset + 4);
      const height = bytes.readUInt16BE(offset + 5);
      const width = bytes.readUInt16BE(offset + 7);
      const components = bytes.readUInt8(offset + 9);
      if (precision !== 8 || components < 1 || components > 4 || length !== 8 + 3 * components) return "data";
      if (width !== size.width || height !== size.height) return "dimensions";
      for (let index = 0; index < components; index += 1) {
        const sampling = bytes.readUInt8(offset + 11 + 3 * index);
        const [horizontal, vertical] = [sampling >> 4, sampling & 0x0f];
        if (horizontal < 1 || horizontal > 4 || vertical < 1 || vertical > 4) return "data";
      }
      offset = segmentEnd;
    } else if (marker === 0xda) {
      scans += 1;
      if (!frameSeen || scans > MAX_JPEG_SCANS) return "data";
      offset = endOfScan(bytes, segmentEnd);
      if (offset < 0) return "data";
    } else {
      offset = segmentEnd;
    }
  }
  return frameSeen && scans > 0 ? null : "data";
}
