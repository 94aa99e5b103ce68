import { useTranslation } from "react-i18next";
import { data, isRouteErrorResponse, useRouteError } from "react-router";
import { OidcErrorPanel } from "../components/oidc-error.tsx";
import {
  DEFAULT_OIDC_ERROR_STATUS,
  oidcErrorBodyFromQuery,
  oidcErrorDetails,
  oidcErrorStatus,
} from "../components/oidc-error-query.ts";
import { PageTitle } from "../components/shell/page-title.tsx";
import type { Route } from "./+types/oidc-error";
// The page's own texts (locales/*/pages.json).
import "../lib/translations/pages.ts";

/**
 * /oidc/error?status&error&error_description&error_detail (spec §7): rethrows the query as an
 * error response with that status (400..599, default 500), rendered by the ErrorBoundary below.
 */
export function loader({ request }: Route.LoaderArgs): never {
  const query = new URL(request.url).searchParams;
  throw data(oidcErrorBodyFromQuery(query), { status: oidcErrorStatus(query.get("status")) });
}

/** Never rendered: the loader always throws. */
export default function OidcError() {
  return null;
}

export function ErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  const details = isRouteErrorResponse(error)
    ? oidcErrorDetails(error.status, error.data)
    : { status: DEFAULT_OIDC_ERROR_STATUS };
  return (
    <>
      <PageTitle name={t("pageTitle.oidcError")} />
      <OidcErrorPanel {...details} />
    </>
  );
}
