import { readFileSync } from "node:fs";
import { join } from "node:path";
import { hashForSchema, type RJSFSchema } from "@rjsf/utils";
import type { LoaderFunctionArgs } from "react-router";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { FormDefinition } from "../../schemas/form-definition.ts";
import { buildScreenForm } from "../../schemas/forms/registry.ts";
import { standaloneValidators } from "../../schemas/standalone-validators.ts";
import { standaloneRequire } from "../../schemas/standalone-validators-runtime.ts";
import {
  importValidatorSource,
  removeImportedValidators,
} from "../../schemas/standalone-validators-testing.ts";
import { validateFormData } from "../../schemas/validation.ts";
import { screenById } from "../../screens/index.ts";
import { FIXTURES_DIR, loadScreenFixtures, screenDataFor } from "../../scripts/gallery/fixtures.ts";
import { toPublicStoreSettings } from "../../server/store/public-settings.ts";
import { parseStoreSettingsText } from "../../server/store/validate-settings.ts";
import { loader as validatorRoute } from "../routes/form-validator.ts";
import { FormValidatorModules, formValidatorModules, pageForms } from "./form-validators.server.ts";

afterAll(removeImportedValidators);

const formValidatorUrls = async (...args: Parameters<typeof pageForms>) =>
  (await pageForms(...args)).validatorUrls;

const settings = parseStoreSettingsText(
  readFileSync(join(FIXTURES_DIR, "stores/mixed.json"), "utf8"),
  "mixed.json",
);
const publicSettings = toPublicStoreSettings(settings);
const fixtures = loadScreenFixtures();

/** Loader arguments whose in-process API answers the root screen data (or fails). */
function loaderArgs(rootAnswer: () => Response): { args: LoaderFunctionArgs; calls: string[] } {
  const calls: string[] = [];
  const inProcess = async (request: Request) => {
    calls.push(new URL(request.url).pathname);
    return rootAnswer();
  };
  const request = new Request("http://localhost:5173/signup/form");
  const args = { request, params: {}, context: { zapi: { inProcess, origin: null, clientAddress: null } } };
  return { args: args as unknown as LoaderFunctionArgs, calls };
}

const rootData = () =>
  Response.json({
    authId: null,
    memberLabel: null,
    profileImageUrl: null,
    storeSettingData: publicSettings,
    storeSettingVersion: "v7",
  });

function routeArgs(file: string) {
  return { params: { file } } as unknown as Parameters<typeof validatorRoute>[0];
}

