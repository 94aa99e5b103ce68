/**
 * The guest page cache (issue 49 §1, ADR 0038). A route declares, with `export const guestPageCache = true`,
 * that its document for a guest is a pure function of the URL, the language, the user agent and
 * the data everything depends on (store settings, policies in force, catalogue, build). Then the
 * first guest request renders it and later ones are answered from memory, already compressed.
 *
 * What keeps one visitor's answer from another:
 * - only a GET whose cookies are all ones the server never reads for a person (the language, an
 *   analytics tag's) is a guest request; any other cookie (a session, a flow, one added later)
 *   goes to the renderer;
 * - only a 200 without Set-Cookie is kept, and the answer is kept without cookies;
 * - the key holds the URL, the language the request asks for and its user agent (the native app
 *   is told apart by it); the generation (store, policies in force, catalogue) empties the cache
 *   when it changes.
 *
 * A cacheable document is rendered without a nonce, and its CSP allows its own inline scripts by
 * hash (security-headers.ts), so the bytes are the same for everyone and are compressed once.
 */
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Context } from "hono";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { detectLanguage } from "../locales/language.ts";
import { MAX_USER_AGENT_LENGTH } from "../schemas/native-app.ts";
import { acceptedEncoding } from "./compression.ts";
import { policiesInForceVersion } from "./identity/policy-records.ts";
import { inlineScriptHashes } from "./security-headers.ts";
import type { PolicyCatalogue } from "./store/policy-source.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Cookies no render reads for a person: the language (part of the key) and analytics tags'. */
const GUEST_COOKIE = /^(?:lng|_ga(?:_[A-Za-z0-9]+)?|_gid|_gat(?:_[A-Za-z0-9]+)?|_gcl_[a-z]+)$/;

/** The route module's declaration: `export const guestPageCache = true`. */
interface GuestPageCacheDeclaration {
  guestPageCache?: unknown;
}

/**
 * Which URL paths the build's routes declare cacheable for guests: the deepest matching route's
 * `guestPageCache` export. React Router's data requests (`/login.data`, `/_root.data`) count as
 * their page's path.
 */
export function guestCacheableRoutes(build: Pick<ServerBuild, "routes">): (path: string) => boolean {
  const children = new Map<string | undefined, RouteObject[]>();
  const byId = new Map<string, RouteObject>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const object: RouteObject = route.index
      ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
      : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: [] };
    byId.set(route.id, object);
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(object);
    children.set(route.parentId, siblings);
  }
  for (const [parentId, list] of children) {
    const parent = parentId ? byId.get(parentId) : undefined;
    if (parent && !parent.index) parent.children = list;
  }
  const tree = children.get(undefined) ?? [];
  const declared = (id: string) =>
    (build.routes[id]?.module as GuestPageCacheDeclaration | undefined)?.guestPageCache === true;
  // Matching ranks every route on each call (a third of a cached page's time, profiled): the
  // answers for recent paths are kept, a bounded number so that odd paths only evict older ones.
  const recent = new Map<string, boolean>();
  return (path) => {
    let cacheable = recent.get(path);
    if (cacheable === undefined) {
      const page = path === "/_root.data" ? "/" : path.replace(/\.data$/, "");
      const deepest = matchRoutes(tree, page)?.at(-1)?.route.id;
      cacheable = deepest !== undefined && declared(deepest);
      if (recent.size >= RECENT_PATHS) recent.delete(recent.keys().next().value as string);
      recent.set(path, cacheable);
    }
    return cacheable;
  };
}

const RECENT_PATHS = 2000;

/**
 * The pages kept for guests: those the routes declare, while the store has no tag manager. The
 * tag manager's own custom tags run by the nonce its loader carries (it hands it on), which a page
 * shared by every visitor cannot have; so under a tag manager every page keeps its nonce.
 */
export function guestCacheablePages(
  build: Pick<ServerBuild, "routes">,
  store: { current(): { settings: { gtmId?: string | null } } },
): (path: string) => boolean {
  const declared = guestCacheableRoutes(build);
  return (path) => !store.current().settings.gtmId && declared(path);
}

/** A GET from a guest: no cookie but the language's and analytics tags'. */
export function isGuestRequest(request: Request): boolean {
  if (request.method !== "GET" || request.headers.has("Authorization")) return false;
  const cookies = request.headers.get("Cookie");
  if (!cookies) return true;
  return cookies.split(";").every((pair) => {
    const name = pair.split("=", 1)[0]?.trim() ?? "";
    return name === "" || GUEST_COOKIE.test(name);
  });
}

/** One rendered answer: its bytes in each encoding, and the hashes its CSP allows. */
export interface RenderedPage {
  status: number;
  headers: [string, string][];
  identity: Uint8Array;
  brotli: Uint8Array | null;
  gzip: Uint8Array | null;
  scriptHashes: string[];
  /** A kept page's complete headers for a cache hit, per encoding: made once, not per request. */
  hitHeaders: Record<Encoding, [string, string][]> | null;
}

type Encoding = ReturnType<typeof acceptedEncoding>;

export interface PageCacheOptions {
  /** Changes whenever anything a guest's page shows changes: the store, the policies in force, the catalogue. */
  generation(): string;
  /** Whether the route of a path declares itself cacheable. */
  isCacheable(path: string): boolean;
  /** The bound of the cached bytes (all encodings together); the least recently used go first. */
  maxBytes: number;
}

interface Versioned {
  current(): { version: string };
}

/**
 * The generation of what every guest page may show: the store settings, the policies in force
 * (an edit, or a revision reaching its effective time) and the catalogue. The build needs no part:
 * the cache lives and dies with the process that loaded it.
 */
