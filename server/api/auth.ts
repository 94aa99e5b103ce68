/**
 * Authentication calls (spec §7, issue 4 §5–§8): POST /zapi/login (password or e-mailed code),
 * /login/code (mail a login code), /logout, /auth/password/forgot and /auth/password/reset.
 *
 * An unknown identifier and a wrong password get the same status, body and (through the dummy
 * hash) time; the forgot-password and code requests answer the same whether or not the address
 * has an account.
 */
import { type Context, Hono } from "hono";
import { buildForgotPasswordForm, buildPasswordResetForm } from "../../schemas/forms/credentials.ts";
import {
  buildCodeLoginForm,
  buildLoginCodeEntryForm,
  buildPasswordLoginForm,
} from "../../schemas/forms/login.ts";
import { DEFAULT_PASSWORD_STRENGTH } from "../../schemas/forms/registration.ts";
import type { LoginCodeRequest } from "../../schemas/types/login-code-request.gen.ts";
import type { LoginRequest } from "../../schemas/types/login-request.gen.ts";
import { sendMail } from "../mail/send-mail.ts";
import {
  type Account,
  findAccountByEmail,
  findAccountById,
  findAccountForLogin,
  looksLikeEmail,
  normalizeEmail,
  rehashPassword,
} from "../services/accounts.ts";
import { verifyCode } from "../services/auth-codes.ts";
import { endFlow, findFlow, startFlow } from "../services/auth-flows.ts";
import { knownBrowserOf } from "../services/login-alerts.ts";
import { type LoginFailure, type LoginMethod, recordLoginAttempt } from "../services/login-history.ts";
import {
  accountOfResetToken,
  issueResetToken,
  RESET_TOKEN_LIFETIME_MS,
  resetPassword,
} from "../services/password-reset.ts";
import { endSession } from "../services/sessions.ts";
import {
  ACCOUNT_LOGIN_THROTTLE,
  ADDRESS_GUESS_THROTTLE,
  CLIENT_GUESS_THROTTLE,
  clearThrottle,
  rateWait,
  recordRateHit,
  recordRuleHits,
  SITE_LOGIN_FAILURE_RATE,
  type ThrottleRule,
  throttleKey,
  waitForRules,
} from "../services/throttle.ts";
import {
  clearFlowCookie,
  clearSessionCookies,
  flowToken,
  loginAlertToken,
  sessionToken,
  setFlowCookie,
} from "./auth-cookies.ts";
import { codeDisplayName, mailCode, mailDeps, paceMail } from "./code-mail.ts";
import type { ApiEnv } from "./context.ts";
import { currentMember } from "./member.ts";
import { apiError, retryLaterError } from "./messages.ts";
import { requireRecaptcha } from "./recaptcha-guard.ts";
import { clientAddress, siteOrigin } from "./request-info.ts";
import { asRecord, checkRequest, pick, REQUEST_SCHEMAS } from "./request-schemas.ts";
import { logIn } from "./sign-in.ts";
import { readJsonBody, requestLanguage, validatedJson, validateRequestData } from "./validation.ts";

type ApiContext = Context<ApiEnv>;

/**
 * Who is trying to log in to which account, and so which limits apply (issue 7 §5). A browser
 * the account knows (its latid) waits only for its own failures there: no stranger's guessing,
 * however fast, slows it. Any other browser waits for its own failures from its address at the
 * account, for every stranger's failures at the account and from its address, and for the
 * site-wide failure rate. An identifier naming no account is counted like an account.
 */
interface LoginClient {
  account: Account | null;
  identifier: string;
  address: string | null;
  /** The latid hash when the account knows this browser. */
  knownBrowser: string | null;
}

async function loginClient(c: ApiContext, account: Account | null, identifier: string): Promise<LoginClient> {
  const knownBrowser = account
    ? await knownBrowserOf(c.get("deps").db, { token: loginAlertToken(c), accountId: account.id })
    : null;
  return { account, identifier, address: clientAddress(c), knownBrowser };
}

