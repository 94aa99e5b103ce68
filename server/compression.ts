/**
 * Compression of what the server makes per request (pages, JSON): brotli when the browser takes it
 * at least as gladly as gzip, else gzip or deflate through Hono's maintained middleware. The build's
 * files are precompressed (scripts/compress-assets.ts) and served by the static handler instead.
 */
import { Duplex } from "node:stream";
import { constants, createBrotliCompress } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX, compress } from "hono/compress";

/**
 * Brotli for pages made per request: quality 5 with a 256 KiB window (pages are tens of kB). Measured
 * (npm run bench:ssr, 2 cores): /login 7.5 kB against gzip's 8.4 kB at the same 370 req/s; Node's
 * default 4 MiB window made every response allocate megabytes and halved the pages served per second.
 */
const BROTLI_PARAMS = {
  [constants.BROTLI_PARAM_QUALITY]: 5,
  [constants.BROTLI_PARAM_LGWIN]: 18,
};

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
    const brotli = Duplex.toWeb(
      createBrotliCompress({ params: BROTLI_PARAMS }),
    ) as unknown as ReadableWritablePair<Uint8Array, Uint8Array>;
    c.res = new Response(c.res.body.pipeThrough(brotli), c.res);
    c.res.headers.delete("Content-Length");
    c.res.headers.set("Content-Encoding", "br");
    const etag = c.res.headers.get("ETag");
    if (etag && !etag.startsWith("W/")) c.res.headers.set("ETag", `W/${etag}`);
  };
}
