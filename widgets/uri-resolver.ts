/**
 * Stands in for fast-uri in the browser: vite.config.ts points `fast-uri` here. rjsf uses it only to
 * resolve a `$ref` against a schema's `$id`, and our forms have neither; should one appear, the
 * browser's own URL parser resolves it against an absolute base, and a reference without one stays
 * as written. This keeps 22 KB of URI parser off every form page (issue 28). The server keeps
 * fast-uri: ajv compiles the validators with it.
 */

/** `ref` resolved against `base` (RFC 3986 by the WHATWG parser), or `ref` when `base` is not absolute. */
export function resolve(base: string, ref: string): string {
  try {
    return new URL(ref, base).href;
  } catch {
    return ref;
  }
}

function normalize(uri: string): string {
  try {
    return new URL(uri).href;
  } catch {
    return uri;
  }
}

/** Whether two URIs name the same resource once normalised. */
export function equal(a: string, b: string): boolean {
  return normalize(a) === normalize(b);
}

export default { resolve, equal };
