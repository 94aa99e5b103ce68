/**
 * The configurations the console edits and publishes, each as sections of forms built from its
 * schema: the store settings (a section per part), the plans, the campaign codes and the login
 * provider's clients (one form each; a client's secret is sealed and never shown back), and the
 * policies (one form; a revision members may have agreed to is never changed). For each: the content in force, how a section's form value goes back into the content,
 * and the check the file loader makes, whose problems are placed on the section's fields.
 */

import type { Language } from "../../locales/index.ts";
import type { FormDefinition } from "../../schemas/form-definition.ts";
import {
  CONFIGURATION_SECTIONS,
  configurationForm,
  type EditableKind,
  isEditableKind,
} from "../../schemas/forms/configuration-forms.ts";
import { NEW_CLIENT_SECRET } from "../../schemas/forms/oidc-clients-form.ts";
import {
  isOptionalObjectSection,
  type ProblemPlace,
  sectionFieldOf,
  sectionValue,
  withSectionValue,
} from "../../schemas/forms/store-settings-sections.ts";
import { japanMidnight } from "../../schemas/japan-time.ts";
import { ROOT_FIELD } from "../../schemas/validation-messages.ts";
import type { ApiDeps } from "../api/context.ts";
import { salesCounts } from "../commerce/campaigns.ts";
import { planOffers } from "../commerce/plans.ts";
import {
  type OidcClient,
  type OidcClientsContent,
  OidcClientsError,
  oidcClientsContent,
  oidcClientsOf,
} from "../oidc/client-source.ts";
import { consentClientInfo } from "../oidc/oidc-screen-data.ts";
import {
  type Catalogue,
  CatalogueError,
  campaignsContent,
  catalogueOf,
  plansContent,
} from "../store/catalogue-source.ts";
import { type ConfigProblem, configProblem, problemText } from "../store/config-problems.ts";
import { contentHash } from "../store/config-versions.ts";
import { type PoliciesContent, PolicyFilesError, policiesOf } from "../store/policy-source.ts";
import { parseStoreSettings, type StoreSettings, StoreSettingsError } from "../store/validate-settings.ts";

/** A content that does not pass the file loader's check, with its problems. */
export class ConfigurationProblems extends Error {
  constructor(readonly problems: readonly ConfigProblem[]) {
    super(problems.map(problemText).join("\n"));
    this.name = "ConfigurationProblems";
  }
}

/** What the configurations read besides the content: what else is in force, the server's key. */
type ConfigurationDeps = Pick<
  ApiDeps,
  "db" | "store" | "catalogue" | "oidcClients" | "secretBox" | "policies" | "now"
>;

/** What a preview asks for: the language its frame shows, and which subject (a client id). */
export interface PreviewRequest {
  language: Language;
  subject: string | null;
}

export interface EditableConfiguration {
  kind: EditableKind;
  sections: readonly string[];
  isSection(section: string): boolean;
  /** The section's form (schemas/forms/configuration-forms.ts). */
  form(section: string): FormDefinition;
  /** What is in force now, as a version stores it. */
  inForce(deps: ConfigurationDeps): unknown;
  sectionValue(content: unknown, section: string): Record<string, unknown>;
  /** The content with the section's form value put back; an empty optional section removes it. */
  withSectionValue(
    content: unknown,
    section: string,
    value: Record<string, unknown>,
    deps: ConfigurationDeps,
  ): unknown;
  /** An empty body that removes the section rather than being checked by its form. */
  isRemoval(section: string, body: unknown): boolean;
  /** Checks the content as its file would be checked; throws ConfigurationProblems. */
  validate(content: unknown, deps: ConfigurationDeps): unknown;
  /** Where a problem at `path` of the content shows in the section's form. */
  fieldOf(section: string, path: string): ProblemPlace;
  /** What a preview may be of besides the screen (a client each); none by default. */
  previewSubjects?(content: unknown, deps: ConfigurationDeps): string[];
  /**
   * Screen data the preview's screens take from this content, by screen (the plan cards of these
   * plans, the consent screen of this client); the screens' samples give the rest.
   */
  previewScreenData?(
    content: unknown,
    deps: ConfigurationDeps,
    request: PreviewRequest,
  ): Promise<Record<string, Record<string, unknown>>>;
}

