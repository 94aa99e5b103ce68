/**
 * /console/settings/:kind/:section: one section of a configuration (the store settings, the plans,
 * the campaign codes) as a form built from its schema, filled from the staff member's draft (or
 * the version in force), checked in the browser by the precompiled validator and again by the API,
 * saved into the draft. Nothing reaches members before the draft is published from
 * /console/settings/:kind.
 */
import { useTranslation } from "react-i18next";
import { data, Link, redirect, type SubmitTarget, useNavigation, useSubmit } from "react-router";
import type { FieldError } from "../../schemas/form-definition.ts";
import { isEditableKind } from "../../schemas/forms/configuration-forms.ts";
import { SettingsForm } from "../components/console/settings-form.tsx";
import { PageTitle } from "../components/shell/page-title.tsx";
import { sectionForm } from "../lib/console-settings.server.ts";
import { CONSOLE_SETTINGS_SECTION_SCREEN_DATA } from "../lib/screen-data-shapes.server.ts";
import { callApi, followNext, loadApiData } from "../lib/zapi.server.ts";
import type { Route } from "./+types/console-settings-section";
// The form's texts and widgets' texts, as on the members' form pages.
import "../lib/translations/forms.ts";
import "../lib/translations/widgets.ts";

/** The configuration and section the path names, with the section's form; 404 for others. */
function sectionOf(params: { kind?: string; section?: string }) {
  const { kind, section = "" } = params;
  const built = isEditableKind(kind) ? sectionForm(kind, section) : null;
  if (!kind || !built) throw data(null, { status: 404 });
  return { kind, section, ...built };
}

export async function loader(args: Route.LoaderArgs) {
  const { kind, section, form, validatorUrl } = sectionOf(args.params);
  const screen = await loadApiData(
    args,
    `/zapi/console/settings/${kind}/${section}/screen-data`,
    undefined,
    CONSOLE_SETTINGS_SECTION_SCREEN_DATA,
  );
  return { ...screen, kind, form, validatorUrl };
}

interface SectionSaveFailure {
  errors: FieldError[];
  summary: string;
}

export async function action(args: Route.ActionArgs) {
  const { kind, section } = sectionOf(args.params);
  // The form posts its data as JSON once its script runs; a plain HTML post cannot carry lists of
  // items, and saving what it can would drop them: the page asks for the script instead.
  if (!(args.request.headers.get("Content-Type") ?? "").includes("application/json")) {
    return data<SectionSaveFailure>({ errors: [], summary: "needsScript" }, { status: 415 });
  }
  const body: unknown = await args.request.json().catch(() => null);
  const result = await callApi(args, `/zapi/console/settings/${kind}/${section}`, { body });
  if (result.status === 401) followNext(result);
  if (result.ok) throw redirect(`/console/settings/${kind}?done=saved`);
  const errors = Array.isArray(result.answer.errors) ? (result.answer.errors as FieldError[]) : [];
  return data<SectionSaveFailure>({ errors, summary: result.message ?? "" }, { status: result.status });
}

export default function ConsoleSettingsSection({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const busy = useNavigation().state === "submitting";
  const { kind, section, value, fromDraft, form, validatorUrl } = loaderData;
  const sectionName = t(`console.settings.sections.${section}`);
  const kindName = t(`console.settings.kinds.${kind}`);
  const summary =
    actionData?.summary === "needsScript" ? t("console.settings.needsScript") : (actionData?.summary ?? "");
  return (
    <div className="card console-card console-card--wide">
      <PageTitle name={`${sectionName} - ${kindName}`} />
      <p>
        <Link to={`/console/settings/${kind}`}>{t("console.settings.back", { kind: kindName })}</Link>
      </p>
      <h1 className="console-card__title">{sectionName}</h1>
      <p>{fromDraft ? t("console.settings.fromDraft") : t("console.settings.fromInForce")}</p>
      <SettingsForm
        form={form}
        formData={value}
        validatorUrl={validatorUrl}
        serverErrors={actionData?.errors}
        summary={summary}
        busy={busy}
        submitLabelKey="console.settings.saveDraft"
        onSubmit={(values) => submit(values as SubmitTarget, { method: "post", encType: "application/json" })}
      />
    </div>
  );
}
