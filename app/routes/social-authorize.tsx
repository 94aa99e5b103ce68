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
import { callApi, failureStatus, followNext, pageUrl } from "../lib/zapi.server.ts";
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
  const result = await callApi(args, "/zapi/auth/social/authorize", {
    body: {
      userIdentifierType: query.get("userIdentifierType") ?? "",
      socialActionType: action,
      ...(returnTo !== null && { returnTo }),
    },
  });
  // The provider is another site: its address is the API's to give, checked against the providers.
  const { redirectTo } = result.answer;
  if (result.ok && isProviderAddress(redirectTo)) throw redirect(redirectTo, { headers: result.headers });
  // Linking is for members: a lost session logs in and comes back to link.
  if (!result.ok) followNext(result);
  return failed(result.message ?? t("apiError.fallback"), failureStatus(result));
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
