import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { translatorFor } from "../../locales/language.ts";
import type { ApiEnv } from "../api/context.ts";
import { ApiError } from "./errors.ts";
import { requestLanguage } from "./validation.ts";

/** A message of locales/{ja,en}/api.json (under `api.`) in the request's language. */
export async function apiMessage(
  c: Context<ApiEnv>,
  key: string,
  params: Record<string, string | number> = {},
): Promise<string> {
  const t = await translatorFor(requestLanguage(c));
  return t(`api.${key}`, params);
}

/** An ApiError whose message is `api.<key>` in the request's language. */
export async function apiError(
  c: Context<ApiEnv>,
  status: ContentfulStatusCode,
  code: string,
  key: string,
  options: { params?: Record<string, string | number>; details?: Record<string, unknown> } = {},
): Promise<ApiError> {
  return new ApiError(status, code, await apiMessage(c, key, options.params), options.details);
}

/** What a TOO_MANY_ATTEMPTS answer says was too many: logins (and login codes), mails, texts, or other tries. */
export type RetryReason = "login" | "mails" | "texts" | "other";

/**
 * 429 with Retry-After and `retryAfter` (seconds) in the body: throttled, or a resend too soon.
 * A throttled answer's message states the wait, in seconds under a minute, else in minutes.
 */
export async function retryLaterError(
  c: Context<ApiEnv>,
  code: "TOO_MANY_ATTEMPTS" | "RESEND_TOO_SOON",
  seconds: number,
  params: Record<string, string | number> = {},
  reason: RetryReason = "other",
): Promise<ApiError> {
  c.header("Retry-After", String(seconds));
  const minutes = Math.ceil(seconds / 60);
  const key =
    code === "RESEND_TOO_SOON"
      ? "resendTooSoon"
      : `tooManyAttempts.${reason}.${seconds < 60 ? "seconds" : "minutes"}`;
  return apiError(c, 429, code, key, {
    params: { seconds, minutes, count: seconds < 60 ? seconds : minutes, ...params },
    details: { retryAfter: seconds },
  });
}

/** 409: the e-mail address belongs to another account (sign-up, e-mail change). */
export const emailInUseError = (c: Context<ApiEnv>) =>
  apiError(c, 409, "ACCOUNT_ALREADY_EXISTS_EMAIL", "emailInUse");

/** 409: the user ID belongs to another account (sign-up, user ID change, the availability check). */
export const userIdInUseError = (c: Context<ApiEnv>) =>
  apiError(c, 409, "ACCOUNT_ALREADY_EXISTS_USER_ID", "userIdInUse");
