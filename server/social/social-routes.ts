/**
 * Social login and account linking (issue 48 §2): POST /zapi/auth/social/authorize (where the
 * page /auth/authorize sends the browser), /auth/social/callback (what the provider's answer at
 * /auth/callback means: a login, a sign-up, a link) and /auth/social/disable (spec §7: unlink).
 *
 * The checks the callback must pass (state, nonce, PKCE verifier) stay on the server, in a flow
 * (cookie soid) that the callback spends at once: a replayed callback finds nothing.
 */
import { type Context, Hono } from "hono";
import { safeRedirectPath } from "../../schemas/safe-redirect.ts";
import type { SocialAuthorizeRequest } from "../../schemas/types/social-authorize-request.gen.ts";
import type { SocialCallbackRequest } from "../../schemas/types/social-callback-request.gen.ts";
import type { SocialDisableRequest } from "../../schemas/types/social-disable-request.gen.ts";
import type { ApiEnv } from "../api/context.ts";
import type { SocialAuthorization } from "../db/schema.ts";
import { type Account, findAccountById, normalizeEmail } from "../identity/accounts.ts";
import { clearFlowCookie, flowToken, setFlowCookie } from "../identity/auth-cookies.ts";
import { endFlow, findFlow, startFlow } from "../identity/auth-flows.ts";
import { recordLoginAttempt } from "../identity/login-history.ts";
import { currentMember, requireMember, requireMemberAccount } from "../identity/member.ts";
import { startSecondFactor } from "../identity/multi-factor-login.ts";
import { waysInOf } from "../identity/passkeys.ts";
import { logIn } from "../identity/sign-in.ts";
import { SOCIAL_SIGNUP_FORM_PATH } from "../identity/signup-screen-data.ts";
import { apiError, retryLaterError } from "../kit/messages.ts";
import { clientAddress, siteOrigin } from "../kit/request-info.ts";
import { checkRequest, REQUEST_SCHEMAS } from "../kit/request-schemas.ts";
import { SOCIAL_AUTHORIZE_RATE, takeRate, throttleKey } from "../kit/throttle.ts";
import { readJsonBody } from "../kit/validation.ts";
import { accountOfIdentity, linkedIdentities, linkIdentity, unlinkIdentity } from "./external-identities.ts";
import {
  type ExternalIdentity,
  isSocialType,
  SOCIAL_NAMES,
  SocialCallbackRefused,
  SocialProviderUnavailable,
  type SocialType,
} from "./providers.ts";

type ApiContext = Context<ApiEnv>;

/** Where the providers send the browser back: on the configured origin, never the request's. */
export const SOCIAL_CALLBACK_PATH = "/auth/callback";
export const SOCIAL_LINKED_PATH = "/mypage/social/enable/complete";
export const SOCIAL_UNLINKED_PATH = "/mypage/social/disable/complete";
/** The person is linked to another account (spec §8 External ID link, ACCOUNT_ALREADY_EXISTS). */
export const SOCIAL_RELATE_ERROR_PATH = "/social/relate/error";
const DEFAULT_LANDING = "/mypage";

/** Any failure of a social login or link: the spec's system error, and nothing changed. */
const socialFailed = (c: ApiContext) => apiError(c, 400, "EXTERNAL_AUTH_FAILED", "social.failed");

/**
 * Whether the account keeps a way in without this link (spec §2): its password, another link or a
 * passkey (server/identity/passkeys.ts counts them).
 */
async function mayUnlink(c: ApiContext, account: Account): Promise<boolean> {
  const { db, store } = c.get("deps");
  const { settings } = store.current();
  const ways = await waysInOf(db, account, {
    passwordsEnabled: settings.features.isEnabledPassword,
    passkeysEnabled: settings.login.passkey === true,
  });
  return ways > 1;
}

/** The offered provider of this type, or 400: not enabled, no secret, or not a provider at all. */
async function offeredProvider(c: ApiContext, type: SocialType) {
  const { social, store } = c.get("deps");
  const provider = social.offeredProvider(store.current().settings, type);
  if (!provider) throw await apiError(c, 400, "LOGIN_METHOD_UNAVAILABLE", "loginMethodUnavailable");
  return provider;
}

