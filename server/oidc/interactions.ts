/**
 * The provider's interactions as requests of the product (issue 46 §3; spec §2, §7): the provider
 * sends the browser to /oidc, which decides what the member must do — log in (the site's own login
 * at /oidc/login, ending at /oidc/loginInteraction), consent (/oidc/consent, posting
 * /oidc/consent/form or leaving by /oidc/consent/form/abort), or, when the client asks
 * (prompt=select_account), choose the account (/oidc/select-account: go on as the site's member by
 * /oidc/selectAccount/form, or log in as another by /oidc/selectAccount/form/switch, which ends at
 * /oidc/selectAccountInteraction). These are Node handlers beside the provider: oidc-provider reads
 * and finishes an interaction on the request and response themselves. A member logged in to the
 * site is not asked to log in again unless the client asks (prompt=login, max_age): the site's
 * session is the one login of the browser, and the member the provider logs in is always the site's.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type Provider from "oidc-provider";
import { errors, type Interaction, type InteractionResults } from "oidc-provider";
import { INTERACTION_REQUEST_PATHS, isInteractionRequestPath } from "../../schemas/oidc-paths.ts";
import type { FoundSession } from "../identity/sessions.ts";
import type { SiteSessionReader } from "./site-session.ts";

/** What the error page says of an interaction that expired, was finished, or was never started here. */
export const EXPIRED_INTERACTION_DESCRIPTION = "the login has expired; start again from the service";

/** The interaction paths of spec §2: the requests (schemas/oidc-paths.ts) and the pages they send to. */
export const INTERACTION_ROUTES = {
  ...INTERACTION_REQUEST_PATHS,
  login: "/oidc/login",
  consent: "/oidc/consent",
  selectAccount: "/oidc/select-account",
} as const;

/** The interaction requests that are form posts; every other one is a GET. */
const FORM_POSTS = new Set<string>([INTERACTION_ROUTES.consentForm, INTERACTION_ROUTES.selectAccountForm]);

export { isInteractionRequestPath as isInteractionPath };

export interface InteractionOptions {
  provider: Provider;
  /** The site's member of a request's cookies (server/oidc/site-session.ts). */
  siteSession: SiteSessionReader;
  now: () => Date;
  /** The public origin: a form post from anywhere else is refused. */
  publicOrigin: string;
  /** Scopes the member cannot refuse (openid always; the store's required scopes). */
  requiredScopes: () => ReadonlySet<string>;
  logger?: Pick<Console, "error">;
}

/** Why a login is asked for even though the site has a session: the client insists. */
const FORCED_LOGIN_REASONS = new Set(["login_prompt", "max_age"]);

/** Where the interaction keeps when it asked for a fresh login (its result, beside the provider's). */
const LOGIN_ASKED_AT = "loginAskedAt";
/** Form posts are a few scope names: anything larger is not ours. */
const MAX_FORM_BYTES = 16 * 1024;

class InteractionRequestError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    description: string,
  ) {
    super(description);
  }
}

function redirect(res: ServerResponse, location: string): void {
  res.statusCode = 303;
  res.setHeader("Location", location);
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Length", "0");
  res.end();
}

