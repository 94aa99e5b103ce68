import { describe, expect, it } from "vitest";
import UriResolver, { equal, resolve } from "./uri-resolver.ts";

describe("the browser's stand-in for fast-uri (rjsf's $ref resolution)", () => {
  it("resolves references against an absolute base as RFC 3986 does", () => {
    expect(resolve("https://example.jp/schemas/a.json", "#/definitions/x")).toBe(
      "https://example.jp/schemas/a.json#/definitions/x",
    );
    expect(resolve("https://example.jp/schemas/a.json", "b.json")).toBe("https://example.jp/schemas/b.json");
    expect(resolve("https://example.jp/schemas/a.json", "../c.json#x")).toBe("https://example.jp/c.json#x");
  });

  it("leaves a reference as written when there is no absolute base", () => {
    expect(resolve("", "#/definitions/x")).toBe("#/definitions/x");
    expect(resolve("#", "#/$defs/y")).toBe("#/$defs/y");
  });

  it("compares URIs once normalised, and is what rjsf imports by default", () => {
    expect(equal("HTTPS://Example.jp/a", "https://example.jp/a")).toBe(true);
    expect(equal("https://example.jp/a", "https://example.jp/b")).toBe(false);
    expect(equal("#x", "#x")).toBe(true);
    expect(UriResolver.resolve).toBe(resolve);
  });
});
