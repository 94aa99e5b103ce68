import { useId } from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";
import { type ErrorKind, errorPageContent, isErrorKind } from "./error-page-content.ts";
import { AlertIcon, GlobeIcon } from "./icons.tsx";
import { PageTitle } from "./shell/page-title.tsx";

export interface ErrorPageProps {
  /** HTTP status; 404 when absent (spec §2). */
  status?: number;
  /** A situation the status alone does not tell (region block, profile 403, …). */
  kind?: ErrorKind;
  /** The API's error code, shown as "message [Error code:{code}]" (spec §8). */
  code?: string;
}

/** The member's pages, whose errors also lead back to My Page (issue 41 §17). */
const ACCOUNT_AREA = /^\/(mypage|withdraw)(\/|$)/;

/** The error page body: headline, type, text and a link back to the top page (and to My Page). */
export function ErrorPage({ status, kind, code }: ErrorPageProps) {
  const { t } = useTranslation();
  const inAccountArea = ACCOUNT_AREA.test(useLocation().pathname);
  const titleId = useId();
  const content = errorPageContent(status, kind);
  const text = t(content.textKey);
  return (
    <section className="error-page" aria-labelledby={titleId}>
      <div className="error-page__headline">
        {content.headline.kind === "status" ? (
          <p className="error-page__status">{content.headline.status}</p>
        ) : content.headline.icon === "globe" ? (
          <GlobeIcon className="error-page__icon" />
        ) : (
          <AlertIcon className="error-page__icon" />
        )}
      </div>
      <h1 id={titleId} className="error-page__title">
        {t(content.titleKey)}
      </h1>
      <p className="error-page__text">{code ? t("errorPage.withCode", { message: text, code }) : text}</p>
      {inAccountArea && (
        <Link to="/mypage" className="btn btn--primary error-page__action">
          {t("common.backToMyPage")}
        </Link>
      )}
      <Link
        to="/"
        className={
          inAccountArea ? "btn btn--secondary error-page__action" : "btn btn--primary error-page__action"
        }
      >
        {t("common.backToTop")}
      </Link>
    </section>
  );
}

/**
 * The error page for whatever the nearest route threw, for error boundaries. A thrown
 * `data({code, kind}, {status})` controls it: `kind` picks a special page (e.g. "regionBlock"),
 * `code` is shown with the message.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const props = errorPageProps(error);
  if (!isRouteErrorResponse(error) && import.meta.env.DEV) console.error(error);
  return (
    <>
      <ErrorDocumentTitle {...props} />
      <ErrorPage {...props} />
    </>
  );
}

function errorPageProps(error: unknown): ErrorPageProps {
  if (!isRouteErrorResponse(error)) return { status: 500 };
  const body: Record<string, unknown> =
    typeof error.data === "object" && error.data !== null ? error.data : {};
  return {
    status: error.status,
    kind: isErrorKind(body.kind) ? body.kind : undefined,
    code: typeof body.code === "string" && body.code ? body.code : undefined,
  };
}

function ErrorDocumentTitle({ status, kind }: ErrorPageProps) {
  const { t } = useTranslation();
  return <PageTitle name={t(errorPageContent(status, kind).titleKey)} />;
}
