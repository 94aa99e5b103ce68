import { type Context, Hono } from "hono";
import { isNativeAppAgent } from "../../schemas/native-app.ts";
import { signupSteps } from "../../schemas/signup-steps.ts";
import type { SocialSignupScreenData } from "../../schemas/types/social-signup-screen-data.gen.ts";
import type { ApiEnv } from "../api/context.ts";
import { requestLanguage } from "../kit/validation.ts";
import { offeredSocialLogins } from "../social/social-offer.ts";
import { findAccountByEmail } from "./accounts.ts";
import { resendAvailableAt } from "./auth-codes.ts";
import { flowToken } from "./auth-cookies.ts";
import { type AuthFlow, findFlow } from "./auth-flows.ts";
import { isProviderLogin, loginPagePath } from "./login-pages.ts";
import { currentMember, requireMember } from "./member.ts";
import { notAgreed, outstandingPolicies, policiesInForce } from "./policy-records.ts";

/** The e-mail step, where the sign-up starts when the policies have no step of their own. */
export const SIGNUP_EMAIL_STEP = "/signup/auth";
/** The plan step after the registration form (offersSignupPlans), and where it ends. */
export const SIGNUP_PLANS_PATH = "/signup/plans";
export const SIGNUP_COMPLETE_PATH = "/signup/complete";

/**
 * Whether the plans follow the registration form (/signup/plans): the store asks for it, takes
 * payments, and has plans, the member is not in the native app, and the sign-up is not inside the
 * login provider's flow (that one goes back to the service that asked). Settings, the browser and
 * the flow only, so the count is the same on every step of one sign-up.
 */
export function offersSignupPlans(
  c: Context<ApiEnv>,
  flow?: Pick<AuthFlow, "forInteraction"> | null,
): boolean {
  const { store, catalogue } = c.get("deps");
  const { settings } = store.current();
  return (
    settings.signUp?.isOfferPlans === true &&
    !isProviderLogin(c) &&
    flow?.forInteraction !== true &&
    // Plans are not sold in the native app (spec §2 menu rules): its sign-up ends without the step.
    !isNativeAppAgent(c.req.header("user-agent") ?? "", settings.appUserAgentPattern) &&
    settings.features.isStorePaymentAvailable === true &&
    catalogue.current().plans.length > 0
  );
}

/** The fields every sign-up screen gets (spec §3 Sign-up page data). */
export function signupPageData(
  c: Context<ApiEnv>,
  flow?: Pick<AuthFlow, "forInteraction" | "externalIdentity"> | null,
) {
  const { settings } = c.get("deps").store.current();
  const isPreShowPolicy = settings.signUp?.isPreShowPolicy === true;
  return {
    steps: signupSteps(isPreShowPolicy, offersSignupPlans(c, flow)),
    common: {
      isEnabledEmail: true,
      isPreShowPolicy,
      // A sign-up through a social provider (its callback) and whether it keeps the provider's e-mail.
      isCallback: Boolean(flow?.externalIdentity),
      isSingleAuth: settings.signUp?.isSingleAuth === true,
    },
  };
}

/** The registration form of a sign-up through a social provider (issue 48 §2). */
export const SOCIAL_SIGNUP_FORM_PATH = "/auth/callback/form";

/**
 * Whether the provider's e-mail is the sign-up's, fixed: the store keeps it (isSingleAuth) and the
 * provider gave a proved one.
 */
function keepsProviderEmail(c: Context<ApiEnv>, flow: Pick<AuthFlow, "externalIdentity">): boolean {
  const identity = flow.externalIdentity;
  return (
    c.get("deps").store.current().settings.signUp?.isSingleAuth === true &&
    Boolean(identity?.email && identity.emailVerified)
  );
}

async function currentFlow(c: Context<ApiEnv>) {
  const { db, now } = c.get("deps");
  return findFlow(db, "signUp", flowToken(c, "signUp"), now());
}

function currentPolicies(c: Context<ApiEnv>) {
  const { policies, now } = c.get("deps");
  return policiesInForce(policies.current(), now(), requestLanguage(c));
}

