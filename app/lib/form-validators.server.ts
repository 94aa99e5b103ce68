/**
 * Precompiled form validators for the browser (ADR 0012): each form schema's ajv standalone code
 * (schemas/standalone-validators.ts), generated once and kept by content hash, served by
 * routes/form-validator.ts at /form-validators/<hash>.js. Form pages' loaders name the URL of
 * each of their forms; the browser imports it instead of compiling schemas itself (which a strict
 * CSP forbids).
 *
 * Generation happens when a schema is first seen (a settings version or screen data that changes
 * the schema); a request for an unchanged form finds its module by the FormDefinition object the
 * memoised builders hand back, or by the schema text. The caches are bounded: forms built from a
 * member's own data make schemas of their own.
 */
import { createHash } from "node:crypto";
import type { LoaderFunctionArgs } from "react-router";
import type { FormDefinition } from "../../schemas/form-definition.ts";
import { standaloneValidators } from "../../schemas/standalone-validators.ts";
import type { StoreSettings } from "../../schemas/types/store-settings.gen.ts";
import type { ScreenDefinition } from "../../screens/screen-definition.ts";
import { buildFormsOfScreen } from "./screen-form-build.server.ts";
import { loadScreenData } from "./zapi.server.ts";

export const FORM_VALIDATOR_PATH = "/form-validators/";

/** The file name in a validator URL: 22 base64url characters of the module's SHA-256, then `.js`. */
const MODULE_FILE = /^([A-Za-z0-9_-]{22})\.js$/;

export interface ValidatorModuleEntry {
  hash: string;
  url: string;
  source: string;
}

/** A Map that forgets its least recently used entries beyond `capacity`. */
class BoundedMap<K, V> {
  private readonly entries = new Map<K, V>();
  constructor(private readonly capacity: number) {}
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }
  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
  get size(): number {
    return this.entries.size;
  }
}

export class FormValidatorModules {
  private readonly byDefinition = new WeakMap<FormDefinition, ValidatorModuleEntry>();
  private readonly bySchema: BoundedMap<string, ValidatorModuleEntry>;
  private readonly byHash: BoundedMap<string, ValidatorModuleEntry>;
  /** How many modules were generated (tests check that a second request generates nothing). */
  generated = 0;

  constructor(
    capacity = 256,
    private readonly generate: (form: FormDefinition) => string = (form) =>
      standaloneValidators(form.schema).source,
  ) {
    this.bySchema = new BoundedMap(capacity);
    this.byHash = new BoundedMap(capacity);
  }

  /** The module of a form, generated on first sight of its schema. Throws when ajv cannot write it. */
  moduleFor(form: FormDefinition): ValidatorModuleEntry {
    const known = this.byDefinition.get(form);
    if (known && this.byHash.get(known.hash)) return known;
    const schemaText = JSON.stringify(form.schema);
    let entry = this.bySchema.get(schemaText);
    if (!entry) {
      const source = this.generate(form);
      this.generated += 1;
      const hash = createHash("sha256").update(source).digest("base64url").slice(0, 22);
      entry = { hash, url: `${FORM_VALIDATOR_PATH}${hash}.js`, source };
      this.bySchema.set(schemaText, entry);
    }
    this.byHash.set(entry.hash, entry);
    this.byDefinition.set(form, entry);
    return entry;
  }

  /** The module source named by a URL's file name (`<hash>.js`), if this process made it. */
  sourceOf(fileName: string): string | undefined {
    const hash = MODULE_FILE.exec(fileName)?.[1];
    return hash ? this.byHash.get(hash)?.source : undefined;
  }
}

export const formValidatorModules = new FormValidatorModules();

interface RootSettings {
  storeSettingData: StoreSettings;
  storeSettingVersion: string;
}

function isRootSettings(value: unknown): value is RootSettings {
  const root = value as Partial<RootSettings> | null;
  return (
    typeof root?.storeSettingVersion === "string" &&
    typeof root.storeSettingData === "object" &&
    root.storeSettingData !== null
  );
}

/** A form page's forms, built on the server, and the URL of each one's precompiled validator. */
export interface PageForms {
  /** The screen's forms in its order (`screen.forms`), as the page draws and the action judges them. */
  forms: FormDefinition[];
  /** The validator module of each form by form id (ADR 0013); a form without one is checked by the API. */
  validatorUrls: Record<string, string>;
}

/**
 * The screen's forms built from the store settings of the root screen data and this screen's data,
 * with their validator URLs. The browser receives them built, so it ships no form builders (issue
 * 28). A validator that cannot be written leaves its form to the API's validation; settings that
 * cannot be read fail the page, which could not draw its forms.
 */
export async function pageForms(
  args: LoaderFunctionArgs,
  screen: ScreenDefinition,
  screenData: Readonly<Record<string, unknown>>,
  modules: FormValidatorModules = formValidatorModules,
): Promise<PageForms> {
  const root = await loadScreenData<object>(args, "/");
  if (!isRootSettings(root)) throw new Error("The root screen data carries no store settings");
  const forms = buildFormsOfScreen(screen, {
    settings: root.storeSettingData,
    settingsVersion: root.storeSettingVersion,
    screenData,
  });
  const validatorUrls: Record<string, string> = {};
  for (const form of forms) {
    try {
      validatorUrls[form.id] = modules.moduleFor(form).url;
    } catch (error) {
      console.error(`No precompiled validator for ${screen.id} (${form.id})`, error);
    }
  }
  return { forms, validatorUrls };
}
