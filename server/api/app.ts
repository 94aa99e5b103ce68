import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import { METHOD_NAME_ALL } from "hono/router";
import { TrieRouter } from "hono/router/trie-router";
import { invoiceCalls, invoiceScreenData, returnInvoiceScreenData } from "../billing/invoice-routes.ts";
import { paymentHistory } from "../billing/payment-history-routes.ts";
import { forgetMemberOnInvoices } from "../billing/retention.ts";
import {
  mypagePlansScreenData,
  mypageSubscriptionScreenData,
  subscriptionCalls,
} from "../billing/subscription-routes.ts";
import { plansScreenData, signupPlansScreenData } from "../commerce/plans.ts";
import { playback } from "../commerce/playback.ts";
import { purchaseCalls } from "../commerce/purchase-routes.ts";
import { consoleRoutes } from "../console/console-routes.ts";
import { memberRoutes } from "../console/member-routes.ts";
import { reportRoutes } from "../console/report-routes.ts";
import { settingsRoutes } from "../console/settings-routes.ts";
import { account } from "../identity/account.ts";
import { type AccountEventListener, accountEvents } from "../identity/account-events.ts";
import { auth, providerLogin } from "../identity/auth.ts";
import { deviceSettings, devicesScreenData } from "../identity/devices.ts";
import { loginScreenData } from "../identity/login-screen-data.ts";
import { multiFactorLogin } from "../identity/multi-factor-login.ts";
import { multiFactorScreenData, multiFactorSettings } from "../identity/multi-factor-settings.ts";
import { passkeyLoginCalls, passkeySettings, passkeysScreenData } from "../identity/passkey-routes.ts";
import { passwordScreenData } from "../identity/password-screen-data.ts";
import { policiesScreenData } from "../identity/policies-screen-data.ts";
import { postalCode } from "../identity/postal-code.ts";
import { reauthentication, reauthenticationScreenData } from "../identity/reauthentication.ts";
import { signup, signupEmail } from "../identity/signup.ts";
import { signupScreenData, socialSignupScreenData } from "../identity/signup-screen-data.ts";
import { withdrawScreenData } from "../identity/withdraw-screen-data.ts";
import { ApiError } from "../kit/errors.ts";
import { apiError } from "../kit/messages.ts";
import { sameOriginOnly } from "../kit/request-info.ts";
import { refuseUnstorableQuery } from "../kit/validation.ts";
import { forgetAccountMails } from "../mail/mail-records.ts";
import { forgetMemberAtProvider, revokeMemberTokens } from "../oidc/adapter.ts";
import { connectionsScreenData, grantRevocation } from "../oidc/connections.ts";
import { oidcScreenData } from "../oidc/oidc-screen-data.ts";
import { paymentMethodScreenData, paymentMethods } from "../payments/payment-method-routes.ts";
import { social } from "../social/social-routes.ts";
import { accountHeaderScreenData } from "./account-header-screen-data.ts";
import type { ApiDeps, ApiEnv } from "./context.ts";
import { licensesScreenData } from "./licenses-screen-data.ts";
import { mypageScreenData } from "./mypage-screen-data.ts";
import { rootScreenData } from "./root-screen-data.ts";

/**
 * The most any endpoint's body may be: a login, a code or a consent list is well under 1 KiB, so
 * 16 KiB leaves room without letting a client make the server read and parse megabytes.
 */
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024;
/**
 * Endpoints that need more: the registration form carries the store's custom items and survey
 * answers, whose number the store decides (each is bounded by its own maxLength).
 */
export const LARGER_BODY_LIMITS: Readonly<Record<string, number>> = {
  "/zapi/signup": 256 * 1024,
  // A 200×200 picture as a data URL: base64 of at most MAX_PROFILE_IMAGE_BYTES, and the JSON around it.
  "/zapi/account/profile-image": 704 * 1024,
  // A store image: base64 of at most MAX_ASSET_BYTES (1 MiB), and the JSON around it.
  "/zapi/console/assets": 1400 * 1024,
};

/**
 * A configuration section the console saves is a whole document — the policies' texts, every
 * plan — edited by signed-in staff (the handler checks the role before it reads the body).
 */
export const CONSOLE_SETTINGS_BODY_BYTES = 4 * 1024 * 1024;
const CONSOLE_SETTINGS_PATH = /^\/zapi\/console\/settings\/[a-z]+\/[A-Za-z]+$/;

/** The most the endpoint at `path` reads. */
export function maxBodyBytes(path: string): number {
  return (
    LARGER_BODY_LIMITS[path] ??
    (CONSOLE_SETTINGS_PATH.test(path) ? CONSOLE_SETTINGS_BODY_BYTES : DEFAULT_MAX_BODY_BYTES)
  );
}

