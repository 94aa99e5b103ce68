/**
 * The precompiled browser validators give exactly the errors of the API's runtime ajv, for every
 * form of every form screen under every store configuration of the matrix (tests/fixtures/stores),
 * over valid and invalid bodies.
 */

import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { hashForSchema, type RJSFSchema } from "@rjsf/utils";
import type { ErrorObject } from "ajv";
import type { JSONSchema7, JSONSchema7Definition } from "json-schema";
import { afterAll, describe, expect, it } from "vitest";
import { minifyModule } from "../app/lib/form-validators.server.ts";
import { SCREENS } from "../screens/index.ts";
import { FIXTURES_DIR, loadScreenFixtures, screenDataFor } from "../scripts/gallery/fixtures.ts";
import { parseStoreSettingsText } from "../server/store/validate-settings.ts";
import type { FormDefinition } from "./form-definition.ts";
import { buildScreenForm } from "./forms/registry.ts";
import { normalizeFormData } from "./normalize.ts";
import { requiredModules, standaloneValidators } from "./standalone-validators.ts";
import { standaloneRequire } from "./standalone-validators-runtime.ts";
import { importValidatorSource, removeImportedValidators } from "./standalone-validators-testing.ts";
import { translators } from "./test-helpers.ts";
import { createAjv, FormValidatorCache } from "./validation.ts";
import { translateValidationErrors } from "./validation-messages.ts";

/** A fixed day, so the card expiry rule answers the same on both sides and every year. */
const NOW = () => new Date("2026-01-15T10:00:00+09:00");

type ValidateFn = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };
type ValidatorFunctions = Record<string, ValidateFn>;

afterAll(removeImportedValidators);

/** Imports the generated module as the browser does: an ES module file, `create(require)`. */
async function importModule(
  source: string,
  require: (name: string) => unknown = standaloneRequire(NOW),
): Promise<{ rootSchemaKey: string; validators: ValidatorFunctions }> {
  const module = await importValidatorSource(source);
  return { rootSchemaKey: module.rootSchemaKey, validators: module.create(require) as ValidatorFunctions };
}

const stores = readdirSync(join(FIXTURES_DIR, "stores"))
  .filter((file) => file.endsWith(".json"))
  .sort()
  .map((file) => ({
    name: basename(file, ".json"),
    settings: parseStoreSettingsText(readFileSync(join(FIXTURES_DIR, "stores", file), "utf8"), file),
  }));
const fixtures = loadScreenFixtures();

/** Every distinct form (by schema) the form screens build under the store matrix. */
function allForms(): { label: string; form: FormDefinition }[] {
  const seen = new Set<string>();
  const forms: { label: string; form: FormDefinition }[] = [];
  for (const { name, settings } of stores) {
    for (const screen of SCREENS.filter((candidate) => candidate.forms.length > 0)) {
      const screenData = screenDataFor(screen, settings, fixtures);
      for (const definition of screen.forms) {
        const form = buildScreenForm(definition.builder, {
          settings,
          settingsVersion: name,
          screenData,
          options: definition.builderOptions ?? {},
        });
        const key = JSON.stringify(form.schema);
        if (seen.has(key)) continue;
        seen.add(key);
        forms.push({ label: `${screen.id} ${form.id} (${name})`, form });
      }
    }
  }
  return forms;
}

/** Values that exercise the rules of our fields: formats, lengths, character classes, cards, dates. */
const PROBES: readonly unknown[] = [
  // A saved payment method id (UUID) and the payment code: what pays for a purchase.
  "2f0b6a55-6d0e-4a43-9a59-3f1c2d7e8a01",
  "CampaignCode",
  "",
  "  ",
  "a",
  "abcdefgh",
  "Abcdefg1",
  "Abcdef1!",
  "abcdef12",
  "ＡＢＣ１２３",
  "12345678",
  "1234",
  "123456",
  "12345",
  "0000",
  "09012345678",
  "1000001",
  "100-0001",
  "20000229",
  "20010229",
  "19991231",
  "taro@example.jp",
  "taro@",
  "タロウ",
  "たろう",
  "taro_1",
  "4111111111111111",
  "4111111111111112",
  "378282246310005",
  "37828224631000512",
  "12",
  "01",
  "13",
  "25",
  "99",
  "x".repeat(300),
  0,
  7,
  true,
  false,
  null,
  [],
  ["a"],
  {},
];

