import { describe, expect, it } from "vitest";
import { blockingViolations, chromiumPath, countByImpact, type Violation } from "./browser-checks.ts";

const violation = (id: string, impact: Violation["impact"]): Violation => ({
  id,
  impact,
  help: "",
  helpUrl: "",
  nodes: [],
});

describe("the axe findings", () => {
  const violations = [
    violation("color-contrast", "serious"),
    violation("region", "moderate"),
    violation("button-name", "critical"),
    violation("heading-order", "moderate"),
  ];

  it("are counted by impact", () => {
    expect(countByImpact(violations)).toEqual({ minor: 0, moderate: 2, serious: 1, critical: 1 });
  });

  it("fail the gallery when serious or critical, and for landmarks and heading order from moderate", () => {
    expect(blockingViolations(violations).map((v) => v.id)).toEqual([
      "color-contrast",
      "region",
      "button-name",
      "heading-order",
    ]);
    expect(blockingViolations([violation("landmark-unique", "moderate")])).toEqual([]);
  });
});

describe("chromiumPath", () => {
  it("prefers CHROMIUM_PATH and reports a missing browser as null", () => {
    expect(chromiumPath({ CHROMIUM_PATH: process.execPath })).toBe(process.execPath);
    expect(chromiumPath({ CHROMIUM_PATH: "/nonexistent/chromium" })).toBeNull();
  });
});
