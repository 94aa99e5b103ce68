/**
 * The provider's interactions as requests of the product (issue 46 §3; spec §2, §7): the provider
 * sends the browser to /oidc, which decides what the member must do — log in (the site's own login
 * at /oidc/login, ending at /oidc/loginInteraction) or consent (/oidc/consent, posting
 * /oidc/consent/form or leaving by /oidc/consent/form/abort). These are Node handlers beside the
 * provider: oidc-provider reads and finishes an interaction on the request and response themselves.
 * A member logged in to the site is not asked to log in again unless the client asks (prompt=login,
 * max_age): the site's session is the one login of the browser.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { parse as parseCookies } from "hono/utils/cookie";
import type Provider from "oidc-provider";
import { errors, type InteractionResults } from "oidc-provider";
import { INTERACTION_REQUEST_PATHS, isInteractionRequestPath } from "../../schemas/oidc-paths.ts";
import type { Db } from "../db/database.ts";
import { findSessionAccount, SESSION_COOKIE } from "../services/sessions.ts";

/** What the error page says of an interaction that expired, was finished, or was never started here. */
export const EXPIRED_INTERACTION_DESCRIPTION = "the login has expired; start again from the service";

/** The interaction paths of spec §2: the requests (schemas/oidc-paths.ts) and the pages they send to. */
export const INTERACTION_ROUTES = {
  ...INTERACTION_REQUEST_PATHS,
  login: "/oidc/login",
  consent: "/oidc/consent",
} as const;

export { isInteractionRequestPath as isInteractionPath };

export interface InteractionOptions {
  provider: Provider;
  db: Db;
  now: () => Date;
  sessionMaxAgeMs: number;
  /** The public origin: a form post from anywhere else is refused. */
  publicOrigin: string;
  /** Scopes the member cannot refuse (openid always; the store's required scopes). */
  requiredScopes: () => ReadonlySet<string>;
  logger?: Pick<Console, "error">;
}

/** Why a login is asked for even though the site has a session: the client insists. */
const FORCED_LOGIN_REASONS = new Set(["login_prompt", "max_age"]);
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
  const { provider, db } = options;
  const logger = options.logger ?? console;

  const siteSession = (req: IncomingMessage) => {
    const token = parseCookies(req.headers.cookie ?? "", SESSION_COOKIE)[SESSION_COOKIE];
    return findSessionAccount(db, token, options.now(), options.sessionMaxAgeMs);
  };

  const finish = (req: IncomingMessage, res: ServerResponse, result: InteractionResults) =>
    provider.interactionFinished(req, res, result, { mergeWithLastSubmission: true });

  /** Logs the site's member in to the provider, or sends the browser to the login page. */
  async function loginWithSiteSession(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const session = await siteSession(req);
    if (!session) return false;
    await finish(req, res, {
      login: {
        accountId: session.publicId,
        ts: Math.floor(session.authenticatedAt.getTime() / 1000),
        remember: true,
      },
    });
    return true;
  }

  async function entry(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    switch (details.prompt.name) {
      case "login": {
        const forced = details.prompt.reasons.some((reason) => FORCED_LOGIN_REASONS.has(reason));
        if (!forced && (await loginWithSiteSession(req, res))) return;
        return redirect(res, INTERACTION_ROUTES.login);
      }
      case "consent":
        return redirect(res, INTERACTION_ROUTES.consent);
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
    if (details.prompt.name !== "login") return redirect(res, INTERACTION_ROUTES.entry);
    if (!(await loginWithSiteSession(req, res))) redirect(res, INTERACTION_ROUTES.login);
  }

  /**
   * The consent form: the scopes the member allowed are granted, the others rejected (their claims
   * are then absent from the ID token and userinfo); a required scope cannot be refused.
   */
  async function consentForm(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== "POST")
      throw new InteractionRequestError(405, "invalid_request", "the form is posted");
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== options.publicOrigin) {
      throw new InteractionRequestError(403, "invalid_request", "the form was sent from another site");
    }
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
  };

  return async function handleInteraction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const handler = handlers[path];
    try {
      if (!handler) throw new InteractionRequestError(404, "invalid_request", "not an interaction");
      if (path !== INTERACTION_ROUTES.consentForm && req.method !== "GET" && req.method !== "HEAD") {
        throw new InteractionRequestError(405, "invalid_request", "only GET");
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
