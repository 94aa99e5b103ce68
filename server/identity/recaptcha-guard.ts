/**
 * The one reCAPTCHA check of the API (issue 7 §10): password login, login-code request and the
 * sign-up e-mail step call it with the body's `token` (spec §3 Login payload; the two others
 * carry it under the same name). With the store's reCAPTCHA off it does nothing.
 *
 * - no token (JavaScript off, the script blocked) → 400 RECAPTCHA_REQUIRED, saying to turn JS on;
 * - a token the assessment does not pass → 400 RECAPTCHA_FAILED;
 * - the check cannot be made (no key, a wrong key, the service down) → 503 RECAPTCHA_UNAVAILABLE
 *   with a message for the member; what to fix is in the operator's log (identity/recaptcha.ts).
 */
import type { Context } from "hono";
import type { RecaptchaAction } from "../../schemas/recaptcha-action.ts";
import type { ApiEnv } from "../api/context.ts";
import { apiError } from "../kit/messages.ts";

/** The member-facing "cannot check now" message per action: logging in, or signing up. */
const UNAVAILABLE_MESSAGE: Record<RecaptchaAction, string> = {
  login: "recaptchaUnavailable",
  login_code: "recaptchaUnavailable",
  signup_email: "recaptchaUnavailableSignUp",
};

/**
 * Throws the refusal when the store enables reCAPTCHA and the token does not pass. `onRefused`
 * runs before a refusal for a missing or failed token (the login records it in its history).
 */
export async function requireRecaptcha(
  c: Context<ApiEnv>,
  action: RecaptchaAction,
  token: unknown,
  onRefused?: () => Promise<void>,
): Promise<void> {
  const deps = c.get("deps");
  const settings = deps.store.current().settings.login.recaptcha;
  if (!settings?.enabled) return;
  const given = typeof token === "string" && token !== "" ? token : undefined;
  const verdict = await deps.recaptcha.verify({ token: given, settings, expectedAction: action });
  if (verdict === "pass") return;
  if (verdict === "unavailable") {
    throw await apiError(c, 503, "RECAPTCHA_UNAVAILABLE", UNAVAILABLE_MESSAGE[action]);
  }
  await onRefused?.();
  throw given === undefined
    ? await apiError(c, 400, "RECAPTCHA_REQUIRED", "recaptchaMissing")
    : await apiError(c, 400, "RECAPTCHA_FAILED", "recaptchaFailed");
}