/** The counters a failure of this client counts on and that it waits for (the site rate aside). */
function loginThrottleRules({ account, identifier, address, knownBrowser }: LoginClient): ThrottleRule[] {
  if (account && knownBrowser) {
    return [{ key: throttleKey.accountBrowser(account.id, knownBrowser), policy: CLIENT_GUESS_THROTTLE }];
  }
  const target = account ? account.id : `identifier:${identifier.toLowerCase()}`;
  return [
    {
      key: account ? throttleKey.account(account.id) : throttleKey.identifier(identifier),
      policy: ACCOUNT_LOGIN_THROTTLE,
    },
    ...(address
      ? [
          { key: throttleKey.accountFrom(target, address), policy: CLIENT_GUESS_THROTTLE },
          { key: throttleKey.loginFrom(address), policy: ADDRESS_GUESS_THROTTLE },
        ]
      : []),
  ];
}

/**
 * Records a failed attempt in the login history. A wrong password or code also counts against
 * the client's throttle keys and the site-wide rate; a refusal before any check (throttled,
 * reCAPTCHA, barred) does not.
 */
async function recordFailedLogin(
  c: ApiContext,
  client: LoginClient,
  attempt: { method: LoginMethod; failure: LoginFailure },
) {
  const { db, now } = c.get("deps");
  await recordLoginAttempt(db, {
    accountId: client.account?.id ?? null,
    identifier: client.identifier,
    method: attempt.method,
    failure: attempt.failure,
    ip: client.address,
    userAgent: c.req.header("user-agent") ?? null,
    now: now(),
  });
  if (attempt.failure === "bad-credentials" || attempt.failure === "bad-code") {
    await recordRuleHits(db, loginThrottleRules(client), now());
    await recordRateHit(db, throttleKey.site, SITE_LOGIN_FAILURE_RATE, now());
  }
}

/** 429 TOO_MANY_ATTEMPTS with Retry-After and the wait in the message, while the client must wait. */
async function refuseWhileThrottled(c: ApiContext, client: LoginClient, method: LoginMethod): Promise<void> {
  const { db, now } = c.get("deps");
  let wait = await waitForRules(db, loginThrottleRules(client), now());
  if (!client.knownBrowser) {
    wait = Math.max(wait, await rateWait(db, throttleKey.site, SITE_LOGIN_FAILURE_RATE, now()));
  }
  if (wait === 0) return;
  await recordFailedLogin(c, client, { method, failure: "throttled" });
  throw await retryLaterError(c, "TOO_MANY_ATTEMPTS", wait, {}, "login");
}

/**
 * After a successful login: forgets the client's own failures. The account-wide count of
 * strangers' failures stays (a member logging in must not hand a guesser a fresh allowance);
 * a password reset or time clears it.
 */
async function forgetClientFailures(c: ApiContext, client: LoginClient): Promise<void> {
  const own = loginThrottleRules(client).filter((rule) => rule.policy === CLIENT_GUESS_THROTTLE);
  await clearThrottle(
    c.get("deps").db,
    own.map((rule) => rule.key),
  );
}