describe("pageForms", () => {
  const screen = screenById("signup-form");
  if (!screen) throw new Error("no signup-form screen");
  const screenData = screenDataFor(screen, settings, fixtures);

  it("names a content-hashed module for each form, built as the browser builds it", async () => {
    const { args, calls } = loaderArgs(rootData);
    const modules = new FormValidatorModules();
    const urls = await formValidatorUrls(args, screen, screenData, modules);
    expect(calls).toEqual(["/zapi/internal/root/screen-data"]);
    expect(Object.keys(urls)).toEqual(["registration.signup"]);
    expect(urls["registration.signup"]).toMatch(/^\/form-validators\/[A-Za-z0-9_-]{22}\.js$/);
    // The browser's form: the same builder over the public settings and the same screen data.
    const browserForm = buildScreenForm(screen.forms[0]?.builder ?? "registration", {
      settings: publicSettings,
      settingsVersion: "v7",
      screenData,
      options: screen.forms[0]?.builderOptions ?? {},
    });
    const source = modules.sourceOf(urls["registration.signup"]?.split("/").at(-1) ?? "") ?? "";
    expect(modules.moduleFor(browserForm).url).toBe(urls["registration.signup"]);
    // The served text, minified, is a module that validates that form as the API does.
    const served = await importValidatorSource(source);
    expect(served.rootSchemaKey).toBe(hashForSchema(browserForm.schema as RJSFSchema));
    const validate = served.create(standaloneRequire())[served.rootSchemaKey];
    expect(validate?.({})).toBe(false);
    const apiErrors = validateFormData(browserForm, {});
    expect(apiErrors.ok).toBe(false);
    expect(validate?.errors).toHaveLength(apiErrors.ok ? 0 : apiErrors.errors.length);
    expect(source.length).toBeLessThan(standaloneValidators(browserForm.schema).source.length * 0.8);
  });

  it("generates a form's module once: later requests (same or rebuilt definition) reuse it", async () => {
    const modules = new FormValidatorModules();
    await formValidatorUrls(loaderArgs(rootData).args, screen, screenData, modules);
    await formValidatorUrls(loaderArgs(rootData).args, screen, screenData, modules);
    const rebuilt = buildScreenForm(screen.forms[0]?.builder ?? "registration", {
      settings: publicSettings,
      settingsVersion: "another version, same schema",
      screenData,
      options: screen.forms[0]?.builderOptions ?? {},
    });
    modules.moduleFor(rebuilt);
    expect(modules.generated).toBe(1);
  });

  it("fails the page when the settings cannot be read, and leaves a form it cannot write to the API", async () => {
    const failing = loaderArgs(() => Response.json({ code: "INTERNAL" }, { status: 500 }));
    await expect(
      pageForms(failing.args, screen, screenData, new FormValidatorModules()),
    ).rejects.toBeDefined();
    const garbled = loaderArgs(() => new Response("not json"));
    await expect(
      pageForms(garbled.args, screen, screenData, new FormValidatorModules()),
    ).rejects.toBeDefined();
    vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = new FormValidatorModules(8, () => {
      throw new Error('CodeGen: "code" for keyword0 not defined');
    });
    const page = await pageForms(loaderArgs(rootData).args, screen, screenData, broken);
    expect(page.validatorUrls).toEqual({});
    // The form itself is still built: the page draws it and the API validates it.
    expect(page.forms.map((form) => form.id)).toEqual(["registration.signup"]);
  });

  it("forgets the least recently used modules beyond its capacity", () => {
    const modules = new FormValidatorModules(2, (form) => `export const id = ${JSON.stringify(form.id)};`);
    const form = (id: string): FormDefinition => ({ id, version: "1", schema: { title: id }, uiSchema: {} });
    const [a, b, c] = [form("a"), form("b"), form("c")].map((definition) => modules.moduleFor(definition));
    const name = (url = "") => url.split("/").at(-1) ?? "";
    expect(modules.sourceOf(name(a?.url))).toBeUndefined();
    expect(modules.sourceOf(name(b?.url))).toContain('"b"');
    expect(modules.sourceOf(name(c?.url))).toContain('"c"');
  });
});

describe("GET /form-validators/<hash>.js", () => {
  it("serves a module as immutable JavaScript", async () => {
    const screen = screenById("password-reset");
    if (!screen) throw new Error("no password-reset screen");
    const urls = await formValidatorUrls(loaderArgs(rootData).args, screen, {});
    const url = Object.values(urls)[0] ?? "";
    const response = validatorRoute(routeArgs(url.split("/").at(-1) ?? ""));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const source = await response.text();
    expect(source).toMatch(/^\/\/ Precompiled form validators/);
    expect(typeof (await importValidatorSource(source)).create).toBe("function");
    // Nothing in it evaluates a string or loads the ajv compiler.
    expect(source).not.toMatch(/new Function|\beval\(|ajv\/dist\/compile/);
  });

  it.each([
    ["an unknown hash", "AAAAAAAAAAAAAAAAAAAAAA.js"],
    ["another extension", `${"A".repeat(22)}.mjs`],
    ["a path", "../form-validators.server.ts"],
    ["a short name", "abc.js"],
    ["nothing", ""],
  ])("answers 404, not cached, for %s", async (_what, file) => {
    expect(formValidatorModules.sourceOf(file)).toBeUndefined();
    const response = validatorRoute(routeArgs(file));
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});
