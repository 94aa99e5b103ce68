import { describe, expect, it } from "vitest";
import { toKatakana } from "./to-katakana.ts";

describe("toKatakana", () => {
  it.each([
    ["やまだ", "ヤマダ"],
    ["ヤマダ", "ヤマダ"],
    ["ﾔﾏﾀﾞ", "ヤマダ"],
    ["ぁゔゖ", "ァヴヶ"],
    ["いすゞ", "イスヾ"],
    ["たろう ー", "タロウ ー"],
    ["山田", "山田"],
    ["", ""],
  ])("%j → %j", (input, expected) => {
    expect(toKatakana(input)).toBe(expected);
  });
});
