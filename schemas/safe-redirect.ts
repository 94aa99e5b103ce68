/**
 * The one safe-redirect rule (issue 7 §2). Every destination that comes from a request or from an
 * API answer — `returnTo`, `redirectTo`, the post-login destination, later OIDC and social flows —
 * passes through `safeRedirectPath` before it becomes a Location.
 *
 * Only same-origin absolute paths survive. The rule is strict on purpose: a destination is a path
 * of this site that our own pages wrote, so anything unusual is refused rather than repaired, and
 * the caller falls back to its default page. Refused:
 * - anything that is not a string starting with exactly one "/" (`//host`, `/\host`, `https:`…);
 * - characters outside printable ASCII: control characters (TAB, CR, LF, NUL — browsers drop
 *   them, turning `/\t/evil.example` into `//evil.example`), spaces, backslashes, and every
 *   non-ASCII character (U+3000, fullwidth solidus and other look-alikes);
 * - the same in percent-encoded form, decoded up to three times (`/%2F%2Fevil`, `/%5Cevil`,
 *   `/%252F…`, `/%E3%80%80…`); a malformed escape is refused too. (An encoded space in a query
 *   value is fine; encoded non-ASCII is not, which our own ASCII paths never need);
 * - a path that URL normalisation turns into `//…` (`/..//evil.example`), encoded or not.
 */

const MAX_LENGTH = 2048;
const PRINTABLE_ASCII = /^[\x21-\x7e]*$/;
/** What a decoded form may hold: printable ASCII and the space an encoded query value may carry. */
const DECODED_ASCII = /^[\x20-\x7e]*$/;
const DECODE_ROUNDS = 3;
/** Any base works: only whether the parsed URL keeps this origin matters. */
const BASE = "http://same-origin.invalid";

function isPlainPath(value: string): boolean {
  return (
    value.startsWith("/") && !value.startsWith("//") && !value.includes("\\") && PRINTABLE_ASCII.test(value)
  );
}

/** The path URL parsing makes of the value (dot segments resolved), or null when it leaves the origin. */
function normalisedPath(value: string): string | null {
  try {
    const url = new URL(value, BASE);
    return url.origin === BASE ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/** True when every decoding of the value up to DECODE_ROUNDS is still a plain path. */
function decodesToPlainPaths(value: string): boolean {
  let current = value;
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return false;
    }
    if (decoded === current) return true;
    if (decoded.startsWith("//") || decoded.includes("\\") || !DECODED_ASCII.test(decoded)) return false;
    if (normalisedPath(decoded)?.startsWith("//") !== false) return false;
    current = decoded;
  }
  // Still changing after three rounds: nothing our pages write is encoded that deeply.
  return false;
}

/**
 * The destination as a same-origin path (`/path?query#hash`, normalised), or null when it is
 * not one. Never throws.
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (!isPlainPath(value) || !decodesToPlainPaths(value)) return null;
  const path = normalisedPath(value);
  return path !== null && isPlainPath(path) ? path : null;
}

/** `safeRedirectPath(value)`, or `fallback` when the value is missing or refused. */
export function safeRedirectOr(value: unknown, fallback: string): string {
  return safeRedirectPath(value) ?? fallback;
}
