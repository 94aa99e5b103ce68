import { Hono } from "hono";
import { SECOND_FACTOR_SLUGS, secondFactorOfSlug } from "../../schemas/multi-factor.ts";
import { isNativeAppAgent } from "../../schemas/native-app.ts";
import { safeRedirectPath } from "../../schemas/safe-redirect.ts";
import type { MultiFactorLoginScreenData } from "../../schemas/types/multi-factor-login-screen-data.gen.ts";
import type { ApiEnv } from "../api/context.ts";
import { ApiError } from "../kit/errors.ts";
import { apiError } from "../kit/messages.ts";
import { offeredSocialLogins } from "../social/social-offer.ts";
import { maskEmail } from "./account.ts";
import { lastCodeIssuedAt, resendAvailableAt } from "./auth-codes.ts";
import { flowToken } from "./auth-cookies.ts";
import { findFlow } from "./auth-flows.ts";
import { maskPhoneNumber } from "./code-sms.ts";
import { loginPagePath } from "./login-pages.ts";
import {
  MULTI_FACTOR_PATH,
  mailSecondFactorCode,
  pendingLogin,
  secondFactorsOf,
  smsNumberOf,
  textSecondFactorCode,
} from "./multi-factor-login.ts";
import { passkeysEnabled } from "./passkey-routes.ts";

/** Where code mode starts when /login/code is opened without a code request in progress. */
export const LOGIN_CODE_START = "/login?loginType=authCode";

/** Login page data (spec §3): which identifiers, modes and social providers the store offers. */
export const loginScreenData = new Hono<ApiEnv>()
  .get("/screen-data", (c) => {
    const { settings } = c.get("deps").store.current();
    const recaptcha = settings.login.recaptcha;
    const isRecaptchaEnabled = recaptcha?.enabled === true;
    return c.json({
      userIdentifierList: offeredSocialLogins(c),
      isEnabledUserId: settings.features.isEnabledUserId,
      isEnabledPassword: settings.features.isEnabledPassword,
      isRecaptchaEnabled,
      isEnabledAuthCode: settings.login.isEnabledAuthCode,
      defaultLoginType: settings.login.defaultLoginType,
      // Not inside the native app, whose web view may lack WebAuthn (as with social buttons).
      isEnabledPasskey:
        passkeysEnabled(c) &&
        !isNativeAppAgent(c.req.header("user-agent") ?? "", settings.appUserAgentPattern),
      reCaptchaKey: isRecaptchaEnabled ? (recaptcha?.siteKey ?? null) : null,
    });
  })

  /** /login/code: the address the code went to (the visitor typed it) and when a resend is allowed. */
  .get("/code/screen-data", async (c) => {
    const { db, now } = c.get("deps");
    const flow = await findFlow(db, "login", flowToken(c, "login"), now());
    if (!flow?.email) return c.json({ redirectTo: loginPagePath(c, LOGIN_CODE_START) });
    const resendAt = resendAvailableAt(flow.codeSentAt);
    // A new-browser verification (issue 39 §3): the account's address, which the visitor may not
    // have typed (a user ID), shown masked; the page says why a code was asked for.
    if (flow.loginMethod === "Password") {
      return c.json({
        email: maskEmail(flow.email),
        resendAvailableAt: resendAt,
        isNewBrowserVerification: true,
      });
    }
    return c.json({ email: flow.email, resendAvailableAt: resendAt });
  })

  /** /login/multi-factor: the pending login's default second factor; without one, back to login. */
  .get("/multi-factor/screen-data", async (c) => {
    const pending = await pendingLogin(c);
    if (!pending) return c.json({ redirectTo: loginPagePath(c, "/login") });
    const { defaultType } = await secondFactorsOf(c, pending.account);
    if (!defaultType) return c.json({ redirectTo: loginPagePath(c, "/login") });
    // Where the login ends (the page's returnTo) goes along to the type's page.
    const returnTo = safeRedirectPath(c.req.query("returnTo"));
    const next = loginPagePath(c, `${MULTI_FACTOR_PATH}/${SECOND_FACTOR_SLUGS[defaultType]}`);
    return c.json({ redirectTo: returnTo ? `${next}?${new URLSearchParams({ returnTo })}` : next });
  })

  /**
   * /login/multi-factor/{type} (spec §3 Multi-factor page data): the type asked, where its code
   * went (masked), the default type and every type the member may use instead. The e-mail type
   * mails its code as the page first opens (a reload does not mail again; the resend button does).
   */
  .get("/multi-factor/:type/screen-data", async (c) => {
    const type = secondFactorOfSlug(c.req.param("type"));
    if (!type) throw await apiError(c, 404, "NOT_FOUND", "notFound");
    const pending = await pendingLogin(c);
    if (!pending) return c.json({ redirectTo: loginPagePath(c, "/login") });
    const factors = await secondFactorsOf(c, pending.account);
    if (!factors.types.includes(type)) return c.json({ redirectTo: loginPagePath(c, MULTI_FACTOR_PATH) });
    // The types whose code the server sends: sent as the page first opens, again by the resend button.
    const purpose = type === "Email" ? "multiFactorEmail" : type === "SMS" ? "multiFactorSms" : null;
    let sentAt = purpose ? await lastCodeIssuedAt(c.get("deps").db, pending.flow.id, purpose) : null;
    if (purpose && !sentAt) {
      try {
        sentAt =
          type === "Email"
            ? (await mailSecondFactorCode(c, pending)).codeSentAt
            : await textSecondFactorCode(c, pending);
      } catch (error) {
        // Refused (a code went to the mailbox moments ago, too many mails): the page still shows,
        // and its resend button says why when pressed.
        if (!(error instanceof ApiError && error.status === 429)) throw error;
      }
    }
    const smsNumber = type === "SMS" ? await smsNumberOf(c, pending.account) : null;
    return c.json<MultiFactorLoginScreenData>({
      type,
      sendTo:
        type === "Email" && pending.account.contactEmail
          ? maskEmail(pending.account.contactEmail)
          : smsNumber && maskPhoneNumber(smsNumber),
      defaultMultiFactorType: factors.defaultType,
      multiFactorType: factors.types,
      resendAvailableAt: purpose ? resendAvailableAt(sentAt) : null,
    });
  });
