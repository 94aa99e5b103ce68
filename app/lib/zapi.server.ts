import { data, redirect } from "react-router";
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
    return callApi(args, path, init);
  }
  let answer = reads.get(path);
  if (!answer) {
    answer = callApi(args, path, init).then(async (response) => ({
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

async function callApi({ request, context }: ZapiArgs, path: string, init: RequestInit): Promise<Response> {
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
export async function loadScreenData<T extends object>(
  args: ZapiArgs,
  pagePath?: string,
  /** Collects the API's Set-Cookie (e.g. the sliding session) for the loader to pass on. */
  responseHeaders?: Headers,
): Promise<T> {
  return loadApiData<T>(args, screenDataPath(pageUrl(args), pagePath), responseHeaders);
}

/**
 * Loads what a page shows from one of the API's own reads (GET /zapi/account/payment-history/{n}),
 * as loadScreenData does its screen data: a `redirectTo` redirects, a non-OK status raises the
 * error page with the API's code and message.
 */
export async function loadApiData<T extends object>(
  args: ZapiArgs,
  apiPath: string,
  responseHeaders?: Headers,
): Promise<T> {
  const response = await zapiFetch(args, apiPath);
  for (const cookie of response.headers.getSetCookie()) responseHeaders?.append("Set-Cookie", cookie);
  const body = await readJson(response);
  const fields = isRecord(body) ? body : {};
  // The API names pages of this site; anything else is refused like any other unsafe target.
  const redirectTo = safeRedirectPath(fields.redirectTo);
  if (redirectTo) throw redirect(redirectTo, responseHeaders ? { headers: responseHeaders } : undefined);
  if (!response.ok) {
    throw data({ ...fields, message: "Failed to load data" }, { status: response.status });
  }
  return (body ?? {}) as T;
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
