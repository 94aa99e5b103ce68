/**
 * Sign-up calls (spec §2 Sign-up, §4 Sign-up sequence, §7): POST /zapi/signup/email (mail the
 * PIN, with the policy consent), /signup/pin-code, /signup (the registration form) and
 * /signup/policy (policies agreed in a step of their own, or again after a revision).
 *
 * The browser's sign-up is a flow (cookie sgid). Whether the address already has an account is
 * told only once a PIN has proved the address is the visitor's; until then every address gets
 * the same answer.
 */

import { type Context, Hono } from "hono";
import { buildAuthCodeForm } from "../../schemas/forms/codes.ts";
import { buildPolicyConsentForm, buildSignupEmailForm, policyProperty } from "../../schemas/forms/consent.ts";
import {
  buildRegistrationForm,
  DEFAULT_PASSWORD_STRENGTH,
  fromRegistrationPayload,
  toRegistrationPayload,
} from "../../schemas/forms/registration.ts";
import { INTERACTION_REQUEST_PATHS } from "../../schemas/oidc-paths.ts";
import type { Policy } from "../../schemas/types/policy.gen.ts";
import type { PolicyConsentData } from "../../schemas/types/policy-consent-data.gen.ts";
import type { SignupEmailRequest } from "../../schemas/types/signup-email-request.gen.ts";
import type { ApiEnv } from "../api/context.ts";
import type { AgreedPolicy } from "../db/schema.ts";
import { apiError, emailInUseError, userIdInUseError } from "../kit/messages.ts";
import { asRecord, checkRequest, REQUEST_SCHEMAS } from "../kit/request-schemas.ts";
import { readJsonBody, requestLanguage, validatedJson, validateRequestData } from "../kit/validation.ts";
import {
  type Account,
  createAccount,
  findAccountByEmail,
  IdentifierTakenError,
  isUserIdTaken,
  normalizeEmail,
} from "./accounts.ts";
import { clearFlowCookie, flowToken, setFlowCookie } from "./auth-cookies.ts";
import { type AuthFlow, advanceFlow, endFlow, findFlow, startFlow } from "./auth-flows.ts";
import { mailCode, spendIssuedCode } from "./code-mail.ts";
import { refuseLeakedPassword } from "./leaked-passwords.ts";
import { isProviderLogin } from "./login-pages.ts";
import { currentMember } from "./member.ts";
import {
  agreementTo,
  isAgreed,
  notAgreed,
  outstandingPolicies,
  policiesInForce,
  recordConsents,
} from "./policy-records.ts";
import { requireRecaptcha } from "./recaptcha-guard.ts";
import { startMemberSession } from "./sign-in.ts";
import { offersSignupPlans, SIGNUP_PLANS_PATH } from "./signup-screen-data.ts";

type ApiContext = Context<ApiEnv>;

/** The policies in force now, in the request's language. */
function currentPolicies(c: ApiContext): Policy[] {
  const { policies, now } = c.get("deps");
  return policiesInForce(policies.current(), now(), requestLanguage(c));
}

/** An item of policyConsentData as the schema describes it; the schema check itself comes later. */
function isConsentItem(item: unknown): item is AgreedPolicy {
  if (typeof item !== "object" || item === null) return false;
  const { policyId, revision, key } = item as Record<string, unknown>;
  return typeof policyId === "string" && Number.isInteger(revision) && typeof key === "string";
}

/**
 * Form data of the consent checkboxes from a body's policyConsentData: a policy is ticked when an
 * item names its current revision. This runs before the request schema check (so the form's
 * messages come first): anything that is not a list, and any malformed item ([null]), ticks nothing.
 */
function consentFields(policies: readonly Policy[], consentData: unknown): Record<string, boolean> {
  const agreed = Array.isArray(consentData) ? consentData.filter(isConsentItem) : [];
  return Object.fromEntries(
    policies
      .filter((policy) => isAgreed(policy, agreed))
      .map((policy) => [policyProperty(policy.policyId), true]),
  );
}