function isEmptyObject(body: unknown): boolean {
  return typeof body === "object" && body !== null && !Array.isArray(body) && Object.keys(body).length === 0;
}

/** "plans.0.salesEndDate" → on `plans`, at 0.salesEndDate. */
function documentFieldOf(path: string): ProblemPlace {
  const [field = "", ...within] = path.split(".");
  if (!field || field === "(root)") return { field: ROOT_FIELD, within: [] };
  return { field, within };
}

/** The forms of a kind, as configuration-forms.ts builds them; a section it lacks has none. */
function formsOf(kind: EditableKind): Pick<EditableConfiguration, "sections" | "isSection" | "form"> {
  const forms = new Map<string, FormDefinition>();
  return {
    sections: CONFIGURATION_SECTIONS[kind],
    isSection: (section) => (CONFIGURATION_SECTIONS[kind] as readonly string[]).includes(section),
    form(section) {
      let form = forms.get(section);
      if (!form) {
        form = configurationForm(kind, section) ?? undefined;
        if (!form) throw new Error(`${kind} has no section ${section}`);
        forms.set(section, form);
      }
      return form;
    },
  };
}

const store: EditableConfiguration = {
  kind: "store",
  ...formsOf("store"),
  inForce: ({ store: settings }) => settings.current().settings,
  sectionValue: (content, section) => sectionValue(content as StoreSettings, section as never),
  withSectionValue: (content, section, value) =>
    withSectionValue(content as StoreSettings, section as never, value),
  isRemoval: (section, body) => isOptionalObjectSection(section as never) && isEmptyObject(body),
  validate(content) {
    try {
      return parseStoreSettings(content, "the console's draft");
    } catch (error) {
      if (error instanceof StoreSettingsError) throw new ConfigurationProblems(error.details);
      throw error;
    }
  },
  fieldOf: (section, path) =>
    sectionFieldOf(section as never, path) ?? { field: ROOT_FIELD, within: path.split(".") },
};

/** A catalogue kind: one form, the whole document; checked together with the other kind in force. */
function catalogueKind(kind: "plans" | "campaigns"): EditableConfiguration {
  const contentOf = (catalogue: Catalogue) =>
    kind === "plans" ? plansContent(catalogue) : campaignsContent(catalogue);
  return {
    kind,
    ...formsOf(kind),
    inForce: ({ catalogue }) => contentOf(catalogue.current()),
    sectionValue: (content) => ({ ...(content as Record<string, unknown>) }),
    withSectionValue: (_content, _section, value) => value,
    isRemoval: () => false,
    validate(content, { catalogue }) {
      const inForce = catalogue.current();
      try {
        if (kind === "plans") catalogueOf(content, campaignsContent(inForce), "the console's draft");
        else catalogueOf(plansContent(inForce), content, "the console's draft");
        return content;
      } catch (error) {
        if (error instanceof CatalogueError) throw new ConfigurationProblems(error.details);
        throw error;
      }
    },
    fieldOf: (_section, path) => documentFieldOf(path),
    // The plan cards a new member sees under these plans and campaign codes.
    async previewScreenData(content, { catalogue, db, now }, { language }) {
      const inForce = catalogue.current();
      const [plans, campaigns] =
        kind === "plans" ? [content, campaignsContent(inForce)] : [plansContent(inForce), content];
      const previewed = { ...catalogueOf(plans, campaigns, "the preview"), version: "preview" };
      return { "signup-plans": { plans: planOffers(previewed, [], await salesCounts(db), now(), language) } };
    },
  };
}

/** A client as its form has it: no secret, a new one to type. */
type ClientInForm = Omit<OidcClient, "client_secret"> & { [NEW_CLIENT_SECRET]?: string };

/**
 * The login provider's clients: the form never holds a secret; a typed one is sealed into the
 * content, an empty one keeps what the client of that id held, and a public client holds none.
 */
