// @vitest-environment jsdom
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { hashForSchema, type RJSFSchema } from "@rjsf/utils";
import { act, screen, waitFor } from "@testing-library/react";
import type { JSONSchema7 } from "json-schema";
import { afterAll, describe, expect, it, vi } from "vitest";
import { buildScreenForm } from "../schemas/forms/registry.ts";
import { standaloneValidators } from "../schemas/standalone-validators.ts";
import { standaloneRequire } from "../schemas/standalone-validators-runtime.ts";
import { importValidatorSource, removeImportedValidators } from "../schemas/standalone-validators-testing.ts";
import { createAjv } from "../schemas/validation.ts";
import { SCREENS } from "../screens/index.ts";
import { FIXTURES_DIR, loadScreenFixtures, screenDataFor } from "../scripts/gallery/fixtures.ts";
import { parseStoreSettingsText } from "../server/store/validate-settings.ts";
import {
  conditionOnlyValidator,
  matchesCondition,
  precompiledValidatorFor,
  SwitchingValidator,
  type ValidatorModule,
  ValidatorModuleStore,
} from "./form-validator.ts";
import { lastSubmitted, renderForm, testForm } from "./test-utils.tsx";

/** Module loads the tests settle by hand: URL → its pending import. */
const imports = vi.hoisted(() => {
  const pending = new Map<string, { resolve(value: unknown): void; reject(error: unknown): void }>();
  return {
    pending,
    importer: (url: string) =>
      new Promise<unknown>((resolve, reject) => {
        pending.set(url, { resolve, reject });
      }),
  };
});

vi.mock("./form-validator.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("./form-validator.ts")>();
  return { ...original, validatorModules: new original.ValidatorModuleStore(imports.importer) };
});

afterAll(removeImportedValidators);

async function moduleOf(schema: JSONSchema7) {
  return importValidatorSource(standaloneValidators(schema).source);
}

async function settle(url: string, outcome: { module: unknown } | { error: Error }) {
  await waitFor(() => expect(imports.pending.has(url)).toBe(true));
  const pending = imports.pending.get(url);
  await act(async () => {
    if ("module" in outcome) pending?.resolve(outcome.module);
    else pending?.reject(outcome.error);
  });
}

let urlCount = 0;
const nextUrl = () => {
  urlCount += 1;
  return `/form-validators/test-${urlCount}.js`;
};

describe("matchesCondition", () => {
  const stores = readdirSync(join(FIXTURES_DIR, "stores"))
    .filter((file) => file.endsWith(".json"))
    .map((file) => parseStoreSettingsText(readFileSync(join(FIXTURES_DIR, "stores", file), "utf8"), file));
  const fixtures = loadScreenFixtures();
  const conditions = new Map<string, JSONSchema7>();
  for (const settings of stores) {
    for (const screenDefinition of SCREENS) {
      for (const definition of screenDefinition.forms) {
        const form = buildScreenForm(definition.builder, {
          settings,
          settingsVersion: "matrix",
          screenData: screenDataFor(screenDefinition, settings, fixtures),
          options: definition.builderOptions ?? {},
        });
        for (const part of form.schema.allOf ?? []) {
          if (typeof part === "object" && typeof part.if === "object") {
            conditions.set(JSON.stringify(part.if), part.if);
          }
        }
      }
    }
  }

  it("answers like ajv for every if/then condition the builders write", () => {
    expect(conditions.size).toBeGreaterThan(1);
    const ajv = createAjv();
    for (const condition of conditions.values()) {
      const validate = ajv.compile(condition);
      const [field = ""] = Object.keys(condition.properties ?? {});
      const values = [
        ...((condition.properties?.[field] as JSONSchema7 | undefined)?.enum ?? []),
        "other",
        "",
        true,
        false,
        0,
        null,
        undefined,
        [],
        {},
      ];
      const data = [...values.map((value) => ({ [field]: value })), {}, null, "text", 3, []];
      for (const item of data) {
        expect({ condition, item, matches: matchesCondition(condition, item) }).toEqual({
          condition,
          item,
          matches: validate(item),
        });
      }
    }
  });

  it("says no to schemas it does not understand, rather than guess", () => {
    expect(matchesCondition({ properties: { a: { minLength: 2 } } }, { a: "abc" })).toBe(false);
    expect(matchesCondition({ pattern: "^a" }, "abc")).toBe(false);
    expect(matchesCondition(true, {})).toBe(true);
    expect(matchesCondition(false, {})).toBe(false);
  });
});

describe("ValidatorModuleStore", () => {
  it("loads a URL once, and tells its listeners when the module is ready", async () => {
    const importer = vi.fn(async () => moduleOf({ type: "object", required: ["a"] }));
    const store = new ValidatorModuleStore(importer);
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.stateOf("/form-validators/a.js")).toEqual({ status: "loading" });
    store.load("/form-validators/a.js");
    store.load("/form-validators/a.js");
    await waitFor(() => expect(store.stateOf("/form-validators/a.js").status).toBe("ready"));
    expect(importer).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.stateOf(undefined)).toEqual({ status: "unavailable" });
  });

  it("marks a failed load, or something that is no validator module, unavailable", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const store = new ValidatorModuleStore(async (url) => {
      if (url.endsWith("404.js")) throw new TypeError("Failed to fetch dynamically imported module");
      return { default: "not a module" };
    });
    store.load("/form-validators/404.js");
    store.load("/form-validators/other.js");
    await waitFor(() => expect(store.stateOf("/form-validators/404.js").status).toBe("unavailable"));
    await waitFor(() => expect(store.stateOf("/form-validators/other.js").status).toBe("unavailable"));
  });
});

