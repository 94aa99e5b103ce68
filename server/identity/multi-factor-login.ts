/**
 * A login's second factor (issue 27 §2; spec §2 the multi-factor entry screen, §7 POST
 * /zapi/login/multi-factor/{type}). When the first factor passes for an account with a method the
 * store offers, no session starts: a short-lived flow bound to this browser (cookie mfid) holds the
 * account and how the first factor was given, and the answer sends the browser to
 * /login/multi-factor. The session starts only when a second factor passes there. Wrong codes count
 * on the same limits as wrong passwords (login-limits.ts) and go into the login history with the type.
 *
 * Kept apart from the first factor so that the OIDC login (/oidc/login/multi-factor*) can reuse it.
 */
import { type Context, Hono } from "hono";
import { buildMultiFactorForm, offersPreferredType } from "../../schemas/forms/codes.ts";
import { type SecondFactorType, secondFactorOfSlug } from "../../schemas/multi-factor.ts";
import type { MultiFactorLoginRequest } from "../../schemas/types/multi-factor-login-request.gen.ts";
import type { ApiEnv } from "../api/context.ts";
import { apiError } from "../kit/messages.ts";
import { checkRequest, pick, REQUEST_SCHEMAS } from "../kit/request-schemas.ts";
import { readJsonBody, validateRequestData } from "../kit/validation.ts";
import { type Account, findAccountById } from "./accounts.ts";
import { resendAvailableAt, verifyCode } from "./auth-codes.ts";
import { clearFlowCookie, flowToken, setFlowCookie } from "./auth-cookies.ts";
import { type AuthFlow, endFlow, findFlow, startFlow } from "./auth-flows.ts";
import { mailCode } from "./code-mail.ts";
import { textCode } from "./code-sms.ts";
import type { LoginMethod } from "./login-history.ts";
import {
  forgetClientFailures,
  giveBackLoginAttempt,
  loginClient,
  recordFailedLogin,
  takeLoginAttempt,
} from "./login-limits.ts";
import { loginPagePath } from "./login-pages.ts";
import {
  enabledMethods,
  isMultiFactorMethodType,
  type MultiFactorMethodType,
  type MultiFactorState,
  remainingBackupCodes,
  setPreferredType,
  spendBackupCode,
  spendOtpCode,
  usableMethods,
} from "./multi-factor-methods.ts";
import { logIn } from "./sign-in.ts";

type ApiContext = Context<ApiEnv>;

/** Where the second step starts (spec §2). */
export const MULTI_FACTOR_PATH = "/login/multi-factor";
/** How long a login waits for its second factor. */
export const SECOND_FACTOR_WINDOW_MS = 10 * 60 * 1000;

/** The methods members can use on this store (features.multiFactorTypes). */
export function offeredMethods(c: ApiContext): MultiFactorMethodType[] {
  return c.get("deps").store.current().settings.features.multiFactorTypes as MultiFactorMethodType[];
}

/** The member's usable methods and their default under the store settings in force. */
export async function multiFactorStateOf(c: ApiContext, account: Account): Promise<MultiFactorState> {
  const enabled = await enabledMethods(c.get("deps").db, account.id);
  return usableMethods(enabled, account, offeredMethods(c));
}

export interface SecondFactors {
  /** The usable methods, oldest first, then BackupCode while codes remain. */
  types: SecondFactorType[];
  defaultType: MultiFactorMethodType | null;
}

/** The second factors a login of the account can ask for. */
export async function secondFactorsOf(c: ApiContext, account: Account): Promise<SecondFactors> {
  const { types, defaultType } = await multiFactorStateOf(c, account);
  const hasCodes = types.length > 0 && (await remainingBackupCodes(c.get("deps").db, account.id)) > 0;
  return { types: hasCodes ? [...types, "BackupCode"] : types, defaultType };
}

/**
 * After the first factor passed: when the account has a usable second factor, starts the
 * second step in this browser and answers where it is; else null (the login completes).
 */
