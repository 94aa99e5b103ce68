import { describe, expect, it } from "vitest";
import { UsageError } from "../command.ts";
import { parseGalleryOptions } from "./cli-options.ts";

describe("parseGalleryOptions", () => {
  it("defaults to the demo store, gallery-out, Japanese and failing on violations", () => {
    expect(parseGalleryOptions([])).toEqual({
      storeFile: "config/store.json",
      outDir: "gallery-out",
      language: "ja",
      failOnViolations: true,
    });
  });

  it("reads --store, --out, --lang and --no-fail", () => {
    const args = ["--store", "s.json", "--out", "/tmp/g", "--lang", "en", "--no-fail"];
    expect(parseGalleryOptions(args)).toEqual({
      storeFile: "s.json",
      outDir: "/tmp/g",
      language: "en",
      failOnViolations: false,
    });
  });

  it("rejects an unknown option or language with the usage", () => {
    expect(() => parseGalleryOptions(["--stores", "s.json"])).toThrow(UsageError);
    expect(() => parseGalleryOptions(["--lang", "fr"])).toThrow(/--lang must be ja or en, not "fr"\nusage:/);
  });
});