export function guestPageGeneration(sources: {
  store: Versioned;
  catalogue: Versioned;
  policies: { current(): Pick<PolicyCatalogue, "policies" | "version"> };
  now: () => Date;
}): () => string {
  const { store, catalogue, policies, now } = sources;
  return () =>
    `${store.current().version} ${catalogue.current().version} ${policiesInForceVersion(policies.current(), now())}`;
}

const KEPT_TYPES = /^(?:text\/html|text\/x-script)\b/;
const VARY = "Accept-Encoding, Accept-Language, Cookie, User-Agent";

function sizeOf(page: RenderedPage): number {
  return page.identity.byteLength + (page.brotli?.byteLength ?? 0) + (page.gzip?.byteLength ?? 0) + 512;
}

export class PageCache {
  private readonly entries = new Map<string, RenderedPage>();
  private readonly pending = new Map<string, Promise<RenderedPage>>();
  private bytes = 0;
  private generation: string | null = null;

  constructor(private readonly options: PageCacheOptions) {}

  /** The cache key of a guest request to a cacheable route, or null when the cache does not apply. */
  keyOf(request: Request): string | null {
    if (!isGuestRequest(request)) return null;
    const url = new URL(request.url);
    if (!this.options.isCacheable(url.pathname)) return null;
    const agent = (request.headers.get("User-Agent") ?? "").slice(0, MAX_USER_AGENT_LENGTH);
    return `${url.pathname}${url.search}\n${detectLanguage(request)}\n${agent}`;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /**
   * The page for `key`: from memory, or rendered by `render` (one render for requests arriving
   * together) and kept when it may be.
   */
  async page(key: string, render: () => Promise<Response>): Promise<{ page: RenderedPage; hit: boolean }> {
    this.checkGeneration();
    const cached = this.entries.get(key);
    if (cached) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return { page: cached, hit: true };
    }
    const inFlight = this.pending.get(key);
    if (inFlight) {
      const page = await inFlight;
      if (isKept(page)) return { page, hit: true };
      // Not shareable (a redirect, a cookie): this request gets its own render.
      return { page: await renderPage(render), hit: false };
    }
    const generation = this.generation;
    const rendering = renderPage(render);
    this.pending.set(key, rendering);
    try {
      const page = await rendering;
      if (isKept(page) && generation === this.generation) this.keep(key, page);
      return { page, hit: false };
    } finally {
      this.pending.delete(key);
    }
  }

  private checkGeneration() {
    const now = this.options.generation();
    if (now === this.generation) return;
    this.generation = now;
    this.entries.clear();
    this.bytes = 0;
  }

  private keep(key: string, page: RenderedPage) {
    const size = sizeOf(page);
    if (size > this.options.maxBytes) return;
    this.entries.set(key, page);
    this.bytes += size;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= sizeOf(entry);
    }
  }
}

function isKept(page: RenderedPage): boolean {
  return (
    page.status === 200 &&
    !page.headers.some(([name]) => name.toLowerCase() === "set-cookie") &&
    KEPT_TYPES.test(page.headers.find(([name]) => name.toLowerCase() === "content-type")?.[1] ?? "")
  );
}

/** Renders, reads the whole answer, and compresses it once if it may be kept. */
async function renderPage(render: () => Promise<Response>): Promise<RenderedPage> {
  const response = await render();
  const identity = new Uint8Array(await response.arrayBuffer());
  // Iterating Headers gives each Set-Cookie apart (the fetch standard), so none is merged.
  const headers = [...response.headers].filter(
    ([name]) => !["content-length", "content-encoding"].includes(name.toLowerCase()),
  );
  const isHtml = (response.headers.get("Content-Type") ?? "").startsWith("text/html");
  const page: RenderedPage = {
    status: response.status,
    headers,
    identity,
    brotli: null,
    gzip: null,
    scriptHashes: isHtml ? inlineScriptHashes(new TextDecoder().decode(identity)) : [],
    hitHeaders: null,
  };
  if (isKept(page)) {
    // Done once per page and generation, off the main thread: the smallest bytes are worth it.
    [page.brotli, page.gzip] = await Promise.all([
      brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzipAsync(identity, { level: 9 }),
    ]);
    page.hitHeaders = {
      br: keptPageHeaders(page, "br", true),
      gzip: keptPageHeaders(page, "gzip", true),
      identity: keptPageHeaders(page, "identity", true),
    };
  }
  return page;
}

function keptPageHeaders(page: RenderedPage, encoding: Encoding, hit: boolean): [string, string][] {
  const headers = page.headers.filter(([name]) => name.toLowerCase() !== "vary");
  headers.push(["Vary", VARY], ["X-Page-Cache", hit ? "hit" : "miss"]);
  if (encoding !== "identity") headers.push(["Content-Encoding", encoding]);
  return headers;
}

/**
 * The answer for `page` in the encoding the request takes. A kept page goes out precompressed; an
 * unkept one as plain bytes, which the compression middleware then compresses like any answer.
 */
export function pageResponse(c: Context, page: RenderedPage, hit: boolean): Response {
  const { status, brotli, gzip, hitHeaders } = page;
  if (!brotli || !gzip || !hitHeaders) {
    return new Response(page.identity as Uint8Array<ArrayBuffer>, { status, headers: page.headers });
  }
  const encoding = acceptedEncoding(c.req.header("Accept-Encoding"));
  const body = encoding === "br" ? brotli : encoding === "gzip" ? gzip : page.identity;
  const headers = hit ? hitHeaders[encoding] : keptPageHeaders(page, encoding, false);
  return new Response(body as Uint8Array<ArrayBuffer>, { status, headers });
}
