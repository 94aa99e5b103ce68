/**
 * /mypage/subscription/{id} (spec §2, §4 Subscription status groups; issue 44 §3): a declarative
 * screen (screens/subscriptions.ts) whose buttons post here and go on to the API:
 *
 * - `retry` → POST /zapi/subscription/{id}/re-settlement {} (a held payment, now);
 * - `continue` → POST /zapi/subscription/{id}/withdraw/cancel {} (undo the cancellation);
 * - `undoChange` → POST /zapi/subscription/{id}/plan-change/cancel {} (undo a scheduled plan change).
 *
 * Either way the page is drawn again from the API's data; a refusal shows the API's message.
 */
import { data } from "react-router";
import { detectLanguage, translatorFor } from "../../locales/language.ts";
import {
  SUBSCRIPTION_INTENTS,
  type SubscriptionActionResult,
  type SubscriptionIntent,
} from "../components/plans/subscription.tsx";
import { SUBSCRIPTION_CONTENTS } from "../components/screen/contents/subscription.ts";
import { ScreenView } from "../components/screen/screen-view.tsx";
import { enforceAccess, loadScreen } from "../lib/screen-loader.server.ts";
import { callApi, followNext } from "../lib/zapi.server.ts";
import type { Route } from "./+types/mypage-subscription";
// The plan pages' texts (app/lib/translations/browser.ts).
import "../lib/translations/plans.ts";
// The account area's texts.
import "../lib/translations/account.ts";

export const loader = (args: Route.LoaderArgs) => loadScreen(args);

const CALLS: Record<SubscriptionIntent, { path: string; done: "retried" | "continued" | "changeUndone" }> = {
  retry: { path: "re-settlement", done: "retried" },
  continue: { path: "withdraw/cancel", done: "continued" },
  undoChange: { path: "plan-change/cancel", done: "changeUndone" },
};

function isIntent(value: unknown): value is SubscriptionIntent {
  return SUBSCRIPTION_INTENTS.some((intent) => intent === value);
}

export async function action(args: Route.ActionArgs) {
  await enforceAccess(args, "member");
  const t = await translatorFor(detectLanguage(args.request));
  const form = await args.request.formData().catch(() => null);
  const intent = form?.get("intent");
  const failed = (message: string, status: number) =>
    data<SubscriptionActionResult>({ ok: false, message }, { status });
  if (!isIntent(intent)) return failed(t("plans.subscription.failed"), 400);
  const call = CALLS[intent];
  const result = await callApi(
    args,
    `/zapi/subscription/${encodeURIComponent(args.params.subscriptionId)}/${call.path}`,
  );
  const { headers } = result;
  if (result.ok) return data<SubscriptionActionResult>({ ok: true, done: call.done }, { headers });
  followNext(result);
  return data<SubscriptionActionResult>(
    { ok: false, message: result.message ?? t("plans.subscription.failed") },
    { status: result.status, headers },
  );
}

export default function MypageSubscription({ loaderData }: Route.ComponentProps) {
  return (
    <ScreenView
      screen={loaderData.screen}
      screenData={loaderData.screenData}
      bodies={loaderData.bodies}
      contents={SUBSCRIPTION_CONTENTS}
    />
  );
}