describe("precompiledValidatorFor and SwitchingValidator", () => {
  const condition: JSONSchema7 = { properties: { kind: { enum: ["x"] } }, required: ["kind"] };
  const schema: JSONSchema7 = {
    type: "object",
    properties: { kind: { type: "string" }, detail: { type: "string" } },
    // biome-ignore lint/suspicious/noThenProperty: "then" is the JSON Schema keyword of if/then.
    allOf: [{ if: condition, then: { required: ["detail"] } }],
  };

  it("uses the module only for the schema it was built from", async () => {
    const module = (await moduleOf(schema)) as unknown as ValidatorModule;
    const state = {
      status: "ready" as const,
      module,
      validators: module.create(standaloneRequire()),
    };
    const validator = precompiledValidatorFor(schema as RJSFSchema, state);
    expect(validator?.validateFormData({ kind: "x" }, schema as RJSFSchema).errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "required", property: "detail" })]),
    );
    expect(validator?.validateFormData({ kind: "y" }, schema as RJSFSchema).errors).toEqual([]);
    expect(precompiledValidatorFor({ ...schema, title: "changed" } as RJSFSchema, state)).toBeNull();
  });

  it("resolves conditions without the module and never throws for an unknown sub-schema", () => {
    const switching = new SwitchingValidator();
    expect(switching.isValid(condition as RJSFSchema, { kind: "x" }, schema as RJSFSchema)).toBe(true);
    expect(switching.validateFormData({}, schema as RJSFSchema).errors).toEqual([]);
    switching.current = {
      ...conditionOnlyValidator,
      isValid: () => {
        throw new Error(
          `No precompiled validator function was found for ${hashForSchema(condition as RJSFSchema)}`,
        );
      },
    };
    expect(switching.isValid(condition as RJSFSchema, { kind: "y" }, schema as RJSFSchema)).toBe(false);
    expect(switching.isValid(condition as RJSFSchema, { kind: "x" }, schema as RJSFSchema)).toBe(true);
  });
});

describe("SchemaForm with a validator module", () => {
  const form = () =>
    testForm({ hobby: { type: "string", title: "趣味", minLength: 2 } }, { "ui:order": ["hobby"] }, [
      "hobby",
    ]);

  it("holds a submit until the module has loaded, then shows its errors", async () => {
    const definition = form();
    const url = nextUrl();
    const { user, onSubmit, submit } = renderForm(definition, { validator: undefined, validatorUrl: url });
    await user.type(screen.getByRole("textbox", { name: /^趣味/ }), "a");
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    await settle(url, { module: await moduleOf(definition.schema) });
    expect(await screen.findAllByText(/2文字以上/)).not.toHaveLength(0);
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByRole("textbox", { name: /^趣味/ }), "b");
    await submit();
    expect(lastSubmitted(onSubmit)).toEqual({ hobby: "ab" });
  });

  it("sends a held submit to the page when the module cannot load (the API validates)", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const definition = form();
    const url = nextUrl();
    const { user, onSubmit, submit } = renderForm(definition, { validator: undefined, validatorUrl: url });
    await user.type(screen.getByRole("textbox", { name: /^趣味/ }), "a");
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    await settle(url, { error: new TypeError("Failed to fetch dynamically imported module") });
    await waitFor(() => expect(lastSubmitted(onSubmit)).toEqual({ hobby: "a" }));
  });

  it("ignores a module built for another schema and lets the API judge", async () => {
    const definition = form();
    const url = nextUrl();
    const { user, onSubmit, submit } = renderForm(definition, { validator: undefined, validatorUrl: url });
    await settle(url, { module: await moduleOf({ type: "object", required: ["other"] }) });
    await user.type(screen.getByRole("textbox", { name: /^趣味/ }), "a");
    await submit();
    expect(lastSubmitted(onSubmit)).toEqual({ hobby: "a" });
  });

  it("keeps a 'valid' submit rule's button disabled while loading, and decides by the module after", async () => {
    const definition = testForm(
      { agree: { type: "boolean", title: "同意", const: true } },
      { "ui:order": ["agree"], "ui:options": { submitDisabledUntil: "valid" } },
      ["agree"],
    );
    const url = nextUrl();
    const { user } = renderForm(definition, { validator: undefined, validatorUrl: url });
    const button = screen.getByRole("button", { name: "送信する" });
    expect(button).toBeDisabled();
    await settle(url, { module: await moduleOf(definition.schema) });
    expect(button).toBeDisabled();
    await user.click(screen.getByRole("checkbox"));
    await waitFor(() => expect(button).toBeEnabled());
  });
});