const clients: EditableConfiguration = {
  kind: "clients",
  ...formsOf("clients"),
  inForce: ({ oidcClients, secretBox }) =>
    oidcClientsContent(oidcClients?.current() ?? { clients: [] }, secretBox),
  sectionValue: (content) => ({
    clients: (content as OidcClientsContent).clients.map(
      ({ sealed_client_secret: _sealed, ...client }) => client,
    ),
  }),
  withSectionValue(content, _section, value, { secretBox }) {
    const sealedOf = new Map(
      (content as OidcClientsContent).clients.map((client) => [
        client.client_id,
        client.sealed_client_secret,
      ]),
    );
    return {
      clients: (value.clients as ClientInForm[]).map(({ [NEW_CLIENT_SECRET]: typed, ...client }) => {
        if (client.token_endpoint_auth_method === "none") return client;
        const sealed = typed ? secretBox.sealStable(typed) : sealedOf.get(client.client_id);
        return sealed === undefined ? client : { ...client, sealed_client_secret: sealed };
      }),
    };
  },
  isRemoval: () => false,
  previewSubjects: (content) => (content as OidcClientsContent).clients.map((client) => client.client_id),
  async previewScreenData(content, { secretBox }, { subject }) {
    const { clients: list } = oidcClientsOf(content, "preview", secretBox, "the preview");
    const client = list.find((candidate) => candidate.client_id === subject) ?? list[0];
    const screenData: Record<string, Record<string, unknown>> = {};
    if (client) screenData["oidc-consent"] = { clientInfo: consentClientInfo(client) };
    return screenData;
  },
  validate(content, { secretBox }) {
    try {
      oidcClientsOf(content, "draft", secretBox, "the console's draft");
      return content;
    } catch (error) {
      if (error instanceof OidcClientsError) {
        // The secret a confidential client lacks is the one its form asks for.
        throw new ConfigurationProblems(
          error.details.map((problem) => ({
            ...problem,
            path: problem.path.replace(/\.client_secret$/, `.${NEW_CLIENT_SECRET}`),
          })),
        );
      }
      throw error;
    }
  },
  fieldOf: (_section, path) => documentFieldOf(path),
};

/**
 * A revision in force (its day has come in Japan) is what members agreed to: it stays as it is,
 * and a change of the text is a new revision. Each such revision of the policies in force must be
 * in `content` unchanged.
 */
function changedRevisionsInEffect(
  content: PoliciesContent,
  inForce: PoliciesContent,
  now: Date,
): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const policy of inForce.policies) {
    const index = content.policies.findIndex((candidate) => candidate.policyId === policy.policyId);
    const draft = content.policies[index];
    for (const revision of policy.revisions) {
      if (japanMidnight(revision.effectiveFrom) > now) continue;
      const kept = draft?.revisions.find((candidate) => candidate.revision === revision.revision);
      if (kept && contentHash(kept) === contentHash(revision)) continue;
      problems.push(
        configProblem(draft ? `policies.${index}.revisions` : "policies", "revisionInEffect", {
          revision: revision.revision,
          policy: policy.policyId,
        }),
      );
    }
  }
  return problems;
}

const policies: EditableConfiguration = {
  kind: "policies",
  ...formsOf("policies"),
  inForce: ({ policies: source }) => source.current().content,
  sectionValue: (content) => ({ ...(content as Record<string, unknown>) }),
  withSectionValue: (_content, _section, value) => value,
  isRemoval: () => false,
  validate(content, { policies: source, now }) {
    try {
      policiesOf(content, "draft", "the console's draft");
    } catch (error) {
      if (error instanceof PolicyFilesError) throw new ConfigurationProblems(error.details);
      throw error;
    }
    const problems = changedRevisionsInEffect(content as PoliciesContent, source.current().content, now());
    if (problems.length > 0) throw new ConfigurationProblems(problems);
    return content;
  },
  fieldOf: (_section, path) => documentFieldOf(path),
};

export const EDITABLE_CONFIGURATIONS: Readonly<Record<EditableKind, EditableConfiguration>> = {
  store,
  plans: catalogueKind("plans"),
  campaigns: catalogueKind("campaigns"),
  clients,
  policies,
};

export function editableConfiguration(kind: string | undefined): EditableConfiguration | null {
  return isEditableKind(kind) ? EDITABLE_CONFIGURATIONS[kind] : null;
}
