/**
 * Pictures made to cost a decoder far more than their size (issue 39 §1), for the tests of the
 * structure check and of the upload API. Each is a few hundred KB at most.
 */
import { crc32, deflateSync } from "node:zlib";

function pngChunk(kind: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(kind, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(kind, "latin1"), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG whose IHDR says width × height (8-bit RGBA) and whose image data is `raw`, compressed. */
export function pngWith(options: {
  width: number;
  height: number;
  interlaced: boolean;
  raw: Buffer;
}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(options.width, 0);
  header.writeUInt32BE(options.height, 4);
  header.set([8, 6, 0, 0, options.interlaced ? 1 : 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(options.raw, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * An interlaced 200×200 PNG whose image data unpacks to `unpackedBytes` of zeros (the default,
 * 128 MB, compresses to about 130 KB): a decoder that inflates before it counts takes it all.
 */
export function interlacedPngBomb(unpackedBytes = 128 * 1024 * 1024): Buffer {
  return pngWith({ width: 200, height: 200, interlaced: true, raw: Buffer.alloc(unpackedBytes) });
}

/**
 * A GIF whose logical screen is 200×200 but whose one frame is 65535×65535: the decoder allocates
 * the frame (4 GB of indices) and then decodes into it.
 */
export function gifFrameBomb(): Buffer {
  const head = Buffer.from("GIF89a", "latin1");
  const screen = Buffer.from([200, 0, 200, 0, 0x80, 0, 0]);
  const palette = Buffer.from([0, 0, 0, 255, 255, 255]);
  const descriptor = Buffer.from([0x2c, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0]);
  // LZW: minimum code size 2, a clear code and then codes that keep repeating the first pixel.
  const data = Buffer.alloc(255 * 64, 0x00);
  const blocks: Buffer[] = [];
  for (let offset = 0; offset < data.length; offset += 255) {
    blocks.push(Buffer.from([255]), data.subarray(offset, offset + 255));
  }
  return Buffer.concat([
    head,
    screen,
    palette,
    descriptor,
    Buffer.from([2]),
    ...blocks,
    Buffer.from([0, 0x3b]),
  ]);
}

/** A valid GIF with one more frame, placed (left, top) and sized (width × height), before its trailer. */
export function gifWithExtraFrame(
  gif: Buffer,
  frame: { left: number; top: number; width: number; height: number },
): Buffer {
  const descriptor = Buffer.alloc(10);
  descriptor.writeUInt8(0x2c, 0);
  descriptor.writeUInt16LE(frame.left, 1);
  descriptor.writeUInt16LE(frame.top, 3);
  descriptor.writeUInt16LE(frame.width, 5);
  descriptor.writeUInt16LE(frame.height, 7);
  const imageData = Buffer.from([2, 2, 0x4c, 0x01, 0]);
  return Buffer.concat([gif.subarray(0, gif.length - 1), descriptor, imageData, Buffer.from([0x3b])]);
}

/** A valid JPEG with `count` more (empty) scans before its end: a progressive decoder's pass each. */
export function jpegWithExtraScans(jpeg: Buffer, count: number): Buffer {
  // SOS for one component (id 1, tables 0/0), spectral 0–63, no approximation; no coded data.
  const scan = Buffer.from([0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]);
  const end = jpeg.length - 2;
  return Buffer.concat([
    jpeg.subarray(0, end),
    ...Array.from({ length: count }, () => scan),
    jpeg.subarray(end),
  ]);
}

/** A valid JPEG with a second frame header of width × height before its end. */
export function jpegWithSecondFrame(jpeg: Buffer, width: number, height: number): Buffer {
  const frame = Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, 0, 0, 0, 0, 0x01, 0x01, 0x11, 0x00]);
  frame.writeUInt16BE(height, 5);
  frame.writeUInt16BE(width, 7);
  const end = jpeg.length - 2;
  return Buffer.concat([jpeg.subarray(0, end), frame, jpeg.subarray(end)]);
}
