/**
 * Compression of what the server makes per request (pages, JSON): brotli when the browser takes it
 * at least as gladly as gzip, else gzip or deflate through Hono's maintained middleware. The build's
 * files are precompressed (scripts/compress-assets.ts) and served by the static handler instead.
 */
import { promisify } from "node:util";
import { brotliCompress, constants } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX, compress } from "hono/compress";

/**
 * Brotli for pages made per request: quality 4 with a 256 KiB window (pages are tens of kB).
 * Measured on /signup/auth (58 kB) and /mypage (29 kB), one call each: quality 4 takes 0.75 and
 * 0.26 ms for 14.7 and 7.3 kB; quality 5 took 1.2–5.6 ms (it varies widely from call to call) and
 * 0.51 ms for 13.3 and 6.7 kB; gzip 6 takes 0.90 and 0.28 ms for 15.0 and 7.4 kB. Node's default
 * 4 MiB window made every response allocate megabytes and halved the pages served per second.
 */
const BROTLI_PARAMS = {
  [constants.BROTLI_PARAM_QUALITY]: 4,
  [constants.BROTLI_PARAM_LGWIN]: 18,
};

const brotliAsync = promisify(brotliCompress);

/** Below this many bytes compression costs more than it saves (Hono's own threshold). */
const THRESHOLD_BYTES = 1024;

/** The q-value the Accept-Encoding header gives `coding` (0 when absent, `*` counts). */
function qualityOf(header: string, coding: string): number {
  let wildcard = 0;
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const value = q ? Number(q.slice(2)) : 1;
    if (name === coding) return Number.isFinite(value) ? value : 0;
    if (name === "*") wildcard = Number.isFinite(value) ? value : 0;
  }
  return wildcard;
}

export function prefersBrotli(header: string | undefined): boolean {
  if (!header) return false;
  const brotli = qualityOf(header, "br");
  return brotli > 0 && brotli >= qualityOf(header, "gzip");
}

/** The encoding of a precompressed answer for this Accept-Encoding: brotli, gzip, or none. */
export function acceptedEncoding(header: string | undefined): "br" | "gzip" | "identity" {
  if (!header) return "identity";
  if (prefersBrotli(header)) return "br";
  return qualityOf(header, "gzip") > 0 ? "gzip" : "identity";
}

function isCompressible(response: Response, method: string): boolean {
  const { headers } = response;
  const length = headers.get("Content-Length");
  return (
    response.body !== null &&
    method !== "HEAD" &&
    response.status !== 206 &&
    !headers.has("Content-Encoding") &&
    !headers.has("Transfer-Encoding") &&
    !(length && Number(length) < THRESHOLD_BYTES) &&
    COMPRESSIBLE_CONTENT_TYPE_REGEX.test(headers.get("Content-Type") ?? "") &&
    !/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(headers.get("Cache-Control") ?? "")
  );
}

export function compressResponses(): MiddlewareHandler {
  const gzipOrDeflate = compress({ threshold: THRESHOLD_BYTES });
  return async (c, next) => {
    if (!prefersBrotli(c.req.header("Accept-Encoding"))) return gzipOrDeflate(c, next);
    await next();
    if (!isCompressible(c.res, c.req.method) || !c.res.body) return;
    const vary = c.res.headers.get("Vary");
    if (vary !== "*" && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? "")) {
      c.res.headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    }
    // The whole answer, compressed in one call off the main thread: streaming it through a
    // compressor in React's 2 kB chunks cost a round trip to the thread pool per chunk.
    const bytes = new Uint8Array(await c.res.arrayBuffer());
    if (bytes.byteLength < THRESHOLD_BYTES) {
      c.res = new Response(bytes, c.res);
      return;
    }
    c.res = new Response(await brotliAsync(bytes, { params: BROTLI_PARAMS }), c.res);
    c.res.headers.delete("Content-Length");
    c.res.headers.set("Content-Encoding", "br");
    const etag = c.res.headers.get("ETag");
    if (etag && !etag.startsWith("W/")) c.res.headers.set("ETag", `W/${etag}`);
  };
}
