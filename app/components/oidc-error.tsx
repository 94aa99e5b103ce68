import { useId } from "react";
import { useTranslation } from "react-i18next";
import { AlertIcon } from "./icons.tsx";
import type { OidcErrorDetails } from "./oidc-error-query.ts";

/**
 * The OIDC error page (spec §2 OIDC): status, description, type, optional detail and the hint to
 * return to the originating site. At 500 the description is always the fixed server-error text,
 * so nothing from an internal failure leaks to the page.
 */
export function OidcErrorPanel({ status, error, description, detail }: OidcErrorDetails) {
  const { t } = useTranslation();
  const titleId = useId();
  const shownDescription = status === 500 ? t("oidcError.serverError") : description;
  return (
    <section className="oidc-error" aria-labelledby={titleId}>
      <AlertIcon className="oidc-error__icon" />
      <h1 id={titleId} className="oidc-error__title">
        {t("oidcError.title")}
      </h1>
      <dl className="data-list oidc-error__details">
        <dt>{t("oidcError.status")}</dt>
        <dd>{status}</dd>
        {shownDescription && (
          <>
            <dt>{t("oidcError.description")}</dt>
            <dd>{shownDescription}</dd>
          </>
        )}
        {error && (
          <>
            <dt>{t("oidcError.type")}</dt>
            <dd>
              <code>{error}</code>
            </dd>
          </>
        )}
        {detail && (
          <>
            <dt>{t("oidcError.detail")}</dt>
            <dd>{detail}</dd>
          </>
        )}
      </dl>
      <p className="alert oidc-error__hint">{t("oidcError.hint")}</p>
    </section>
  );
}