function subSchemas(schema: JSONSchema7): Record<string, JSONSchema7Definition> {
  const own = schema.properties ?? {};
  const branches = (schema.allOf ?? []).flatMap((part) =>
    typeof part === "object" && typeof part.then === "object" ? [part.then.properties ?? {}] : [],
  );
  return Object.assign({}, own, ...branches);
}

/** The values worth trying for one property: its enum and const values, then the probes. */
function candidatesFor(definition: JSONSchema7Definition): unknown[] {
  if (typeof definition !== "object") return PROBES.slice();
  const items =
    typeof definition.items === "object" && !Array.isArray(definition.items) ? definition.items : {};
  const fromSchema = [
    ...(definition.const !== undefined && typeof definition.const !== "object" ? [definition.const] : []),
    ...(definition.enum ?? []),
    ...(items.enum && items.enum.length > 0 ? [[items.enum[0]], items.enum.slice(0, 2)] : []),
  ];
  return [...fromSchema, ...PROBES];
}

/** The properties an object-level error is about (ajv-errors keeps the originals in `params.errors`). */
function propertiesNamedBy(error: ErrorObject): string[] {
  const params = error.params as {
    missingProperty?: string;
    unevaluatedProperty?: string;
    errors?: ErrorObject[];
  };
  return [
    ...(params.missingProperty ? [params.missingProperty] : []),
    ...(params.unevaluatedProperty ? [params.unevaluatedProperty] : []),
    ...(params.errors ?? []).flatMap(propertiesNamedBy),
  ];
}

/**
 * Bodies for a form: a valid one built field by field (each field gets the first candidate the
 * runtime validator accepts, with the confirmation rules seeing the fields chosen before), and
 * invalid ones: empty, every property set to each probe, an unknown property.
 */
function sampleBodies(form: FormDefinition, cache: FormValidatorCache): Record<string, unknown>[] {
  const properties = subSchemas(form.schema);
  const names = Object.keys(properties);
  const errorsAt = (body: Record<string, unknown>, name: string) => {
    const validate = cache.validatorFor(form);
    validate(normalizeFormData(form, body));
    return (validate.errors ?? []).some(
      (error) => error.instancePath === `/${name}` || propertiesNamedBy(error).includes(name),
    );
  };
  const valid: Record<string, unknown> = {};
  for (const name of names) {
    for (const candidate of candidatesFor(properties[name] ?? {})) {
      if (!errorsAt({ ...valid, [name]: candidate }, name)) {
        valid[name] = candidate;
        break;
      }
    }
  }
  const bodies: Record<string, unknown>[] = [valid, {}, { ...valid, unknownField: "x" }];
  for (const name of names) {
    for (const probe of candidatesFor(properties[name] ?? {})) bodies.push({ ...valid, [name]: probe });
  }
  return bodies;
}

/**
 * What a test compares: ajv's whole error objects (ajv-errors nests the original errors in
 * `params.errors`), and the translated messages.
 */
function comparable(form: FormDefinition, errors: readonly ErrorObject[] | null | undefined) {
  const list = [...(errors ?? [])];
  // `schema` and `parentSchema` (verbose mode) are the schema the error names, the same on both
  // sides but for `$id`; leaving them out keeps a few thousand comparisons fast.
  const withoutIds = JSON.parse(
    JSON.stringify(list, (key, value) => (key === "schema" || key === "parentSchema" ? undefined : value)),
  );
  return { errors: withoutIds, messages: translateValidationErrors(list, form, translators.ja, "ja") };
}

