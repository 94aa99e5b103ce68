import { describe, expect, it } from "vitest";
import { createTestApi } from "../../tests/api-harness.ts";
import { signedInStaff } from "../../tests/console-harness.ts";
import { staffAudit } from "../db/schema.ts";
import { assetTypeOf, MAX_ASSET_BYTES, storedAssets } from "./config-assets.ts";

/** A 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==",
  "base64",
);
const SVG = Buffer.from('<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg"/>');

describe("an uploaded image's type", () => {
  it("is read from its bytes: PNG, JPEG, GIF, WebP, ICO and SVG, and nothing else", () => {
    expect(assetTypeOf(PNG)).toBe("image/png");
    expect(assetTypeOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe("image/jpeg");
    expect(assetTypeOf(Buffer.from("GIF89a...."))).toBe("image/gif");
    expect(assetTypeOf(Buffer.from("RIFF\x10\x00\x00\x00WEBPVP8 ", "latin1"))).toBe("image/webp");
    expect(assetTypeOf(Buffer.from([0, 0, 1, 0, 1, 0, 16, 16]))).toBe("image/x-icon");
    expect(assetTypeOf(SVG)).toBe("image/svg+xml");
    expect(assetTypeOf(Buffer.from("<html><svg></svg></html>"))).toBeNull();
    expect(assetTypeOf(Buffer.from("plain text"))).toBeNull();
  });
});

describe("POST /zapi/console/assets", () => {
  it("keeps an image once by its content, records who uploaded it, and serves the same bytes by its name", async () => {
    const t = await createTestApi();
    try {
      const editor = await signedInStaff(t, "config@example.jp", "configuration");
      const answer = await editor.post("/zapi/console/assets", { data: PNG.toString("base64") });
      expect(answer.status).toBe(200);
      const { url } = (await answer.json()) as { url: string };
      expect(url).toMatch(/^\/store-assets\/v\/[0-9a-f]{64}\.png$/);
      expect(
        await (await editor.post("/zapi/console/assets", { data: PNG.toString("base64") })).json(),
      ).toEqual({
        url,
      });
      const read = storedAssets(t.db);
      const file = url.split("/").at(-1) ?? "";
      expect(await read(file)).toEqual({ contentType: "image/png", data: new Uint8Array(PNG) });
      // Another extension, or a name that is not a hash, names nothing.
      expect(await read(file.replace(".png", ".svg"))).toBeNull();
      expect(await read("../../etc/passwd")).toBeNull();
      const audit = await t.db.select().from(staffAudit);
      expect(audit.filter((row) => row.action === "config.asset-uploaded")).toHaveLength(2);
    } finally {
      await t.close();
    }
  });

  it("refuses what is not an image, or too large, with a message; and anyone but editors", async () => {
    const t = await createTestApi();
    try {
      const editor = await signedInStaff(t, "config@example.jp", "configuration");
      const html = await editor.post("/zapi/console/assets", {
        data: Buffer.from("<html></html>").toString("base64"),
      });
      expect(html.status).toBe(400);
      expect(await html.json()).toMatchObject({
        code: "ASSET_REFUSED",
        message: expect.stringContaining("PNG"),
      });
      const large = Buffer.concat([PNG, Buffer.alloc(MAX_ASSET_BYTES)]);
      const tooLarge = await editor.post("/zapi/console/assets", { data: large.toString("base64") });
      expect(tooLarge.status).toBe(400);
      expect(await tooLarge.json()).toMatchObject({ message: "1MB以下の画像を選んでください。" });
      const support = await signedInStaff(t, "support@example.jp", "support");
      expect((await support.post("/zapi/console/assets", { data: PNG.toString("base64") })).status).toBe(403);
    } finally {
      await t.close();
    }
  });
});
