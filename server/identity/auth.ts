/**
 * Authentication calls (spec §7, issue 4 §5–§8): POST /zapi/login (password or e-mailed code),
 * /login/code (mail a login code), /logout, /auth/password/forgot and /auth/password/reset.
 *
 * An unknown identifier and a wrong password get the same status, body and (through the dummy
 * hash) time; the forgot-password and code requests answer the same whether or not the address
 * has an account.
 */
import { type Context, Hono } from "hono";
import {
  buildEmailRecoveryForm,
  buildForgotPasswordForm,
  buildPasswordResetForm,
} from "../../schemas/forms/credentials.ts";
import {
  buildCodeLoginForm,
  buildLoginCodeEntryForm,
  buildPasswordLoginForm,
} from "../../schemas/forms/login.ts";
import { DEFAULT_PASSWORD_STRENGTH } from "../../schemas/forms/registration.ts";
import type { LoginCodeRequest } from "../../schemas/types/login-code-request.gen.ts";
import type { LoginRequest } from "../../schemas/types/login-request.gen.ts";
import type { ApiEnv } from "../api/context.ts";
import { ApiError } from "../kit/errors.ts";
import { apiError, retryLaterError } from "../kit/messages.ts";
import { siteOrigin } from "../kit/request-info.ts";
import { asRecord, checkRequest, pick, REQUEST_SCHEMAS } from "../kit/request-schemas.ts";
import { clearThrottle, throttleKey } from "../kit/throttle.ts";
import { readJsonBody, requestLanguage, validatedJson, validateRequestData } from "../kit/validation.ts";
import { sendMail, sendMailAfterAnswer } from "../mail/send-mail.ts";
import {
  type Account,
  findAccountByEmail,
  findAccountById,
  findAccountForLogin,
  looksLikeEmail,
  normalizeEmail,
  rehashPassword,
} from "./accounts.ts";
import { verifyCode } from "./auth-codes.ts";
import {
  clearFlowCookie,
  clearSessionCookies,
  flowToken,
  sessionToken,
  setDoneCookie,
  setFlowCookie,
} from "./auth-cookies.ts";
import { endFlow, findFlow, startFlow } from "./auth-flows.ts";
import { codeDisplayName, mailCode, mailDeps, paceMail } from "./code-mail.ts";
import { recoverEmail } from "./email-recovery.ts";
import { refuseLeakedPassword } from "./leaked-passwords.ts";
import type { LoginMethod } from "./login-history.ts";
import {
  forgetClientFailures,
  giveBackLoginAttempt,
  loginClient,
  recordFailedLogin,
  refuseThrottled,
  takeLoginAttempt,
} from "./login-limits.ts";
import { loginPagePath } from "./login-pages.ts";
import { currentMember } from "./member.ts";
import { startSecondFactor } from "./multi-factor-login.ts";
import {
  accountOfResetToken,
  issueResetToken,
  RESET_TOKEN_LIFETIME_MS,
  resetPassword,
} from "./password-reset.ts";
import { requireRecaptcha } from "./recaptcha-guard.ts";
import { endSession } from "./sessions.ts";
import { logIn } from "./sign-in.ts";

type ApiContext = Context<ApiEnv>;

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
  const attempt = await takeLoginAttempt(c, client, { method: "Password", siteRate: "report" });
  // An unknown account is checked against a dummy hash: the same answer in the same time.
  const passwordMatches = await deps.passwords.verify(account?.passwordHash ?? null, password);
  if (!account || !passwordMatches) {
    await recordFailedLogin(c, client, { method: "Password", failure: "bad-credentials" });
    // While the site-wide failure rate is spent, a wrong password waits for it as before.
    if (attempt.siteWait > 0)
      throw await retryLaterError(c, "TOO_MANY_ATTEMPTS", attempt.siteWait, {}, "login");
    const message = looksLikeEmail(identifier) || !userIdEnabled ? "loginFailed.email" : "loginFailed.userId";
    throw await apiError(c, 401, "LOGIN_FAILED", message);
  }
  await giveBackLoginAttempt(c, client, attempt);
  if (account.loginProhibitedAt) {
    await recordFailedLogin(c, client, { method: "Password", failure: "prohibited" });
    throw await apiError(c, 403, "LOGIN_PROHIBITED", "loginProhibited");
  }
  if (account.passwordHash && deps.passwords.needsRehash(account.passwordHash)) {
    await rehashPassword(deps.db, account.id, await deps.passwords.hash(password));
  }
  // Under a spraying attack a stranger's browser with the right password is not refused: it proves
  // the mailbox too (issue 39 §3), so that no one can lock members out of a new browser.
  if (attempt.siteWait > 0) {
    if (!account.contactEmail) await refuseThrottled(c, client, { method: "Password" }, attempt.siteWait);
    return c.json(await startNewBrowserVerification(c, account, identifier));
  }
  // A second step, if any, comes first: the client's failures are forgotten only once it is in
  // (else knowing the password would buy fresh guesses at the second factor).
  const secondStep = await startSecondFactor(c, account, { method: "Password", identifier });
  if (secondStep) return c.json(secondStep);
  await forgetClientFailures(c, client);
  return c.json(await logIn(c, account, { method: "Password", identifier }));
}

