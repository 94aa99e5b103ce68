/**
 * The whole site as one Hono app (ADR 0002), built by server/main.ts and by tests: the trusted
 * host check, the security headers and compression around everything; then /zapi/* → the API,
 * /sandbox-pay/* → the sandbox payment processor, /assets/* → the client build (precompressed, immutable), /store-assets/* → the store's images,
 * everything else → the React Router document handler.
 */
import { existsSync, readdirSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { extname, join, relative, sep } from "node:path";
import { type ServeStaticOptions, serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import type { AppLoadContext } from "react-router";
import type { Api } from "./api/app.ts";
import { compressResponses } from "./compression.ts";
import { type ConsoleAccess, consoleGate, isConsolePath } from "./console/access.ts";
import { STORED_ASSET_PATH, type StoredAsset } from "./console/config-assets.ts";
import { proxiedAddress } from "./kit/request-info.ts";
import { type PageCache, pageResponse } from "./page-cache.ts";
import { allowScriptsByHash, cspNonce, securityHeaders } from "./security-headers.ts";
import type { StoreSettingsSource } from "./store/store-settings-source.ts";

export interface SiteOptions {
  api: Api;
  /** The sandbox payment processor's scripts and pages (/sandbox-pay/*), when it is the provider. */
  sandbox?: { fetch(request: Request): Response | Promise<Response> };
  /** React Router's request handler (production build or Vite's dev build). */
  renderDocument(request: Request, context: AppLoadContext): Promise<Response>;
  store: StoreSettingsSource;
  /** The trusted origin (Env.publicOrigin). */
  publicOrigin: string;
  /** True when publicOrigin is the localhost default: the loopback spellings of it are accepted too. */
  publicOriginIsDefault: boolean;
  /** RECAPTCHA_SCRIPT_URL (Env): pages load it, and the CSP allows it, while the store enables reCAPTCHA. */
  recaptchaScriptUrl?: string;
  zapiOrigin: string | null;
  /** build/client */
  clientBuildDir: string;
  /** The folder the store's /store-assets/* files are served from. */
  storeAssetsDir: string;
  /** The images staff uploaded (/store-assets/v/<hash>.<ext>, server/console/config-assets.ts). */
  storedAsset?: (file: string) => Promise<StoredAsset | null>;
  dev: boolean;
  /**
   * Where the login provider's pages may send a form's redirect (the relying parties' redirect
   * URI origins): the CSP's form-action covers redirects after a post.
   */
  oidcFormTargets?: () => readonly string[];
  /** The guest page cache (ADR 0038); none in development, where the build changes under it. */
  pageCache?: PageCache;
  /** The e2e clock's hook (server/test-clock.ts), only when the server was started with TEST_CLOCK. */
  testClock?: Hono;
  /** Who may reach /console (Env.console); the console is open to any address when not given. */
  consoleAccess?: ConsoleAccess;
  /** TRUST_PROXY (Env): the client's address is the proxy's X-Forwarded-For entry. */
  trustProxy?: boolean;
}

type SiteEnv = { Bindings: { incoming?: IncomingMessage } };

/**
 * The Host names requests may carry (issue 7 §1): the configured origin's, and for the localhost
 * default also its aliases 127.0.0.1 and [::1] on the same port.
 */
export function trustedHosts(
  publicOrigin: string,
  isDefault: boolean,
): { canonical: string; aliases: Set<string> } {
  const { host, port } = new URL(publicOrigin);
  const aliases = new Set<string>();
  if (isDefault) {
    const suffix = port ? `:${port}` : "";
    for (const loopback of ["localhost", "127.0.0.1", "[::1]"]) aliases.add(`${loopback}${suffix}`);
    aliases.delete(host);
  }
  return { canonical: host, aliases };
}

/**
 * A request naming another Host (a forged header, DNS rebinding) is answered 421 and reaches
 * nothing: no page, no API, no mail. A page asked for under an alias of the default origin is sent to
 * the public origin (issue 40 §3): cookies and the allowed Origin belong to that one address, so a
 * form there works where the same form under 127.0.0.1 would be refused. Other methods under an
 * alias go on to the Origin check, which refuses what a browser sends.
 */
function trustedHostOnly(publicOrigin: string, isDefault: boolean): MiddlewareHandler<SiteEnv> {
  const { canonical, aliases } = trustedHosts(publicOrigin, isDefault);
  const origin = new URL(publicOrigin).origin;
  return async (c, next) => {
    const host = c.req.header("host")?.toLowerCase();
    if (host === canonical) return next();
    if (host && aliases.has(host)) {
      if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
      const { pathname, search } = new URL(c.req.url);
      // Temporary: the address is configuration, and a browser must not remember it for good.
      return c.redirect(`${origin}${pathname}${search}`, 307);
    }
    const message = "This site is not served under that host name.";
    return c.req.path.startsWith("/zapi/") || c.req.path === "/zapi"
      ? c.json({ code: "MISDIRECTED_REQUEST", message, requestId: null }, 421)
      : c.text(message, 421);
  };
}

/**
 * Files from a folder with their Cache-Control. (serveStatic's onFound runs after the response is
 * made, too late for a header, so it is set on the response it returns.) A missing file falls
 * through to the next handler.
 */
function staticFiles(options: ServeStaticOptions<SiteEnv>, cacheControl: string): MiddlewareHandler<SiteEnv> {
  const serve = serveStatic<SiteEnv>(options);
  return async (c, next) => {
    const response = await serve(c, next);
    if (response instanceof Response) {
      response.headers.set("Cache-Control", cacheControl);
      const type = EXTRA_MEDIA_TYPES[extname(c.req.path)];
      if (type) response.headers.set("Content-Type", type);
    }
    return response;
  };
}

/**
 * Types Hono does not know, by extension. Captions must be text/vtt: under nosniff a browser may
 * refuse a track sent as application/octet-stream.
 */
const EXTRA_MEDIA_TYPES: Readonly<Record<string, string>> = { ".vtt": "text/vtt; charset=utf-8" };

/** URL paths of the client build's files outside /assets and /.vite (what public/ put there). */
export function publicFilePaths(clientBuildDir: string): Set<string> {
  if (!existsSync(clientBuildDir)) return new Set();
  const files = readdirSync(clientBuildDir, { recursive: true, withFileTypes: true });
  const paths = new Set<string>();
  for (const file of files) {
    if (!file.isFile()) continue;
    const path = `/${relative(clientBuildDir, join(file.parentPath, file.name)).split(sep).join("/")}`;
    if (path.startsWith("/assets/") || path.startsWith("/.vite/")) continue;
    // Precompressed copies are found by serveStatic from the plain file's path.
    if (/\.(br|gz)$/.test(path)) continue;
    paths.add(path);
  }
  return paths;
}

function clientAddressOf(c: Context<SiteEnv>): string | null {
  return c.env?.incoming?.socket.remoteAddress ?? null;
}

/**
 * The console's pages and calls answer 404, as an unknown path does, to an address that may not
 * reach them (CONSOLE_ENABLED, CONSOLE_ALLOWED_IPS): nothing says there is a console there.
 * What the console answers to an allowed address tells search engines to keep out.
 */
function consoleOnlyFromAllowed(options: SiteOptions): MiddlewareHandler<SiteEnv> {
  const allowed = consoleGate(options.consoleAccess ?? { enabled: true, allowedAddresses: null });
  return async (c, next) => {
    if (!isConsolePath(c.req.path)) return next();
    const socket = clientAddressOf(c);
    const address = options.trustProxy ? (proxiedAddress(c.req.header("x-forwarded-for")) ?? socket) : socket;
    if (allowed(address)) {
      await next();
      // Staff pages are nobody's search result.
      c.header("X-Robots-Tag", "noindex, nofollow");
      return;
    }
    return c.req.path.startsWith("/zapi/")
      ? c.json({ code: "NOT_FOUND", message: "Not found", requestId: null }, 404)
      : c.text("Not found", 404);
  };
}

export function createSite(options: SiteOptions) {
  const { api, store, clientBuildDir } = options;
  const app = new Hono<SiteEnv>();

  app.use(
    securityHeaders({
      store,
      https: options.publicOrigin.startsWith("https://"),
      dev: options.dev,
      recaptchaScriptUrl: options.recaptchaScriptUrl,
      formTargets: (path) => (path.startsWith("/oidc/") ? (options.oidcFormTargets?.() ?? []) : []),
    }),
  );
  app.use(trustedHostOnly(options.publicOrigin, options.publicOriginIsDefault));
  app.use(consoleOnlyFromAllowed(options));
  // Pages and JSON made per request: brotli or gzip; the build's files come precompressed.
  app.use(compressResponses());

  if (options.testClock) app.route("/", options.testClock);
  app.route("/", api);
  const { sandbox } = options;
  if (sandbox) app.all(`/sandbox-pay/*`, (c) => sandbox.fetch(c.req.raw));
  app.use(
    "/assets/*",
    staticFiles({ root: clientBuildDir, precompressed: true }, "public, max-age=31536000, immutable"),
  );
  const { storedAsset } = options;
  if (storedAsset) {
    app.get(`${STORED_ASSET_PATH}:file`, async (c, next) => {
      const asset = await storedAsset(c.req.param("file"));
      if (!asset) return next();
      return c.body(Buffer.from(asset.data), 200, {
        "Content-Type": asset.contentType,
        // The name is the content's hash: these bytes, for good.
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
        // An SVG opened on its own runs nothing and reaches nothing.
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      });
    });
  }
  app.use(
    "/store-assets/*",
    staticFiles(
      {
        root: options.storeAssetsDir,
        rewriteRequestPath: (path) => path.replace(/^\/store-assets/, "/assets"),
      },
      "public, max-age=3600",
    ),
  );
  const publicFiles = staticFiles({ root: clientBuildDir, precompressed: true }, "public, max-age=3600");
  // Other files of the client build (public/), but never the build manifest under /.vite. They are
  // listed once: asking the file system on every page request cost a stat each.
  const publicPaths = publicFilePaths(clientBuildDir);
  app.use("*", (c, next) => (publicPaths.has(c.req.path) ? publicFiles(c, next) : next()));
  // React Router answers its own errors with the error page; this is for a failure outside it.
  // Nothing of the error reaches the browser, and no cache keeps the answer.
  app.onError((error, c) => {
    console.error(`[site] ${c.req.method} ${c.req.path} failed`, error);
    return c.text("エラーが発生しました。 / Something went wrong.", 500, { "Cache-Control": "no-store" });
  });
  const render = async (c: Context<SiteEnv>, nonce: string) => {
    const clientAddress = clientAddressOf(c);
    const response = await options.renderDocument(c.req.raw, {
      zapi: {
        inProcess: async (request) => api.fetch(request, { clientAddress }),
        origin: options.zapiOrigin,
        clientAddress,
      },
      cspNonce: nonce,
      publicOrigin: options.publicOrigin,
      recaptchaScriptUrl: options.recaptchaScriptUrl,
    });
    // Pages show who is signed in (header, my page): no shared or browser cache may keep them.
    if (response.headers.has("Cache-Control")) return response;
    const headers = new Headers(response.headers);
    headers.set("Cache-Control", "no-store");
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
  const { pageCache } = options;
  app.all("*", async (c) => {
    const key = pageCache?.keyOf(c.req.raw) ?? null;
    if (!pageCache || !key) return render(c, cspNonce(c));
    // The same bytes for every guest: rendered without a nonce, its scripts allowed by hash.
    const { page, hit } = await pageCache.page(key, () => render(c, ""));
    allowScriptsByHash(c, page.scriptHashes);
    return pageResponse(c, page, hit);
  });
  return app;
}
