/**
 * /mypage/payment-method (issue 42; spec §2, §4 Payment method selection, §7): a declarative screen
 * (screens/mypage.ts) whose posts each name their intent and go on to the API:
 *
 * - `registerCard` {token, tokenKey, tds2infoToken, tds2infoTokenKey} → POST
 *   /zapi/account/payment-method/credit (the card itself never comes here);
 * - `paypal` → GET /zapi/account/payment-method/paypal, then PayPal's page;
 * - `link` {paymentMethodType} → POST /zapi/account/payment-method/link, whose {linkUrl, params}
 *   the page posts on to the carrier;
 * - `delete` {accountPaymentMethodId} → DELETE /zapi/account/payment-method/{id}.
 *
 * The API answers where to go (redirectTo): a page of ours (the completion page, or the plan's
 * purchase form the page was opened from with `?returnTo=`), or the provider's page (a 3-D Secure
 * challenge, PayPal), which is a whole-document navigation. A refusal shows its message.
 */
import { data } from "react-router";
import { detectLanguage, translatorFor } from "../../locales/language.ts";
import { isPaymentMethodType, paymentReturnPath } from "../../schemas/forms/payment.ts";
import { safeRedirectPath } from "../../schemas/safe-redirect.ts";
import { SchemaForm } from "../../widgets/schema-form.tsx";
import {
  type PaymentMethodActionResult,
  PaymentMethodRegister,
} from "../components/payment/payment-method-register.tsx";
import { PAYMENT_METHOD_CONTENTS } from "../components/screen/contents/payment-method.ts";
import { ScreenView } from "../components/screen/screen-view.tsx";
import { type PaymentMethodPost, paymentMethodCall } from "../lib/payment-method-call.ts";
import { enforceAccess, loadFormScreen } from "../lib/screen-loader.server.ts";
import { callApi, failureStatus, followNext } from "../lib/zapi.server.ts";
import type { Route } from "./+types/mypage-payment-method";
// The form's texts (labels, messages) beyond the base.
import "../lib/translations/forms.ts";
import "../lib/translations/widgets.ts";
// The account area's texts (my page, its sub-pages and screens: app/lib/translations/browser.ts).
import "../lib/translations/account.ts";

export const loader = (args: Route.LoaderArgs) => loadFormScreen(args);

/** A JSON post of the page's script, or the HTML form's fields (a post without the script). */
async function readPost(request: Request): Promise<PaymentMethodPost> {
  if (request.headers.get("content-type")?.startsWith("application/json")) {
    const body: unknown = await request.json().catch(() => null);
    return typeof body === "object" && body !== null && !Array.isArray(body)
      ? (body as PaymentMethodPost)
      : {};
  }
  const form = await request.formData().catch(() => null);
  return form ? Object.fromEntries([...form].filter(([, value]) => typeof value === "string")) : {};
}

export async function action(args: Route.ActionArgs) {
  await enforceAccess(args, "member");
  const t = await translatorFor(detectLanguage(args.request));
  const post = await readPost(args.request);
  // Opened from a plan's purchase form (its "register a new payment method" link): back there after.
  const returnTo = paymentReturnPath(new URL(args.request.url).searchParams.get("returnTo"));
  const call = paymentMethodCall(post, returnTo);
  const refuse = (about: "register" | "delete", message: string, status = 400) =>
    data<PaymentMethodActionResult>({ ok: false, about, message }, { status });
  if (call === "needsScript") return refuse("register", t("mypage.paymentMethodPage.needsScript"));
  if (!call) return refuse("register", t("mypage.paymentMethodPage.failed"));
  const fallback = t(
    call.about === "delete" ? "mypage.paymentMethodPage.deleteFailed" : "mypage.paymentMethodPage.failed",
  );
  const result = await callApi(args, call.path, call.init);
  const { answer, headers } = result;
  // Our own pages change in place; the provider's pages are another document.
  const ours = (next: string) =>
    next.startsWith("/mypage/") || next.startsWith("/login") || !!paymentReturnPath(next);
  followNext(result, (next) => !ours(next));
  const linkUrl = safeRedirectPath(answer.linkUrl);
  if (result.ok && linkUrl && isPaymentMethodType(post.paymentMethodType)) {
    const params = Object.fromEntries(
      Object.entries(typeof answer.params === "object" && answer.params !== null ? answer.params : {}).filter(
        (entry): entry is [string, string] => typeof entry[1] === "string",
      ),
    );
    return data<PaymentMethodActionResult>(
      { ok: true, link: { type: post.paymentMethodType, linkUrl, params } },
      { headers },
    );
  }
  return data<PaymentMethodActionResult>(
    { ok: false, about: call.about, message: result.message ?? fallback },
    { status: failureStatus(result), headers },
  );
}

export default function MypagePaymentMethod({ loaderData, actionData }: Route.ComponentProps) {
  const { screen, screenData, forms, validatorUrls } = loaderData;
  const [form] = forms;
  const deleteFailure =
    actionData && !actionData.ok && actionData.about === "delete" ? actionData.message : null;
  const { intro } = loaderData.bodies;
  const page = intro?.name === "savedPaymentMethods" ? intro.screenData : null;
  return (
    <ScreenView
      screen={screen}
      screenData={screenData}
      bodies={loaderData.bodies}
      contents={PAYMENT_METHOD_CONTENTS}
    >
      {deleteFailure && (
        <p className="alert alert--error" role="alert">
          {deleteFailure}
        </p>
      )}
      {form && page && page.paymentMethodTypes.length > 0 && (
        <PaymentMethodRegister
          form={form}
          validatorUrl={validatorUrls[form.id]}
          provider={page.paymentProvider}
          renderer={SchemaForm}
        />
      )}
    </ScreenView>
  );
}
