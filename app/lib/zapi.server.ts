import type { ValidateFunction } from "ajv";
import { data, redirect, redirectDocument } from "react-router";
import { detectLanguage, LANGUAGE_PARAM } from "../../locales/language.ts";
import { safeRedirectPath } from "../../schemas/safe-redirect.ts";
import type { ZapiTransport } from "./load-context.ts";

/** Headers of the browser's request that the API needs to see (spec §7 Screen data). */
const FORWARDED_HEADERS = ["cookie", "user-agent", "accept-language"] as const;

/**
 * Origin and Fetch Metadata of a post to a page's action go along, so the API's cross-site check
 * covers what a member's form sends. A page's GET is not forwarded with them: it is a navigation,
 * and a return from a provider on another site (a social login, a card issuer's 3-D Secure, PayPal,
 * a carrier) is cross-site by nature; what such a loader asks of the API is protected by its flow's
 * single-use state bound to this browser, not by where the navigation came from.
 */
const FORM_POST_HEADERS = ["origin", "sec-fetch-site"] as const;
const NAVIGATION_METHODS = new Set(["GET", "HEAD"]);

interface ZapiArgs {
  request: Request;
  /** The page's URL, which React Router gives loaders and actions (see pageUrl). */
  url?: URL;
  context: { zapi: ZapiTransport };
}

/**
 * The URL of the page a loader or action serves. With `future.v8_passThroughRequests` the request
 * of a client navigation or <Form> post is React Router's `/page.data` fetch; `args.url` is the
 * page's own URL. (Tests that call a loader directly may leave it out.)
 */
export function pageUrl(args: { request: Request; url?: URL }): URL {
  return args.url ?? new URL(args.request.url);
}

/**
 * The answers to plain GETs made while serving one page request, keyed by path: the root loader,
 * the access check and the form-validator lookup all read the root data, which is asked for once.
 * The transport object is made per page request (server/site.ts), so the memo ends with it.
 */
const readsOfRequest = new WeakMap<ZapiTransport, Map<string, Promise<ReadAnswer>>>();

/** An answer read to the end, so each caller gets a Response of its own without teeing a stream. */
interface ReadAnswer {
  status: number;
  statusText: string;
  headers: Headers;
  body: ArrayBuffer;
}

/**
 * Calls the API on behalf of the browser request: in-process by default, over HTTP when
 * ZAPI_ORIGIN is set. This is the only way loaders and actions reach the API. A plain GET asked
 * for again in the same page request gets (a copy of) the first answer; any other call may change
 * what those reads said, so it forgets them.
 */
