/**
 * The multi-factor pages of my page whose controls are not a schema form (spec §2): the settings
 * rows (/mypage/multi-factor), the e-mail and SMS methods (/email, /sms) and the backup-code generation
 * (/backup-code/generate). Declarative screens (screens/mypage.ts) with a named body; their posts
 * come here, each naming its intent, and go on to the API:
 *
 * - `disable` {multiFactorType} → POST /zapi/account/disable-multi-factor
 * - `enableEmail` → POST /zapi/account/enable-multi-factor {multiFactorType: "Email"}
 * - `sendSmsCode` → POST /zapi/account/enable-multi-factor {multiFactorType: "SMS"} (texts the code)
 * - `registerBackupCodes` {backupCodeList[], registration, saved} → POST
 *   /zapi/account/enable-multi-factor/with-backup-code or /backup-code-regenerate
 *
 * The API answers where to go next (redirectTo); a refusal shows its message on the page. While
 * the settings and backup-code pages ask the member to prove who they are first (issue 39 §4),
 * they show that form in their place, posted through the screen action like any form.
 */
import { data, redirect } from "react-router";
import { detectLanguage, translatorFor } from "../../locales/language.ts";
import { MULTI_FACTOR_CONTENTS } from "../components/screen/contents/multi-factor.ts";
import { GuardedScreenView } from "../components/screen/guarded-screen-view.tsx";
import { loadGuardedScreen, reauthenticationPost } from "../lib/guarded-screen.server.ts";
import { callApi, followNext } from "../lib/zapi.server.ts";
import type { Route } from "./+types/mypage-multi-factor";
// The re-authentication form's texts (labels, messages) beyond the base and the account's.
import "../lib/translations/forms.ts";
// The account area's texts (my page, its sub-pages and screens: app/lib/translations/browser.ts).
import "../lib/translations/account.ts";

/** What the action answers when it does not move on. */
export type MultiFactorActionResult = { ok: true } | { ok: false; message: string };

const METHOD_TYPES = new Set(["Email", "SMS", "OTP"]);

export const loader = (args: Route.LoaderArgs) => loadGuardedScreen(args);

/** The API call a post asks for, or the message of what is wrong with it. */
async function callOf(
  post: FormData | null,
  t: (key: string) => string,
): Promise<{ path: string; body: unknown } | { refused: string }> {
  const intent = post?.get("intent");
  if (intent === "disable") {
    const type = post?.get("multiFactorType");
    if (typeof type !== "string" || !METHOD_TYPES.has(type))
      return { refused: t("mypage.multiFactorPage.failed") };
    return { path: "/zapi/account/disable-multi-factor", body: { multiFactorType: type } };
  }
  if (intent === "enableEmail" || intent === "sendSmsCode") {
    const multiFactorType = intent === "enableEmail" ? "Email" : "SMS";
    return { path: "/zapi/account/enable-multi-factor", body: { multiFactorType } };
  }
  if (intent === "registerBackupCodes") {
    if (post?.get("saved") !== "on") return { refused: t("mypage.multiFactorPage.generate.mustConfirm") };
    const backupCodeList = (post?.getAll("backupCodeList") ?? []).filter((code) => typeof code === "string");
    const path =
      post?.get("registration") === "true"
        ? "/zapi/account/enable-multi-factor/with-backup-code"
        : "/zapi/account/backup-code-regenerate";
    return { path, body: { backupCodeList } };
  }
  return { refused: t("mypage.multiFactorPage.failed") };
}

export async function action(args: Route.ActionArgs) {
  const proof = await reauthenticationPost(args);
  if (proof) return proof;
  const t = await translatorFor(detectLanguage(args.request));
  const post = await args.request.formData().catch(() => null);
  const call = await callOf(post, t);
  if ("refused" in call) {
    return data<MultiFactorActionResult>({ ok: false, message: call.refused }, { status: 400 });
  }
  const result = await callApi(args, call.path, { body: call.body });
  const { headers } = result;
  followNext(result);
  if (result.ok) throw redirect("/mypage/multi-factor/complete", { headers });
  const message = result.message ?? t("mypage.multiFactorPage.failed");
  return data<MultiFactorActionResult>({ ok: false, message }, { status: result.status, headers });
}

export default function MypageMultiFactor({ loaderData }: Route.ComponentProps) {
  return <GuardedScreenView loaderData={loaderData} contents={MULTI_FACTOR_CONTENTS} />;
}