async function authorize(c: ApiContext) {
  const deps = c.get("deps");
  const request = await checkRequest<SocialAuthorizeRequest>(
    c,
    REQUEST_SCHEMAS.socialAuthorize,
    await readJsonBody(c),
  );
  const provider = await offeredProvider(c, request.userIdentifierType);
  // Linking is for the member of this browser, bound to them: another browser's callback cannot use it.
  const member = request.socialActionType === "enableExternalAuth" ? await requireMember(c) : null;
  // Each trip keeps a flow row for an hour: paced per client address (where one is known).
  const address = clientAddress(c);
  if (address) {
    const key = throttleKey.socialAuthorizeFrom(address);
    const wait = await takeRate(deps.db, key, SOCIAL_AUTHORIZE_RATE, deps.now());
    if (wait > 0) throw await retryLaterError(c, "TOO_MANY_ATTEMPTS", wait);
  }
  let begun: Awaited<ReturnType<typeof deps.social.begin>>;
  try {
    begun = await deps.social.begin(provider, `${siteOrigin(c)}${SOCIAL_CALLBACK_PATH}`);
  } catch (error) {
    if (!(error instanceof SocialProviderUnavailable)) throw error;
    console.error("[social]", error.message);
    throw await apiError(c, 503, "EXTERNAL_AUTH_UNAVAILABLE", "social.unavailable");
  }
  const socialAuthorization: SocialAuthorization = {
    type: provider.type,
    action: request.socialActionType,
    returnTo: safeRedirectPath(request.returnTo),
    ...begun.checks,
  };
  const { token } = await startFlow(deps.db, "socialAuthorization", deps.now(), {
    socialAuthorization,
    accountId: member?.accountId ?? null,
  });
  setFlowCookie(c, "socialAuthorization", token);
  return c.json({ redirectTo: begun.url.href });
}

async function callback(c: ApiContext) {
  const deps = c.get("deps");
  const request = await checkRequest<SocialCallbackRequest>(
    c,
    REQUEST_SCHEMAS.socialCallback,
    await readJsonBody(c),
  );
  const flow = await findFlow(
    deps.db,
    "socialAuthorization",
    flowToken(c, "socialAuthorization"),
    deps.now(),
  );
  const trip = flow?.socialAuthorization;
  if (!flow || !trip || !isSocialType(trip.type)) throw await socialFailed(c);
  // One callback per trip, whatever it brings: a replay finds no flow.
  await endFlow(deps.db, flow.id);
  clearFlowCookie(c, "socialAuthorization");
  const provider = await offeredProvider(c, trip.type);
  const search = request.search.startsWith("?") ? request.search : `?${request.search}`;
  let identity: ExternalIdentity;
  try {
    identity = await deps.social.finish(
      provider,
      new URL(`${SOCIAL_CALLBACK_PATH}${search}`, siteOrigin(c)),
      trip,
    );
  } catch (error) {
    if (!(error instanceof SocialCallbackRefused || error instanceof SocialProviderUnavailable)) throw error;
    console.warn("[social] callback refused:", error.message);
    throw await socialFailed(c);
  }
  if (trip.action === "enableExternalAuth") {
    const member = await currentMember(c);
    if (!member || member.accountId !== flow.accountId) throw await socialFailed(c);
    return c.json({ redirectTo: await link(c, member.accountId, identity) });
  }
  const accountId = await accountOfIdentity(deps.db, identity.type, identity.subject);
  const account = accountId ? await findAccountById(deps.db, accountId) : null;
  if (account) return c.json(await socialLogIn(c, account, identity, trip.returnTo));
  return c.json({ redirectTo: await beginSocialSignup(c, identity) });
}

