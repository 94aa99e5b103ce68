import { describe, expect, it } from "vitest";
import { prefersBrotli } from "./compression.ts";

describe("prefersBrotli", () => {
  it.each([
    ["gzip, deflate, br, zstd", true],
    ["br", true],
    ["br;q=0.9, gzip;q=0.9", true],
    ["*", true],
    ["gzip;q=1, br;q=0.5", false],
    ["gzip, deflate", false],
    ["br;q=0, gzip", false],
    ["identity", false],
    ["", false],
    [undefined, false],
  ])("%s → %s", (header, expected) => {
    expect(prefersBrotli(header)).toBe(expected);
  });
});
