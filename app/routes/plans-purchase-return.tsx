/**
 * /plans/{planId}/return?state=… and its twin /signup/plans/{planId}/return (issue 43 §4): where the
 * card issuer's 3-D Secure challenge of a purchase sends the member back. The loader hands the state
 * to POST /zapi/purchase/return/{planId}, which finishes the purchase once for the member who made
 * it; when the money is in, the member lands on this place's completion page, otherwise this page
 * says why and leads back to the plan, to buy it again.
 */
import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import { detectLanguage, translatorFor } from "../../locales/language.ts";
import type { AccountRouteHandle } from "../components/account/account-route-handle.ts";
import { ProviderReturnFailed } from "../components/payment/provider-return-failed.tsx";
import { enforceAccess } from "../lib/screen-loader.server.ts";
import { callApi, failureStatus, followNext, pageUrl } from "../lib/zapi.server.ts";
import type { Route } from "./+types/plans-purchase-return";
// The plan pages' texts (app/lib/translations/browser.ts).
import "../lib/translations/plans.ts";

export const handle: AccountRouteHandle = { hideMenu: true };

/** The purchase pages this return belongs to: the store's or the sign-up's. */
function placeOf(url: URL, planId: string): string {
  const base = url.pathname.startsWith("/signup/") ? "/signup/plans" : "/plans";
  return `${base}/${encodeURIComponent(planId)}`;
}

export async function loader(args: Route.LoaderArgs) {
  await enforceAccess(args, "member");
  const url = pageUrl(args);
  const planPath = placeOf(url, args.params.planId);
  const t = await translatorFor(detectLanguage(args.request));
  const failed = (message: string, status: number, headers?: Headers) =>
    data({ message, planPath }, { status, headers });
  const result = await callApi(args, `/zapi/purchase/return/${encodeURIComponent(args.params.planId)}`, {
    body: { state: url.searchParams.get("state") ?? "" },
  });
  const { headers } = result;
  if (result.ok && typeof result.answer.orderId === "string")
    throw redirect(`${planPath}/complete`, { headers });
  followNext(result);
  return failed(result.message ?? t("apiError.fallback"), failureStatus(result), headers);
}

export default function PlansPurchaseReturn({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <ProviderReturnFailed
      title={t("plans.threeDSecure.returnFailedTitle")}
      message={loaderData.message}
      retryTo={loaderData.planPath}
      retryLabel={t("plans.threeDSecure.retry")}
    />
  );
}
