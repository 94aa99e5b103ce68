/** The signed-in member behind a request, and the guard of member-only calls. */
import type { Context } from "hono";
import { LANGUAGE_PARAM } from "../../locales/language.ts";
import type { ApiEnv } from "../api/context.ts";
import { apiError } from "../kit/messages.ts";
import { type Account, findAccountById } from "./accounts.ts";
import { sessionToken, setSessionCookies } from "./auth-cookies.ts";
import { profileImageUrl } from "./profile-images.ts";
import { type FoundSession, findSessionAccount } from "./sessions.ts";

const lookups = new WeakMap<Context<ApiEnv>, Promise<FoundSession | null>>();

/**
 * The session of the sid cookie, looked up once per request. When the lookup slid the session,
 * the cookies are set again so the browser's copy slides with it.
 */
export function currentMember(c: Context<ApiEnv>): Promise<FoundSession | null> {
  let lookup = lookups.get(c);
  if (!lookup) {
    const token = sessionToken(c);
    const { db, now, sessionMaxAgeMs } = c.get("deps");
    lookup = findSessionAccount(db, token, now(), sessionMaxAgeMs).then((session) => {
      if (session?.slidUntil && token) {
        setSessionCookies(c, { token, publicId: session.publicId, expiresAt: session.slidUntil });
      }
      return session;
    });
    lookups.set(c, lookup);
  }
  return lookup;
}

/**
 * Where a guest who asked for member-only screen data logs in: the page of
 * /zapi/internal/{page}/screen-data (with its query) becomes the returnTo. Not its ?lng=, which
 * the page's loader adds to every API call (issue 41 §19); the language cookie carries the choice.
 */
export function loginRedirectFor(c: Context<ApiEnv>): string {
  const url = new URL(c.req.url);
  const page = /^\/zapi\/internal(\/.*)\/screen-data$/.exec(url.pathname)?.[1];
  if (!page) return "/login";
  url.searchParams.delete(LANGUAGE_PARAM);
  return `/login?returnTo=${encodeURIComponent(page + url.search)}`;
}

/** The signed-in member, or 401 REQUEST_UNAUTHORIZED telling the page where to log in. */
export async function requireMember(c: Context<ApiEnv>): Promise<FoundSession> {
  const member = await currentMember(c);
  if (member) return member;
  throw await apiError(c, 401, "REQUEST_UNAUTHORIZED", "unauthorized", {
    details: { redirectTo: loginRedirectFor(c) },
  });
}

/** Where the member's own profile image is served, or null without one (the header's picture). */
export function memberProfileImageUrl(member: FoundSession | null): string | null {
  return member ? profileImageUrl(member.publicId, member.profileImageUpdatedAt) : null;
}

/** The signed-in member's account as stored (see requireMember). */
export async function requireMemberAccount(c: Context<ApiEnv>): Promise<Account> {
  const member = await requireMember(c);
  const account = await findAccountById(c.get("deps").db, member.accountId);
  // A session outlives its account only by a bug: deleting an account deletes its sessions.
  if (!account) throw new Error(`the session's account ${member.accountId} is gone`);
  return account;
}
