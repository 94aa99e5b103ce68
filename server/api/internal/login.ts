import { Hono } from "hono";
import { resendAvailableAt } from "../../services/auth-codes.ts";
import { findFlow } from "../../services/auth-flows.ts";
import { flowToken } from "../auth-cookies.ts";
import type { ApiEnv } from "../context.ts";

/** Where code mode starts when /login/code is opened without a code request in progress. */
export const LOGIN_CODE_START = "/login?loginType=authCode";

/**
 * Login page data (spec §3): which identifiers and modes the store offers. The social providers
 * (userIdentifierList) arrive with their own issue, so the list is empty for now.
 */
export const loginScreenData = new Hono<ApiEnv>()
  .get("/screen-data", (c) => {
    const { settings } = c.get("deps").store.current();
    const recaptcha = settings.login.recaptcha;
    const isRecaptchaEnabled = recaptcha?.enabled === true;
    return c.json({
      userIdentifierList: [],
      isEnabledUserId: settings.features.isEnabledUserId,
      isEnabledPassword: settings.features.isEnabledPassword,
      isRecaptchaEnabled,
      isEnabledAuthCode: settings.login.isEnabledAuthCode,
      defaultLoginType: settings.login.defaultLoginType,
      reCaptchaKey: isRecaptchaEnabled ? (recaptcha?.siteKey ?? null) : null,
    });
  })

  /** /login/code: the address the code went to (the visitor typed it) and when a resend is allowed. */
  .get("/code/screen-data", async (c) => {
    const { db, now } = c.get("deps");
    const flow = await findFlow(db, "login", flowToken(c, "login"), now());
    if (!flow?.email) return c.json({ redirectTo: LOGIN_CODE_START });
    return c.json({ email: flow.email, resendAvailableAt: resendAvailableAt(flow.codeSentAt) });
  });
