/**
 * /console/setup?token=…: the one-time set-up link `npm run staff:add` prints. The staff member
 * adds the authenticator app (QR code or key), chooses a password and proves the app with a code;
 * then signs in. A link that is unknown, used or expired says so and asks for a new one.
 */
import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation } from "react-router";
import { ConsoleField, OTP_CODE_INPUT } from "../components/console/console-field.tsx";
import { PageTitle } from "../components/shell/page-title.tsx";
import { fieldMessages, postedFields } from "../lib/console-form.server.ts";
import { CONSOLE_SETUP_SCREEN_DATA } from "../lib/screen-data-shapes.server.ts";
import { callApi, inShape } from "../lib/zapi.server.ts";
import type { Route } from "./+types/console-setup";

export async function loader(args: Route.LoaderArgs) {
  const token = new URL(args.request.url).searchParams.get("token") ?? "";
  const offer = await callApi(args, `/zapi/console/setup/screen-data?${new URLSearchParams({ token })}`, {
    method: "GET",
  });
  if (!offer.ok) return data({ token, offer: null }, { status: offer.status === 404 ? 404 : 502 });
  return {
    token,
    offer: inShape(offer.answer, CONSOLE_SETUP_SCREEN_DATA, "/zapi/console/setup/screen-data"),
  };
}

interface SetupFailure {
  message: string | null;
  fields: Record<string, string>;
}

export async function action(args: Route.ActionArgs) {
  const field = await postedFields(args.request);
  const result = await callApi(args, "/zapi/console/setup", {
    body: { token: field("token"), password: field("password", false), code: field("code") },
  });
  if (result.ok) throw redirect("/console/login?setup=done", { headers: result.headers });
  return data<SetupFailure>(
    { message: result.message, fields: fieldMessages(result) },
    { status: result.status },
  );
}

/** The key in groups of four, as authenticator apps show it. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

export default function ConsoleSetup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const sending = useNavigation().state === "submitting";
  const { offer, token } = loaderData;
  if (!offer) {
    return (
      <div className="card console-card">
        <PageTitle name={t("console.setup.title")} />
        <h1 className="console-card__title">{t("console.setup.title")}</h1>
        <p className="alert alert--error" role="alert">
          {t("console.setup.invalidLink")}
        </p>
      </div>
    );
  }
  const fieldError = (name: string) => actionData?.fields[name];
  const summary = actionData && Object.keys(actionData.fields).length === 0 ? actionData.message : null;
  return (
    <div className="card console-card">
      <PageTitle name={t("console.setup.title")} />
      <h1 className="console-card__title">{t("console.setup.title")}</h1>
      <p>{t("console.setup.intro", { email: offer.email })}</p>
      {summary && (
        <p className="alert alert--error" role="alert">
          {summary}
        </p>
      )}
      <section aria-labelledby="console-setup-app">
        <h2 id="console-setup-app" className="console-card__step">
          {t("console.setup.stepApp")}
        </h2>
        <div
          className="console-card__qr"
          role="img"
          aria-label={t("console.setup.qrLabel")}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG our server drew (qrcode) from a URL it made
          dangerouslySetInnerHTML={{ __html: offer.qrCodeSvg }}
        />
        <p>{t("console.setup.manual")}</p>
        <p>
          <code className="console-card__secret">{grouped(offer.otpSecret)}</code>
        </p>
      </section>
      <section aria-labelledby="console-setup-password">
        <h2 id="console-setup-password" className="console-card__step">
          {t("console.setup.stepPassword")}
        </h2>
        <Form method="post" className="form" aria-busy={sending}>
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="username" autoComplete="username" value={offer.email} />
          <ConsoleField
            label={t("console.setup.password")}
            error={fieldError("password")}
            type="password"
            name="password"
            autoComplete="new-password"
            required
            minLength={12}
            maxLength={128}
          />
          <ConsoleField label={t("console.setup.code")} error={fieldError("code")} {...OTP_CODE_INPUT} />
          <button type="submit" className="btn btn--primary" disabled={sending}>
            {sending ? t("console.sending") : t("console.setup.submit")}
          </button>
        </Form>
      </section>
    </div>
  );
}
