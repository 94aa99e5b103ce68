/**
 * The screen-definition check (part of `npm test` through check.test.ts): everything a definition
 * names must exist. A pure function over the definitions and what they may refer to, so a broken
 * definition is reported by name before any page renders it.
 *
 * It reports a definition that
 * - has an id other than its first path's (screenIdOf), or shares an id or a path with another;
 * - names a builder the registry lacks, or a form that cannot be built;
 * - names a widget the theme lacks, or gives a uiSchema to a field its form does not have;
 * - maps an API error onto a field its form does not have;
 * - names a translation key missing in any language;
 * - calls an API path, or loads screen data, with a `:param` its route does not provide.
 */
import type { JSONSchema7Definition } from "json-schema";
import type { FormDefinition } from "../schemas/form-definition.ts";
import { type ScreenDefinition, type ScreenForm, screenIdOf } from "./screen-definition.ts";

export interface ScreenCheckContext {
  /** The builder names of schemas/forms/registry.ts. */
  builders: ReadonlySet<string>;
  /** The widget names the theme registers. */
  widgets: ReadonlySet<string>;
  /**
   * Builds a form as the screen shows it, for the richest store configuration (every field in
   * use), so that every field a form can have is known.
   */
  buildForm(screen: ScreenDefinition, form: ScreenForm): FormDefinition;
  /** Translation resources by language; a key must resolve to text in each. */
  translations: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/** The plural suffixes (i18next, locales/i18n.ts): a key `n` may exist only as `n_one`, `n_other`, … */
const PLURAL_SUFFIXES = ["zero", "one", "two", "few", "many", "other"];

/** Whether a dotted key names text in a nested resource (directly or through plural forms). */
export function hasTranslation(resource: Readonly<Record<string, unknown>>, key: string): boolean {
  const parts = key.split(".");
  const leaf = parts.pop() ?? "";
  let node: unknown = resource;
  for (const part of parts) {
    if (typeof node !== "object" || node === null) return false;
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node !== "object" || node === null) return false;
  const parent = node as Record<string, unknown>;
  if (typeof parent[leaf] === "string") return true;
  return PLURAL_SUFFIXES.some((suffix) => typeof parent[`${leaf}_${suffix}`] === "string");
}

function routeParams(path: string): string[] {
  return Array.from(path.matchAll(/:([A-Za-z0-9_]+)/g), (match) => match[1] ?? "");
}

/** Top-level property names of a form, including those of conditional (if/then) branches. */
export function formFieldNames(schema: JSONSchema7Definition): Set<string> {
  const names = new Set<string>();
  if (typeof schema !== "object") return names;
  for (const name of Object.keys(schema.properties ?? {})) names.add(name);
  const branches = [
    ...(schema.allOf ?? []),
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.then ? [schema.then] : []),
    ...(schema.else ? [schema.else] : []),
  ];
  for (const branch of branches) for (const name of formFieldNames(branch)) names.add(name);
  return names;
}

/** The translation keys a definition names, each with where it names it. */
function translationKeys(screen: ScreenDefinition): { key: string; where: string }[] {
  const keys = [{ key: screen.titleKey, where: "titleKey" }];
  if (screen.leadKey) keys.push({ key: screen.leadKey, where: "leadKey" });
  for (const [value, key] of Object.entries(screen.titleByScreenData?.keys ?? {})) {
    keys.push({ key, where: `titleByScreenData.keys.${value}` });
  }
  for (const [index, link] of (screen.links ?? []).entries()) {
    keys.push({ key: link.labelKey, where: `links[${index}].labelKey` });
  }
  for (const [index, form] of screen.forms.entries()) {
    const at = `forms[${index}]`;
    keys.push({ key: form.submitLabelKey, where: `${at}.submitLabelKey` });
    for (const [value, key] of Object.entries(form.submitLabelByScreenData?.keys ?? {})) {
      keys.push({ key, where: `${at}.submitLabelByScreenData.keys.${value}` });
    }
    if (form.showWhen) keys.push({ key: form.showWhen.labelKey, where: `${at}.showWhen.labelKey` });
    for (const [code, mapping] of Object.entries(form.errors ?? {})) {
      if (mapping.summaryKey)
        keys.push({ key: mapping.summaryKey, where: `${at}.errors.${code}.summaryKey` });
    }
    for (const [field, ui] of Object.entries(form.uiSchema ?? {})) {
      const help =
        typeof ui === "object" && !Array.isArray(ui) ? (ui as { "ui:help"?: unknown })["ui:help"] : undefined;
      if (typeof help === "string") keys.push({ key: help, where: `${at}.uiSchema.${field}.ui:help` });
    }
  }
  return keys;
}