export async function startSecondFactor(
  c: ApiContext,
  account: Account,
  first: { method: LoginMethod; identifier: string },
): Promise<{ redirectTo: string } | null> {
  const { defaultType } = await secondFactorsOf(c, account);
  if (!defaultType) return null;
  const { db, now } = c.get("deps");
  const { token } = await startFlow(db, "multiFactor", now(), {
    accountId: account.id,
    loginMethod: first.method,
    loginIdentifier: first.identifier,
  });
  setFlowCookie(c, "multiFactor", token);
  return { redirectTo: loginPagePath(c, MULTI_FACTOR_PATH) };
}

export interface PendingLogin {
  flow: AuthFlow;
  account: Account;
  method: LoginMethod;
  identifier: string;
}

/** This browser's login waiting for its second factor, or null (none, expired, or barred meanwhile). */
export async function pendingLogin(c: ApiContext): Promise<PendingLogin | null> {
  const { db, now } = c.get("deps");
  const flow = await findFlow(db, "multiFactor", flowToken(c, "multiFactor"), now());
  if (!flow?.accountId || !flow.loginMethod || flow.loginIdentifier === null) return null;
  if (now().getTime() - flow.createdAt.getTime() >= SECOND_FACTOR_WINDOW_MS) return null;
  const account = await findAccountById(db, flow.accountId);
  if (!account || account.loginProhibitedAt) return null;
  return {
    flow,
    account,
    method: flow.loginMethod as LoginMethod,
    identifier: flow.loginIdentifier,
  };
}

/**
 * Mails the e-mail second factor's code to the account's contact address, in the pending login's
 * flow (the 30-second resend rule and the mail caps apply).
 */
export async function mailSecondFactorCode(c: ApiContext, pending: PendingLogin): Promise<AuthFlow> {
  const to = pending.account.contactEmail;
  if (!to) throw await apiError(c, 400, "AUTH_FLOW_EXPIRED", "flowExpired");
  // Only to a member who uses e-mail as a second factor (issue 39 §7): a browser half-way through
  // a login must not make the site mail codes to one who uses only an authenticator app.
  if (!(await secondFactorsOf(c, pending.account)).types.includes("Email")) {
    throw await apiError(c, 400, "MULTI_FACTOR_NOT_ENABLED", "multiFactorNotEnabled");
  }
  return mailCode(c, pending.flow, { purpose: "multiFactorEmail", to, delivery: "wait" });
}

/** The number the member's SMS method proved, where its login codes go; null without the method. */
export async function smsNumberOf(c: ApiContext, account: Account): Promise<string | null> {
  const methods = await enabledMethods(c.get("deps").db, account.id);
  return methods.find((method) => method.type === "SMS")?.phoneNumber ?? null;
}

/** Texts the SMS second factor's code to the proved number, in the pending login's flow. */
export async function textSecondFactorCode(c: ApiContext, pending: PendingLogin): Promise<Date> {
  const to = await smsNumberOf(c, pending.account);
  if (!to) throw await apiError(c, 400, "LOGIN_METHOD_UNAVAILABLE", "loginMethodUnavailable");
  return textCode(c, pending.flow, to);
}

/**
 * Whether the value passes as the second factor of the type (each code works once): "used" for an
 * authenticator code that was right but is spent, which the member is told apart from a wrong one.
 */
async function checkSecondFactor(
  c: ApiContext,
  pending: PendingLogin,
  type: SecondFactorType,
  value: string,
): Promise<"passed" | "failed" | "used"> {
  const { db, now, secretBox } = c.get("deps");
  const passed = (ok: boolean) => (ok ? "passed" : "failed");
  switch (type) {
    case "Email":
      return passed(
        await verifyCode(db, {
          flowId: pending.flow.id,
          purpose: "multiFactorEmail",
          code: value,
          now: now(),
        }),
      );
    case "OTP": {
      const check = await spendOtpCode(db, secretBox, pending.account.id, value, now());
      return check === "accepted" ? "passed" : check === "used" ? "used" : "failed";
    }
    case "BackupCode":
      return passed(await spendBackupCode(db, secretBox, pending.account.id, value, now()));
    case "SMS":
      return passed(
        await verifyCode(db, { flowId: pending.flow.id, purpose: "multiFactorSms", code: value, now: now() }),
      );
  }
}

