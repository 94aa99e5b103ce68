/**
 * /console/versions?kind=store: the versions of one configuration, newest first, with where each
 * came from (the file, or the staff member who published it) — for owners and the configuration
 * role. Publishing, comparing and going back to a version come with the configuration forms.
 */
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageTitle } from "../components/shell/page-title.tsx";
import { formatHistoryDateTime } from "../lib/format.ts";
import { CONSOLE_VERSIONS_SCREEN_DATA } from "../lib/screen-data-shapes.server.ts";
import { loadApiData, pageUrl } from "../lib/zapi.server.ts";
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

export default function ConsoleVersions({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { kind, kinds, versions } = loaderData;
  return (
    <div className="card console-card console-card--wide">
      <PageTitle name={t("console.versions.title")} />
      <p>
        <Link to="/console">{t("console.audit.back")}</Link>
      </p>
      <h1 className="console-card__title">{t("console.versions.title")}</h1>
      <p>{t("console.versions.lead")}</p>
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
        <div className="table-wrap">
          <table className="table console-audit">
            <caption className="visually-hidden">
              {t(`console.versions.kinds.${kind}`, { defaultValue: kind })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t("console.versions.number")}</th>
                <th scope="col">{t("console.versions.at")}</th>
                <th scope="col">{t("console.versions.source")}</th>
                <th scope="col">{t("console.versions.note")}</th>
              </tr>
            </thead>
            <tbody>
              {versions.map((version) => (
                <tr key={version.number}>
                  <td>{version.number}</td>
                  <td>
                    <time dateTime={version.createdAt}>{formatHistoryDateTime(version.createdAt)}</time>
                  </td>
                  <td>
                    {version.source === "file" ? t("console.versions.file") : (version.staffEmail ?? "-")}
                  </td>
                  <td>{version.note ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