/** Refuses with 413 a body larger than its endpoint needs, declared or streamed. */
function bodyLimitPerEndpoint(): MiddlewareHandler<ApiEnv> {
  const onError = async (c: Context<ApiEnv>): Promise<Response> => {
    throw await apiError(c, 413, "PAYLOAD_TOO_LARGE", "payloadTooLarge");
  };
  const limits = new Map<number, MiddlewareHandler<ApiEnv>>();
  const limitOf = (maxSize: number) => {
    let limit = limits.get(maxSize);
    if (!limit) {
      limit = bodyLimit({ maxSize, onError });
      limits.set(maxSize, limit);
    }
    return limit;
  };
  return (c, next) => limitOf(maxBodyBytes(c.req.path))(c, next);
}

/** One endpoint of the API: an HTTP method and a Hono path pattern such as /zapi/postal-code/:postalCode. */
export interface ApiEndpoint {
  method: string;
  path: string;
}

/**
 * The endpoints registered on an API app, read from its routes: middleware and the catch-all are
 * registered for every method (ALL) and are left out. The fuzz test walks this list, so a new
 * endpoint is covered without being named anywhere else.
 */
export function apiEndpoints(app: { routes: readonly { method: string; path: string }[] }): ApiEndpoint[] {
  const seen = new Set<string>();
  const endpoints: ApiEndpoint[] = [];
  for (const { method, path } of app.routes) {
    const key = `${method} ${path}`;
    if (method === METHOD_NAME_ALL || seen.has(key)) continue;
    seen.add(key);
    endpoints.push({ method, path });
  }
  return endpoints;
}

/**
 * The methods each path answers to. Built from the app's routes when first asked, and again
 * whenever routes were added since (tests add routes of their own after createApi).
 */
function methodsOfPaths(app: { routes: readonly { method: string; path: string }[] }) {
  let built: { routeCount: number; router: TrieRouter<string> } | undefined;
  return (path: string): Set<string> => {
    if (built?.routeCount !== app.routes.length) {
      const router = new TrieRouter<string>();
      for (const endpoint of apiEndpoints(app)) router.add(METHOD_NAME_ALL, endpoint.path, endpoint.method);
      built = { routeCount: app.routes.length, router };
    }
    const [matches] = built.router.match(METHOD_NAME_ALL, path);
    const methods = new Set(matches.map(([method]) => method));
    // Hono answers HEAD with the GET handler.
    if (methods.has("GET")) methods.add("HEAD");
    return methods;
  };
}

/** `application/json`, with or without parameters such as charset. */
function isJsonMediaType(contentType: string): boolean {
  return contentType.split(";")[0]?.trim().toLowerCase() === "application/json";
}

/**
 * The API speaks JSON only: a body of another Content-Type, or a non-empty body without one, is
 * 415 before any handler sees it. (It also keeps cross-site "simple" text/plain and form posts out.)
 */
function jsonBodiesOnly(isEndpoint: (c: Context<ApiEnv>) => boolean): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    // An unknown path or method is answered 404/405 by the catch-all, whatever its body.
    if (c.req.method === "GET" || c.req.method === "HEAD" || !c.req.raw.body || !isEndpoint(c)) {
      return next();
    }
    const contentType = c.req.header("content-type");
    // The body limit has bounded the body already, so reading it here costs little.
    const refused =
      contentType === undefined ? (await c.req.arrayBuffer()).byteLength > 0 : !isJsonMediaType(contentType);
    if (refused) throw await apiError(c, 415, "UNSUPPORTED_MEDIA_TYPE", "unsupportedMediaType");
    return next();
  };
}

/**
 * The rooms that keep something of a member act on what identity raises about the account: the
 * login provider ends the tokens a changed password let in and forgets a withdrawn member; the
 * invoice copies kept for the books lose the address; the record of mails sent loses the member's.
 */
const ACCOUNT_LISTENERS: AccountEventListener[] = [
  { passwordChanged: revokeMemberTokens, accountRemoving: forgetMemberAtProvider },
  { accountRemoving: forgetMemberOnInvoices },
  { accountRemoving: forgetAccountMails },
];

/** Where the video platform's calls live (spec §7 `/api/streaks/playback/fetch`). */
export const STREAKS_BASE_PATH = "/api/streaks";

/**
 * The API of spec §7: its calls under /zapi and the video platform's under /api/streaks, both
 * behind the same checks. Tests call `createApi(deps).request(...)` directly.
 */