/** Sign-up screen data: /signup, /signup/auth, /signup/pin-code, /signup/form and /signup/policy. */
export const signupScreenData = new Hono<ApiEnv>()
  /** The policy step, shown only when the store puts the policies first. */
  .get("/screen-data", (c) => {
    const { steps, common } = signupPageData(c);
    if (!common.isPreShowPolicy) return c.json({ redirectTo: loginPagePath(c, SIGNUP_EMAIL_STEP) });
    return c.json({
      ...common,
      policies: currentPolicies(c),
      totalCount: steps.totalCount,
      currentCount: steps.policyStep,
    });
  })

  /** The e-mail step, with the policies not yet agreed to in the policy step. */
  .get("/auth/screen-data", async (c) => {
    const flow = await currentFlow(c);
    // A social sign-up that keeps the provider's e-mail has no e-mail to give.
    if (flow && keepsProviderEmail(c, flow)) return c.json({ redirectTo: SOCIAL_SIGNUP_FORM_PATH });
    const { steps, common } = signupPageData(c, flow);
    return c.json({
      ...common,
      policies: notAgreed(currentPolicies(c), flow?.agreedPolicies ?? []),
      // Signing up through a provider instead (not once one is chosen: its e-mail is being changed).
      userIdentifierList: flow?.externalIdentity ? [] : offeredSocialLogins(c),
      totalCount: steps.totalCount,
      currentCount: steps.emailStep,
    });
  })

  .get("/pin-code/screen-data", async (c) => {
    const flow = await currentFlow(c);
    const { steps, common } = signupPageData(c, flow);
    if (!flow?.email) return c.json({ redirectTo: SIGNUP_EMAIL_STEP });
    return c.json({
      ...common,
      email: flow.email,
      resendAvailableAt: resendAvailableAt(flow.codeSentAt),
      totalCount: steps.totalCount,
      currentCount: steps.pinStep,
    });
  })

  /** The registration form, once a PIN has proved the e-mail address. */
  .get("/form/screen-data", async (c) => {
    const { settings } = c.get("deps").store.current();
    const flow = await currentFlow(c);
    const { steps, common } = signupPageData(c, flow);
    if (!flow?.email || !flow.emailVerifiedAt) return c.json({ redirectTo: SIGNUP_EMAIL_STEP });
    // A social sign-up's form is its own page (with the policies and the provider's e-mail).
    if (flow.externalIdentity) return c.json({ redirectTo: SOCIAL_SIGNUP_FORM_PATH });
    return c.json({
      ...common,
      email: flow.email,
      isRequiredPassword: settings.signUp?.isRequiredPassword === true,
      externalCallbackInfo: null,
      totalCount: steps.totalCount,
      currentCount: steps.formStep,
    });
  })

  /** A member's consent to revised policies; with nothing to agree to, on to my page. */
  /** /signup/complete: for the new member the sign-up logged in; a visitor goes to sign up. */
  .get("/complete/screen-data", async (c) =>
    c.json((await currentMember(c)) ? {} : { redirectTo: "/signup" }),
  )
  .get("/policy/screen-data", async (c) => {
    const member = await requireMember(c);
    const { db, policies, now } = c.get("deps");
    const revised = await outstandingPolicies(
      db,
      member.accountId,
      policies.current(),
      now(),
      requestLanguage(c),
    );
    if (revised.length === 0) return c.json({ redirectTo: "/mypage" });
    return c.json({ policies: revised });
  });

/**
 * /auth/callback/form (issue 48 §2, spec §3 Sign-up page data): the registration form of a person a
 * provider vouched for, with the policies still to agree to. Without a proved e-mail (none from
 * the provider, or one changed since) the visitor first gives and proves one on the site's e-mail
 * step, which comes back here.
 */
export const socialSignupScreenData = new Hono<ApiEnv>().get("/screen-data", async (c) => {
  const { settings } = c.get("deps").store.current();
  const flow = await currentFlow(c);
  const identity = flow?.externalIdentity;
  if (!flow || !identity) return c.json({ redirectTo: "/signup" });
  if (!flow.email || !flow.emailVerifiedAt) return c.json({ redirectTo: SIGNUP_EMAIL_STEP });
  const { steps, common } = signupPageData(c, flow);
  return c.json<SocialSignupScreenData>({
    ...common,
    email: flow.email,
    isRequiredPassword: settings.signUp?.isRequiredPassword === true,
    externalCallbackInfo: {
      externalEmail: identity.email,
      // The address is someone's account already: the page says so and offers to log in instead.
      isExistValidEmailDuplicate: (await findAccountByEmail(c.get("deps").db, flow.email)) !== null,
    },
    /** Whether the e-mail may be changed here (spec §5): not when the store keeps the provider's. */
    canChangeEmail: !keepsProviderEmail(c, flow),
    policies: notAgreed(currentPolicies(c), flow.agreedPolicies),
    totalCount: steps.totalCount,
    currentCount: steps.formStep,
  });
});
