/**
 * The forms of each configuration the console edits, by kind and section: the store settings' a
 * form per section, the plans', the campaigns', the login provider's clients' and the policies' one
 * form each. The API checks a section's save
 * with its form; the console's page draws it.
 */
import type { FormDefinition } from "../form-definition.ts";
import { buildCampaignsForm, buildPlansForm } from "./catalogue-forms.ts";
import { buildOidcClientsForm } from "./oidc-clients-form.ts";
import { buildPoliciesForm } from "./policies-form.ts";
import { buildStoreSectionForm, isStoreSectionId, STORE_SECTION_IDS } from "./store-settings-sections.ts";

export const CONFIGURATION_SECTIONS = {
  store: STORE_SECTION_IDS,
  plans: ["plans"],
  campaigns: ["campaigns"],
  clients: ["clients"],
  policies: ["policies"],
} as const satisfies Record<string, readonly string[]>;

export type EditableKind = keyof typeof CONFIGURATION_SECTIONS;

export function isEditableKind(value: unknown): value is EditableKind {
  return typeof value === "string" && Object.hasOwn(CONFIGURATION_SECTIONS, value);
}

/** The section's form, or null when the configuration has no such section. */
export function configurationForm(
  kind: EditableKind,
  section: string,
  hasLabel: (key: string) => boolean = () => false,
): FormDefinition | null {
  if (kind === "store") return isStoreSectionId(section) ? buildStoreSectionForm(section, hasLabel) : null;
  if (section !== kind) return null;
  if (kind === "clients") return buildOidcClientsForm(hasLabel);
  if (kind === "policies") return buildPoliciesForm(hasLabel);
  return kind === "plans" ? buildPlansForm(hasLabel) : buildCampaignsForm(hasLabel);
}