/** The product's error page (spec §8), as the provider's own errors are shown. */
function errorPage(res: ServerResponse, status: number, error: string, description: string): void {
  // A server fault says no more than its status (as the provider's renderError).
  const query = new URLSearchParams(
    status >= 500
      ? { status: String(status) }
      : { status: String(status), error, error_description: description },
  );
  redirect(res, `/oidc/error?${query}`);
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const type = (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") {
    throw new InteractionRequestError(400, "invalid_request", "the form must be sent as a form");
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES)
      throw new InteractionRequestError(413, "invalid_request", "the form is too large");
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/** A field sent as `name[]` or `name`, once or repeated. */
function fieldValues(form: URLSearchParams, name: string): Set<string> {
  return new Set([...form.getAll(name), ...form.getAll(`${name}[]`)]);
}

export function createInteractionHandler(options: InteractionOptions) {
  const { provider } = options;
  const logger = options.logger ?? console;

  const siteSession = (req: IncomingMessage) => options.siteSession(req.headers.cookie);

  const finish = (req: IncomingMessage, res: ServerResponse, result: InteractionResults) =>
    provider.interactionFinished(req, res, result, { mergeWithLastSubmission: true });

  /** The provider's login of the site's member (their site login's time: max_age reads it). */
  const loginOf = (session: FoundSession): InteractionResults["login"] => ({
    accountId: session.publicId,
    ts: Math.floor(session.authenticatedAt.getTime() / 1000),
    // How the site's login was made: a client may ask whether it was a passkey or a second factor.
    ...(session.amr && session.amr.length > 0 ? { amr: session.amr } : {}),
    remember: true,
  });

  /**
   * Whether the site's session answers what the client insists on: for prompt=login, a login made
   * after this interaction asked for it; for max_age, a login within that many seconds.
   */
  function freshEnough(details: Interaction, session: FoundSession): boolean {
    const loggedInAt = session.authenticatedAt.getTime();
    return details.prompt.reasons.every((reason) => {
      if (reason === "login_prompt") {
        const askedAt = details.result?.[LOGIN_ASKED_AT];
        return typeof askedAt === "number" && loggedInAt > askedAt;
      }
      if (reason === "max_age") {
        const maxAge = Number(details.params.max_age);
        return Number.isFinite(maxAge) && loggedInAt >= options.now().getTime() - maxAge * 1000;
      }
      return true;
    });
  }

  /** Logs the site's member in to the provider, when there is one and they are fresh enough. */
  async function loginWithSiteSession(
    req: IncomingMessage,
    res: ServerResponse,
    details: Interaction,
  ): Promise<boolean> {
    const session = await siteSession(req);
    if (!session || !freshEnough(details, session)) return false;
    await finish(req, res, { login: loginOf(session) });
    return true;
  }

  /** A form posted from anywhere but the product's pages is refused before it is read. */
  function requireSameOrigin(req: IncomingMessage): void {
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== options.publicOrigin) {
      throw new InteractionRequestError(403, "invalid_request", "the form was sent from another site");
    }
  }

  async function entry(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    switch (details.prompt.name) {
      case "login": {
        if (await loginWithSiteSession(req, res, details)) return;
        if (details.prompt.reasons.some((reason) => FORCED_LOGIN_REASONS.has(reason))) {
          // The login page's end (/oidc/loginInteraction) takes only a login made from now on.
          await provider.interactionResult(req, res, { [LOGIN_ASKED_AT]: options.now().getTime() });
        }
        return redirect(res, INTERACTION_ROUTES.login);
      }
      case "consent":
        return redirect(res, INTERACTION_ROUTES.consent);
      case "select_account":
        // Nobody to choose without a member of the site: the login is the choice.
        return redirect(
          res,
          (await siteSession(req)) ? INTERACTION_ROUTES.selectAccount : INTERACTION_ROUTES.login,
        );
      default:
        throw new InteractionRequestError(
          400,
          "invalid_request",
          `unknown interaction: ${details.prompt.name}`,
        );
    }
  }

  /** After the site's login at /oidc/login: the member the site now knows logs in to the provider. */
  async function loginDone(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    // A login asked for by the account selection ("another account") ends that selection.
    if (details.prompt.name === "select_account") return redirect(res, INTERACTION_ROUTES.selectAccountDone);
    if (details.prompt.name !== "login") return redirect(res, INTERACTION_ROUTES.entry);
    if (!(await loginWithSiteSession(req, res, details))) redirect(res, INTERACTION_ROUTES.login);
  }

  /**
   * The account is chosen: the site's member goes on. When the provider's session was another
   * member's, the provider ends it first (its own logout, then back to the authorization).
   */
  async function selectAccountDone(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name !== "select_account") return redirect(res, INTERACTION_ROUTES.entry);
    const session = await siteSession(req);
    if (!session) return redirect(res, INTERACTION_ROUTES.login);
    await finish(req, res, { select_account: {}, login: loginOf(session) });
  }

  /**
   * "Log in" on the account selection: as the member the page showed. When the site's member
   * changed since (another tab), the page is shown again with the member there is now.
   */
  async function selectAccountForm(req: IncomingMessage, res: ServerResponse): Promise<void> {
    requireSameOrigin(req);
    const form = await readForm(req);
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name !== "select_account") return redirect(res, INTERACTION_ROUTES.entry);
    const session = await siteSession(req);
    if (!session) return redirect(res, INTERACTION_ROUTES.login);
    if (form.get("accountId") !== session.publicId) return redirect(res, INTERACTION_ROUTES.selectAccount);
    await finish(req, res, { select_account: {}, login: loginOf(session) });
  }

  /** "Log in with another account": the site's login; its end takes the member logged in then. */
  async function selectAccountSwitch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name !== "select_account") return redirect(res, INTERACTION_ROUTES.entry);
    redirect(res, INTERACTION_ROUTES.login);
  }

  /**
   * The consent form: the scopes the member allowed are granted, the others rejected (their claims
   * are then absent from the ID token and userinfo); a required scope cannot be refused.
   */
  async function consentForm(req: IncomingMessage, res: ServerResponse): Promise<void> {
    requireSameOrigin(req);
    const form = await readForm(req);
    const details = await provider.interactionDetails(req, res);
    const accountId = details.session?.accountId;
    if (details.prompt.name !== "consent" || !accountId) return redirect(res, INTERACTION_ROUTES.entry);
    const clientId = String(details.params.client_id);
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId, clientId });
    if (!grant || grant.accountId !== accountId || grant.clientId !== clientId) {
      throw new InteractionRequestError(
        400,
        "invalid_request",
        "the grant does not belong to this interaction",
      );
    }
    const required = new Set(["openid", ...options.requiredScopes()]);
    const allowed = fieldValues(form, "addScope");
    const refused = fieldValues(form, "rejectScope");
    const asked = (details.prompt.details.missingOIDCScope as string[] | undefined) ?? [];
    const granted = asked.filter(
      (scope) => required.has(scope) || (allowed.has(scope) && !refused.has(scope)),
    );
    const rejected = asked.filter((scope) => !granted.includes(scope));
    if (granted.length > 0) grant.addOIDCScope(granted.join(" "));
    if (rejected.length > 0) grant.rejectOIDCScope(rejected.join(" "));
    const claims = details.prompt.details.missingOIDCClaims as string[] | undefined;
    if (claims?.length) grant.addOIDCClaims(claims);
    const resourceScopes = details.prompt.details.missingResourceScopes as
      | Record<string, string[]>
      | undefined;
    for (const [indicator, scopes] of Object.entries(resourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(" "));
    }
    const grantId = await grant.save();
    await finish(req, res, { consent: { grantId } });
  }

  /** Cancel at consent: the client hears access_denied. */
  async function consentAbort(req: IncomingMessage, res: ServerResponse): Promise<void> {
    await provider.interactionDetails(req, res);
    await provider.interactionFinished(
      req,
      res,
      { error: "access_denied", error_description: "the member declined the authorization" },
      { mergeWithLastSubmission: false },
    );
  }

  const handlers: Record<string, (req: IncomingMessage, res: ServerResponse) => Promise<void>> = {
    [INTERACTION_ROUTES.entry]: entry,
    [INTERACTION_ROUTES.loginDone]: loginDone,
    [INTERACTION_ROUTES.consentForm]: consentForm,
    [INTERACTION_ROUTES.consentAbort]: consentAbort,
    [INTERACTION_ROUTES.selectAccountForm]: selectAccountForm,
    [INTERACTION_ROUTES.selectAccountSwitch]: selectAccountSwitch,
    [INTERACTION_ROUTES.selectAccountDone]: selectAccountDone,
  };

  return async function handleInteraction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const handler = handlers[path];
    try {
      if (!handler) throw new InteractionRequestError(404, "invalid_request", "not an interaction");
      const read = req.method === "GET" || req.method === "HEAD";
      if (FORM_POSTS.has(path) && read) {
        // A form's address opened (a reload, a bookmark): where the interaction is, or the error page.
        return await entry(req, res);
      }
      if (FORM_POSTS.has(path) ? req.method !== "POST" : !read) {
        throw new InteractionRequestError(405, "invalid_request", "not a method of this request");
      }
      await handler(req, res);
    } catch (error) {
      if (res.headersSent) return;
      if (error instanceof InteractionRequestError) {
        return errorPage(res, error.status, error.error, error.message);
      }
      if (error instanceof errors.SessionNotFound) {
        // An interaction that expired, was finished already, or was never started in this browser.
        return errorPage(res, 400, "invalid_request", EXPIRED_INTERACTION_DESCRIPTION);
      }
      logger.error("[oidc] interaction failed", error);
      errorPage(res, 500, "server_error", "server error");
    }
  };
}
