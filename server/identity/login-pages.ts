/**
 * The login provider's login (issue 46 §3; spec §2 /oidc/login…, §7 POST /oidc/login and
 * /zapi/oidc/login/multi-factor/{type}) is the site's login, answered under /zapi/oidc: the same
 * rules, limits and steps, whose pages are the same paths under /oidc (the OIDC layout).
 */
import type { Context } from "hono";
import type { ApiEnv } from "../api/context.ts";

/** Whether the call is the login provider's variant of a login call or screen data. */
export function isProviderLogin(c: Context<ApiEnv>): boolean {
  return c.req.path.startsWith("/zapi/oidc/") || c.req.path.startsWith("/zapi/internal/oidc/");
}

/** A login page's path (`/login…`) as this call's login flow has it: under /oidc for the provider's. */
export function loginPagePath(c: Context<ApiEnv>, path: string): string {
  return isProviderLogin(c) ? `/oidc${path}` : path;
}
