/**
 * The subscription pages' buttons (/mypage/subscription/{id}, /mypage/plans): each intent posts to
 * its API call for one subscription, and the page is drawn again from the API's data; a refusal
 * shows the API's message.
 *
 * - `retry` → POST /zapi/subscription/{id}/re-settlement {} (a held payment, now);
 * - `continue` → POST /zapi/subscription/{id}/withdraw/cancel {} (undo the cancellation);
 * - `undoChange` → POST /zapi/subscription/{id}/plan-change/cancel {} (undo a scheduled plan change).
 */
import { type ActionFunctionArgs, data } from "react-router";
import { detectLanguage, translatorFor } from "../../locales/language.ts";
import {
  SUBSCRIPTION_INTENTS,
  type SubscriptionActionResult,
  type SubscriptionIntent,
} from "../components/plans/subscription.tsx";
import { enforceAccess } from "./screen-loader.server.ts";
import { callApi, followNext } from "./zapi.server.ts";

type Done = Extract<SubscriptionActionResult, { ok: true }>["done"];

const CALLS: Record<SubscriptionIntent, { path: string; done: Done }> = {
  retry: { path: "re-settlement", done: "retried" },
  continue: { path: "withdraw/cancel", done: "continued" },
  undoChange: { path: "plan-change/cancel", done: "changeUndone" },
};

function isIntent(value: unknown): value is SubscriptionIntent {
  return SUBSCRIPTION_INTENTS.some((intent) => intent === value);
}

/**
 * The action of a page whose buttons act on a subscription: the page's own (`subscriptionId`
 * from its path) or, on the list, the one the button names (its form's `subscriptionId`). The API
 * decides whose it is.
 */
export async function subscriptionAction(args: ActionFunctionArgs) {
  await enforceAccess(args, "member");
  const t = await translatorFor(detectLanguage(args.request));
  const form = await args.request.formData().catch(() => null);
  const intent = form?.get("intent");
  const named = args.params.subscriptionId ?? form?.get("subscriptionId");
  const failed = (message: string, status: number) =>
    data<SubscriptionActionResult>({ ok: false, message }, { status });
  if (!isIntent(intent) || typeof named !== "string" || named === "") {
    return failed(t("plans.subscription.failed"), 400);
  }
  const call = CALLS[intent];
  const result = await callApi(args, `/zapi/subscription/${encodeURIComponent(named)}/${call.path}`);
  const { headers } = result;
  if (result.ok) return data<SubscriptionActionResult>({ ok: true, done: call.done }, { headers });
  followNext(result);
  return data<SubscriptionActionResult>(
    { ok: false, message: result.message ?? t("plans.subscription.failed") },
    { status: result.status, headers },
  );
}