/** This browser's sign-up flow with its e-mail step done, or 400 REGISTRATION_TIMEOUT. */
async function signupFlow(c: ApiContext) {
  const { db, now } = c.get("deps");
  const token = flowToken(c, "signUp");
  const flow = await findFlow(db, "signUp", token, now());
  if (!token || !flow?.email) throw await apiError(c, 400, "REGISTRATION_TIMEOUT", "registrationTimeout");
  return { token, flow: { ...flow, email: flow.email } };
}

/**
 * POST /zapi/signup/email and /zapi/oidc/signup/email: the latter begins a sign-up inside the login
 * provider's flow, which ends back in the interaction (issue 47 §1); the site's call leaves that as
 * it was, so "change the address" from the PIN page stays in the flow.
 */
/**
 * Where a finished sign-up goes: back into the login provider's interaction it began in, while that
 * is still there (the provider takes the new session, then asks consent); else the plans when the
 * store offers them at sign-up; else the form's completion.
 */
async function afterSignup(c: ApiContext, flow: AuthFlow): Promise<{ redirectTo?: string }> {
  if (flow.forInteraction && (await c.get("deps").oidc?.interaction(c.req.header("cookie")))) {
    return { redirectTo: INTERACTION_REQUEST_PATHS.loginDone };
  }
  return offersSignupPlans(c, flow) ? { redirectTo: SIGNUP_PLANS_PATH } : {};
}

export const signupEmail = new Hono<ApiEnv>().post("/email", async (c) => {
  const deps = c.get("deps");
  const now = deps.now();
  const { version } = deps.store.current();
  const token = flowToken(c, "signUp");
  const existing = token ? await findFlow(deps.db, "signUp", token, now) : null;
  const inForce = currentPolicies(c);
  // Policies agreed in a step of their own (isPreShowPolicy) are not asked again here.
  const toAgree = notAgreed(inForce, existing?.agreedPolicies ?? []);
  const body = asRecord(await readJsonBody(c));
  const data = await validateRequestData(c, buildSignupEmailForm({ policies: toAgree }, version), {
    email: body.email,
    ...consentFields(toAgree, body.policyConsentData),
  });
  const request = await checkRequest<SignupEmailRequest>(c, REQUEST_SCHEMAS.signupEmail, body);
  await requireRecaptcha(c, "signup_email", request.token);

  const started = token && existing ? { token, flow: existing } : await startFlow(deps.db, "signUp", now);
  // Every address gets a PIN, registered or not; a registered one is told after the PIN.
  try {
    await mailCode(c, started.flow, {
      purpose: "signUp",
      to: normalizeEmail(String(data.email)),
      delivery: "wait",
      changes: {
        agreedPolicies: agreementTo(inForce),
        emailVerifiedAt: null,
        ...(isProviderLogin(c) && { forInteraction: true }),
      },
    });
  } catch (error) {
    // A refused or failed mail (resend too soon, too many mails) leaves no new flow behind.
    if (started.flow !== existing) await endFlow(deps.db, started.flow.id);
    throw error;
  }
  setFlowCookie(c, "signUp", started.token);
  return c.json({});
});

