import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, redirect, useNavigate } from "react-router";
import { LogoutIcon } from "../components/icons.tsx";
import { PageTitle } from "../components/shell/page-title.tsx";
import { useCountdown } from "../components/use-countdown.ts";
import { readCookie } from "../lib/cookies.ts";
import { callApi } from "../lib/zapi.server.ts";
import type { Route } from "./+types/logout";
// The page's own texts (locales/*/pages.json).
import "../lib/translations/pages.ts";

/** Spec §2 and §9: the logout page returns to the top page after 10 seconds. */
export const LOGOUT_REDIRECT_SECONDS = 10;

/**
 * GET /logout asks (a link, a prefetch or another site's image must not log anyone out); the
 * page's form posts here, which ends the session and comes back without it, so the page (and its
 * header) renders logged out. The user menu's logout is such a form.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const cookies = request.headers.get("Cookie");
  const hasSession = readCookie(cookies, "sid") !== null;
  // "Logged out" only right after a logout (the API's done cookie, server/identity/auth-cookies.ts):
  // a visitor who was never logged in is not told so (issue 41 §17).
  if (!hasSession && readCookie(cookies, "done") !== "logout") throw redirect("/");
  return { confirm: hasSession };
}

export async function action(args: Route.ActionArgs) {
  // A post from another site ends nothing (React Router also refuses a foreign Origin).
  if (args.request.headers.get("Sec-Fetch-Site") === "cross-site") throw redirect("/logout");
  const { headers } = await callApi(args, "/zapi/logout");
  throw redirect("/logout", { headers });
}

export default function Logout({ loaderData }: Route.ComponentProps) {
  return loaderData?.confirm ? <LogoutConfirmation /> : <LoggedOut />;
}

/** Still logged in: one button logs out, the other goes back. Works before hydration too. */
function LogoutConfirmation() {
  const { t } = useTranslation();
  return (
    <div className="container container--narrow page">
      <PageTitle name={t("pageTitle.logout")} />
      <section className="card logout" aria-labelledby="logout-title">
        <LogoutIcon className="logout__icon" />
        <h1 id="logout-title" className="logout__title">
          {t("logout.confirm")}
        </h1>
        <Form method="post" action="/logout" reloadDocument className="logout__form">
          <button type="submit" className="btn btn--primary btn--block">
            {t("logout.submit")}
          </button>
        </Form>
        <Link to="/mypage" className="btn btn--secondary btn--block">
          {t("logout.cancel")}
        </Link>
      </section>
    </div>
  );
}

function LoggedOut() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { remaining } = useCountdown(LOGOUT_REDIRECT_SECONDS, () => navigate("/", { replace: true }));
  useCancelDeclarativeRefresh();

  return (
    <div className="container container--narrow page">
      <PageTitle name={t("pageTitle.logout")} />
      {/* Redirects even before (or without) hydration; once hydrated, the countdown takes over. */}
      <meta httpEquiv="refresh" content={`${LOGOUT_REDIRECT_SECONDS};url=/`} />
      <section className="card logout" aria-labelledby="logout-title">
        <LogoutIcon className="logout__icon" />
        <h1 id="logout-title" className="logout__title">
          {t("logout.message")}
        </h1>
        <p className="logout__lead">{t("logout.lead")}</p>
        <p className="logout__countdown" aria-live="polite" aria-atomic="true">
          {t("logout.redirectNotice", { seconds: remaining })}
        </p>
        <Link to="/" replace className="btn btn--primary btn--block">
          {t("logout.goNow")}
        </Link>
      </section>
    </div>
  );
}

/**
 * A scheduled <meta http-equiv="refresh"> survives client-side navigation (removing the element
 * does not cancel it), so a visitor who follows a link away within 10 seconds would be pulled back
 * to the top page. window.stop() is the one call that cancels it; waiting for `load` keeps it from
 * aborting the page's own downloads. The listener deliberately outlives the page: the refresh must
 * be cancelled even when the visitor leaves before `load`.
 */
function useCancelDeclarativeRefresh() {
  useEffect(() => {
    if (document.readyState === "complete") window.stop();
    else window.addEventListener("load", () => window.stop(), { once: true });
  }, []);
}
