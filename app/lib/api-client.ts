import type { Translate } from "../../locales/i18n.ts";
import { safeRedirectPath } from "../../schemas/safe-redirect.ts";

/**
 * The browser-side helper for calls to the API (spec §7 "Handling of answers").
 *
 * Answers are handled in this order:
 * 1. A redirected response, or a body with a string `redirectTo`, navigates there and resolves with
 *    the body, whatever the status: the API asked for the navigation, so it is not a failure.
 * 2. Status 404 resolves with the body (the caller decides what "not found" means).
 * 3. Any other status of 400 or more rejects with an {@link ApiClientError}.
 *
 * An empty body (status 204) and a body that is not JSON both resolve as `{}`, never `null`, so a
 * caller can always destructure the answer. Type `T` with optional fields for calls that may do so.
 */

export interface ApiRequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON. */
  body?: unknown;
  /**
   * How many times to retry after a status of 400 or more (404 included, as spec §7 says) or a
   * network error. Only the last answer is handled as described above.
   */
  retries?: number;
  signal?: AbortSignal;
  /** How to navigate to a redirect; defaults to a full page load (`window.location.assign`). */
  navigate?: (url: string) => void;
  /** The source of the back-off jitter, a number in [0, 1); defaults to `Math.random`. */
  random?: () => number;
}

/** The `{code, message, requestId}` every API error body carries (spec §3 Error object). */
interface ApiErrorBody {
  code?: unknown;
  message?: unknown;
  requestId?: unknown;
}

/** Status given to an {@link ApiClientError} when no response arrived at all. */
export const NETWORK_ERROR_STATUS = 0;

export class ApiClientError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly requestId: string | null;
  /** The whole parsed error body (may hold more than code and message, e.g. field errors). */
  readonly body: unknown;

  constructor(status: number, body: unknown, options?: { cause?: unknown; message?: string }) {
    const fields: ApiErrorBody = isRecord(body) ? body : {};
    super(stringOrNull(fields.message) ?? options?.message ?? `Request failed with status ${status}`, {
      cause: options?.cause,
    });
    this.name = "ApiClientError";
    this.status = status;
    this.code = stringOrNull(fields.code);
    this.requestId = stringOrNull(fields.requestId);
    this.body = body;
  }

  /** The message the API itself sent, if any (ours above may be a fallback for logs). */
  get apiMessage(): string | null {
    return isRecord(this.body) ? stringOrNull(this.body.message) : null;
  }
}

const BASE_DELAY_MS = 1000;
const MAX_JITTER_MS = 1000;

/** Wait before retry number `retryNumber` (1, 2, 3…): 1 s, 2 s, 4 s… plus up to 1 s of jitter. */
export function retryDelay(retryNumber: number, random: () => number = Math.random): number {
  return BASE_DELAY_MS * 2 ** (retryNumber - 1) + random() * MAX_JITTER_MS;
}

export async function apiRequest<T = Record<string, unknown>>(
  path: string,
  {
    method = "POST",
    body,
    retries = 0,
    signal,
    navigate = (url) => window.location.assign(url),
    random = Math.random,
  }: ApiRequestOptions = {},
): Promise<T> {
  const init: RequestInit = {
    method,
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  };

  for (let retryNumber = 0; ; retryNumber++) {
    if (retryNumber > 0) await sleep(retryDelay(retryNumber, random), signal);
    const canRetry = retryNumber < retries;

    let response: Response;
    try {
      response = await fetch(path, init);
    } catch (error) {
      // An abort is the caller's decision, never a reason to try again.
      if (signal?.aborted) throw error;
      if (canRetry) continue;
      throw new ApiClientError(NETWORK_ERROR_STATUS, null, {
        cause: error,
        message: `Network error: ${(error as Error).message}`,
      });
    }
    if (response.status >= 400 && canRetry) continue;

    const answer = await readBody(response);
    const redirectTo = safeRedirectPath(
      response.redirected ? sameOriginPath(response.url) : redirectTarget(answer),
    );
    if (redirectTo) {
      navigate(redirectTo);
      return answer as T;
    }
    if (response.status === 404) return answer as T;
    if (response.status >= 400) throw new ApiClientError(response.status, answer);
    return answer as T;
  }
}

/**
 * The text to show for a failed call (spec §8 "Generic fallback"): the message the API sent,
 * falling back to エラーが発生しました。
 */
export function errorMessage(error: unknown, t: Translate): string {
  if (error instanceof ApiClientError && error.apiMessage) return error.apiMessage;
  return t("apiError.fallback");
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

/** The path of a URL on this site, or null for another origin (the redirect is then not followed). */
function sameOriginPath(url: string): string | null {
  const parsed = new URL(url, window.location.href);
  return parsed.origin === window.location.origin ? `${parsed.pathname}${parsed.search}${parsed.hash}` : null;
}

function redirectTarget(answer: unknown): string | null {
  return isRecord(answer) && typeof answer.redirectTo === "string" && answer.redirectTo
    ? answer.redirectTo
    : null;
}

/** A timer-based wait (so tests drive it with fake timers) that ends early when aborted. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stringOrNull(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}