export const signup = new Hono<ApiEnv>()
  .route("/", signupEmail)
  .post("/pin-code", async (c) => {
    const deps = c.get("deps");
    const { settings, version } = deps.store.current();
    const { token, flow } = await signupFlow(c);
    const data = await validatedJson(
      c,
      buildAuthCodeForm({ codeName: settings.authCodeSetting.signUp }, version),
    );
    await spendIssuedCode(c, flow, "signUp", String(data.pinCode));
    const now = deps.now();
    await advanceFlow(deps.db, flow.id, now, { emailVerifiedAt: now });
    setFlowCookie(c, "signUp", token);
    if (await findAccountByEmail(deps.db, flow.email)) throw await emailInUseError(c);
    return c.json({});
  })

  .post("/", async (c) => {
    const deps = c.get("deps");
    const { settings, version } = deps.store.current();
    const { flow } = await signupFlow(c);
    const { emailVerifiedAt } = flow;
    if (!emailVerifiedAt) throw await apiError(c, 400, "REGISTRATION_TIMEOUT", "registrationTimeout");
    const form = buildRegistrationForm(
      {
        setting: settings.accountRegistrationSetting,
        purpose: "signup",
        isRequiredPassword: settings.signUp?.isRequiredPassword === true,
      },
      version,
    );
    const { policyConsentData, ...fields } = asRecord(await readJsonBody(c));
    const data = await validateRequestData(c, form, fromRegistrationPayload(form, fields));
    const consentData =
      policyConsentData === undefined
        ? []
        : await checkRequest<PolicyConsentData>(c, REQUEST_SCHEMAS.policyConsentData, policyConsentData);

    // A policy revised while the visitor was signing up needs consent to its new revision.
    const inForce = currentPolicies(c);
    if (notAgreed(inForce, [...flow.agreedPolicies, ...consentData]).length > 0) {
      throw await apiError(c, 409, "POLICY_CONSENT_REQUIRED", "policyConsentRequired");
    }
    const registration = toRegistrationPayload(form, data);
    if (registration.userId && (await isUserIdTaken(deps.db, registration.userId)))
      throw await userIdInUseError(c);
    if (await findAccountByEmail(deps.db, flow.email)) throw await emailInUseError(c);

    const password = typeof data.password === "string" ? data.password : null;
    if (password) await refuseLeakedPassword(c, password, "password");
    let account: Account;
    try {
      account = await createAccount(deps.db, {
        email: flow.email,
        emailVerifiedAt,
        passwordHash: password ? await deps.passwords.hash(password) : null,
        passwordStrength: settings.accountRegistrationSetting.passwordStrength ?? DEFAULT_PASSWORD_STRENGTH,
        registration,
        agreedPolicies: agreementTo(inForce),
        now: deps.now(),
        externalIdentity: flow.externalIdentity,
      });
    } catch (error) {
      // Another sign-up took the address, user ID or provider's person a moment ago.
      if (error instanceof IdentifierTakenError) {
        if (error.identifier === "externalIdentity") {
          throw await apiError(c, 409, "ACCOUNT_ALREADY_EXISTS", "social.linkedElsewhere");
        }
        throw error.identifier === "userId" ? await userIdInUseError(c) : await emailInUseError(c);
      }
      console.error("[signup] the account could not be created", error);
      throw await apiError(c, 500, "REGISTRATION_ERROR", "registrationError");
    }
    await endFlow(deps.db, flow.id);
    clearFlowCookie(c, "signUp");
    // Signing up is the first login from this browser: no new-login notice for it. A social
    // sign-up's session is the provider's ("logging in" on my page).
    await startMemberSession(c, account, { externalType: flow.externalIdentity?.type ?? null });
    return c.json({ authId: account.publicId, ...(await afterSignup(c, flow)) });
  })

  .post("/policy", async (c) => {
    const deps = c.get("deps");
    const { version } = deps.store.current();
    const now = deps.now();
    const member = await currentMember(c);
    const token = flowToken(c, "signUp");
    const flow = member || !token ? null : await findFlow(deps.db, "signUp", token, now);
    const inForce = currentPolicies(c);
    const toAgree = member
      ? await outstandingPolicies(deps.db, member.accountId, deps.policies.current(), now, requestLanguage(c))
      : notAgreed(inForce, flow?.agreedPolicies ?? []);
    const body = asRecord(await readJsonBody(c));
    await validateRequestData(
      c,
      buildPolicyConsentForm({ policies: toAgree }, version),
      consentFields(toAgree, body.policyConsentData),
    );
    await checkRequest(c, REQUEST_SCHEMAS.signupPolicy, body);
    if (member) {
      await recordConsents(deps.db, member.accountId, agreementTo(toAgree), now);
      return c.json({});
    }
    // A guest agrees before the e-mail step; the consent travels with the sign-up flow.
    const agreedPolicies = agreementTo(inForce);
    const started =
      token && flow
        ? { token, flow: await advanceFlow(deps.db, flow.id, now, { agreedPolicies }) }
        : await startFlow(deps.db, "signUp", now, { agreedPolicies });
    setFlowCookie(c, "signUp", started.token);
    return c.json({});
  });
