/** What /oidc/error shows (spec §2 OIDC, §7): the query the OIDC provider redirected with. */
export interface OidcErrorDetails {
  status: number;
  /** The OAuth error type, e.g. invalid_request. */
  error?: string;
  description?: string;
  detail?: string;
}

export const DEFAULT_OIDC_ERROR_STATUS = 500;
const MIN_ERROR_STATUS = 400;
const MAX_ERROR_STATUS = 599;

/** The status to answer with: an integer clamped to 400..599, 500 when absent or not a number. */
export function oidcErrorStatus(raw: string | null): number {
  const parsed = raw === null || raw.trim() === "" ? Number.NaN : Number(raw);
  if (!Number.isFinite(parsed)) return DEFAULT_OIDC_ERROR_STATUS;
  return Math.min(MAX_ERROR_STATUS, Math.max(MIN_ERROR_STATUS, Math.trunc(parsed)));
}

/** The body of the error response the /oidc/error loader throws. */
export interface OidcErrorBody {
  error?: string;
  error_description?: string;
  error_detail?: string;
}

export function oidcErrorBodyFromQuery(query: URLSearchParams): OidcErrorBody {
  return {
    error: nonEmpty(query.get("error")),
    error_description: nonEmpty(query.get("error_description")),
    error_detail: nonEmpty(query.get("error_detail")),
  };
}

/** Reads the thrown body back on the error boundary side, ignoring anything that is not text. */
export function oidcErrorDetails(status: number, body: unknown): OidcErrorDetails {
  const fields: Record<string, unknown> = typeof body === "object" && body !== null ? { ...body } : {};
  return {
    status,
    error: nonEmpty(fields.error),
    description: nonEmpty(fields.error_description),
    detail: nonEmpty(fields.error_detail),
  };
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}
