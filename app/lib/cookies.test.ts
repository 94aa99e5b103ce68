import { describe, expect, it } from "vitest";
import { readCookie } from "./cookies.ts";

describe("readCookie", () => {
  it("reads one cookie among several, ignoring spaces", () => {
    const header = "sid=s-123;  auid=a-456 ; latid=l-789";
    expect(readCookie(header, "sid")).toBe("s-123");
    expect(readCookie(header, "auid")).toBe("a-456");
    expect(readCookie(header, "latid")).toBe("l-789");
  });

  it("returns null for a missing cookie or header", () => {
    expect(readCookie("sid=1", "auid")).toBeNull();
    expect(readCookie("", "auid")).toBeNull();
    expect(readCookie(null, "auid")).toBeNull();
    expect(readCookie(undefined, "auid")).toBeNull();
  });

  it("matches whole names only", () => {
    expect(readCookie("xauid=wrong; auid_old=wrong; auid=right", "auid")).toBe("right");
  });

  it("keeps '=' inside a value and decodes percent-encoding", () => {
    expect(readCookie("token=a=b==", "token")).toBe("a=b==");
    expect(readCookie("name=%E3%82%BD%E3%83%A9%20x", "name")).toBe("ソラ x");
  });

  it("returns a value that is not valid percent-encoding as it is", () => {
    expect(readCookie("auid=100%", "auid")).toBe("100%");
  });

  it("reads an empty value as an empty string, and skips parts without '='", () => {
    expect(readCookie("flag; auid=", "auid")).toBe("");
    expect(readCookie("auid; sid=1", "auid")).toBeNull();
  });

  it("returns the first of duplicate cookies, as browsers send the most specific path first", () => {
    expect(readCookie("auid=specific; auid=general", "auid")).toBe("specific");
  });
});