async function passwordLogin(c: ApiContext, body: unknown) {
  const deps = c.get("deps");
  const { settings, version } = deps.store.current();
  if (!settings.features.isEnabledPassword) {
    throw await apiError(c, 400, "LOGIN_METHOD_UNAVAILABLE", "loginMethodUnavailable");
  }
  const userIdEnabled = settings.features.isEnabledUserId;
  const form = buildPasswordLoginForm({ identifier: userIdEnabled ? "emailOrUserId" : "email" }, version);
  const data = await validateRequestData(c, form, pick(body, ["emailUserId", "password"]));
  const request = await checkRequest<LoginRequest>(c, REQUEST_SCHEMAS.login, body);
  const identifier = String(data.emailUserId);
  const password = String(data.password);

  await requireRecaptcha(c, "login", request.token, async () => {
    await recordFailedLogin(c, await loginClient(c, null, identifier), {
      method: "Password",
      failure: "recaptcha",
    });
  });

  const account = await findAccountForLogin(deps.db, identifier, { userIdEnabled });
  const client = await loginClient(c, account, identifier);
  await refuseWhileThrottled(c, client, "Password");
  // An unknown account is checked against a dummy hash: the same answer in the same time.
  const passwordMatches = await deps.passwords.verify(account?.passwordHash ?? null, password);
  if (!account || !passwordMatches) {
    await recordFailedLogin(c, client, { method: "Password", failure: "bad-credentials" });
    const message = looksLikeEmail(identifier) || !userIdEnabled ? "loginFailed.email" : "loginFailed.userId";
    throw await apiError(c, 401, "LOGIN_FAILED", message);
  }
  if (account.loginProhibitedAt) {
    await recordFailedLogin(c, client, { method: "Password", failure: "prohibited" });
    throw await apiError(c, 403, "LOGIN_PROHIBITED", "loginProhibited");
  }
  if (account.passwordHash && deps.passwords.needsRehash(account.passwordHash)) {
    await rehashPassword(deps.db, account.id, await deps.passwords.hash(password));
  }
  await forgetClientFailures(c, client);
  return c.json(await logIn(c, account, { method: "Password", identifier }));
}

async function codeLogin(c: ApiContext, body: unknown) {
  const deps = c.get("deps");
  const { settings, version } = deps.store.current();
  if (!settings.login.isEnabledAuthCode) {
    throw await apiError(c, 400, "LOGIN_METHOD_UNAVAILABLE", "loginMethodUnavailable");
  }
  const form = buildLoginCodeEntryForm({ codeName: settings.authCodeSetting.login }, version);
  const data = await validateRequestData(c, form, pick(body, ["authCode"]));
  const request = await checkRequest<LoginRequest>(c, REQUEST_SCHEMAS.login, body);
  const now = deps.now();
  const flow = await findFlow(deps.db, "login", flowToken(c, "login"), now);
  if (!flow?.email) throw await apiError(c, 400, "AUTH_FLOW_EXPIRED", "flowExpired");

  const identifier = flow.email;
  const account = flow.accountId ? await findAccountById(deps.db, flow.accountId) : null;
  const client = await loginClient(c, account, identifier);
  await refuseWhileThrottled(c, client, "AuthCode");
  // A flow for an address without an account has a code no one was sent, and fails even with it.
  const accepted =
    normalizeEmail(request.emailUserId) === flow.email &&
    (await verifyCode(deps.db, { flowId: flow.id, purpose: "login", code: String(data.authCode), now }));
  if (!accepted || !account) {
    await recordFailedLogin(c, client, { method: "AuthCode", failure: "bad-code" });
    throw await apiError(c, 400, "PIN_CODE_ERROR", "pinCodeError", {
      params: { displayName: codeDisplayName(settings, "login", requestLanguage(c)) },
    });
  }
  if (account.loginProhibitedAt) {
    await recordFailedLogin(c, client, { method: "AuthCode", failure: "prohibited" });
    throw await apiError(c, 403, "LOGIN_PROHIBITED", "loginProhibited");
  }
  await endFlow(deps.db, flow.id);
  clearFlowCookie(c, "login");
  await forgetClientFailures(c, client);
  return c.json(await logIn(c, account, { method: "AuthCode", identifier }));
}

