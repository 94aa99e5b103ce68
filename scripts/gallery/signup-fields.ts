/**
 * The gallery's promise for /signup/form, checked on rendered markup: a `data-field` container for
 * every REQUIRED and OPTIONAL registration field and custom item, none for NOT_USE ones, and
 * `data-required="true"` plus the 必須 badge exactly on the REQUIRED ones (任意 on the others).
 *
 * The expectation is read from the settings and the settings schema, not from the form builder,
 * so a builder that drops, adds or mislabels a field is caught.
 */
import registrationSettingSchema from "../../schemas/account-registration-setting.schema.json" with {
  type: "json",
};
import type { FieldRule } from "../../schemas/form-definition.ts";
import { customProperty } from "../../schemas/forms/registration.ts";
import type { StoreSettings } from "../../schemas/types/store-settings.gen.ts";

/** Every per-field rule the settings schema knows (spec §3 Account registration settings). */
export const REGISTRATION_SETTING_FIELDS: readonly string[] = Object.entries(
  registrationSettingSchema.properties,
)
  .filter(([, schema]) => "$ref" in schema && schema.$ref === "#/definitions/fieldRule")
  .map(([name]) => name);

/** Sign-up asks for a password and its confirmation when the store requires one. */
const CREDENTIAL_FIELDS = ["password", "passwordConfirm"];

export interface ExpectedField {
  /** The container's data-field value. */
  name: string;
  rule: FieldRule;
}

/** Each registration field and custom item of the settings with its rule; an omitted rule is OPTIONAL. */
export function registrationRules(settings: StoreSettings): ExpectedField[] {
  const setting = settings.accountRegistrationSetting as Record<string, unknown> &
    StoreSettings["accountRegistrationSetting"];
  const builtIn = REGISTRATION_SETTING_FIELDS.map((name) => ({
    name,
    rule: (setting[name] as FieldRule | undefined) ?? "OPTIONAL",
  }));
  const custom = (setting.customAssociatedInfo ?? []).map((item) => ({
    name: customProperty(item.id),
    rule: item.rule,
  }));
  return [...builtIn, ...custom];
}

export interface BadgeTexts {
  required: string;
  optional: string;
}

/** Leaf elements inside the container whose whole text is a badge text (not those of nested fields). */
function badgesOf(container: Element, badges: BadgeTexts): string[] {
  const texts = new Set([badges.required, badges.optional]);
  return Array.from(container.querySelectorAll("*"))
    .filter((element) => element.children.length === 0)
    .filter((element) => element.parentElement?.closest("[data-field]") === container)
    .map((element) => element.textContent?.trim() ?? "")
    .filter((text) => texts.has(text));
}

/** Every way the rendered sign-up form breaks the promise above; empty when it keeps it. */
export function signupFormProblems(root: ParentNode, settings: StoreSettings, badges: BadgeTexts): string[] {
  const problems: string[] = [];
  const containers = new Map<string, Element[]>();
  for (const element of Array.from(root.querySelectorAll("[data-field]"))) {
    const name = element.getAttribute("data-field") ?? "";
    containers.set(name, [...(containers.get(name) ?? []), element]);
  }

  const expected = registrationRules(settings);
  for (const { name, rule } of expected) {
    const found = containers.get(name) ?? [];
    if (rule === "NOT_USE") {
      if (found.length > 0) problems.push(`${name} is NOT_USE but has a data-field container`);
      continue;
    }
    if (found.length !== 1) {
      problems.push(`${name} is ${rule} but has ${found.length} data-field containers`);
      continue;
    }
    const container = found[0] as Element;
    const required = rule === "REQUIRED";
    const dataRequired = container.getAttribute("data-required");
    if (dataRequired !== String(required)) {
      problems.push(`${name} is ${rule} but data-required is ${JSON.stringify(dataRequired)}`);
    }
    const shown = badgesOf(container, badges);
    const wanted = required ? badges.required : badges.optional;
    if (shown.length !== 1 || shown[0] !== wanted) {
      problems.push(`${name} is ${rule}: expected the badge ${wanted}, found ${JSON.stringify(shown)}`);
    }
  }

  const credentials = settings.signUp?.isRequiredPassword === true ? CREDENTIAL_FIELDS : [];
  for (const name of credentials) {
    if (!containers.has(name)) problems.push(`${name} is missing although the store requires a password`);
  }
  const known = new Set([...expected.map(({ name }) => name), ...credentials]);
  for (const name of containers.keys()) {
    if (!known.has(name)) problems.push(`${name} has a data-field container but is no registration field`);
  }
  return problems;
}
