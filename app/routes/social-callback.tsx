/**
 * /auth/callback (issue 48 §2): where a social login provider sends the browser back. The API
 * checks the answer against the trip this browser began and says where it leads — the page the
 * login was for, the sign-up form, the link's completion or /social/relate/error — and this page
 * redirects there with the API's cookies. A refused answer is HTTP 400 with the system error, and
 * nothing changed.
 */
import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import { detectLanguage, translatorFor } from "../../locales/language.ts";
import { safeRedirectPath } from "../../schemas/safe-redirect.ts";
import { ProviderReturnFailed } from "../components/payment/provider-return-failed.tsx";
import { pageUrl, zapiFetch } from "../lib/zapi.server.ts";
import type { Route } from "./+types/social-callback";
// Social login's texts are the account group's (app/lib/translations/browser.ts).
import "../lib/translations/account.ts";

export async function loader(args: Route.LoaderArgs) {
  const t = await translatorFor(detectLanguage(args.request));
  let response: Response;
  try {
    response = await zapiFetch(args, "/zapi/auth/social/callback", {
      method: "POST",
      body: JSON.stringify({ search: pageUrl(args).search }),
    });
  } catch (error) {
    console.error("[social] the API could not be reached", error);
    return data({ message: t("apiError.fallback") }, { status: 502 });
  }
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  const answer = (await response.json().catch(() => ({}))) as { redirectTo?: unknown; message?: unknown };
  const redirectTo = safeRedirectPath(answer.redirectTo);
  if (response.ok && redirectTo) throw redirect(redirectTo, { headers });
  const message = typeof answer.message === "string" ? answer.message : t("apiError.fallback");
  return data({ message }, { status: response.ok ? 502 : response.status, headers });
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
