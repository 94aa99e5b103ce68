import { createCustomEqual } from "fast-equals";
import { describe, expect, it } from "vitest";
// The real fast-equals, past the alias that points `fast-equals` at widgets/deep-equal.ts.
import { createCustomEqual as realCreateCustomEqual } from "../node_modules/fast-equals/dist/es/index.mjs";

/** @rjsf/utils' deepEquals, made with each. */
const rjsfOptions = {
  circular: true,
  createCustomConfig: () => ({ areFunctionsEqual: (_a: unknown, b: unknown) => typeof b === "function" }),
};
const standIn = createCustomEqual(rjsfOptions);
const real = realCreateCustomEqual(rjsfOptions as never) as (a: unknown, b: unknown) => boolean;

const loop = (): Record<string, unknown> => {
  const value: Record<string, unknown> = { name: "a" };
  value.self = value;
  return value;
};
class Point {
  constructor(
    readonly x: number,
    readonly y: number,
  ) {}
}
const widget = () => null;

const CASES: [string, unknown, unknown][] = [
  ["equal strings", "a", "a"],
  ["different strings", "a", "b"],
  ["NaN", Number.NaN, Number.NaN],
  ["0 and -0", 0, -0],
  ["number and string", 1, "1"],
  ["null and undefined", null, undefined],
  ["null and an object", null, {}],
  ["two functions", widget, () => 1],
  ["a function and an object", widget, {}],
  ["equal form data", { a: 1, b: ["x", { c: true }] }, { a: 1, b: ["x", { c: true }] }],
  ["a differing leaf", { a: 1, b: ["x", { c: true }] }, { a: 1, b: ["x", { c: false }] }],
  ["a missing key", { a: 1, b: undefined }, { a: 1, c: undefined }],
  ["one more key", { a: 1 }, { a: 1, b: 2 }],
  ["arrays of different length", [1, 2], [1, 2, 3]],
  ["an array and an object", [1], { 0: 1 }],
  ["schemas with widgets", { "ui:widget": widget, type: "string" }, { "ui:widget": () => 2, type: "string" }],
  ["equal dates", new Date(0), new Date(0)],
  ["different dates", new Date(0), new Date(1)],
  ["invalid dates", new Date(Number.NaN), new Date(Number.NaN)],
  ["equal patterns", /a/g, /a/g],
  ["different flags", /a/g, /a/i],
  ["equal maps", new Map([["a", { b: 1 }]]), new Map([["a", { b: 1 }]])],
  ["different maps", new Map([["a", 1]]), new Map([["a", 2]])],
  ["equal sets", new Set([1, 2]), new Set([2, 1])],
  ["sets of objects", new Set([{ a: 1 }]), new Set([{ a: 1 }])],
  ["different sets", new Set([1]), new Set([2])],
  ["class instances", new Point(1, 2), new Point(1, 2)],
  ["a class instance and a plain object", new Point(1, 2), { x: 1, y: 2 }],
  ["circular structures", loop(), loop()],
  ["a null-prototype object", Object.assign(Object.create(null), { a: 1 }), { a: 1 }],
];

describe("the browser's stand-in for fast-equals (rjsf's deepEquals)", () => {
  it.each(CASES)("%s: answers as fast-equals does", (_name, a, b) => {
    expect(standIn(a, b)).toBe(real(a, b));
    expect(standIn(b, a)).toBe(real(b, a));
  });

  it("tells apart what differs, and is not fooled by order of keys", () => {
    expect(standIn({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(standIn({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] })).toBe(false);
  });

  it("compares functions by identity without the custom rule", () => {
    const plain = createCustomEqual();
    expect(plain(widget, widget)).toBe(true);
    expect(plain(widget, () => null)).toBe(false);
  });
});
