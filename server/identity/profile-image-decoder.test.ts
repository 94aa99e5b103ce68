import { createJimp } from "@jimp/core";
import jpeg from "@jimp/js-jpeg";
import png from "@jimp/js-png";
import { describe, expect, it } from "vitest";
import { decodeInWorker } from "./profile-image-decoder.ts";

const Jimp = createJimp({ formats: [jpeg, png] });
const picture = (color: number) => new Jimp({ width: 200, height: 200, color }).getBuffer("image/png");

describe("decodeInWorker", () => {
  it("re-encodes pictures sent at once, each its own", async () => {
    const colours = [0xff0000ff, 0x00ff00ff, 0x0000ffff, 0x336699ff, 0x996633ff];
    const results = await Promise.all(
      colours.map(async (colour) => decodeInWorker(await picture(colour), "image/png", 200)),
    );
    for (const [index, result] of results.entries()) {
      if (!("data" in result)) throw new Error(`picture ${index} refused: ${result.problem}`);
      const decoded = await Jimp.fromBuffer(result.data);
      expect(decoded.getPixelColor(100, 100)).toBe(colours[index]);
    }
  });

  it("refuses what the decoder cannot read, and what it reads at another size", async () => {
    const broken = Buffer.from(await picture(0xff0000ff));
    broken.fill(0x55, 40, 200);
    expect(await decodeInWorker(broken, "image/png", 200)).toEqual({ problem: "data" });
    expect(await decodeInWorker(await picture(0xff0000ff), "image/png", 100)).toEqual({
      problem: "dimensions",
    });
  });

  it("refuses a picture not decoded within the time limit, and decodes the next one", async () => {
    expect(await decodeInWorker(await picture(0xff0000ff), "image/png", 200, { timeLimitMs: 0 })).toEqual({
      problem: "data",
    });
    expect(await decodeInWorker(await picture(0xff0000ff), "image/png", 200)).toMatchObject({
      contentType: "image/png",
    });
  });
});
