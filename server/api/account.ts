/**
 * Account calls of this slice (spec §7 Account calls): POST /zapi/account/edit (registration
 * info), /account/user-id/verify (is the
 * user ID free?), /account/email/send-pin-code (send the current flow's code again) and
 * /account/password/edit (a member changes the password).
 */
import { type Context, Hono } from "hono";
import { buildPasswordChangeForm } from "../../schemas/forms/credentials.ts";
import { buildCodeLoginForm } from "../../schemas/forms/login.ts";
import {
  buildRegistrationForm,
  fromRegistrationPayload,
  toRegistrationPayload,
} from "../../schemas/forms/registration.ts";
import type { SendPinCodeRequest } from "../../schemas/types/send-pin-code-request.gen.ts";
import type { UserIdVerifyRequest } from "../../schemas/types/user-id-verify-request.gen.ts";
import { sendMail } from "../mail/send-mail.ts";
import {
  accountPasswordStrength,
  findAccountByEmail,
  findAccountById,
  findAccountByUserId,
  normalizeEmail,
  setPassword,
  updateRegistration,
} from "../services/accounts.ts";
import { resendAvailableAt } from "../services/auth-codes.ts";
import { findFlow, isFlowPurpose } from "../services/auth-flows.ts";
import { endOtherSessions } from "../services/sessions.ts";
import { takeRate, throttleKey, USER_ID_CHECK_RATE } from "../services/throttle.ts";
import { flowToken, sessionToken, setFlowCookie } from "./auth-cookies.ts";
import { mailCode, mailDeps } from "./code-mail.ts";
import type { ApiEnv } from "./context.ts";
import { currentMember, requireMember } from "./member.ts";
import { apiError, retryLaterError } from "./messages.ts";
import { clientAddress, siteOrigin } from "./request-info.ts";
import { checkRequest, pick, REQUEST_SCHEMAS } from "./request-schemas.ts";
import { readJsonBody, requestLanguage, validatedJson, validateRequestData } from "./validation.ts";

/** The body's e-mail address, checked by the rules of every e-mail field (spec §5 E-mail). */
async function checkedAddress(c: Context<ApiEnv>, body: unknown): Promise<string> {
  const form = buildCodeLoginForm({}, c.get("deps").store.current().version);
  const data = await validateRequestData(c, form, pick(body, ["email"]));
  return normalizeEmail(String(data.email));
}

/** The store's registration form as my page edits it (spec §5 Registration fields). */
export function registrationEditForm(c: Context<ApiEnv>) {
  const { settings, version } = c.get("deps").store.current();
  return buildRegistrationForm({ setting: settings.accountRegistrationSetting, purpose: "edit" }, version);
}

export const account = new Hono<ApiEnv>()
  .post("/edit", async (c) => {
    const member = await requireMember(c);
    const deps = c.get("deps");
    const form = registrationEditForm(c);
    const { optionalInfo } = await checkRequest<{ optionalInfo: unknown }>(
      c,
      REQUEST_SCHEMAS.accountEdit,
      await readJsonBody(c),
    );
    const data = await validateRequestData(c, form, fromRegistrationPayload(form, optionalInfo));
    const found = await findAccountById(deps.db, member.accountId);
    if (!found) throw new Error(`the session's account ${member.accountId} is gone`);
    await updateRegistration(deps.db, found, toRegistrationPayload(form, data), deps.now());
    return c.json({});
  })
  .post("/password/edit", async (c) => {
    const member = await requireMember(c);
    const deps = c.get("deps");
    const { settings, version } = deps.store.current();
    const found = await findAccountById(deps.db, member.accountId);
    if (!found) throw new Error(`the session's account ${member.accountId} is gone`);
    const strength = accountPasswordStrength(found, settings);
    const form = buildPasswordChangeForm({ strength, withConfirmation: true }, version);
    const data = await validatedJson(c, form);
    const oldPassword = String(data.oldPassword);
    const newPassword = String(data.newPassword);
    // Spec §8 Password: a 401 shows on the old-password field.
    if (!found.passwordHash || !(await deps.passwords.verify(found.passwordHash, oldPassword))) {
      throw await apiError(c, 401, "PASSWORD_INCORRECT", "currentPasswordIncorrect");
    }
    const now = deps.now();
    await setPassword(deps.db, found.id, {
      passwordHash: await deps.passwords.hash(newPassword),
      strength,
      now,
    });
    // Whoever else holds a session of the account (a shared or stolen one) is logged out.
    await endOtherSessions(deps.db, found.id, sessionToken(c));
    if (found.contactEmail) {
      sendMail(mailDeps(deps, true), {
        to: found.contactEmail,
        language: requestLanguage(c),
        template: "passwordChanged",
        vars: { changedAt: now, passwordForgotUrl: `${siteOrigin(c)}/password/forgot` },
      }).catch((error: unknown) => console.error("[password] the change notice was not sent", error));
    }
    return c.json({});
  })
  .post("/user-id/verify", async (c) => {
    const { db, now } = c.get("deps");
    const { userId } = await checkRequest<UserIdVerifyRequest>(
      c,
      REQUEST_SCHEMAS.userIdVerify,
      await readJsonBody(c),
    );
    // Each answer tells whether a user ID exists: paced per client address against harvesting.
    const address = clientAddress(c);
    if (address) {
      const wait = await takeRate(db, throttleKey.userIdCheckFrom(address), USER_ID_CHECK_RATE, now());
      if (wait > 0) throw await retryLaterError(c, "TOO_MANY_ATTEMPTS", wait);
    }
    const holder = await findAccountByUserId(db, userId);
    const member = await currentMember(c);
    // A member's own user ID is not "taken" for them.
    if (holder && holder.id !== member?.accountId) {
      throw await apiError(c, 409, "ACCOUNT_ALREADY_EXISTS_USER_ID", "userIdInUse");
    }
    return c.json({ available: true });
  })

  .post("/email/send-pin-code", async (c) => {
    const { db, now } = c.get("deps");
    const body = await readJsonBody(c);
    const request = await checkRequest<SendPinCodeRequest>(c, REQUEST_SCHEMAS.sendPinCode, body);
    const purpose = request.type;
    const expired = () =>
      purpose === "signUp"
        ? apiError(c, 400, "REGISTRATION_TIMEOUT", "registrationTimeout")
        : apiError(c, 400, "AUTH_FLOW_EXPIRED", "flowExpired");
    // Only guest flows have codes to resend so far; the member purposes come with their screens.
    if (!isFlowPurpose(purpose)) throw await expired();
    const token = flowToken(c, purpose);
    const flow = await findFlow(db, purpose, token, now());
    if (!token || !flow?.email) throw await expired();

    // A new address (an e-mail change during sign-up) starts over: a code of its own must prove it.
    const to = request.email === undefined ? flow.email : await checkedAddress(c, body);
    const changed = to !== flow.email;
    const owner = purpose === "login" && changed ? await findAccountByEmail(db, to) : null;
    const accountId = changed ? (owner?.id ?? null) : flow.accountId;
    const sent = await mailCode(c, flow, {
      purpose,
      to,
      delivery: purpose === "signUp" ? "wait" : accountId ? "background" : "none",
      changes: changed ? { emailVerifiedAt: null, ...(purpose === "login" ? { accountId } : {}) } : {},
    });
    setFlowCookie(c, purpose, token);
    return c.json({ resendAvailableAt: resendAvailableAt(sent.codeSentAt) });
  });