/** Where the code of a new-browser verification is entered: the login code page. */
export const NEW_BROWSER_CODE_PATH = "/login/code";

/**
 * New-browser verification (issue 39 §3): a login flow bound to this browser that carries the
 * proved password (loginMethod "Password"), and a 6-digit code mailed to the account's address.
 * The login goes on at /login/code with that code, then any second factor. Asked again within
 * 30 seconds, the code already sent stands.
 */
async function startNewBrowserVerification(
  c: ApiContext,
  account: Account,
  identifier: string,
): Promise<{ redirectTo: string }> {
  const deps = c.get("deps");
  const to = account.contactEmail ?? "";
  const now = deps.now();
  const currentToken = flowToken(c, "login");
  const existing = await findFlow(deps.db, "login", currentToken, now);
  const keep =
    currentToken !== undefined && existing?.accountId === account.id && existing.loginMethod === "Password";
  const { token, flow } =
    keep && currentToken && existing
      ? { token: currentToken, flow: existing }
      : await startFlow(deps.db, "login", now, {
          email: to,
          accountId: account.id,
          loginMethod: "Password",
          loginIdentifier: identifier,
        });
  try {
    await mailCode(c, flow, { purpose: "login", to, delivery: "background" });
  } catch (error) {
    const sentMoments = error instanceof ApiError && error.code === "RESEND_TOO_SOON";
    if (!(keep && sentMoments)) {
      if (!keep) await endFlow(deps.db, flow.id);
      throw error;
    }
  }
  setFlowCookie(c, "login", token);
  return { redirectTo: loginPagePath(c, NEW_BROWSER_CODE_PATH) };
}

async function codeLogin(c: ApiContext, body: unknown) {
  const deps = c.get("deps");
  const { settings, version } = deps.store.current();
  const now = deps.now();
  const flow = await findFlow(deps.db, "login", flowToken(c, "login"), now);
  // A flow that carries a proved password is a new-browser verification (issue 39 §3), which
  // every store has; the login code as a way in is the store's choice.
  const confirmsPassword = flow?.loginMethod === "Password";
  if (!confirmsPassword && !settings.login.isEnabledAuthCode) {
    throw await apiError(c, 400, "LOGIN_METHOD_UNAVAILABLE", "loginMethodUnavailable");
  }
  const form = buildLoginCodeEntryForm({ codeName: settings.authCodeSetting.login }, version);
  const data = await validateRequestData(c, form, pick(body, ["authCode"]));
  const request = await checkRequest<LoginRequest>(c, REQUEST_SCHEMAS.login, body);
  if (!flow?.email) throw await apiError(c, 400, "AUTH_FLOW_EXPIRED", "flowExpired");

  const method: LoginMethod = confirmsPassword ? "Password" : "AuthCode";
  const identifier = (confirmsPassword ? flow.loginIdentifier : null) ?? flow.email;
  const account = flow.accountId ? await findAccountById(deps.db, flow.accountId) : null;
  const client = await loginClient(c, account, identifier);
  const attempt = await takeLoginAttempt(c, client, {
    method,
    siteRate: confirmsPassword ? "skip" : "refuse",
  });
  // A flow for an address without an account has a code no one was sent, and fails even with it.
  // The verification's page shows the address masked, so its body names none.
  const accepted =
    (confirmsPassword || normalizeEmail(request.emailUserId) === flow.email) &&
    (await verifyCode(deps.db, { flowId: flow.id, purpose: "login", code: String(data.authCode), now }));
  if (!accepted || !account) {
    await recordFailedLogin(c, client, { method, failure: "bad-code" });
    throw await apiError(c, 400, "PIN_CODE_ERROR", "pinCodeError", {
      params: { displayName: codeDisplayName(settings, "login", requestLanguage(c)) },
    });
  }
  await giveBackLoginAttempt(c, client, attempt);
  if (account.loginProhibitedAt) {
    await recordFailedLogin(c, client, { method, failure: "prohibited" });
    throw await apiError(c, 403, "LOGIN_PROHIBITED", "loginProhibited");
  }
  await endFlow(deps.db, flow.id);
  clearFlowCookie(c, "login");
  // A second step, if any, comes first: the client's failures are forgotten only once it is in
  // (else knowing the password would buy fresh guesses at the second factor).
  const secondStep = await startSecondFactor(c, account, { method, identifier });
  if (secondStep) return c.json(secondStep);
  await forgetClientFailures(c, client);
  return c.json(await logIn(c, account, { method, identifier }));
}