export function createApi(deps: ApiDeps) {
  accountEvents.on(...ACCOUNT_LISTENERS);
  const root = new Hono<ApiEnv>();
  const methodsOf = methodsOfPaths(root);
  const isEndpoint = (c: Context<ApiEnv>) =>
    methodsOf(c.req.path).has(c.req.method === "HEAD" ? "GET" : c.req.method);
  // Each base path is a view of the root: they share its routes, and the root answers errors.
  const app = root.basePath("/zapi");
  const streaks = root.basePath(STREAKS_BASE_PATH);
  const bases = [app, streaks];

  for (const base of bases) {
    base.use(requestId());
    base.use(async (c, next) => {
      c.set("deps", deps);
      c.header("Cache-Control", "no-store");
      await next();
    });
    base.use(bodyLimitPerEndpoint());
    base.use(sameOriginOnly);
    base.use(jsonBodiesOnly(isEndpoint));
    base.use(refuseUnstorableQuery);
  }

  app.route("/internal/root", rootScreenData);
  app.route("/internal/app/licenses", licensesScreenData());
  app.route("/internal/login", loginScreenData);
  app.route("/internal/oidc", oidcScreenData);
  app.route("/internal/signup", signupScreenData);
  app.route("/internal/auth/callback/form", socialSignupScreenData);
  app.route("/internal/signup/plans", signupPlansScreenData);
  app.route("/internal/password", passwordScreenData);
  app.route("/internal/mypage/multi-factor", multiFactorScreenData);
  app.route("/internal/mypage/reauthentication", reauthenticationScreenData);
  app.route("/internal/mypage/payment-method", paymentMethodScreenData);
  app.route("/internal/mypage/plans", mypagePlansScreenData);
  app.route("/internal/mypage/subscription", mypageSubscriptionScreenData);
  app.route("/internal/mypage/invoice", invoiceScreenData);
  app.route("/internal/mypage/return-invoice", returnInvoiceScreenData);
  app.route("/internal/mypage/connections", connectionsScreenData);
  app.route("/internal/mypage/passkeys", passkeysScreenData);
  app.route("/internal/mypage/devices", devicesScreenData);
  app.route("/internal/mypage", mypageScreenData);
  app.route("/internal/withdraw", withdrawScreenData);
  app.route("/internal/policies", policiesScreenData);
  app.route("/internal/plans", plansScreenData);
  app.route("/internal/account-header", accountHeaderScreenData);
  app.route("/console", consoleRoutes);
  app.route("/console", settingsRoutes);
  app.route("/console", memberRoutes);
  app.route("/console", reportRoutes);
  app.route("/", auth);
  app.route("/", multiFactorLogin);
  app.route("/", passkeyLoginCalls);
  // The login provider's login: the same calls under /zapi/oidc (server/identity/login-pages.ts).
  app.route("/oidc", providerLogin);
  app.route("/oidc", multiFactorLogin);
  app.route("/oidc", passkeyLoginCalls);
  app.route("/oidc/signup", signupEmail);
  app.route("/oidc", grantRevocation);
  app.route("/signup", signup);
  app.route("/auth/social", social);
  app.route("/account", account);
  app.route("/account", multiFactorSettings);
  app.route("/account", reauthentication);
  app.route("/account", passkeySettings);
  app.route("/account", deviceSettings);
  app.route("/account", paymentMethods);
  app.route("/account", paymentHistory);
  app.route("/account", invoiceCalls);
  app.route("/postal-code", postalCode);
  app.route("/purchase", purchaseCalls);
  app.route("/subscription", subscriptionCalls);
  streaks.route("/playback", playback);

  // Registered last, so it is reached only when no endpoint answered. It is a route, not
  // app.notFound: mounted in the site (server/site.ts), the API's notFound handler is not used and
  // an unknown /zapi/* path would otherwise fall through to the HTML pages.
  for (const base of bases) {
    base.all("*", async (c, next) => {
      // An endpoint a test registered after this one.
      if (isEndpoint(c)) return next();
      const allowed = methodsOf(c.req.path);
      if (allowed.size === 0) throw await apiError(c, 404, "NOT_FOUND", "notFound");
      c.header("Allow", [...allowed].join(", "));
      throw await apiError(c, 405, "METHOD_NOT_ALLOWED", "methodNotAllowed");
    });
  }
  root.notFound(async (c) => {
    const error = await apiError(c, 404, "NOT_FOUND", "notFound");
    return c.json({ code: error.code, message: error.message, requestId: c.get("requestId") }, 404);
  });
  root.onError((error, c) => {
    const id = c.get("requestId");
    if (error instanceof ApiError) {
      return c.json(
        { code: error.code, message: error.message, requestId: id, ...error.details },
        error.status,
      );
    }
    if (error instanceof HTTPException) {
      return c.json({ code: "HTTP_ERROR", message: error.message, requestId: id }, error.status);
    }
    console.error(`[api] ${c.req.method} ${c.req.path} failed (request ${id})`, error);
    return c.json({ code: "INTERNAL_ERROR", message: "エラーが発生しました。", requestId: id }, 500);
  });

  return root;
}

export type Api = ReturnType<typeof createApi>;
