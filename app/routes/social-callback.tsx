/**
 * /auth/callback (issue 48 §2): where a social login provider sends the browser back. The API
 * checks the answer against the trip this browser began and says where it leads — the page the
 * login was for, the sign-up form, the link's completion or /social/relate/error — and this page
 * redirects there with the API's cookies. A refused answer is HTTP 400 with the system error, and
 * nothing changed.
 */
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { detectLanguage, translatorFor } from "../../locales/language.ts";
import { ProviderReturnFailed } from "../components/payment/provider-return-failed.tsx";
import { callApi, failureStatus, followNext, pageUrl } from "../lib/zapi.server.ts";
import type { Route } from "./+types/social-callback";
// Social login's texts are the account group's (app/lib/translations/browser.ts).
import "../lib/translations/account.ts";

export async function loader(args: Route.LoaderArgs) {
  const t = await translatorFor(detectLanguage(args.request));
  const result = await callApi(args, "/zapi/auth/social/callback", {
    body: { search: pageUrl(args).search },
  });
  if (result.ok) followNext(result);
  const message = result.message ?? t("apiError.fallback");
  return data({ message }, { status: failureStatus(result), headers: result.headers });
}

export default function SocialCallback({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <ProviderReturnFailed
      title={t("social.login.failedTitle")}
      message={loaderData.message}
      retryTo="/login"
      retryLabel={t("social.login.backToLogin")}
    />
  );
}
