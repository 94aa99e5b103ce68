import { describe, expect, it } from "vitest";
import { contentChanges, MAX_LISTED_CHANGES, shownValue } from "./config-diff.ts";

describe("contentChanges", () => {
  it("names each changed, added and removed field by its path, list items by position", () => {
    const before = {
      serviceName: "ソラミル",
      accountRegistrationSetting: { nameKana: "OPTIONAL", customAssociatedInfo: [{ id: "a", title: "A" }] },
      gtmId: "GTM-ABCD",
    };
    const after = {
      serviceName: "ソラミル",
      accountRegistrationSetting: {
        nameKana: "REQUIRED",
        customAssociatedInfo: [
          { id: "a", title: "A" },
          { id: "b", title: "B" },
        ],
      },
      serviceNameEn: "Soramiru",
    };
    expect(contentChanges(before, after)).toEqual([
      { path: "accountRegistrationSetting.nameKana", before: "OPTIONAL", after: "REQUIRED" },
      { path: "accountRegistrationSetting.customAssociatedInfo.1.id", after: "b" },
      { path: "accountRegistrationSetting.customAssociatedInfo.1.title", after: "B" },
      { path: "gtmId", before: "GTM-ABCD" },
      { path: "serviceNameEn", after: "Soramiru" },
    ]);
  });

  it("sees no change in the same content written in another key order, and a change of type", () => {
    expect(contentChanges({ a: { x: 1, y: 2 } }, { a: { y: 2, x: 1 } })).toEqual([]);
    expect(contentChanges({ a: [1] }, { a: { 0: 1 } })).toEqual([
      { path: "a", before: [1], after: { 0: 1 } },
    ]);
    expect(contentChanges({ a: "x" }, { a: ["x"] })).toEqual([{ path: "a", before: "x", after: ["x"] }]);
    expect(contentChanges({ a: { b: [1, 2] } }, {})).toEqual([
      { path: "a.b.0", before: 1 },
      { path: "a.b.1", before: 2 },
    ]);
  });

  it("stops listing at its limit", () => {
    const many = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, i]));
    expect(contentChanges({}, many)).toHaveLength(MAX_LISTED_CHANGES);
  });
});

describe("shownValue", () => {
  it("shows text as it is, other values as JSON, cut at the limit", () => {
    expect(shownValue("REQUIRED")).toBe("REQUIRED");
    expect(shownValue({ id: "b" })).toBe('{"id":"b"}');
    expect(shownValue(undefined)).toBeNull();
    expect(shownValue("x".repeat(10), "", 5)).toBe("xxxx…");
    // A sealed secret says that it changed, never what it is (not even sealed).
    expect(shownValue("v1.nonce.tag.body", "clients.0.sealed_client_secret")).toBe("********");
    expect(shownValue(undefined, "clients.0.sealed_client_secret")).toBeNull();
    expect(shownValue("x", "clients.0.sealed_client_secret_note.more")).toBe("x");
  });
});
