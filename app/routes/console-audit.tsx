/**
 * /console/audit: the console's audit trail for owners, newest first, filtered by action and by
 * staff member with a plain GET form, older entries a page at a time. Another role is told it may
 * not; without a console session the loader sends the browser to the console's sign-in.
 */
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { PageTitle } from "../components/shell/page-title.tsx";
import { formatHistoryDateTime } from "../lib/format.ts";
import { CONSOLE_AUDIT_SCREEN_DATA } from "../lib/screen-data-shapes.server.ts";
import { loadApiData, pageUrl } from "../lib/zapi.server.ts";
import type { Route } from "./+types/console-audit";

/** The filter's query as the API takes it: only the names it knows, each once. */
function filterQuery(url: URL): URLSearchParams {
  const query = new URLSearchParams();
  for (const name of ["action", "staff", "before"]) {
    const value = url.searchParams.get(name);
    if (value) query.set(name, value);
  }
  return query;
}

export async function loader(args: Route.LoaderArgs) {
  const url = pageUrl(args);
  const query = filterQuery(url);
  const page = await loadApiData(
    args,
    `/zapi/console/audit/screen-data?${query}`,
    undefined,
    CONSOLE_AUDIT_SCREEN_DATA,
  );
  return { ...page, action: query.get("action") ?? "", staff: query.get("staff") ?? "" };
}

/** An entry's details in a line: `email: a@example.jp, role: owner`. */
function detailLine(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .filter(([name]) => name !== "staffId")
    .map(([name, value]) => `${name}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(", ");
}

export default function ConsoleAudit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { entries, nextBefore, actions, action, staff } = loaderData;
  const older = new URLSearchParams({
    ...(action && { action }),
    ...(staff && { staff }),
    before: String(nextBefore ?? ""),
  });
  return (
    <div className="card console-card console-card--wide">
      <PageTitle name={t("console.audit.title")} />
      <p>
        <Link to="/console">{t("console.audit.back")}</Link>
      </p>
      <h1 className="console-card__title">{t("console.audit.title")}</h1>
      <p>{t("console.audit.lead")}</p>
      <Form method="get" className="console-filter">
        <label className="field">
          <span className="field__label">{t("console.audit.action")}</span>
          <select name="action" defaultValue={action}>
            <option value="">{t("console.audit.allActions")}</option>
            {actions.map((name) => (
              <option key={name} value={name}>
                {t(`console.audit.actions.${name}`, { defaultValue: name })}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t("console.audit.staff")}</span>
          <input type="email" name="staff" defaultValue={staff} maxLength={254} />
        </label>
        <button type="submit" className="btn btn--secondary">
          {t("console.audit.filter")}
        </button>
      </Form>
      {entries.length === 0 ? (
        <p role="status">{t("console.audit.empty")}</p>
      ) : (
        <div className="table-wrap">
          <table className="table console-audit">
            <thead>
              <tr>
                <th scope="col">{t("console.audit.at")}</th>
                <th scope="col">{t("console.audit.action")}</th>
                <th scope="col">{t("console.audit.who")}</th>
                <th scope="col">{t("console.audit.ip")}</th>
                <th scope="col">{t("console.audit.detail")}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>
                    <time dateTime={entry.at}>{formatHistoryDateTime(entry.at)}</time>
                  </td>
                  <td>{t(`console.audit.actions.${entry.action}`, { defaultValue: entry.action })}</td>
                  <td>
                    {entry.staffEmail ??
                      t(entry.action === "config.imported" ? "console.audit.file" : "console.audit.server")}
                  </td>
                  <td>{entry.ip ?? "-"}</td>
                  <td>{detailLine(entry.detail)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {nextBefore !== null && <Link to={`/console/audit?${older}`}>{t("console.audit.older")}</Link>}
    </div>
  );
}
