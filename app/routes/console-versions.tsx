/**
 * /console/versions?kind=store: the versions of one configuration, newest first, with where each
 * came from (the file, or the staff member who published it), its note and what it changed — for
 * owners and the configuration role. 「この版に戻す」 publishes an old version again as the newest
 * (history is never rewritten), with a note saying why.
 */
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { ChangeList } from "../components/console/change-list.tsx";
import { ConsoleField } from "../components/console/console-field.tsx";
import { PageTitle } from "../components/shell/page-title.tsx";
import { fieldMessages, postedFields } from "../lib/console-form.server.ts";
import { formatHistoryDateTime } from "../lib/format.ts";
import { CONSOLE_VERSIONS_SCREEN_DATA } from "../lib/screen-data-shapes.server.ts";
import { callApi, followNext, loadApiData, pageUrl } from "../lib/zapi.server.ts";
import type { Route } from "./+types/console-versions";

export async function loader(args: Route.LoaderArgs) {
  const kind = pageUrl(args).searchParams.get("kind") ?? "store";
  return loadApiData(
    args,
    `/zapi/console/versions/screen-data?${new URLSearchParams({ kind })}`,
    undefined,
    CONSOLE_VERSIONS_SCREEN_DATA,
  );
}

interface RollbackFailure {
  number: number;
  message: string | null;
  fields: Record<string, string>;
  note: string;
}

export async function action(args: Route.ActionArgs) {
  const field = await postedFields(args.request);
  const kind = encodeURIComponent(field("kind"));
  const number = Number(field("number"));
  const result = await callApi(
    args,
    `/zapi/console/versions/${kind}/${encodeURIComponent(field("number"))}/rollback`,
    {
      body: { note: field("note") },
    },
  );
  if (result.status === 401) followNext(result);
  if (result.ok) {
    const published = typeof result.answer.number === "number" ? result.answer.number : "";
    throw redirect(
      `/console/versions?${new URLSearchParams({ kind: field("kind"), published: String(published) })}`,
    );
  }
  return data<RollbackFailure>(
    { number, message: result.message, fields: fieldMessages(result), note: field("note", false) },
    { status: result.status },
  );
}

export default function ConsoleVersions({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const sending = useNavigation().state === "submitting";
  const { kind, kinds, versions, canRollback } = loaderData;
  const published = query.get("published");
  return (
    <div className="card console-card console-card--wide">
      <PageTitle name={t("console.versions.title")} />
      <p>
        <Link to="/console">{t("console.audit.back")}</Link>
      </p>
      <h1 className="console-card__title">{t("console.versions.title")}</h1>
      <p>{t("console.versions.lead")}</p>
      {published && (
        <p className="alert alert--success" role="status">
          {t("console.settings.published", { number: published })}
        </p>
      )}
      <nav aria-label={t("console.versions.kindNav")}>
        <ul className="console-tabs">
          {kinds.map((name) => (
            <li key={name}>
              <Link
                to={`/console/versions?kind=${name}`}
                className="console-tabs__link"
                aria-current={name === kind ? "page" : undefined}
              >
                {t(`console.versions.kinds.${name}`, { defaultValue: name })}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {versions.length === 0 ? (
        <p role="status">{t("console.versions.empty")}</p>
      ) : (
        <ol className="console-versions">
          {versions.map((version) => {
            const failure = actionData?.number === version.number ? actionData : null;
            const author =
              version.source === "file" ? t("console.versions.file") : (version.staffEmail ?? "-");
            return (
              <li key={version.number} className="console-version">
                <h2 className="console-card__step">
                  {t("console.versions.heading", { number: version.number })}
                  {version.inForce && (
                    <span className="console-version__badge">{t("console.versions.inForce")}</span>
                  )}
                </h2>
                <p>
                  <time dateTime={version.createdAt}>{formatHistoryDateTime(version.createdAt)}</time>
                  {" · "}
                  {author}
                </p>
                {version.note && <p className="console-version__note">{version.note}</p>}
                {version.changes.length > 0 && (
                  <details>
                    <summary>{t("console.versions.changes", { count: version.changes.length })}</summary>
                    <ChangeList
                      changes={version.changes}
                      caption={t("console.versions.changesCaption", { number: version.number })}
                    />
                    {version.changesCut && <p>{t("console.settings.changesCut")}</p>}
                  </details>
                )}
                {canRollback && !version.inForce && (
                  <Form
                    method="post"
                    className="console-inline-form console-version__rollback"
                    aria-busy={sending}
                  >
                    <input type="hidden" name="kind" value={kind} />
                    <input type="hidden" name="number" value={version.number} />
                    <ConsoleField
                      label={t("console.versions.rollbackNote")}
                      error={failure?.fields.note}
                      name="note"
                      required
                      maxLength={500}
                      defaultValue={failure?.note ?? ""}
                    />
                    <button type="submit" className="btn btn--secondary" disabled={sending}>
                      {t("console.versions.rollback")}
                    </button>
                  </Form>
                )}
                {failure?.message && !failure.fields.note && (
                  <p className="alert alert--error" role="alert">
                    {failure.message}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
