import { createJimp } from "@jimp/core";
import gif from "@jimp/js-gif";
import jpeg from "@jimp/js-jpeg";
import png from "@jimp/js-png";
import { describe, expect, it } from "vitest";
import {
  gifFrameBomb,
  gifWithExtraFrame,
  interlacedPngBomb,
  jpegWithExtraScans,
  jpegWithSecondFrame,
  pngWith,
} from "../../tests/image-bombs.ts";
import { checkImageStructure, MAX_GIF_FRAMES, MAX_JPEG_SCANS, pngRawSize } from "./image-structure.ts";

const Jimp = createJimp({ formats: [jpeg, png, gif] });
const size = { width: 200, height: 200 };

async function picture(type: "image/jpeg" | "image/png" | "image/gif", width = 200, height = 200) {
  const image = new Jimp({ width, height, color: 0x3366ccff });
  return type === "image/jpeg" ? image.getBuffer(type, { quality: 90 }) : image.getBuffer(type);
}

describe("checkImageStructure", () => {
  it.each(["image/jpeg", "image/png", "image/gif"] as const)(
    "passes a well-formed 200×200 %s",
    async (type) => {
      expect(checkImageStructure(await picture(type), type, size)).toBeNull();
    },
  );

  it.each(["image/jpeg", "image/png", "image/gif"] as const)("refuses a %s of another size", async (type) => {
    expect(checkImageStructure(await picture(type, 201, 200), type, size)).toBe("dimensions");
  });

  it("refuses a GIF whose 200×200 screen carries a 65535×65535 frame", () => {
    expect(checkImageStructure(gifFrameBomb(), "image/gif", size)).toBe("dimensions");
  });

  it("refuses a GIF with a later frame outside its screen, and one with too many frames", async () => {
    const valid = await picture("image/gif");
    const inside = gifWithExtraFrame(valid, { left: 10, top: 10, width: 20, height: 20 });
    expect(checkImageStructure(inside, "image/gif", size)).toBeNull();
    const outside = gifWithExtraFrame(valid, { left: 190, top: 0, width: 20, height: 20 });
    expect(checkImageStructure(outside, "image/gif", size)).toBe("dimensions");
    let many = valid;
    for (let frame = 1; frame <= MAX_GIF_FRAMES; frame += 1) {
      many = gifWithExtraFrame(many, { left: 0, top: 0, width: 1, height: 1 });
    }
    expect(checkImageStructure(many, "image/gif", size)).toBe("data");
  });

  it("refuses a truncated GIF and one without frames", async () => {
    const valid = await picture("image/gif");
    expect(checkImageStructure(valid.subarray(0, valid.length - 20), "image/gif", size)).toBe("data");
    const screenOnly = Buffer.concat([valid.subarray(0, 13), Buffer.from([0x3b])]);
    expect(checkImageStructure(screenOnly, "image/gif", size)).toBe("data");
  });

  it("counts what a PNG's rows unpack to, per Adam7 pass when interlaced", () => {
    expect(pngRawSize(200, 200, 32, false)).toBe(200 * (1 + 800));
    // Adam7 passes of 200×200: 25×25, 25×25, 50×25, 50×50, 100×50, 100×100, 200×100.
    const passes = [
      [25, 25],
      [25, 25],
      [50, 25],
      [50, 50],
      [100, 50],
      [100, 100],
      [200, 100],
    ];
    expect(pngRawSize(200, 200, 32, true)).toBe(passes.reduce((sum, [w, h]) => sum + h! * (1 + w! * 4), 0));
    expect(pngRawSize(1, 1, 1, true)).toBe(2);
  });

  it("refuses a PNG whose image data unpacks past what its size needs (a zlib bomb), interlaced or not", () => {
    expect(checkImageStructure(interlacedPngBomb(8 * 1024 * 1024), "image/png", size)).toBe("data");
    const plain = pngWith({ width: 200, height: 200, interlaced: false, raw: Buffer.alloc(8 * 1024 * 1024) });
    expect(checkImageStructure(plain, "image/png", size)).toBe("data");
  });

  it("passes a PNG whose image data is exactly its size, and refuses one short of it", () => {
    const exact = pngRawSize(200, 200, 32, true);
    const fits = pngWith({ width: 200, height: 200, interlaced: true, raw: Buffer.alloc(exact) });
    expect(checkImageStructure(fits, "image/png", size)).toBeNull();
    const short = pngWith({ width: 200, height: 200, interlaced: true, raw: Buffer.alloc(exact - 1) });
    expect(checkImageStructure(short, "image/png", size)).toBe("data");
  });

  it("refuses a PNG without IHDR first, with a second IHDR, or with a bad colour type", async () => {
    const valid = await picture("image/png");
    const noHeader = Buffer.concat([valid.subarray(0, 8), valid.subarray(33)]);
    expect(checkImageStructure(noHeader, "image/png", size)).toBe("data");
    const twice = Buffer.concat([valid.subarray(0, 33), valid.subarray(8, 33), valid.subarray(33)]);
    expect(checkImageStructure(twice, "image/png", size)).toBe("data");
    const badColour = Buffer.from(valid);
    badColour[25] = 5;
    expect(checkImageStructure(badColour, "image/png", size)).toBe("data");
    expect(checkImageStructure(valid.subarray(0, valid.length - 30), "image/png", size)).toBe("data");
  });

  it("refuses a JPEG with a second frame, whatever its size, and with more scans than a picture needs", async () => {
    const valid = await picture("image/jpeg");
    expect(checkImageStructure(jpegWithSecondFrame(valid, 65535, 65535), "image/jpeg", size)).toBe("data");
    expect(checkImageStructure(jpegWithSecondFrame(valid, 200, 200), "image/jpeg", size)).toBe("data");
    expect(checkImageStructure(jpegWithExtraScans(valid, MAX_JPEG_SCANS - 1), "image/jpeg", size)).toBeNull();
    expect(checkImageStructure(jpegWithExtraScans(valid, MAX_JPEG_SCANS), "image/jpeg", size)).toBe("data");
  });

  it("refuses a JPEG frame the decoder cannot read (arithmetic, lossless) and a truncated one", async () => {
    const valid = await picture("image/jpeg");
    const frameAt = valid.indexOf(Buffer.from([0xff, 0xc0]));
    for (const marker of [0xc3, 0xc9]) {
      const other = Buffer.from(valid);
      other[frameAt + 1] = marker;
      expect(checkImageStructure(other, "image/jpeg", size)).toBe("data");
    }
    expect(checkImageStructure(valid.subarray(0, valid.length - 2), "image/jpeg", size)).toBe("data");
    expect(checkImageStructure(valid.subarray(0, frameAt + 6), "image/jpeg", size)).toBe("data");
  });
});
