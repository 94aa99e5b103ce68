/**
 * /console: who is signed in, and signing out. What the console manages comes onto this page as it
 * is built; without a console session the loader sends the browser to the console's sign-in.
 */
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { PageTitle } from "../components/shell/page-title.tsx";
import { CONSOLE_STAFF_SCREEN_DATA } from "../lib/screen-data-shapes.server.ts";
import { callApi, followNext, loadApiData } from "../lib/zapi.server.ts";
import type { Route } from "./+types/console-home";

export async function loader(args: Route.LoaderArgs) {
  return loadApiData(args, "/zapi/console/me/screen-data", undefined, CONSOLE_STAFF_SCREEN_DATA);
}

export async function action(args: Route.ActionArgs) {
  const result = await callApi(args, "/zapi/console/sign-out");
  followNext(result);
  return null;
}

export default function ConsoleHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="card console-card">
      <PageTitle name={t("console.home.title")} />
      <h1 className="console-card__title">{t("console.home.title")}</h1>
      <p>
        {t("console.home.signedInAs", {
          email: loaderData.email,
          role: t(`console.roles.${loaderData.role}`),
        })}
      </p>
      <nav aria-label={t("console.home.title")}>
        <ul>
          {loaderData.role !== "configuration" && (
            <li>
              <Link to="/console/members">{t("console.home.members")}</Link>
            </li>
          )}
          {(loaderData.role === "owner" || loaderData.role === "finance") && (
            <li>
              <Link to="/console/reports">{t("console.home.reports")}</Link>
            </li>
          )}
          {(loaderData.role === "owner" || loaderData.role === "configuration") && (
            <>
              {(["store", "plans", "campaigns", "clients", "policies"] as const).map((kind) => (
                <li key={kind}>
                  <Link to={`/console/settings/${kind}`}>{t(`console.settings.kinds.${kind}`)}</Link>
                </li>
              ))}
              <li>
                <Link to="/console/versions">{t("console.home.versions")}</Link>
              </li>
            </>
          )}
          {loaderData.role === "owner" && (
            <>
              <li>
                <Link to="/console/staff">{t("console.home.staff")}</Link>
              </li>
              <li>
                <Link to="/console/audit">{t("console.home.audit")}</Link>
              </li>
            </>
          )}
        </ul>
      </nav>
      <Form method="post">
        <button type="submit" className="btn btn--secondary">
          {t("console.home.signOut")}
        </button>
      </Form>
    </div>
  );
}
