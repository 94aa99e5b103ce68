import { Hono } from "hono";
import type { ApiEnv } from "../context.ts";

/**
 * Sign-up screen data (spec §3 Sign-up page data). The step bar counts 2 then 4 when the policies
 * have a step of their own, otherwise 1 then 3 (spec §4 Sign-up sequence).
 */
export function signupSteps(isPreShowPolicy: boolean) {
  return isPreShowPolicy
    ? { totalCount: 4, emailStep: 2, formStep: 4 }
    : { totalCount: 3, emailStep: 1, formStep: 3 };
}

export const signupScreenData = new Hono<ApiEnv>().get("/form/screen-data", (c) => {
  const { settings } = c.get("deps").store.current();
  const isPreShowPolicy = settings.signUp?.isPreShowPolicy === true;
  const steps = signupSteps(isPreShowPolicy);
  return c.json({
    isEnabledEmail: true,
    isPreShowPolicy,
    isRequiredPassword: settings.signUp?.isRequiredPassword === true,
    totalCount: steps.totalCount,
    currentCount: steps.formStep,
    isCallback: false,
    isSingleAuth: false,
  });
});
