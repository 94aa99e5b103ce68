/**
 * /mypage/payment-method/return?state=… (issue 42): where the payment provider sends the member
 * back after a 3-D Secure challenge, a PayPal or a carrier approval. The loader hands the state to
 * POST /zapi/account/payment-method/return, which registers the method once for the member who
 * started it; on success the member lands on the completion page, otherwise this page says why.
 */
import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import { detectLanguage, translatorFor } from "../../locales/language.ts";
import { safeRedirectPath } from "../../schemas/safe-redirect.ts";
import type { AccountRouteHandle } from "../components/account/account-route-handle.ts";
import { ProviderReturnFailed } from "../components/payment/provider-return-failed.tsx";
import { enforceAccess } from "../lib/screen-loader.server.ts";
import { zapiFetch } from "../lib/zapi.server.ts";
import type { Route } from "./+types/mypage-payment-method-return";
// The account area's texts (my page, its sub-pages and screens: app/lib/translations/browser.ts).
import "../lib/translations/account.ts";

export const handle: AccountRouteHandle = { backTo: "/mypage/payment-method" };

export async function loader(args: Route.LoaderArgs) {
  await enforceAccess(args, "member");
  const t = await translatorFor(detectLanguage(args.request));
  const state = new URL(args.request.url).searchParams.get("state") ?? "";
  let response: Response;
  try {
    response = await zapiFetch(args, "/zapi/account/payment-method/return", {
      method: "POST",
      body: JSON.stringify({ state }),
    });
  } catch (error) {
    console.error("[payment-method] the API could not be reached", error);
    return data({ message: t("mypage.paymentMethodPage.failed") }, { status: 502 });
  }
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  const answer = (await response.json().catch(() => ({}))) as { redirectTo?: unknown; message?: unknown };
  const next = safeRedirectPath(answer.redirectTo);
  if (next) throw redirect(next, { headers });
  const message = typeof answer.message === "string" ? answer.message : t("mypage.paymentMethodPage.failed");
  return data({ message }, { status: response.ok ? 502 : response.status, headers });
}

export default function MypagePaymentMethodReturn({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <ProviderReturnFailed
      title={t("mypage.paymentMethodPage.returnFailedTitle")}
      message={loaderData.message}
      retryTo="/mypage/payment-method"
      retryLabel={t("mypage.paymentMethodPage.returnRetry")}
    />
  );
}
