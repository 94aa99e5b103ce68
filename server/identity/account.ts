/**
 * Account calls (spec §7 Account calls): POST /zapi/account/edit (registration info),
 * /account/email/edit/send-pin-code and /account/email/edit (e-mail change), /account/email/verify,
 * /account/withdraw/confirm and DELETE /account/withdraw (withdrawal),
 * /account/user-id/verify (is the user ID free?), /account/email/send-pin-code (send the current
 * flow's code again), /account/password/edit (a member changes the password) and
 * /account/pinCode/set (the TV-app profile PIN) and /account/consent (a newsletter or privacy switch).
 */
import { type Context, Hono } from "hono";
import type { PasswordStrength } from "../../schemas/form-definition.ts";
import { buildAuthCodeForm, buildProfilePinForm } from "../../schemas/forms/codes.ts";
import { buildWithdrawalForm } from "../../schemas/forms/consent.ts";
import {
  buildEmailChangeForm,
  buildPasswordChangeForm,
  buildPasswordSetForm,
  buildUserIdChangeForm,
} from "../../schemas/forms/credentials.ts";
import { buildCodeLoginForm } from "../../schemas/forms/login.ts";
import {
  buildRegistrationForm,
  DEFAULT_PASSWORD_STRENGTH,
  fromRegistrationPayload,
  toRegistrationPayload,
} from "../../schemas/forms/registration.ts";
import { toSurveyAnswers } from "../../schemas/forms/survey.ts";
import type { ConsentRequest } from "../../schemas/types/consent-request.gen.ts";
import type { ProfileImageRequest } from "../../schemas/types/profile-image-request.gen.ts";
import type { SendPinCodeRequest } from "../../schemas/types/send-pin-code-request.gen.ts";
import type { UserIdVerifyRequest } from "../../schemas/types/user-id-verify-request.gen.ts";
import type { ApiEnv } from "../api/context.ts";
import { subscriptionsInForce } from "../billing/subscriptions.ts";
import { apiError, apiMessage, emailInUseError, retryLaterError, userIdInUseError } from "../kit/messages.ts";
import { clientAddress, siteOrigin } from "../kit/request-info.ts";
import { checkRequest, pick, REQUEST_SCHEMAS } from "../kit/request-schemas.ts";
import {
  EMAIL_CHECK_RATE,
  PROFILE_IMAGE_UPLOAD_RATE,
  type RatePolicy,
  takeRate,
  throttleKey,
  USER_ID_CHECK_RATE,
  USER_ID_CHECK_SESSION_RATE,
  USER_ID_CHECK_SITE_RATE,
} from "../kit/throttle.ts";
import { readJsonBody, requestLanguage, validatedJson, validateRequestData } from "../kit/validation.ts";
import { sendMail } from "../mail/send-mail.ts";
import { providerRefsOf } from "../payments/payment-methods.ts";
import {
  type Account,
  accountPasswordStrength,
  changeEmail,
  changeUserId,
  findAccountByEmail,
  findAccountByUserId,
  IdentifierTakenError,
  markEmailVerified,
  normalizeEmail,
  setPassword,
  setProfilePin,
  updateRegistration,
  withdrawAccount,
} from "./accounts.ts";
import { resendAvailableAt } from "./auth-codes.ts";
import {
  clearFlowCookie,
  clearSessionCookies,
  flowToken,
  sessionToken,
  setDoneCookie,
  setFlowCookie,
} from "./auth-cookies.ts";
import { findFlow, isFlowPurpose, isMemberFlowPurpose } from "./auth-flows.ts";
import { mailCode, mailDeps, spendIssuedCode } from "./code-mail.ts";
import { findConsentOption, recordConsentChoice } from "./consents.ts";
import { EMAIL_RECOVERY_PATH, issueRecoveryToken, RECOVERY_LINK_LIFETIME_MS } from "./email-recovery.ts";
import { refuseLeakedPassword } from "./leaked-passwords.ts";
import { currentMember, requireMember, requireMemberAccount } from "./member.ts";
import { endMemberFlow, findMemberFlow, mailMemberCode, requireMemberFlow } from "./member-flows.ts";
import { mailSecondFactorCode, pendingLogin } from "./multi-factor-login.ts";
import {
  findProfileImage,
  ProfileImageError,
  type ProfileImageProblem,
  profileImageUrl,
  reencodeProfileImage,
  removeProfileImage,
  saveProfileImage,
} from "./profile-images.ts";
import { checkCurrentPassword, requireRecentAuthentication } from "./reauthentication.ts";
import { endOtherSessions } from "./sessions.ts";

