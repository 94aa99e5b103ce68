/**
 * /console/login: a staff member signs in with e-mail address, password and the authenticator
 * app's code, on one plain form that works before (and without) the page's script. A wrong answer
 * says one thing whatever was wrong, and keeps the address typed.
 */
import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation } from "react-router";
import { ConsoleField, OTP_CODE_INPUT } from "../components/console/console-field.tsx";
import { PageTitle } from "../components/shell/page-title.tsx";
import { postedFields } from "../lib/console-form.server.ts";
import { callApi, followNext } from "../lib/zapi.server.ts";
import type { Route } from "./+types/console-login";

export async function loader(args: Route.LoaderArgs) {
  // Already signed in: on to the console.
  const me = await callApi(args, "/zapi/console/me/screen-data", { method: "GET" });
  if (me.ok) throw redirect("/console", { headers: me.headers });
  return { setupDone: new URL(args.request.url).searchParams.get("setup") === "done" };
}

interface SignInFailure {
  message: string | null;
  email: string;
}

export async function action(args: Route.ActionArgs) {
  const field = await postedFields(args.request);
  const email = field("email");
  const result = await callApi(args, "/zapi/console/sign-in", {
    body: { email, password: field("password", false), code: field("code") },
  });
  if (result.ok) followNext(result);
  return data<SignInFailure>(
    { message: result.message, email },
    { status: result.status, headers: result.headers },
  );
}

export default function ConsoleLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const sending = useNavigation().state === "submitting";
  return (
    <div className="card console-card">
      <PageTitle name={t("console.login.title")} />
      <h1 className="console-card__title">{t("console.login.title")}</h1>
      {loaderData.setupDone && !actionData && (
        <p className="alert alert--success" role="status">
          {t("console.login.setupDone")}
        </p>
      )}
      {actionData?.message && (
        <p className="alert alert--error" role="alert">
          {actionData.message}
        </p>
      )}
      <Form method="post" className="form" aria-busy={sending}>
        <ConsoleField
          label={t("console.login.email")}
          type="email"
          name="email"
          autoComplete="username"
          required
          maxLength={254}
          defaultValue={actionData?.email ?? ""}
        />
        <ConsoleField
          label={t("console.login.password")}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          maxLength={128}
        />
        <ConsoleField label={t("console.login.code")} {...OTP_CODE_INPUT} />
        <button type="submit" className="btn btn--primary" disabled={sending}>
          {sending ? t("console.sending") : t("console.login.submit")}
        </button>
      </Form>
    </div>
  );
}
