/**
 * /auth/authorize?userIdentifierType&socialActionType[&returnTo] (spec §7, issue 48 §2): the
 * browser's way to a social login provider. The API keeps the checks of the trip (state, nonce,
 * PKCE) behind a cookie and answers the provider's address, where this page redirects (an HTTP
 * redirect, no page). A guest who wants to link a provider logs in first; anything refused shows
 * why, with the way back.
 */
import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import { detectLanguage, translatorFor } from "../../locales/language.ts";
import { ProviderReturnFailed } from "../components/payment/provider-return-failed.tsx";
import { pageUrl, zapiFetch } from "../lib/zapi.server.ts";
import type { Route } from "./+types/social-authorize";
// Social login's texts are the account group's (app/lib/translations/browser.ts).
import "../lib/translations/account.ts";

/**
 * Whether the API's answer may be followed out of the site: a provider's address, https (or
 * plain http on this machine, the tests' and `npm run dev:idp`'s fakes). The API built it from the
 * store's configuration; this keeps a broken or foreign answer from sending the browser anywhere.
 */
export function isProviderAddress(value: unknown): value is string {
  if (typeof value !== "string") return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol === "https:") return true;
  return url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
}

export async function loader(args: Route.LoaderArgs) {
  const query = pageUrl(args).searchParams;
  const action = query.get("socialActionType") ?? "";
  const isLink = action === "enableExternalAuth";
  const returnTo = query.get("returnTo");
  const t = await translatorFor(detectLanguage(args.request));
  const retryTo = isLink ? "/mypage" : "/login";
  const failed = (message: string, status: number) => data({ message, retryTo, isLink }, { status });
  let response: Response;
  try {
    response = await zapiFetch(args, "/zapi/auth/social/authorize", {
      method: "POST",
      body: JSON.stringify({
        userIdentifierType: query.get("userIdentifierType") ?? "",
        socialActionType: action,
        ...(returnTo !== null && { returnTo }),
      }),
    });
  } catch (error) {
    console.error("[social] the API could not be reached", error);
    return failed(t("apiError.fallback"), 502);
  }
  const answer = (await response.json().catch(() => ({}))) as { redirectTo?: unknown; message?: unknown };
  if (response.ok && isProviderAddress(answer.redirectTo)) {
    const headers = new Headers();
    for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    throw redirect(answer.redirectTo, { headers });
  }
  // Linking is for members: log in, then back to my page where the link is.
  if (response.status === 401) throw redirect(`/login?${new URLSearchParams({ returnTo: "/mypage" })}`);
  const message = typeof answer.message === "string" ? answer.message : t("apiError.fallback");
  return failed(message, response.ok ? 502 : response.status);
}

export default function SocialAuthorize({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <ProviderReturnFailed
      title={t(loaderData.isLink ? "social.login.linkFailedTitle" : "social.login.failedTitle")}
      message={loaderData.message}
      retryTo={loaderData.retryTo}
      retryLabel={t(loaderData.isLink ? "social.login.backToMypage" : "social.login.backToLogin")}
    />
  );
}
