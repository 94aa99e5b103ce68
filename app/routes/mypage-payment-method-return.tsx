/**
 * /mypage/payment-method/return?state=… (issue 42): where the payment provider sends the member
 * back after a 3-D Secure challenge, a PayPal or a carrier approval. The loader hands the state to
 * POST /zapi/account/payment-method/return, which registers the method once for the member who
 * started it; on success the member lands on the completion page, otherwise this page says why.
 */
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { detectLanguage, translatorFor } from "../../locales/language.ts";
import type { AccountRouteHandle } from "../components/account/account-route-handle.ts";
import { ProviderReturnFailed } from "../components/payment/provider-return-failed.tsx";
import { enforceAccess } from "../lib/screen-loader.server.ts";
import { callApi, failureStatus, followNext } from "../lib/zapi.server.ts";
import type { Route } from "./+types/mypage-payment-method-return";
// The account area's texts (my page, its sub-pages and screens: app/lib/translations/browser.ts).
import "../lib/translations/account.ts";

export const handle: AccountRouteHandle = { backTo: "/mypage/payment-method" };

export async function loader(args: Route.LoaderArgs) {
  await enforceAccess(args, "member");
  const t = await translatorFor(detectLanguage(args.request));
  const state = new URL(args.request.url).searchParams.get("state") ?? "";
  const result = await callApi(args, "/zapi/account/payment-method/return", { body: { state } });
  followNext(result);
  const message = result.message ?? t("mypage.paymentMethodPage.failed");
  return data({ message }, { status: failureStatus(result), headers: result.headers });
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
