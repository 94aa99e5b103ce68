import { describe, expect, it } from "vitest";
import { labelText } from "./label-text.ts";

const translate = (key: string) => `t(${key})`;

describe("labelText", () => {
  it("translates built-in titles, which are keys", () => {
    expect(labelText("field.familyName", { labelKey: true, titleEn: "x" }, "en", translate)).toBe(
      "t(field.familyName)",
    );
  });

  it("shows a store's literal title, in English when it has one", () => {
    expect(labelText("好きなジャンル", { titleEn: "Favourite genre" }, "en", translate)).toBe(
      "Favourite genre",
    );
    expect(labelText("好きなジャンル", { titleEn: "Favourite genre" }, "ja", translate)).toBe(
      "好きなジャンル",
    );
    expect(labelText("好きなジャンル", undefined, "en", translate)).toBe("好きなジャンル");
  });
});