/** POST /login (spec §7): by password or by a mailed code. */
async function login(c: ApiContext) {
  const body = await readJsonBody(c);
  const method = asRecord(body).loginMethod;
  if (method === "Password") return passwordLogin(c, body);
  if (method === "AuthCode") return codeLogin(c, body);
  // ExternalAuth arrives with the social providers; anything else is not a login payload.
  await checkRequest<LoginRequest>(c, REQUEST_SCHEMAS.login, body);
  throw await apiError(c, 400, "LOGIN_METHOD_UNAVAILABLE", "loginMethodUnavailable");
}

/** POST /login/code: mails a login code to the address typed. */
async function sendLoginCode(c: ApiContext) {
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
}

/** The login provider's login: the same calls under /zapi/oidc (server/identity/login-pages.ts). */
export const providerLogin = new Hono<ApiEnv>().post("/login", login).post("/login/code", sendLoginCode);

export const auth = new Hono<ApiEnv>()
  .post("/login", login)
  .post("/login/code", sendLoginCode)

  .post("/logout", async (c) => {
    const token = sessionToken(c);
    // The login provider's session of this browser ends with the site's (issue 47 §3); a fault
    // there is logged, never a logout refused.
    await c
      .get("deps")
      .oidc?.endSession(c.req.header("cookie"))
      .catch((error: unknown) => console.error("[logout] the login provider's session did not end", error));
    await endSession(c.get("deps").db, token);
    clearSessionCookies(c);
    if (token) setDoneCookie(c, "logout");
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
    sendMailAfterAnswer(
      mailDeps(deps, recipient !== null),
      {
        to: recipient ?? email,
        language: requestLanguage(c),
        template: "passwordReset",
        vars: {
          resetUrl: `${siteOrigin(c)}/password/reset?${new URLSearchParams({ token })}`,
          validMinutes: RESET_TOKEN_LIFETIME_MS / 60_000,
        },
      },
      "the password reset mail",
    );
    return c.json({});
  })

  /**
   * The way back from an e-mail change the member did not make (issue 39 §4): spends the link of
   * the notice, puts the old address back (ending every session, the password and the second
   * factors), and mails a password-reset link there.
   */
  .post("/auth/email/recover", async (c) => {
    const deps = c.get("deps");
    const data = await validatedJson(c, buildEmailRecoveryForm({}, deps.store.current().version));
    const now = deps.now();
    const result = await recoverEmail(deps.db, String(data.token), now);
    if (!result.ok && result.problem === "taken") {
      throw await apiError(c, 409, "EMAIL_RECOVERY_TAKEN", "recoveryEmailTaken");
    }
    if (!result.ok) throw await apiError(c, 400, "RECOVERY_LINK_INVALID", "recoveryLinkInvalid");
    await clearThrottle(deps.db, [
      throttleKey.account(result.accountId, "email"),
      throttleKey.account(result.accountId, "userId"),
    ]);
    clearSessionCookies(c);
    const token = await issueResetToken(deps.db, result.accountId, now);
    await sendMail(mailDeps(deps, true), {
      to: result.email,
      language: requestLanguage(c),
      template: "passwordReset",
      vars: {
        resetUrl: `${siteOrigin(c)}/password/reset?${new URLSearchParams({ token })}`,
        validMinutes: RESET_TOKEN_LIFETIME_MS / 60_000,
      },
    });
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
    await refuseLeakedPassword(c, password, "password");
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
    await clearThrottle(deps.db, [
      throttleKey.account(account.id, "email"),
      throttleKey.account(account.id, "userId"),
    ]);
    if (member?.accountId === account.id) clearSessionCookies(c);
    return c.json({});
  });
