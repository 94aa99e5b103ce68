/**
 * /console/login: a staff member signs in with e-mail address, password and the authenticator
 * app's code, on one plain form that works before (and without) the page's script. A wrong answer
 * says one thing whatever was wrong, and keeps the address typed.
 */
import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation } from "react-router";
import { PageTitle } from "../components/shell/page-title.tsx";
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
  const form = await args.request.formData().catch(() => null);
  const field = (name: string) => {
    const value = form?.get(name);
    return typeof value === "string" ? value : "";
  };
  const email = field("email").trim();
  const result = await callApi(args, "/zapi/console/sign-in", {
    body: { email, password: field("password"), code: field("code").trim() },
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
        <label className="field">
          <span className="field__label">{t("console.login.email")}</span>
          <input
            type="email"
            name="email"
            autoComplete="username"
            required
            maxLength={254}
            defaultValue={actionData?.email ?? ""}
          />
        </label>
        <label className="field">
          <span className="field__label">{t("console.login.password")}</span>
          <input type="password" name="password" autoComplete="current-password" required maxLength={128} />
        </label>
        <label className="field">
          <span className="field__label">{t("console.login.code")}</span>
          <input
            type="text"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
          />
        </label>
        <button type="submit" className="btn btn--primary" disabled={sending}>
          {sending ? t("console.sending") : t("console.login.submit")}
        </button>
      </Form>
    </div>
  );
}