export async function zapiFetch(args: ZapiArgs, path: string, init: RequestInit = {}): Promise<Response> {
  const { zapi } = args.context;
  let reads = readsOfRequest.get(zapi);
  if (!reads) {
    reads = new Map();
    readsOfRequest.set(zapi, reads);
  }
  const plainGet = (init.method ?? "GET").toUpperCase() === "GET" && init.body == null && !init.headers;
  if (!plainGet) {
    reads.clear();
    return sendToApi(args, path, init);
  }
  let answer = reads.get(path);
  if (!answer) {
    answer = sendToApi(args, path, init).then(async (response) => ({
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
      body: await response.arrayBuffer(),
    }));
    // A failed call is not remembered.
    answer.catch(() => reads.delete(path));
    reads.set(path, answer);
  }
  const { status, statusText, headers, body } = await answer;
  // Every caller reads its own Response over the same bytes (a null-body status takes no body).
  return new Response(NULL_BODY_STATUSES.has(status) ? null : body, {
    status,
    statusText,
    headers: new Headers(headers),
  });
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

async function sendToApi({ request, context }: ZapiArgs, path: string, init: RequestInit): Promise<Response> {
  const { zapi } = context;
  const headers = new Headers(init.headers);
  const forwarded = NAVIGATION_METHODS.has(request.method)
    ? FORWARDED_HEADERS
    : [...FORWARDED_HEADERS, ...FORM_POST_HEADERS];
  for (const name of forwarded) {
    const value = request.headers.get(name);
    if (value !== null && !headers.has(name)) headers.set(name, value);
  }
  const forwardedFor = [request.headers.get("x-forwarded-for"), zapi.clientAddress]
    .filter(Boolean)
    .join(", ");
  if (forwardedFor) headers.set("x-forwarded-for", forwardedFor);
  if (init.body != null && !headers.has("content-type")) headers.set("content-type", "application/json");

  const base = zapi.origin ?? new URL(request.url).origin;
  const url = new URL(path, base);
  // The API answers in the page's language: a page's ?lng= outranks the cookie the browser sent.
  if (!url.searchParams.has(LANGUAGE_PARAM)) url.searchParams.set(LANGUAGE_PARAM, detectLanguage(request));
  const apiRequest = new Request(url, { ...init, headers });
  if (zapi.origin || !zapi.inProcess) return fetch(apiRequest);
  return zapi.inProcess(apiRequest);
}

/**
 * The API's Set-Cookie (the sliding session, a flow's state, a logout's clearing) added to the
 * headers a route answers with: the browser's cookies are the API's to set.
 */
export function forwardCookies(response: Response, headers: Headers = new Headers()): Headers {
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

/** The login page, coming back to `page` after (when the safe-redirect rule lets it). */
export function loginPathFor(page: URL): string {
  const returnTo = safeRedirectPath(`${page.pathname}${page.search}`);
  return returnTo ? `/login?${new URLSearchParams({ returnTo })}` : "/login";
}

/** What a route's call to the API came to: one shape for every action and loader. */
export interface ApiCallResult {
  /** False when the API could not be reached (logged); `status` is then 502. */
  reached: boolean;
  ok: boolean;
  status: number;
  /** The answer's JSON object ({} when it had none). */
  answer: Record<string, unknown>;
  /**
   * Where the API sends the browser, through the safe-redirect rule: its redirect or `redirectTo`,
   * or, for a session that ended meanwhile, the login coming back to this page.
   */
  next: string | null;
  /** The API's message for the member, when it gave one. */
  message: string | null;
  /** The API's Set-Cookie, to go with whatever the route answers. */
  headers: Headers;
}

/** A call's method and, for a POST, its JSON body (`{}` when none is given). */
export interface ApiCallInit {
  method?: "GET" | "POST" | "DELETE";
  body?: unknown;
}

/**
 * The API's answer to a member call without a session (server/identity/member.ts): 401 with this
 * code and where to log in. The same code without a destination is a refusal on the page (a wrong
 * current password), not a lost session.
 */
const LOST_SESSION = "REQUEST_UNAUTHORIZED";

/**
 * Calls the API for a route's action or loader (a POST with a JSON body unless told otherwise) and
 * reads its answer once: the one place that forwards Set-Cookie, reads `redirectTo`, and turns a
 * lost session into the login with a safe returnTo. A redirect is not followed on the server: it
 * is the browser's to follow (see followNext).
 */
export async function callApi(args: ZapiArgs, path: string, init: ApiCallInit = {}): Promise<ApiCallResult> {
  const method = init.method ?? "POST";
  let response: Response;
  try {
    response = await zapiFetch(args, path, {
      method,
      ...(method === "POST" && { body: JSON.stringify(init.body ?? {}) }),
      redirect: "manual",
    });
  } catch (error) {
    console.error(`[api] ${method} ${path} could not be reached`, error);
    return {
      reached: false,
      ok: false,
      status: 502,
      answer: {},
      next: null,
      message: null,
      headers: new Headers(),
    };
  }
  const headers = forwardCookies(response);
  const body = await readJson(response);
  const answer = isRecord(body) ? body : {};
  const location = response.status >= 300 && response.status < 400 ? response.headers.get("Location") : null;
  const next =
    response.status === 401 && answer.code === LOST_SESSION && answer.redirectTo !== undefined
      ? loginPathFor(pageUrl(args))
      : safeRedirectPath(location ?? answer.redirectTo);
  const message = typeof answer.message === "string" && answer.message ? answer.message : null;
  return { reached: true, ok: response.ok, status: response.status, answer, next, message, headers };
}

/**
 * Goes where the API sends the browser, when it names a page: in place, or as a new document for
 * a path `asDocument` picks (a provider's page, the login provider's own requests).
 */
export function followNext(result: ApiCallResult, asDocument?: (next: string) => boolean): void {
  if (!result.next) return;
  const navigate = asDocument?.(result.next) ? redirectDocument : redirect;
  throw navigate(result.next, { headers: result.headers });
}

/** The status a route answers a failed call with: a 2xx without what it needed is the site's fault. */
export function failureStatus(result: ApiCallResult): number {
  return result.ok ? 502 : result.status;
}

/** Query parameters that name where to go next: each passes the safe-redirect rule or is dropped. */
const DESTINATION_PARAMS = ["returnTo", "redirectTo"] as const;

/**
 * The page's query as the API should see it: a destination the safe-redirect rule refuses is left
 * out, so the page falls back to its default instead of failing on it (a NUL in `returnTo` would
 * otherwise be the API's 400). Everything else goes as the browser sent it.
 */
function forwardedQuery(url: URL): string {
  const refused = DESTINATION_PARAMS.filter((name) =>
    url.searchParams.getAll(name).some((value) => safeRedirectPath(value) === null),
  );
  if (refused.length === 0) return url.search;
  const query = new URLSearchParams(url.search);
  for (const name of refused) query.delete(name);
  const search = query.toString();
  return search ? `?${search}` : "";
}

/**
 * `/mypage/pin-code/` → `/zapi/internal/mypage/pin-code/screen-data?…` with the query preserved
 * (less any destination the safe-redirect rule refuses).
 */
export function screenDataPath(url: URL, pagePath = url.pathname): string {
  const trimmed = pagePath.replace(/\/+$/, "").replace(/^\/+/, "");
  return `/zapi/internal/${trimmed || "root"}/screen-data${forwardedQuery(url)}`;
}

/**
 * Loads a page's screen data (spec §7): `redirectTo` in the answer redirects, whatever the status
 * (an API guard may answer 401 with where to log in); otherwise a non-OK status raises the error
 * page with that status and the message "Failed to load data", keeping the API's code and requestId.
 */
export async function loadScreenData<T>(
  args: ZapiArgs,
  pagePath: string | undefined,
  /** Collects the API's Set-Cookie (e.g. the sliding session) for the loader to pass on. */
  responseHeaders: Headers | undefined,
  /** The answer's shape (screen-data-shapes.server.ts): checked, so the page reads a typed value. */
  shape: ValidateFunction<T>,
): Promise<T> {
  return loadApiData(args, screenDataPath(pageUrl(args), pagePath), responseHeaders, shape);
}

/**
 * Loads what a page shows from one of the API's own reads (GET /zapi/account/payment-history/{n}),
 * as loadScreenData does its screen data: a `redirectTo` redirects, a non-OK status raises the
 * error page with the API's code and message.
 */
export async function loadApiData<T>(
  args: ZapiArgs,
  apiPath: string,
  responseHeaders: Headers | undefined,
  shape: ValidateFunction<T>,
): Promise<T> {
  const response = await zapiFetch(args, apiPath);
  if (responseHeaders) forwardCookies(response, responseHeaders);
  const body = await readJson(response);
  const fields = isRecord(body) ? body : {};
  // The API names pages of this site; anything else is refused like any other unsafe target.
  const redirectTo = safeRedirectPath(fields.redirectTo);
  if (redirectTo) throw redirect(redirectTo, responseHeaders ? { headers: responseHeaders } : undefined);
  if (!response.ok) {
    throw data({ ...fields, message: "Failed to load data" }, { status: response.status });
  }
  return inShape(body, shape, apiPath.split("?")[0] ?? apiPath);
}

/**
 * The API's answer as its shape says, or the error page: an answer the page cannot read is the
 * site's fault, said once in the log (with where it came from) while the member sees the error page.
 */
export function inShape<T>(answer: unknown, shape: ValidateFunction<T>, source: string): T {
  if (shape(answer)) return answer;
  // Where and why only: the answer itself may be a member's personal data, which logs do not keep.
  const problems = (shape.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message}`);
  console.error(`[screen data] ${source} is not in its shape: ${problems.join("; ")}`);
  throw data({ code: "SCREEN_DATA_SHAPE", message: "Failed to load data" }, { status: 502 });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
