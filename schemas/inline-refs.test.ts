import type { JSONSchema7 } from "json-schema";
import { describe, expect, it } from "vitest";
import { inlineRefs } from "./inline-refs.ts";

describe("inlineRefs", () => {
  it("replaces references to the document's definitions and to other schema files", () => {
    const document: JSONSchema7 = {
      type: "object",
      properties: {
        color: { $ref: "#/definitions/color" },
        survey: { $ref: "../survey.schema.json" },
      },
      definitions: { color: { type: "string", pattern: "^#[0-9a-f]{6}$" } },
    };
    const inlined = inlineRefs(document, document) as JSONSchema7;
    expect(inlined.properties?.color).toEqual({ type: "string", pattern: "^#[0-9a-f]{6}$" });
    expect(inlined).not.toHaveProperty("definitions");
    expect(JSON.stringify(inlined)).not.toContain("$ref");
    expect(inlined.properties?.survey).toMatchObject({ properties: { questions: { type: "array" } } });
  });

  it("drops the developers' descriptions but keeps a property named description", () => {
    const document: JSONSchema7 = {
      description: "spec §3",
      type: "object",
      properties: { description: { type: "string", description: "what it is" } },
    };
    expect(inlineRefs(document, document)).toEqual({
      type: "object",
      properties: { description: { type: "string" } },
    });
  });

  it("turns 'a date or null' into a nullable date field", () => {
    const document: JSONSchema7 = {
      type: "object",
      properties: { until: { oneOf: [{ $ref: "#/definitions/date" }, { type: "null" }] } },
      definitions: { date: { type: "string", pattern: "^\\d{4}$" } },
    };
    expect((inlineRefs(document, document) as JSONSchema7).properties?.until).toEqual({
      type: ["string", "null"],
      pattern: "^\\d{4}$",
    });
  });

  it("refuses a reference it cannot resolve", () => {
    const document: JSONSchema7 = { properties: { a: { $ref: "other.schema.json" } } };
    expect(() => inlineRefs(document, document)).toThrow(/unknown schema other\.schema\.json/);
    expect(() => inlineRefs({ $ref: "#/definitions/none" }, document)).toThrow(/names nothing/);
  });
});
