import { describe, expect, it } from "vitest";
import { lookupPostalCode, parsePostalCode } from "./postal-lookup.ts";

describe("parsePostalCode", () => {
  it.each([
    ["1000001", "1000001"],
    ["100-0001", "1000001"],
  ])("accepts %s", (input, expected) => {
    expect(parsePostalCode(input)).toBe(expected);
  });

  it.each(["123", "abc1234", "10000011", "100--0001", "1000-001", "１０００００１", " 1000001", ""])(
    "rejects %j",
    (input) => {
      expect(parsePostalCode(input)).toBeNull();
    },
  );
});

describe("lookupPostalCode", () => {
  it("finds the single address of a code", () => {
    expect(lookupPostalCode("1000001")).toEqual([
      { prefectureCode: 13, city: "千代田区", town: "千代田", allAddress: "東京都千代田区千代田" },
    ]);
  });

  it("finds every town sharing a code", () => {
    expect(lookupPostalCode("2760035")).toEqual([
      { prefectureCode: 12, city: "八千代市", town: "大和田新田", allAddress: "千葉県八千代市大和田新田" },
      { prefectureCode: 12, city: "八千代市", town: "高津", allAddress: "千葉県八千代市高津" },
    ]);
  });

  it("keeps a code that covers a whole city, with an empty town", () => {
    expect(lookupPostalCode("0600000")).toEqual([
      { prefectureCode: 1, city: "札幌市中央区", town: "", allAddress: "北海道札幌市中央区" },
    ]);
  });

  it("gives the last prefecture its code 47", () => {
    expect(lookupPostalCode("9071751")[0]?.prefectureCode).toBe(47);
  });

  it("returns nothing for an unknown code", () => {
    expect(lookupPostalCode("0000000")).toEqual([]);
  });
});