/** Problems with one form of a screen: its builder, widgets, uiSchema fields and error fields. */
function formProblems(
  screen: ScreenDefinition,
  form: ScreenForm,
  at: string,
  context: ScreenCheckContext,
): string[] {
  if (!context.builders.has(form.builder)) return [`${at}: unknown builder "${form.builder}"`];
  let built: FormDefinition;
  try {
    built = context.buildForm(screen, form);
  } catch (error) {
    return [`${at}: builder "${form.builder}" fails: ${(error as Error).message}`];
  }
  const problems: string[] = [];
  const fields = formFieldNames(built.schema);
  for (const name of Object.keys(form.uiSchema ?? {})) {
    if (name.startsWith("ui:")) continue;
    if (!fields.has(name)) problems.push(`${at}.uiSchema: "${name}" is not a field of the form`);
  }
  // The widgets of the form as shown: the built uiSchema with the definition's overrides.
  for (const [name, ui] of Object.entries({ ...built.uiSchema, ...form.uiSchema })) {
    if (typeof ui !== "object" || Array.isArray(ui) || name.startsWith("ui:")) continue;
    const widget = (ui as { "ui:widget"?: unknown })["ui:widget"];
    if (widget !== undefined && !context.widgets.has(String(widget))) {
      problems.push(`${at}: field "${name}" names the unknown widget "${String(widget)}"`);
    }
  }
  for (const [code, mapping] of Object.entries(form.errors ?? {})) {
    if (mapping.field !== undefined && !fields.has(mapping.field)) {
      problems.push(`${at}.errors.${code}: "${mapping.field}" is not a field of the form`);
    }
  }
  const available = new Set(routeParams(screen.paths[0]));
  for (const param of routeParams(form.submit.path)) {
    if (!available.has(param)) {
      problems.push(`${at}.submit.path: ":${param}" is not a parameter of ${screen.paths[0]}`);
    }
  }
  return problems;
}

/** Every problem of every definition, each naming the screen; empty when all are sound. */
export function screenDefinitionProblems(
  screens: readonly ScreenDefinition[],
  context: ScreenCheckContext,
): string[] {
  const problems: string[] = [];
  const seenIds = new Set<string>();
  const pathOwners = new Map<string, string>();

  for (const screen of screens) {
    const report = (problem: string) => problems.push(`${screen.id}: ${problem}`);

    const expectedId = screenIdOf(screen.paths[0]);
    if (screen.id !== expectedId) report(`id should be "${expectedId}" (from ${screen.paths[0]})`);
    if (seenIds.has(screen.id)) report("id is used by another screen too");
    seenIds.add(screen.id);

    for (const path of screen.paths) {
      const owner = pathOwners.get(path);
      if (owner !== undefined) report(`path ${path} repeats one of ${owner}`);
      pathOwners.set(path, screen.id);
    }
    const firstParams = routeParams(screen.paths[0]).sort().join(",");
    for (const path of screen.paths.slice(1)) {
      if (routeParams(path).sort().join(",") !== firstParams) {
        report(`path ${path} has other parameters than ${screen.paths[0]}`);
      }
    }
    if (screen.screenData) {
      for (const param of routeParams(screen.screenData)) {
        if (!routeParams(screen.paths[0]).includes(param)) {
          report(`screenData: ":${param}" is not a parameter of ${screen.paths[0]}`);
        }
      }
    }

    for (const [index, form] of screen.forms.entries()) {
      for (const problem of formProblems(screen, form, `forms[${index}]`, context)) report(problem);
    }

    for (const { key, where } of translationKeys(screen)) {
      for (const [language, resource] of Object.entries(context.translations)) {
        if (!hasTranslation(resource, key)) report(`${where}: "${key}" is missing in ${language}`);
      }
    }
  }
  return problems;
}
