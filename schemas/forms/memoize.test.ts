import { describe, expect, it, vi } from "vitest";
import { memoizeByVersion } from "./memoize.ts";

const definition = (id: string) => ({ id, schema: { type: "object" as const }, uiSchema: {} });

describe("memoizeByVersion", () => {
  it("builds once per settings version and input", () => {
    const build = vi.fn((input: { id: string }) => definition(input.id));
    const memoized = memoizeByVersion(build);
    const first = memoized({ id: "a" }, "v1");
    expect(memoized({ id: "a" }, "v1")).toBe(first);
    expect(build).toHaveBeenCalledTimes(1);
    expect(memoized({ id: "a" }, "v2")).not.toBe(first);
    expect(memoized({ id: "b" }, "v1")).not.toBe(first);
    expect(build).toHaveBeenCalledTimes(3);
  });

  it("versions a definition by the settings version and a digest of the input", () => {
    const memoized = memoizeByVersion((input: { id: string }) => definition(input.id));
    const a1 = memoized({ id: "a" }, "v1").version;
    expect(a1.startsWith("v1.")).toBe(true);
    expect(memoized({ id: "b" }, "v1").version).not.toBe(a1);
    expect(memoized({ id: "a" }, "v2").version).not.toBe(a1);
  });

  it("forgets the least recently used entry beyond its capacity", () => {
    const build = vi.fn((input: { id: string }) => definition(input.id));
    const memoized = memoizeByVersion(build, 2);
    memoized({ id: "a" }, "v1");
    memoized({ id: "b" }, "v1");
    memoized({ id: "a" }, "v1");
    memoized({ id: "c" }, "v1");
    expect(build).toHaveBeenCalledTimes(3);
    memoized({ id: "a" }, "v1");
    expect(build).toHaveBeenCalledTimes(3);
    memoized({ id: "b" }, "v1");
    expect(build).toHaveBeenCalledTimes(4);
  });
});
