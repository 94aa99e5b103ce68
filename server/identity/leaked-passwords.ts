/**
 * Passwords known to be leaked (NIST SP 800-63B §5.1.1.2 asks for such a blocklist), checked against
 * a k-anonymity range API of Have I Been Pwned's shape: only the first 5 hex characters of the
 * password's SHA-1 leave the server (`GET {base}/range/{prefix}`, with `Add-Padding: true` so the
 * answer's size says nothing either), and the answer lists the suffixes of every leaked password
 * under that prefix with how often each was seen (padding entries count 0).
 *
 * It fails open: an unreachable, slow (over 2 s) or garbled service lets the password through and
 * is logged, since a blocklist that is down must not stop members from setting a password.
 * Off unless PWNED_PASSWORDS_URL is set.
 */
import { createHash } from "node:crypto";
import type { Context } from "hono";
import { translatorFor } from "../../locales/language.ts";
import type { ApiEnv } from "../api/context.ts";
import { ApiError } from "../kit/errors.ts";
import { requestLanguage } from "../kit/validation.ts";

export interface LeakedPasswordCheck {
  /** True when the password is on the list; false when it is not, or when the list could not be asked. */
  isLeaked(password: string): Promise<boolean>;
}

/** No list configured: nothing is refused. */
export const NO_LEAKED_PASSWORD_CHECK: LeakedPasswordCheck = { isLeaked: async () => false };

/** How long a member waits for the list at most. */
export const LEAKED_PASSWORD_TIMEOUT_MS = 2000;

export function leakedPasswordCheck(options: {
  /** The API's base URL, e.g. https://api.pwnedpasswords.com */
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  log?: (message: string, error?: unknown) => void;
}): LeakedPasswordCheck {
  const send = options.fetch ?? fetch;
  const log = options.log ?? ((message, error) => console.warn(message, error ?? ""));
  const base = options.baseUrl.replace(/\/+$/, "");
  return {
    async isLeaked(password) {
      const hash = createHash("sha1").update(password, "utf8").digest("hex").toUpperCase();
      const prefix = hash.slice(0, 5);
      const suffix = hash.slice(5);
      try {
        const response = await send(`${base}/range/${prefix}`, {
          headers: { "Add-Padding": "true" },
          signal: AbortSignal.timeout(options.timeoutMs ?? LEAKED_PASSWORD_TIMEOUT_MS),
        });
        if (!response.ok) {
          log(
            `[passwords] the leaked-password list answered ${response.status}; the password was let through`,
          );
          return false;
        }
        const body = await response.text();
        return body.split(/\r?\n/).some((line) => {
          const [listed, count] = line.trim().split(":");
          return listed?.toUpperCase() === suffix && Number(count) > 0;
        });
      } catch (error) {
        log("[passwords] the leaked-password list could not be asked; the password was let through", error);
        return false;
      }
    },
  };
}

/**
 * 400 VALIDATION_ERROR on the form's password field when the new password is on the list (the form
 * shows it under the field, like its own checks); nothing is changed.
 */
export async function refuseLeakedPassword(
  c: Context<ApiEnv>,
  password: string,
  field: string,
): Promise<void> {
  if (!(await c.get("deps").leakedPasswords.isLeaked(password))) return;
  const t = await translatorFor(requestLanguage(c));
  throw new ApiError(400, "VALIDATION_ERROR", t("validation.summary"), {
    errors: [{ field, message: t("api.passwordLeaked") }],
  });
}
