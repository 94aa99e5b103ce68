/**
 * /console/settings/:kind: a configuration's sections to edit (the store settings', or the plans'
 * and the campaigns' one form), and the staff member's draft —
 * what it changes against the version in force, field by field — with 「公開する」 (a note is
 * required: it stays in the history) and 「下書きを破棄」. Plain forms that work without the
 * page's script.
 */
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { type EditableKind, isEditableKind } from "../../schemas/forms/configuration-forms.ts";
import { ChangeList } from "../components/console/change-list.tsx";
import { ConsoleField } from "../components/console/console-field.tsx";
import { PageTitle } from "../components/shell/page-title.tsx";
import { fieldMessages, postedFields } from "../lib/console-form.server.ts";
import { formatHistoryDateTime } from "../lib/format.ts";
import { CONSOLE_SETTINGS_SCREEN_DATA } from "../lib/screen-data-shapes.server.ts";
import { callApi, followNext, loadApiData } from "../lib/zapi.server.ts";
import type { Route } from "./+types/console-settings";

function kindOf(params: { kind?: string }): EditableKind {
  if (!isEditableKind(params.kind)) throw data(null, { status: 404 });
  return params.kind;
}

export async function loader(args: Route.LoaderArgs) {
  const kind = kindOf(args.params);
  return loadApiData(
    args,
    `/zapi/console/settings/${kind}/screen-data`,
    undefined,
    CONSOLE_SETTINGS_SCREEN_DATA,
  );
}

interface PublishFailure {
  message: string | null;
  fields: Record<string, string>;
  note: string;
}

export async function action(args: Route.ActionArgs) {
  const kind = kindOf(args.params);
  const field = await postedFields(args.request);
  const intent = field("intent");
  const result =
    intent === "publish"
      ? await callApi(args, `/zapi/console/settings/${kind}/publish`, { body: { note: field("note") } })
      : await callApi(args, `/zapi/console/settings/${kind}/discard`, { body: {} });
  if (result.status === 401) followNext(result);
  if (result.ok && intent === "publish") {
    const number = typeof result.answer.number === "number" ? result.answer.number : "";
    throw redirect(`/console/versions?kind=${kind}&published=${number}`);
  }
  if (result.ok) throw redirect(`/console/settings/${kind}?done=discarded`);
  return data<PublishFailure>(
    { message: result.message, fields: fieldMessages(result), note: field("note", false) },
    { status: result.status },
  );
}

export default function ConsoleSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const sending = useNavigation().state === "submitting";
  const { kind, sections, inForceNumber, draft } = loaderData;
  const kindName = t(`console.settings.kinds.${kind}`);
  const done = query.get("done");
  const refused = actionData?.message && !actionData.fields.note ? actionData.message : null;
  return (
    <div className="card console-card console-card--wide">
      <PageTitle name={kindName} />
      <p>
        <Link to="/console">{t("console.audit.back")}</Link>
      </p>
      <h1 className="console-card__title">{kindName}</h1>
      <p>{t("console.settings.lead")}</p>
      <p>
        <Link to={`/console/versions?kind=${kind}`}>
          {t("console.settings.inForce", { number: inForceNumber })}
        </Link>
      </p>
      {(done === "saved" || done === "discarded") && (
        <p className="alert alert--success" role="status">
          {t(`console.settings.${done}`)}
        </p>
      )}
      {refused && (
        <p className="alert alert--error" role="alert">
          {refused}
        </p>
      )}
      <section aria-labelledby="console-settings-draft">
        <h2 id="console-settings-draft" className="console-card__step">
          {t("console.settings.draftTitle")}
        </h2>
        {!draft ? (
          <p>{t("console.settings.noDraft")}</p>
        ) : (
          <>
            <p>
              {t("console.settings.draftSince", {
                number: draft.baseNumber,
                at: formatHistoryDateTime(draft.updatedAt),
              })}
            </p>
            {draft.stale && (
              <p className="alert alert--error" role="alert">
                {t("console.settings.stale")}
              </p>
            )}
            {draft.changes.length === 0 ? (
              <p>{t("console.settings.noChanges")}</p>
            ) : (
              <ChangeList changes={draft.changes} caption={t("console.settings.changes")} />
            )}
            {draft.changesCut && <p>{t("console.settings.changesCut")}</p>}
            {loaderData.previewScreens.length > 0 && (
              <p>
                {/* A document of its own: only the preview page's policy lets it frame member screens. */}
                <Link to={`/console/settings/${kind}/preview`} reloadDocument>
                  {t("console.preview.open")}
                </Link>
              </p>
            )}
            {!draft.stale && draft.changes.length > 0 && (
              <Form method="post" className="console-publish" aria-busy={sending}>
                <input type="hidden" name="intent" value="publish" />
                <ConsoleField
                  label={t("console.settings.note")}
                  hint={t("console.settings.noteHint")}
                  error={actionData?.fields.note}
                  name="note"
                  required
                  maxLength={500}
                  defaultValue={actionData?.note ?? ""}
                />
                <button type="submit" className="btn btn--primary" disabled={sending}>
                  {t("console.settings.publish")}
                </button>
              </Form>
            )}
            <Form method="post">
              <input type="hidden" name="intent" value="discard" />
              <button type="submit" className="btn btn--secondary" disabled={sending}>
                {t("console.settings.discard")}
              </button>
            </Form>
          </>
        )}
      </section>
      <section aria-labelledby="console-settings-sections">
        <h2 id="console-settings-sections" className="console-card__step">
          {t("console.settings.sectionsTitle")}
        </h2>
        <ul className="console-sections">
          {sections.map((section) => (
            <li key={section}>
              <Link to={`/console/settings/${kind}/${section}`}>
                {t(`console.settings.sections.${section}`, { defaultValue: section })}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
