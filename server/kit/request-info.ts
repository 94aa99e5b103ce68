/**
 * Who is asking: the client's address (for throttling and login history) and whether a
 * state-changing call comes from our own pages (issue 4 §6: a cross-site Origin gets 403).
 */
import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import type { ApiEnv } from "../api/context.ts";
import { apiError } from "./messages.ts";

/**
 * The client's address. An in-process call from a page's loader or action brings the browser's
 * socket address as a binding, a call over the network has its own socket. Behind a reverse
 * proxy (TRUST_PROXY) the proxy's X-Forwarded-For entry names the client instead; for an
 * in-process call the page's helper appended the socket address to that header, which is skipped.
 * An entry that is not an IP address is ignored (the socket's address is used).
 */
export function clientAddress(c: Context<ApiEnv>): string | null {
  const env = c.env ?? {};
  const inProcess = "clientAddress" in env;
  const socketAddress = inProcess
    ? (env.clientAddress ?? null)
    : env.incoming
      ? (getConnInfo(c).remote.address ?? null)
      : null;
  if (!c.get("deps").trustProxy) return socketAddress;
  return proxiedAddress(c.req.header("x-forwarded-for"), inProcess) ?? socketAddress;
}

/**
 * The client's address a trusted reverse proxy appended to X-Forwarded-For: its last entry (less
 * the one the page's helper appended to an in-process call), or null when that is not an address.
 */
export function proxiedAddress(header: string | undefined, inProcess = false): string | null {
  const chain = (header ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (inProcess) chain.pop();
  // The proxy's entry is the last; anything but an IP address there is not believed.
  const forwarded = chain.at(-1);
  return forwarded && isIP(forwarded) ? forwarded : null;
}

/**
 * The site's own origin, from configuration only (issue 7 §1): a forged Host header must never
 * reach a mailed link.
 */
export function siteOrigin(c: Context<ApiEnv>): string {
  return c.get("deps").publicOrigin;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a state-changing call another site's page made: its Origin is not ours, or (for a
 * browser that sends no Origin) Fetch Metadata says cross-site. Calls without either header come
 * from our own server (in-process) or from tools, which carry no victim's cookies.
 */
export const sameOriginOnly: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header("origin");
    const crossSite =
      origin !== undefined ? origin !== siteOrigin(c) : c.req.header("sec-fetch-site") === "cross-site";
    if (crossSite) throw await apiError(c, 403, "CROSS_SITE_REQUEST", "crossSiteRequest");
  }
  await next();
};