export const auth = new Hono<ApiEnv>()
  .post("/login", async (c) => {
    const body = await readJsonBody(c);
    const method = asRecord(body).loginMethod;
    if (method === "Password") return passwordLogin(c, body);
    if (method === "AuthCode") return codeLogin(c, body);
    // ExternalAuth arrives with the social providers; anything else is not a login payload.
    await checkRequest<LoginRequest>(c, REQUEST_SCHEMAS.login, body);
    throw await apiError(c, 400, "LOGIN_METHOD_UNAVAILABLE", "loginMethodUnavailable");
  })

  .post("/login/code", async (c) => {
    const deps = c.get("deps");
    const { settings, version } = deps.store.current();
    if (!settings.login.isEnabledAuthCode) {
      throw await apiError(c, 400, "LOGIN_METHOD_UNAVAILABLE", "loginMethodUnavailable");
    }
    const body = await readJsonBody(c);
    const data = await validateRequestData(c, buildCodeLoginForm({}, version), pick(body, ["email"]));
    const request = await checkRequest<LoginCodeRequest>(c, REQUEST_SCHEMAS.loginCode, body);
    await requireRecaptcha(c, "login_code", request.token);
    const email = normalizeEmail(String(data.email));
    const now = deps.now();
    const account = await findAccountByEmail(deps.db, email);
    // Asking again for the same address keeps the flow (the 30-second rule is per mailbox anyway).
    const currentToken = flowToken(c, "login");
    const existing = await findFlow(deps.db, "login", currentToken, now);
    const { token, flow } =
      currentToken && existing?.email === email
        ? { token: currentToken, flow: existing }
        : await startFlow(deps.db, "login", now, { email, accountId: account?.id ?? null });
    try {
      await mailCode(c, flow, { purpose: "login", to: email, delivery: account ? "background" : "none" });
    } catch (error) {
      // A refused mail (resend too soon, too many mails) leaves no new flow behind.
      if (flow !== existing) await endFlow(deps.db, flow.id);
      throw error;
    }
    setFlowCookie(c, "login", token);
    return c.json({});
  })

  .post("/logout", async (c) => {
    await endSession(c.get("deps").db, sessionToken(c));
    clearSessionCookies(c);
    return c.json({});
  })

  .post("/auth/password/forgot", async (c) => {
    const deps = c.get("deps");
    const { version } = deps.store.current();
    const data = await validatedJson(c, buildForgotPasswordForm({}, version));
    const email = normalizeEmail(String(data.email));
    const now = deps.now();
    // Counted for every address alike, registered or not.
    await paceMail(c, email);
    const account = await findAccountByEmail(deps.db, email);
    const recipient = account?.contactEmail && !account.loginProhibitedAt ? account.contactEmail : null;
    // An address without an account gets a decoy: the same write and the same mail rendered,
    // only never delivered, so the time taken does not tell whether the address has an account.
    const token = await issueResetToken(deps.db, recipient ? (account?.id ?? null) : null, now);
    // Not awaited: how long the mail takes must not tell whether the address has an account.
    sendMail(mailDeps(deps, recipient !== null), {
      to: recipient ?? email,
      language: requestLanguage(c),
      template: "passwordReset",
      vars: {
        resetUrl: `${siteOrigin(c)}/password/reset?${new URLSearchParams({ token })}`,
        validMinutes: RESET_TOKEN_LIFETIME_MS / 60_000,
      },
    }).catch((error: unknown) => console.error("[password] the reset mail was not sent", error));
    return c.json({});
  })

  .post("/auth/password/reset", async (c) => {
    const deps = c.get("deps");
    const { settings, version } = deps.store.current();
    const strength = settings.accountRegistrationSetting.passwordStrength ?? DEFAULT_PASSWORD_STRENGTH;
    const data = await validatedJson(c, buildPasswordResetForm({ strength }, version));
    const token = String(data.token);
    const password = String(data.password);
    const now = deps.now();
    const account = await accountOfResetToken(deps.db, token, now);
    if (!account) throw await apiError(c, 400, "RESET_TOKEN_INVALID", "resetTokenInvalid");
    if (account.passwordHash && (await deps.passwords.verify(account.passwordHash, password))) {
      throw await apiError(c, 400, "INVALID_PASSWORD_REUSED", "passwordReused");
    }
    const member = await currentMember(c);
    const done = await resetPassword(deps.db, {
      token,
      accountId: account.id,
      passwordHash: await deps.passwords.hash(password),
      strength,
      now,
    });
    if (!done) throw await apiError(c, 400, "RESET_TOKEN_INVALID", "resetTokenInvalid");
    // The reset proved the mailbox: strangers' failures counted against the account no longer slow it.
    await clearThrottle(deps.db, [throttleKey.account(account.id)]);
    if (member?.accountId === account.id) clearSessionCookies(c);
    return c.json({});
  });
