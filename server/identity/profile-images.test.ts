import { createJimp } from "@jimp/core";
import gif from "@jimp/js-gif";
import jpeg from "@jimp/js-jpeg";
import png from "@jimp/js-png";
import { describe, expect, it } from "vitest";
import {
  MAX_PROFILE_IMAGE_BYTES,
  type ProfileImageProblem,
  profileImageUrl,
  reencodeProfileImage,
} from "./profile-images.ts";

const Jimp = createJimp({ formats: [jpeg, png, gif] });

async function picture(
  type: "image/jpeg" | "image/png" | "image/gif",
  width = 200,
  height = 200,
): Promise<Buffer> {
  const image = new Jimp({ width, height, color: 0x3366ccff });
  return type === "image/jpeg" ? image.getBuffer(type, { quality: 90 }) : image.getBuffer(type);
}

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString("base64")}`;

async function refusal(url: string): Promise<ProfileImageProblem | null> {
  try {
    await reencodeProfileImage(url);
    return null;
  } catch (error) {
    return (error as { problem?: ProfileImageProblem }).problem ?? null;
  }
}

/** A JPEG carrying an Exif segment (as a phone's photo carries its location) right after SOI. */
function withExif(bytes: Buffer, text: string): Buffer {
  const payload = Buffer.concat([Buffer.from("Exif\0\0", "latin1"), Buffer.from(text, "latin1")]);
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xffe1, 0);
  segment.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([bytes.subarray(0, 2), segment, payload, bytes.subarray(2)]);
}

describe("reencodeProfileImage", () => {
  it.each([
    ["image/jpeg", "image/jpeg"],
    ["image/png", "image/png"],
    ["image/gif", "image/png"],
  ] as const)("takes a 200×200 %s and stores it as %s, decodable at 200×200", async (sent, stored) => {
    const result = await reencodeProfileImage(dataUrl(sent, await picture(sent)));
    expect(result.contentType).toBe(stored);
    const decoded = await Jimp.fromBuffer(result.data);
    expect([decoded.bitmap.width, decoded.bitmap.height]).toEqual([200, 200]);
  });

  it("drops the metadata a photo carries", async () => {
    const photo = withExif(await picture("image/jpeg"), "GPS 35.6812N 139.7671E");
    expect(photo.includes("GPS 35.6812N")).toBe(true);
    const { data } = await reencodeProfileImage(dataUrl("image/jpeg", photo));
    expect(data.includes("GPS 35.6812N")).toBe(false);
    expect(data.includes("Exif")).toBe(false);
  });

  it("refuses a type other than JPEG, PNG or GIF", async () => {
    expect(await refusal(`data:image/webp;base64,${Buffer.from("RIFF....WEBP").toString("base64")}`)).toBe(
      "type",
    );
    expect(await refusal("data:text/html;base64,PGgxPg==")).toBe("type");
    expect(await refusal("https://example.jp/me.png")).toBe("type");
  });

  it("refuses bytes that are not what the data URL says, or no picture at all", async () => {
    expect(await refusal(dataUrl("image/jpeg", await picture("image/png")))).toBe("data");
    expect(
      await refusal(dataUrl("image/png", Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))),
    ).toBe("data");
    const truncated = (await picture("image/png")).subarray(0, 60);
    expect(await refusal(dataUrl("image/png", truncated))).toBe("data");
  });

  it("refuses a picture that is not 200×200", async () => {
    expect(await refusal(dataUrl("image/png", await picture("image/png", 201, 200)))).toBe("dimensions");
    expect(await refusal(dataUrl("image/jpeg", await picture("image/jpeg", 200, 100)))).toBe("dimensions");
    expect(await refusal(dataUrl("image/gif", await picture("image/gif", 64, 64)))).toBe("dimensions");
  });

  it("refuses a header that declares a huge bitmap without decoding it", async () => {
    const bomb = Buffer.from(await picture("image/png"));
    bomb.writeUInt32BE(50_000, 16);
    bomb.writeUInt32BE(50_000, 20);
    expect(await refusal(dataUrl("image/png", bomb))).toBe("dimensions");
  });

  it("refuses a file larger than a profile picture needs", async () => {
    const large = Buffer.concat([await picture("image/png"), Buffer.alloc(MAX_PROFILE_IMAGE_BYTES)]);
    expect(await refusal(dataUrl("image/png", large))).toBe("size");
  });
});

describe("profileImageUrl", () => {
  it("names the picture by a version of this account and time; none without a picture", () => {
    const at = new Date("2026-11-24T00:00:00Z");
    const url = profileImageUrl("acc-1", at);
    expect(url).toMatch(/^\/zapi\/account\/profile-image\?v=[A-Za-z0-9_-]{16}$/);
    expect(profileImageUrl("acc-2", at)).not.toBe(url);
    expect(profileImageUrl("acc-1", new Date(at.getTime() + 1))).not.toBe(url);
    expect(profileImageUrl("acc-1", null)).toBeNull();
  });
});
