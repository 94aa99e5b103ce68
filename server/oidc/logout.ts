/**
 * Logging out, coupled both ways (issue 47 §3): a relying party's logout (RP-initiated logout,
 * end_session_endpoint) ends the site's session too, and the site's logout ends the provider's
 * session of that browser. Either way the clients that registered a back-channel logout URI are
 * told (OpenID Connect Back-Channel Logout 1.0). Grants stay: logging in again asks no consent.
 */
import { createHash } from "node:crypto";
import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { parse as parseCookies } from "hono/utils/cookie";
import type { KoaContextWithOIDC, Provider } from "oidc-provider";
import { detectLanguage, translatorFor } from "../../locales/language.ts";
import type { Db } from "../db/database.ts";
import { clearedSessionCookies } from "../identity/auth-cookies.ts";
import { endSession, findSessionAccount, SESSION_COOKIE } from "../identity/sessions.ts";
import { escapeHtml } from "../mail/templates/render-mail.ts";

/**
 * Ends the site's session of the browser whose cookies these are when it is `member`'s (a public
 * id); answers the Set-Cookie values, none when it was another member's or there was none.
 */
export type SiteLogout = (cookieHeader: string | undefined, member: string) => Promise<string[]>;

export function siteLogout(options: {
  db: Db;
  secureCookies: boolean;
  now: () => Date;
  sessionMaxAgeMs: number;
}): SiteLogout {
  return async (cookieHeader, member) => {
    const token = parseCookies(cookieHeader ?? "", SESSION_COOKIE)[SESSION_COOKIE];
    const site = await findSessionAccount(options.db, token, options.now(), options.sessionMaxAgeMs);
    if (site?.publicId !== member) return [];
    await endSession(options.db, token);
    return clearedSessionCookies(options.secureCookies);
  };
}

/**
 * After the provider's logout confirmation ended its session, the site's session of the same
 * member ends too. oidc-provider also ends a session of its own this way when the site's member
 * changed (an account switch): the site's session is then the new member's, and stays.
 */
export function endSiteSessionWithProvider(provider: Provider, logout: SiteLogout): void {
  provider.use(async (ctx, next) => {
    await next();
    const { oidc } = ctx as Partial<KoaContextWithOIDC>;
    const member = oidc?.session?.accountId;
    if (oidc?.route !== "end_session_confirm" || !oidc.params?.logout || !member) return;
    for (const cookie of await logout(ctx.get("cookie"), member)) ctx.append("Set-Cookie", cookie);
  });
}

const SUBMIT_LOGOUT_FORM = `document.getElementById("op.logoutForm").submit();`;

/**
 * Adds an inline script's hash to the answer's CSP (set by provider-gate.ts), as oidc-provider does
 * for the scripts it writes itself; answers the script.
 */
function allowInlineScript(ctx: KoaContextWithOIDC, script: string): string {
  const csp = ctx.response.get("content-security-policy");
  if (csp) {
    const hash = `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`;
    ctx.set("content-security-policy", csp.replace(/(^|;\s*)script-src([^;]*)/, `$1script-src$2 ${hash}`));
  }
  return script;
}

/**
 * The provider's logout question (its `logoutSource`), in the member's language. A relying party
 * that names the member's ID token (id_token_hint, which the provider has checked) is taken at its
 * word and the form goes on by itself; without one, the member is asked, so that another site
 * cannot log them out by a link.
 */
export async function logoutPage(
  ctx: KoaContextWithOIDC,
  form: string,
  serviceName: (en: boolean) => string,
) {
  const request = new Request(new URL(ctx.originalUrl, "http://provider.invalid"), {
    headers: ctx.get("cookie")
      ? { cookie: ctx.get("cookie"), "accept-language": ctx.get("accept-language") }
      : { "accept-language": ctx.get("accept-language") },
  });
  const language = detectLanguage(request);
  const t = await translatorFor(language);
  const client = ctx.oidc.client;
  const clientName = client
    ? String((language === "ja" && client.client_name_ja) || client.clientName || client.clientId)
    : "";
  const service = serviceName(language === "en");
  const question = client
    ? t("oidcLogout.question", { client: clientName, service })
    : t("oidcLogout.questionNoClient", { service });
  const hinted = typeof ctx.oidc.params?.id_token_hint === "string";
  ctx.type = "html";
  ctx.body = `<!DOCTYPE html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t("oidcLogout.title"))} | ${escapeHtml(service)}</title>
<style>
body{margin:0;font-family:system-ui,"Noto Sans JP",sans-serif;background:#f0f2f5;color:#1a1d21}
main{max-width:26rem;margin:4rem auto;padding:2rem;background:#fff;border-radius:1rem}
h1{margin:0 0 1rem;font-size:1.5rem}p{line-height:1.7}
.actions{display:grid;gap:.75rem;margin-top:1.5rem}
button{font:inherit;font-weight:700;min-height:3rem;border-radius:999px;border:1px solid #1f6feb;cursor:pointer}
.yes{background:#1f6feb;color:#fff}.no{background:#fff;color:#1f6feb}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(t("oidcLogout.title"))}</h1>
${
  hinted
    ? `<p>${escapeHtml(t("oidcLogout.continuing"))}</p>${form.replace("</form>", '<input type="hidden" name="logout" value="yes"/></form>')}<noscript><div class="actions"><button class="yes" type="submit" form="op.logoutForm">${escapeHtml(t("oidcLogout.logout"))}</button></div></noscript>
<script>${allowInlineScript(ctx, SUBMIT_LOGOUT_FORM)}</script>`
    : `<p>${escapeHtml(question)}</p>${form}<div class="actions"><button class="yes" autofocus type="submit" form="op.logoutForm" name="logout" value="yes">${escapeHtml(t("oidcLogout.logout"))}</button><button class="no" type="submit" form="op.logoutForm">${escapeHtml(t("oidcLogout.stay"))}</button></div>`
}
</main>
</body>
</html>`;
}

/** A request carrying only these cookies, for the provider to read its own from. */
export function requestWithCookies(cookieHeader: string): IncomingMessage {
  const req = new IncomingMessage(new Socket());
  req.headers = { cookie: cookieHeader };
  req.url = "/";
  req.method = "GET";
  return req;
}

/**
 * The site's logout: the provider's session of the browser ends, and each client it logged in to
 * that registered a back-channel logout URI is told (a client that does not answer is logged).
 */
export async function endProviderSession(
  provider: Provider,
  cookieHeader: string | undefined,
  logger: Pick<Console, "error">,
): Promise<void> {
  if (!cookieHeader) return;
  const req = requestWithCookies(cookieHeader);
  const ctx = provider.createContext(req, new ServerResponse(req));
  const session = await provider.Session.get(ctx);
  if (!session.accountId) return;
  const { accountId } = session;
  await Promise.all(
    Object.keys(session.authorizations ?? {}).map(async (clientId) => {
      // oidc-provider's Client has backchannelLogout, its types do not say so.
      const client = (await provider.Client.find(clientId)) as
        | { backchannelLogoutUri?: string; backchannelLogout(sub: string, sid: string): Promise<void> }
        | undefined;
      if (!client?.backchannelLogoutUri) return;
      await client.backchannelLogout(accountId, session.sidFor(clientId) ?? "").catch((error: unknown) => {
        logger.error(`[oidc] back-channel logout to ${clientId} failed: ${(error as Error).message}`);
      });
    }),
  );
  await session.destroy();
}
