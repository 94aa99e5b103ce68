/**
 * The browser side of precompiled form validators (ADR 0012). The server writes each form's
 * validators as a small ES module (app/lib/form-validators.server.ts, served at
 * /form-validators/<hash>.js); the page imports it — a same-origin script, which a strict CSP
 * allows — and hands its functions to rjsf's precompiled validator. The browser never compiles a
 * schema, so neither `new Function` nor the ajv compiler is needed here.
 *
 * Until the module has loaded (server rendering, hydration, a slow network) or when it cannot load,
 * the form renders with a stand-in that knows only what rendering needs: which if/then branches
 * apply (`matchesCondition`). It reports no errors; SchemaForm holds a submit until the module
 * settles, and a form without one submits and gets the API's validation answer.
 */
import type { RJSFSchema, ValidatorType } from "@rjsf/utils";
import { deepEquals, hashForSchema } from "@rjsf/utils";
// Its own file: the package's index also brings `customizeValidator` and with it the ajv compiler.
import createPrecompiledValidator from "@rjsf/validator-ajv8/lib/createPrecompiledValidator.js";
import type { ValidatorFunctions } from "@rjsf/validator-ajv8/lib/types.js";
import { standaloneRequire } from "../schemas/standalone-validators-runtime.ts";

/** What a validator module exports (schemas/standalone-validators.ts writes it). */
export interface ValidatorModule {
  rootSchemaKey: string;
  create(require: (name: string) => unknown): ValidatorFunctions;
}

export type ValidatorModuleState =
  /** Loading, or rendering on the server / hydrating (before any module can be there). */
  | { status: "loading" }
  | { status: "ready"; module: ValidatorModule; validators: ValidatorFunctions }
  /** The module could not be loaded, or the page has none: the API's validation answers. */
  | { status: "unavailable" };

const LOADING: ValidatorModuleState = { status: "loading" };
const UNAVAILABLE: ValidatorModuleState = { status: "unavailable" };

export type ModuleImporter = (url: string) => Promise<unknown>;

/** Same-origin ES module import; Vite leaves the runtime URL alone. */
const importUrl: ModuleImporter = (url) => import(/* @vite-ignore */ url);

function isValidatorModule(value: unknown): value is ValidatorModule {
  const module = value as Partial<ValidatorModule> | null;
  return typeof module?.rootSchemaKey === "string" && typeof module.create === "function";
}

/** Loaded modules by URL, shared by every form of the page (URLs are content-hashed and immutable). */
export class ValidatorModuleStore {
  private readonly states = new Map<string, ValidatorModuleState>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly importer: ModuleImporter = importUrl) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  stateOf(url: string | undefined): ValidatorModuleState {
    if (!url) return UNAVAILABLE;
    return this.states.get(url) ?? LOADING;
  }

  /** Starts loading `url` once; a failure is remembered (the page's forms fall back together). */
  load(url: string): void {
    if (this.states.has(url)) return;
    this.states.set(url, LOADING);
    void this.importer(url)
      .then((module) => {
        if (!isValidatorModule(module)) throw new Error(`${url} is not a form validator module`);
        return { status: "ready", module, validators: module.create(standaloneRequire()) } as const;
      })
      .catch((error: unknown): ValidatorModuleState => {
        console.warn(`Form validation runs on the server only: ${url} did not load`, error);
        return UNAVAILABLE;
      })
      .then((state) => {
        this.states.set(url, state);
        for (const listener of this.listeners) listener();
      });
  }
}

export const validatorModules = new ValidatorModuleStore();

const TYPE_CHECKS: Record<string, (value: unknown) => boolean> = {
  object: (value) => typeof value === "object" && value !== null && !Array.isArray(value),
  array: Array.isArray,
  string: (value) => typeof value === "string",
  boolean: (value) => typeof value === "boolean",
  number: (value) => typeof value === "number" && Number.isFinite(value),
  integer: (value) => Number.isInteger(value),
  null: (value) => value === null,
};

const CONDITION_KEYWORDS = new Set(["$id", "type", "properties", "required", "enum", "const"]);

/**
 * Whether `data` matches an `if` schema of the shape the form builders write
 * (schemas/forms/compose.ts: `properties` with `enum`/`const`/`type`, and `required`). Anything
 * else is answered "no" (the branch stays hidden) rather than guessed. The tests hold this to ajv's
 * answers for every condition of every form.
 */
export function matchesCondition(schema: unknown, data: unknown): boolean {
  if (typeof schema === "boolean") return schema;
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return false;
  const condition = schema as Record<string, unknown>;
  if (Object.keys(condition).some((keyword) => !CONDITION_KEYWORDS.has(keyword))) return false;
  const { type, properties, required, enum: allowed, const: constant } = condition;
  if (type !== undefined) {
    const types = Array.isArray(type) ? type : [type];
    if (!types.some((name) => TYPE_CHECKS[String(name)]?.(data) === true)) return false;
  }
  if (allowed !== undefined && !(Array.isArray(allowed) && allowed.some((value) => deepEquals(value, data))))
    return false;
  if (constant !== undefined && !deepEquals(constant, data)) return false;
  if (!TYPE_CHECKS.object?.(data)) return true;
  const record = data as Record<string, unknown>;
  if (Array.isArray(required) && required.some((name) => record[String(name)] === undefined)) return false;
  if (typeof properties === "object" && properties !== null) {
    for (const [name, subschema] of Object.entries(properties)) {
      if (record[name] !== undefined && !matchesCondition(subschema, record[name])) return false;
    }
  }
  return true;
}

/** The validator before (or without) the module: no errors; conditions resolved for rendering. */
export const conditionOnlyValidator: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: (schema, formData) => matchesCondition(schema, formData),
  rawValidation: () => ({ errors: undefined }),
};

/**
 * rjsf's precompiled validator over the module's functions, or null when the module was built
 * for another schema (the settings changed between the page's two loads) and must not be used.
 */
export function precompiledValidatorFor(
  schema: RJSFSchema,
  state: Extract<ValidatorModuleState, { status: "ready" }>,
): ValidatorType | null {
  if (state.module.rootSchemaKey !== hashForSchema(schema)) return null;
  try {
    return createPrecompiledValidator(state.validators, schema);
  } catch {
    return null;
  }
}

/**
 * One validator object for the life of a form, whatever the module's state: rjsf keeps the
 * validator it started with (it compares props with functions counted equal), so this one
 * forwards to the current implementation instead of being replaced. A precompiled validator that
 * lacks a function for a sub-schema falls back to the condition check rather than break the page.
 */
export class SwitchingValidator implements ValidatorType {
  current: ValidatorType = conditionOnlyValidator;

  validateFormData: ValidatorType["validateFormData"] = (...args) => this.current.validateFormData(...args);

  rawValidation: ValidatorType["rawValidation"] = (...args) => this.current.rawValidation(...args);

  isValid: ValidatorType["isValid"] = (schema, formData, rootSchema) => {
    try {
      return this.current.isValid(schema, formData, rootSchema);
    } catch {
      return conditionOnlyValidator.isValid(schema, formData, rootSchema);
    }
  };
}