/** Bodies on which the two validators disagree, with both answers. */
function differences(form: FormDefinition, validators: ValidatorFunctions, cache: FormValidatorCache) {
  const root = validators[hashForSchema(form.schema as RJSFSchema)];
  if (!root) throw new Error(`no validator for the root schema of ${form.id}`);
  const found: { body: unknown; runtime: unknown; standalone: unknown }[] = [];
  let validCount = 0;
  for (const body of sampleBodies(form, cache)) {
    const data = normalizeFormData(form, body);
    const runtimeValidate = cache.validatorFor(form);
    const runtimeValid = runtimeValidate(data);
    const runtime = comparable(form, runtimeValidate.errors);
    const standaloneValid = root(data);
    const standalone = comparable(form, root.errors);
    if (runtimeValid) validCount += 1;
    if (runtimeValid !== standaloneValid || JSON.stringify(runtime) !== JSON.stringify(standalone)) {
      found.push({ body, runtime, standalone });
    }
  }
  return { found, validCount };
}

const FORMS = allForms();

describe("standalone validators", () => {
  it("cover many distinct forms of the store matrix", () => {
    expect(FORMS.length).toBeGreaterThan(30);
  });

  it.each(FORMS.map(({ label, form }) => [label, form] as const))(
    "%s: the precompiled module, as served, gives the runtime ajv's errors",
    async (_label, form) => {
      const generated = standaloneValidators(form.schema, NOW);
      const { rootSchemaKey, validators } = await importModule(minifyModule(generated.source));
      expect(rootSchemaKey).toBe(hashForSchema(form.schema as RJSFSchema));
      expect(Object.keys(validators).sort()).toEqual([...generated.keys].sort());
      const cache = new FormValidatorCache(createAjv(NOW));
      const { found } = differences(form, validators, cache);
      expect(found).toEqual([]);
      // Every `if` rjsf resolves has its own function, and it agrees with ajv on the sample data.
      for (const part of form.schema.allOf ?? []) {
        if (typeof part !== "object" || typeof part.if !== "object") continue;
        const condition = validators[hashForSchema(part.if as RJSFSchema)];
        expect(condition).toBeTypeOf("function");
      }
    },
  );

  it("finds a valid body for every form, so the comparison sees both answers", () => {
    const withoutValidBody = FORMS.filter(({ form }) => {
      const cache = new FormValidatorCache(createAjv(NOW));
      return !sampleBodies(form, cache).some((body) =>
        cache.validatorFor(form)(normalizeFormData(form, body)),
      );
    });
    expect(withoutValidBody.map(({ label }) => label)).toEqual([]);
  });

  it("would notice a difference: a keyword helper that answers otherwise changes the errors", async () => {
    const passwordForm = FORMS.find(({ form }) =>
      JSON.stringify(form.schema).includes('"requireDigit":true'),
    )?.form;
    if (!passwordForm) throw new Error("no form with a password strength rule in the matrix");
    const honest = standaloneRequire(NOW);
    const lying = (name: string) => {
      const module = honest(name);
      if (name !== "storefront:form-keywords") return module;
      return { ...(module as object), characterClass: () => true };
    };
    const { validators } = await importModule(standaloneValidators(passwordForm.schema, NOW).source, lying);
    const { found } = differences(passwordForm, validators, new FormValidatorCache(createAjv(NOW)));
    expect(found.length).toBeGreaterThan(0);
  });

  it("requires only what the browser is given, and refuses code that needs more", () => {
    const modules = new Set(FORMS.flatMap(({ form }) => standaloneValidators(form.schema, NOW).requires));
    expect([...modules].sort()).toEqual(
      expect.arrayContaining(["ajv/dist/runtime/ucs2length", "storefront:form-keywords"]),
    );
    expect(() => standaloneRequire(NOW)("ajv/dist/compile")).toThrow(/unknown module/);
    // The browser has no format functions (ajv writes a regular-expression format into the code): a
    // form using one is refused when its module is written.
    expect(() =>
      standaloneValidators({ type: "object", properties: { day: { type: "string", format: "date" } } }, NOW),
    ).toThrow("The validators of this schema require ajv-formats/dist/formats, which the browser lacks");
    // A `pattern` with the `u` flag stays a regular expression; a uniqueItems check needs `equal`.
    expect(requiredModules('const a = require("x").y; require("ajv/dist/runtime/equal").default')).toEqual([
      "x",
      "ajv/dist/runtime/equal",
    ]);
  });
});
