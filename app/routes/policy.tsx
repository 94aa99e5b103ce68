/**
 * /terms, /privacy and /policies/{policyId} (issue 25 §5): the store's policy in force
 * (config/policies), in the page's language when the revision has an English text, with the day
 * it took effect. An external policy links to its source.
 */

import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { ExternalLinkIcon } from "../components/icons.tsx";
import { PageTitle } from "../components/shell/page-title.tsx";
import { formatDate } from "../lib/format.ts";
import { POLICY_SCREEN_DATA } from "../lib/screen-data-shapes.server.ts";
import { loadScreenData, pageUrl } from "../lib/zapi.server.ts";
import type { Route } from "./+types/policy";
// The page's own texts (locales/*/pages.json).
import "../lib/translations/pages.ts";

/** The policy ids config/policies allows (server/store/policy-source.ts). */
const POLICY_ID = /^[A-Za-z0-9_-]{1,64}$/;

export async function loader(args: Route.LoaderArgs) {
  // /terms and /privacy name their policy by the path; /policies/{policyId} by the parameter.
  const policyId = args.params.policyId ?? pageUrl(args).pathname.replace(/^\/+|\/+$/g, "");
  if (!POLICY_ID.test(policyId)) throw data({ code: "NOT_FOUND" }, { status: 404 });
  return loadScreenData(args, `/policies/${policyId}`, undefined, POLICY_SCREEN_DATA);
}

/**
 * A guest's page is the same for every guest: served from the page cache (ADR 0038). Read by the
 * server only; React Router leaves exports it does not know out of the browser's bundle.
 */
export const guestPageCache = true;

export default function Policy({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { policy } = loaderData;
  return (
    <div className="container container--reading page">
      <PageTitle name={policy.title} />
      <header className="page-header">
        <h1 className="page-title">{policy.title}</h1>
        <p className="page-lead">
          <time dateTime={policy.effectiveFrom}>
            {t("policy.effectiveFrom", { date: formatDate(policy.effectiveFrom, t) })}
          </time>
        </p>
      </header>
      {policy.isExternal && policy.dataSource ? (
        <p>
          <a href={policy.dataSource} target="_blank" rel="noopener noreferrer">
            {t("policy.external", { title: policy.title })}
            <ExternalLinkIcon />
            <span className="visually-hidden">{t("common.opensInNewTab")}</span>
          </a>
        </p>
      ) : (
        <>
          {policy.textLanguage !== i18n.language && <p className="alert">{t("policy.otherLanguage")}</p>}
          <div
            className="policy-document"
            lang={policy.textLanguage}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: policy HTML is rendered and escaped by the server
            dangerouslySetInnerHTML={{ __html: policy.renderData }}
          />
        </>
      )}
    </div>
  );
}