/** The message of each reason a profile picture is refused (locales api.json). */
const PROFILE_IMAGE_MESSAGES: Record<ProfileImageProblem, string> = {
  type: "profileImageType",
  data: "profileImageData",
  size: "profileImageSize",
  dimensions: "profileImageDimensions",
};

/** `hanako@example.jp` → `ha***@example.jp`: enough to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  return `${email.slice(0, Math.min(2, Math.max(at, 0)))}***${email.slice(at)}`;
}

/**
 * Stores the member's new (or first) password under the strength rule it was checked by, ends the
 * account's other sessions (a shared or stolen one) and mails a notice.
 */
/** Withdrawal refused while a subscription is in force (spec §4, §8 Withdraw): 409, nothing changed. */
function contractInForce(c: Context<ApiEnv>) {
  return apiError(c, 409, "CONTRACT_IN_FORCE", "withdraw.contractInForce");
}

async function storeNewPassword(
  c: Context<ApiEnv>,
  found: Account,
  password: string,
  strength: PasswordStrength,
): Promise<void> {
  const deps = c.get("deps");
  const now = deps.now();
  await setPassword(deps.db, found.id, { passwordHash: await deps.passwords.hash(password), strength, now });
  await endOtherSessions(deps.db, found.id, sessionToken(c));
  if (!found.contactEmail) return;
  sendMail(mailDeps(deps, true), {
    to: found.contactEmail,
    language: requestLanguage(c),
    template: "passwordChanged",
    vars: { changedAt: now, passwordForgotUrl: `${siteOrigin(c)}/password/forgot` },
  }).catch((error: unknown) => console.error("[password] the change notice was not sent", error));
}

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
    const found = await requireMemberAccount(c);
    const deps = c.get("deps");
    const form = registrationEditForm(c);
    const { optionalInfo } = await checkRequest<{ optionalInfo: unknown }>(
      c,
      REQUEST_SCHEMAS.accountEdit,
      await readJsonBody(c),
    );
    const data = await validateRequestData(c, form, fromRegistrationPayload(form, optionalInfo));
    await updateRegistration(deps.db, found, toRegistrationPayload(form, data), deps.now());
    return c.json({});
  })
  .post("/email/edit/send-pin-code", async (c) => {
    const found = await requireMemberAccount(c);
    await requireRecentAuthentication(c);
    const deps = c.get("deps");
    const { settings, version } = deps.store.current();
    if (settings.features.emailEditUrl) throw await apiError(c, 403, "FORBIDDEN", "emailEditedElsewhere");
    const body = await readJsonBody(c);
    await checkRequest(c, REQUEST_SCHEMAS.emailEditSendPinCode, body);
    const current = found.email ?? found.contactEmail ?? "";
    // Spec §7's body is {email, type}: the confirmation is the form's check (the screen action's).
    const form = buildEmailChangeForm({ currentEmail: current, withConfirmation: false }, version);
    const data = await validateRequestData(c, form, pick(body, ["email"]));
    const email = normalizeEmail(String(data.email));
    // The same address in other letter case is no change either: the form's own message says so.
    if (email === normalizeEmail(current)) await validateRequestData(c, form, { email: current });
    // Each answer tells whether an address has an account: paced per member against harvesting.
    const wait = await takeRate(deps.db, throttleKey.emailCheckBy(found.id), EMAIL_CHECK_RATE, deps.now());
    if (wait > 0) throw await retryLaterError(c, "TOO_MANY_ATTEMPTS", wait);
    if (await findAccountByEmail(deps.db, email)) throw await emailInUseError(c);
    const flow = await mailMemberCode(c, found.id, "mailEdit", email);
    return c.json({ resendAvailableAt: resendAvailableAt(flow.codeSentAt) });
  })
  .post("/email/edit", async (c) => {
    const found = await requireMemberAccount(c);
    await requireRecentAuthentication(c);
    const deps = c.get("deps");
    const { settings, version } = deps.store.current();
    const data = await validatedJson(
      c,
      buildAuthCodeForm({ codeName: settings.authCodeSetting.mailEdit }, version),
    );
    const flow = await requireMemberFlow(c, found.id, "mailEdit");
    await spendIssuedCode(c, flow, "mailEdit", String(data.pinCode));
    const now = deps.now();
    try {
      if (await findAccountByEmail(deps.db, flow.email)) throw new IdentifierTakenError("email");
      await changeEmail(deps.db, found, flow.email, now);
    } catch (error) {
      if (error instanceof IdentifierTakenError) throw await emailInUseError(c);
      throw error;
    }
    await endMemberFlow(c, flow);
    // The old mailbox hears of it: if the change was not the member's, they know at once.
    // With the way back (issue 39 §4): a link that restores this address and locks the changer out.
    const previous = found.contactEmail;
    if (previous && previous !== flow.email) {
      const token = await issueRecoveryToken(deps.db, { accountId: found.id, previousEmail: previous, now });
      sendMail(mailDeps(deps, true), {
        to: previous,
        language: requestLanguage(c),
        template: "emailChanged",
        vars: {
          changedAt: now,
          maskedNewEmail: maskEmail(flow.email),
          recoveryUrl: `${siteOrigin(c)}${EMAIL_RECOVERY_PATH}?${new URLSearchParams({ token })}`,
          recoveryDays: RECOVERY_LINK_LIFETIME_MS / (24 * 60 * 60 * 1000),
        },
      }).catch((error: unknown) => console.error("[email] the change notice was not sent", error));
    }
    return c.json({});
  })
  .post("/email/verify", async (c) => {
    const found = await requireMemberAccount(c);
    const deps = c.get("deps");
    const { settings, version } = deps.store.current();
    const data = await validatedJson(
      c,
      buildAuthCodeForm({ codeName: settings.authCodeSetting.mailVerify }, version),
    );
    const flow = await requireMemberFlow(c, found.id, "mailVerify");
    await spendIssuedCode(c, flow, "mailVerify", String(data.pinCode));
    await endMemberFlow(c, flow);
    // A code mailed to an address the account has since left proves nothing about the new one.
    if (!(await markEmailVerified(deps.db, found.id, flow.email, deps.now()))) {
      throw await apiError(c, 400, "AUTH_FLOW_EXPIRED", "flowExpired");
    }
    return c.json({});
  })
  .post("/enable-password", async (c) => {
    const found = await requireMemberAccount(c);
    const deps = c.get("deps");
    const { settings, version } = deps.store.current();
    if (!settings.features.isEnabledPassword) throw await apiError(c, 403, "FORBIDDEN", "featureUnavailable");
    const strength = settings.accountRegistrationSetting.passwordStrength ?? DEFAULT_PASSWORD_STRENGTH;
    const form = buildPasswordSetForm(
      { strength, codeName: settings.authCodeSetting.passwordSetting },
      version,
    );
    const data = await validatedJson(c, form);
    if (found.passwordHash) throw await apiError(c, 409, "PASSWORD_ALREADY_SET", "passwordAlreadySet");
    // Before the code is spent: a refused password is chosen again with the same code.
    await refuseLeakedPassword(c, String(data.password), "password");
    const flow = await requireMemberFlow(c, found.id, "passwordSetting");
    await spendIssuedCode(c, flow, "passwordSetting", String(data.pinCode));
    await endMemberFlow(c, flow);
    await storeNewPassword(c, found, String(data.password), strength);
    return c.json({});
  })
  .post("/withdraw/confirm", async (c) => {
    const found = await requireMemberAccount(c);
    await requireRecentAuthentication(c);
    const deps = c.get("deps");
    const { settings, version } = deps.store.current();
    const survey = settings.withdrawalSurvey ?? null;
    const data = await validatedJson(c, buildWithdrawalForm({ survey }, version));
    // The code proves the request is the member's own; an account without an address cannot get one.
    if (!found.contactEmail) throw await apiError(c, 403, "FORBIDDEN", "featureUnavailable");
    if ((await subscriptionsInForce(deps.db, found.id)).length > 0) throw await contractInForce(c);
    const flow = await mailMemberCode(c, found.id, "withdraw", found.contactEmail, {
      surveyAnswers: survey ? toSurveyAnswers(survey, data) : [],
    });
    return c.json({ resendAvailableAt: resendAvailableAt(flow.codeSentAt) });
  })
  .delete("/withdraw", async (c) => {
    const found = await requireMemberAccount(c);
    await requireRecentAuthentication(c);
    const deps = c.get("deps");
    const { settings, version } = deps.store.current();
    const data = await validatedJson(
      c,
      buildAuthCodeForm({ codeName: settings.authCodeSetting.withdraw }, version),
    );
    const flow = await requireMemberFlow(c, found.id, "withdraw");
    await spendIssuedCode(c, flow, "withdraw", String(data.pinCode));
    const now = deps.now();
    const survey = settings.withdrawalSurvey;
    // The processor forgets the member's methods too; ours go with the account.
    const methodRefs = await providerRefsOf(deps.db, found.id);
    const withdrawn = await withdrawAccount(
      deps.db,
      found.id,
      survey ? { surveyName: survey.surveyName, answers: flow.surveyAnswers ?? [] } : null,
      now,
    );
    // A plan bought since the confirmation: the code is spent, nothing else changed.
    if (withdrawn === "contractInForce") throw await contractInForce(c);
    for (const ref of methodRefs) {
      await deps.payments
        .removeMethod(found.id, ref)
        .catch((error: unknown) => console.error(`[withdraw] the provider kept method ${ref}`, error));
    }
    clearSessionCookies(c);
    clearFlowCookie(c, "withdraw");
    setDoneCookie(c, "withdraw");
    sendMail(mailDeps(deps, true), {
      to: flow.email,
      language: requestLanguage(c),
      template: "withdrawn",
      vars: { withdrawnAt: now },
    }).catch((error: unknown) => console.error("[withdraw] the notice was not sent", error));
    return c.json({});
  })
  .post("/password/edit", async (c) => {
    const found = await requireMemberAccount(c);
    const deps = c.get("deps");
    const { settings, version } = deps.store.current();
    const strength = accountPasswordStrength(found, settings);
    // Spec §7's body is {oldPassword, newPassword}: the confirmation is the form's check.
    const form = buildPasswordChangeForm({ strength, withConfirmation: false }, version);
    const data = await validatedJson(c, form);
    const oldPassword = String(data.oldPassword);
    const newPassword = String(data.newPassword);
    // Spec §8 Password: a 401 shows on the old-password field.
    await checkCurrentPassword(c, found, oldPassword, () =>
      apiError(c, 401, "PASSWORD_INCORRECT", "currentPasswordIncorrect"),
    );
    await refuseLeakedPassword(c, newPassword, "newPassword");
    await storeNewPassword(c, found, newPassword, strength);
    return c.json({});
  })
  .post("/user-id/edit", async (c) => {
    const found = await requireMemberAccount(c);
    const deps = c.get("deps");
    const { settings, version } = deps.store.current();
    // Spec §2: a user ID of one's own, for accounts that log in by e-mail and password.
    if (!settings.features.isEnabledUserId || !found.email || !found.passwordHash) {
      throw await apiError(c, 403, "FORBIDDEN", "featureUnavailable");
    }
    const form = buildUserIdChangeForm({ currentUserId: found.userId ?? "" }, version);
    const data = await validatedJson(c, form);
    const userId = String(data.userId);
    await checkCurrentPassword(c, found, String(data.password), () =>
      apiError(c, 401, "REQUEST_UNAUTHORIZED", "passwordIncorrect"),
    );
    const holder = await findAccountByUserId(deps.db, userId);
    if (holder && holder.id !== found.id) throw await userIdInUseError(c);
    try {
      await changeUserId(deps.db, found.id, userId, deps.now());
    } catch (error) {
      if (error instanceof IdentifierTakenError) throw await userIdInUseError(c);
      throw error;
    }
    return c.json({});
  })
  .post("/consent", async (c) => {
    const found = await requireMemberAccount(c);
    const deps = c.get("deps");
    const { consentOptionId, key, value } = await checkRequest<ConsentRequest>(
      c,
      REQUEST_SCHEMAS.consent,
      await readJsonBody(c),
    );
    // Only a switch the store shows now: an unknown, retired or switched-off option changes nothing.
    const option = findConsentOption(deps.store.current().settings, consentOptionId, key);
    if (!option) throw await apiError(c, 400, "CONSENT_OPTION_UNKNOWN", "consentOptionUnknown");
    await recordConsentChoice(deps.db, { accountId: found.id, option, value, now: deps.now() });
    return c.json({ consentOptionId, key, value });
  })
  .post("/profile-image", async (c) => {
    const found = await requireMemberAccount(c);
    const deps = c.get("deps");
    if (!deps.store.current().settings.features.isEnabledProfileImage) {
      throw await apiError(c, 403, "FORBIDDEN", "featureUnavailable");
    }
    const { profileImage } = await checkRequest<ProfileImageRequest>(
      c,
      REQUEST_SCHEMAS.profileImage,
      await readJsonBody(c),
    );
    if (profileImage === null) {
      await removeProfileImage(deps.db, found.id);
      return c.json({ profileImageUrl: null });
    }
    // Each picture costs a decode: paced per member, refused ones counted too.
    const wait = await takeRate(
      deps.db,
      throttleKey.profileImageBy(found.id),
      PROFILE_IMAGE_UPLOAD_RATE,
      deps.now(),
    );
    if (wait > 0) throw await retryLaterError(c, "TOO_MANY_ATTEMPTS", wait);
    let image: Awaited<ReturnType<typeof reencodeProfileImage>>;
    try {
      image = await reencodeProfileImage(profileImage);
    } catch (error) {
      if (!(error instanceof ProfileImageError)) throw error;
      const key = PROFILE_IMAGE_MESSAGES[error.problem];
      const message = await apiMessage(c, key);
      throw await apiError(c, 400, "INVALID_PROFILE_IMAGE", key, {
        details: { errors: [{ field: "profileImage", message }] },
      });
    }
    const now = deps.now();
    await saveProfileImage(deps.db, found.id, image, now);
    return c.json({ profileImageUrl: profileImageUrl(found.publicId, now) });
  })
  /** The member's own picture; the `?v=` version lets the browser keep it until it changes. */
  .get("/profile-image", async (c) => {
    const member = await requireMember(c);
    const image = await findProfileImage(c.get("deps").db, member.accountId);
    if (!image) throw await apiError(c, 404, "NOT_FOUND", "profileImageNotFound");
    return c.body(Buffer.from(image.data), 200, {
      "Content-Type": image.contentType,
      "Content-Disposition": "inline",
      "Cache-Control": "private, max-age=31536000, immutable",
    });
  })
  .post("/pinCode/set", async (c) => {
    const found = await requireMemberAccount(c);
    const deps = c.get("deps");
    const { settings, version } = deps.store.current();
    if (!settings.features.isEnabledPinCode) throw await apiError(c, 403, "FORBIDDEN", "featureUnavailable");
    // The page asks twice and checks the two agree; the call carries the PIN once (spec §7).
    const data = await validatedJson(c, buildProfilePinForm({ withConfirmation: false }, version));
    const pinHash = await deps.passwords.hash(String(data.pinCode));
    await setProfilePin(deps.db, found.id, { pinHash, now: deps.now() });
    // Spec §4 PIN set: the server names the next page and the client follows.
    return c.json({ redirectTo: "/mypage/pin-code/complete" });
  })
  .post("/user-id/verify", async (c) => {
    const { db, now } = c.get("deps");
    const { userId } = await checkRequest<UserIdVerifyRequest>(
      c,
      REQUEST_SCHEMAS.userIdVerify,
      await readJsonBody(c),
    );
    // Asked by the registration and user-ID forms: a member, or a sign-up in progress.
    const member = await currentMember(c);
    const signUp = member ? null : await findFlow(db, "signUp", flowToken(c, "signUp"), now());
    if (!member && !signUp) throw await apiError(c, 403, "FORBIDDEN", "featureUnavailable");
    // Each answer tells whether a user ID exists: paced per client address, per member or
    // sign-up, and across the site, against harvesting (issue 39 §6).
    const address = clientAddress(c);
    const rates: [string, RatePolicy][] = [
      ...(address
        ? [[throttleKey.userIdCheckFrom(address), USER_ID_CHECK_RATE] as [string, RatePolicy]]
        : []),
      [
        throttleKey.userIdCheckBy(member ? `member:${member.accountId}` : `flow:${signUp?.id}`),
        USER_ID_CHECK_SESSION_RATE,
      ],
      [throttleKey.userIdCheckSite, USER_ID_CHECK_SITE_RATE],
    ];
    for (const [key, policy] of rates) {
      const wait = await takeRate(db, key, policy, now());
      if (wait > 0) throw await retryLaterError(c, "TOO_MANY_ATTEMPTS", wait);
    }
    const holder = await findAccountByUserId(db, userId);
    // A member's own user ID is not "taken" for them.
    if (holder && holder.id !== member?.accountId) {
      throw await userIdInUseError(c);
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
    if (purpose === "multiFactorEmail") {
      // A login's e-mail second factor: again to the account's own address, never the browser's.
      const pending = await pendingLogin(c);
      if (!pending) throw await expired();
      const sent = await mailSecondFactorCode(c, pending);
      return c.json({ resendAvailableAt: resendAvailableAt(sent.codeSentAt) });
    }
    if (!isFlowPurpose(purpose)) throw await expired();
    if (isMemberFlowPurpose(purpose)) {
      // The address is never the browser's here: the new one the flow holds, else the account's own.
      const found = await requireMemberAccount(c);
      const flow = await findMemberFlow(c, found.id, purpose);
      const to = purpose === "mailEdit" ? flow?.email : found.contactEmail;
      if (!to) throw await expired();
      const sent = await mailMemberCode(c, found.id, purpose, to);
      return c.json({ resendAvailableAt: resendAvailableAt(sent.codeSentAt) });
    }
    const token = flowToken(c, purpose);
    const flow = await findFlow(db, purpose, token, now());
    if (!token || !flow?.email) throw await expired();

    // A new address (an e-mail change during sign-up) starts over: a code of its own must prove it.
    const to = request.email === undefined ? flow.email : await checkedAddress(c, body);
    const changed = to !== flow.email;
    // A new-browser verification proves the account's own mailbox: its code goes nowhere else.
    if (changed && flow.loginMethod) throw await expired();
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
