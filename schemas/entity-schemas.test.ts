import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { createAjv } from "./validation.ts";

const schemaDir = import.meta.dirname;

function schemaFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "types" ? [] : schemaFiles(path);
    return entry.name.endsWith(".schema.json") ? [path] : [];
  });
}

const files = schemaFiles(schemaDir).map((path) => ({
  name: relative(schemaDir, path),
  schema: JSON.parse(readFileSync(path, "utf8")) as { $id: string },
}));

describe("entity and request schemas", () => {
  const ajv = createAjv();
  for (const { schema } of files) ajv.addSchema(schema);

  it.each(files.map(({ name, schema }) => [name, schema.$id] as const))(
    "%s compiles, references included",
    (name, id) => {
      expect(name.endsWith(id)).toBe(true);
      expect(() => ajv.getSchema(id)).not.toThrow();
      expect(ajv.getSchema(id)).toBeTypeOf("function");
    },
  );

  it("a request body is checked against the entity schemas it refers to", () => {
    const validate = ajv.getSchema("requests/signup-email-request.schema.json")!;
    const body = {
      type: "signUp",
      email: "taro@example.jp",
      policyConsentData: [{ policyId: "terms", revision: 1, key: "terms" }],
    };
    expect(validate(body)).toBe(true);
    expect(validate({ ...body, policyConsentData: [{ policyId: "terms" }] })).toBe(false);
  });

  it("the validation error body describes what validatedJson answers", () => {
    const validate = ajv.getSchema("validation-error.schema.json")!;
    expect(
      validate({
        code: "VALIDATION_ERROR",
        message: "入力内容に誤りがあります。",
        requestId: "r1",
        errors: [{ field: "email", message: "x" }],
      }),
    ).toBe(true);
    expect(
      validate({ code: "VALIDATION_ERROR", message: "x", requestId: "r1", errors: { email: ["x"] } }),
    ).toBe(false);
  });
});
