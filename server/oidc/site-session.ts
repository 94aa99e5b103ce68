/**
 * The site's member behind a browser's cookies, as the login provider sees it: the site's session
 * is the one login of a browser (one member per browser, issue 46 §3), so the provider's policy and
 * its interactions both read it.
 */
import { parse as parseCookies } from "hono/utils/cookie";
import type { Db } from "../db/database.ts";
import { type FoundSession, findSessionAccount, SESSION_COOKIE } from "../identity/sessions.ts";

export type SiteSessionReader = (cookieHeader: string | undefined) => Promise<FoundSession | null>;

export function siteSessionReader(options: {
  db: Db;
  now: () => Date;
  sessionMaxAgeMs: number;
}): SiteSessionReader {
  return (cookieHeader) => {
    const token = parseCookies(cookieHeader ?? "", SESSION_COOKIE)[SESSION_COOKIE];
    return findSessionAccount(options.db, token, options.now(), options.sessionMaxAgeMs);
  };
}
