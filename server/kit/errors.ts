import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * An API failure with a stable code. Every error body is `{code, message, requestId}` (spec §7),
 * plus `errors` for per-field validation failures.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const notFound = (message = "Not found") => new ApiError(404, "NOT_FOUND", message);
export const unauthorized = (message = "Login required") =>
  new ApiError(401, "REQUEST_UNAUTHORIZED", message);
export const forbidden = (message = "Forbidden") => new ApiError(403, "FORBIDDEN", message);
