/** Error situations that are not told by an HTTP status alone (spec §8 Error pages). */
export const ERROR_KINDS = ["regionBlock", "unknown", "generic", "profile403"] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export function isErrorKind(value: unknown): value is ErrorKind {
  return typeof value === "string" && (ERROR_KINDS as readonly string[]).includes(value);
}

/** Statuses with their own wording; any other status falls back to the generic message. */
const KNOWN_STATUSES = [401, 403, 404, 500, 502, 503, 504] as const;
type KnownStatus = (typeof KNOWN_STATUSES)[number];

export type ErrorContentId = `status${KnownStatus}` | ErrorKind;

export interface ErrorPageContent {
  id: ErrorContentId;
  /** The big headline: the status number, or an icon for situations without one. */
  headline: { kind: "status"; status: number } | { kind: "icon"; icon: "globe" | "alert" };
  titleKey: `errorPage.${ErrorContentId}.title`;
  textKey: `errorPage.${ErrorContentId}.text`;
}

export const DEFAULT_ERROR_STATUS = 404;

/**
 * What the error page says (spec §2 end, §8): a kind wins over the status; a known status has its
 * own wording; no status means 404; any other status keeps its number with the generic text.
 */
export function errorPageContent(status: number | undefined, kind?: ErrorKind): ErrorPageContent {
  if (kind) return content(kind, kindHeadline(kind, status));
  const shown = status ?? DEFAULT_ERROR_STATUS;
  const known = KNOWN_STATUSES.find((candidate) => candidate === shown);
  return content(known ? `status${known}` : "generic", { kind: "status", status: shown });
}

function kindHeadline(kind: ErrorKind, status: number | undefined): ErrorPageContent["headline"] {
  switch (kind) {
    case "profile403":
      return { kind: "status", status: 403 };
    case "regionBlock":
      return { kind: "icon", icon: "globe" };
    case "unknown":
    case "generic":
      return status ? { kind: "status", status } : { kind: "icon", icon: "alert" };
  }
}

function content(id: ErrorContentId, headline: ErrorPageContent["headline"]): ErrorPageContent {
  return { id, headline, titleKey: `errorPage.${id}.title`, textKey: `errorPage.${id}.text` };
}
