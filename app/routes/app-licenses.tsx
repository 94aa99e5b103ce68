import { useTranslation } from "react-i18next";
import { ExternalLinkIcon } from "../components/icons.tsx";
import { PageTitle } from "../components/shell/page-title.tsx";
import { LICENSES_SCREEN_DATA } from "../lib/screen-data-shapes.server.ts";
import { loadScreenData } from "../lib/zapi.server.ts";
import type { Route } from "./+types/app-licenses";
// The page's own texts (locales/*/pages.json).
import "../lib/translations/pages.ts";

export async function loader(args: Route.LoaderArgs) {
  return loadScreenData(args, undefined, undefined, LICENSES_SCREEN_DATA);
}

/** The app's open-source licences (spec §2); its footer link appears only in the Android app. */
export default function AppLicenses({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const licenses = loaderData.licenses ?? [];
  return (
    <div className="container container--reading page">
      <PageTitle name={t("pageTitle.licenses")} />
      <header className="page-header">
        <h1 className="page-title">{t("licenses.title")}</h1>
        <p className="page-lead">{t("licenses.lead")}</p>
        {licenses.length > 0 && (
          <p className="text-sm text-muted">{t("licenses.count", { total: licenses.length })}</p>
        )}
      </header>
      {licenses.length === 0 ? (
        <p className="alert">{t("licenses.empty")}</p>
      ) : (
        <ul className="license-list">
          {licenses.map((entry) => (
            <li key={`${entry.name}@${entry.version}`} className="license-list__item">
              <div className="license-list__head">
                <h2 className="license-list__name">{entry.name}</h2>
                <span className="license-list__version">
                  {t("licenses.version", { version: entry.version })}
                </span>
                {entry.license && <span className="badge badge--accent">{entry.license}</span>}
              </div>
              {entry.repository && <RepositoryLink url={entry.repository} />}
              {entry.licenseText && (
                <details className="license-list__text">
                  <summary>{t("licenses.licenseText")}</summary>
                  <pre>{entry.licenseText}</pre>
                </details>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** package.json repositories come as "git+https://…git" too; only web addresses become links. */
function RepositoryLink({ url }: { url: string }) {
  const { t } = useTranslation();
  const href = url.replace(/^git\+/, "").replace(/\.git$/, "");
  if (!/^https?:\/\//.test(href)) return <p className="license-list__repository">{url}</p>;
  return (
    <p className="license-list__repository">
      <a href={href} target="_blank" rel="noopener noreferrer">
        {t("licenses.repository")}
        <ExternalLinkIcon />
        <span className="visually-hidden">{t("common.opensInNewTab")}</span>
      </a>
    </p>
  );
}