export const multiFactorLogin = new Hono<ApiEnv>()
  /** Sends the SMS code again (the e-mail code's resend is /zapi/account/email/send-pin-code). */
  .post("/login/multi-factor/sms/send-code", async (c) => {
    const pending = await pendingLogin(c);
    if (!pending) throw await apiError(c, 400, "AUTH_FLOW_EXPIRED", "flowExpired");
    if (!(await secondFactorsOf(c, pending.account)).types.includes("SMS")) {
      throw await apiError(c, 400, "LOGIN_METHOD_UNAVAILABLE", "loginMethodUnavailable");
    }
    const sentAt = await textSecondFactorCode(c, pending);
    return c.json({ resendAvailableAt: resendAvailableAt(sentAt) });
  })
  .post("/login/multi-factor/:type", async (c) => {
    const deps = c.get("deps");
    const { settings, version } = deps.store.current();
    const type = secondFactorOfSlug(c.req.param("type"));
    if (!type) throw await apiError(c, 404, "NOT_FOUND", "notFound");
    const body = await readJsonBody(c);
    const request = await checkRequest<MultiFactorLoginRequest>(c, REQUEST_SCHEMAS.multiFactorLogin, body);
    const pending = await pendingLogin(c);
    if (!pending) throw await apiError(c, 400, "AUTH_FLOW_EXPIRED", "flowExpired");
    const factors = await secondFactorsOf(c, pending.account);
    if (!factors.types.includes(type) || !factors.defaultType) {
      throw await apiError(c, 400, "LOGIN_METHOD_UNAVAILABLE", "loginMethodUnavailable");
    }
    const formInput = {
      type,
      availableTypes: factors.types,
      defaultType: factors.defaultType,
      emailCodeName: settings.authCodeSetting.multiFactorEmail,
    };
    // Spec §7 sends {value, isPreferred} for every type; the choice counts only where it is offered.
    await validateRequestData(
      c,
      buildMultiFactorForm(formInput, version),
      pick(body, offersPreferredType(formInput) ? ["value", "isPreferred"] : ["value"]),
    );

    const client = await loginClient(c, pending.account, pending.identifier);
    // The first factor is proved: the site-wide failure rate does not hold this step back.
    const attempt = await takeLoginAttempt(c, client, {
      method: pending.method,
      siteRate: "skip",
      multiFactorType: type,
    });
    const check = await checkSecondFactor(c, pending, type, request.value);
    if (check !== "passed") {
      await recordFailedLogin(c, client, {
        method: pending.method,
        failure: "bad-code",
        multiFactorType: type,
      });
      // A spent authenticator code is most often the one that set the app up a moment ago.
      throw await apiError(
        c,
        400,
        "MULTI_FACTOR_ERROR",
        check === "used" ? "otpCodeUsed" : "multiFactorFailed",
      );
    }
    await giveBackLoginAttempt(c, client, attempt);
    await endFlow(deps.db, pending.flow.id);
    clearFlowCookie(c, "multiFactor");
    if (request.isPreferred === true && offersPreferredType(formInput) && isMultiFactorMethodType(type)) {
      await setPreferredType(deps.db, pending.account.id, type);
    }
    await forgetClientFailures(c, client);
    return c.json(
      await logIn(c, pending.account, {
        method: pending.method,
        identifier: pending.identifier,
        multiFactorType: type,
        // A social login's first step named its provider as the identifier.
        ...(pending.method === "ExternalAuth" && { externalType: pending.identifier }),
      }),
    );
  });