async function link(c: ApiContext, accountId: string, identity: ExternalIdentity): Promise<string> {
  const { db, now } = c.get("deps");
  const result = await linkIdentity(db, { accountId, ...identity, now: now() });
  if (result === "linked") return SOCIAL_LINKED_PATH;
  if (result === "linkedToAnotherAccount") return SOCIAL_RELATE_ERROR_PATH;
  throw await socialFailed(c);
}

/** A linked person logs in as their account: barred accounts are refused, a second factor asked. */
async function socialLogIn(
  c: ApiContext,
  account: Account,
  identity: ExternalIdentity,
  returnTo: string | null,
): Promise<{ redirectTo: string }> {
  const deps = c.get("deps");
  const attempt = { method: "ExternalAuth" as const, identifier: identity.type };
  if (account.loginProhibitedAt) {
    await recordLoginAttempt(deps.db, {
      accountId: account.id,
      ...attempt,
      failure: "prohibited",
      ip: clientAddress(c),
      userAgent: c.req.header("user-agent") ?? null,
      now: deps.now(),
    });
    throw await apiError(c, 403, "LOGIN_PROHIBITED", "loginProhibited");
  }
  const secondStep = await startSecondFactor(c, account, attempt);
  if (secondStep) {
    return returnTo
      ? { redirectTo: `${secondStep.redirectTo}?${new URLSearchParams({ returnTo })}` }
      : secondStep;
  }
  const signedIn = await logIn(c, account, { ...attempt, externalType: identity.type });
  return { redirectTo: signedIn.redirectTo ?? returnTo ?? DEFAULT_LANDING };
}

/**
 * A person no account knows: the sign-up flow begins with what the provider vouched for (its
 * e-mail counts as proved when the provider says it proved it), and the registration form follows.
 */
async function beginSocialSignup(c: ApiContext, identity: ExternalIdentity): Promise<string> {
  const { db, now } = c.get("deps");
  const email = identity.email ? normalizeEmail(identity.email) : null;
  const { token } = await startFlow(db, "signUp", now(), {
    email,
    emailVerifiedAt: email && identity.emailVerified ? now() : null,
    externalIdentity: { ...identity, email },
  });
  setFlowCookie(c, "signUp", token);
  return SOCIAL_SIGNUP_FORM_PATH;
}

async function disable(c: ApiContext) {
  const deps = c.get("deps");
  const account = await requireMemberAccount(c);
  const request = await checkRequest<SocialDisableRequest>(
    c,
    REQUEST_SCHEMAS.socialDisable,
    await readJsonBody(c),
  );
  const linked = await linkedIdentities(deps.db, account.id);
  if (!linked.some((identity) => identity.type === request.userIdentifierType)) {
    throw await apiError(c, 404, "EXTERNAL_AUTH_NOT_LINKED", "social.notLinked");
  }
  if (!(await mayUnlink(c, account))) {
    throw await apiError(c, 409, "EXTERNAL_AUTH_LAST", "social.lastWayIn");
  }
  await unlinkIdentity(deps.db, account.id, request.userIdentifierType);
  return c.json({});
}

/**
 * My page's external ID list (spec §2, §3 External account): every provider the store offers,
 * whether it is linked, whether this session logged in through it, and whether the member may
 * unlink one now (more linked than the minimum of spec §2). Not in the app: the page hides it.
 */
export async function externalAccountsOf(c: ApiContext, account: Account) {
  const { db, social: providers, store } = c.get("deps");
  const { settings } = store.current();
  const linked = await linkedIdentities(db, account.id);
  // The request's one session lookup says which provider this session logged in through.
  const loggedInWith = (await currentMember(c))?.externalType ?? null;
  return {
    externalAccounts: providers.offered(settings).map(({ type }) => ({
      userIdentifierType: type,
      userIdentifierName: SOCIAL_NAMES[type],
      userIdentifierMethod: "ExternalAuth",
      isLinked: linked.some((identity) => identity.type === type),
      isLogin: loggedInWith === type,
    })),
    isUnlinkAllowed: await mayUnlink(c, account),
  };
}

export const social = new Hono<ApiEnv>()
  .post("/authorize", authorize)
  .post("/callback", callback)
  .post("/disable", disable);
