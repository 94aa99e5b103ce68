/**
 * The login provider's screens (issue 46 §3; spec §2 OIDC): the site's login in the OIDC layout,
 * whose calls are answered under /zapi/oidc (server/identity/login-pages.ts) and whose last step ends at
 * /oidc/loginInteraction, where the provider's interaction goes on; the consent and the account
 * selection, each a page body of its own (app/components/oidc).
 */
import { login, loginCode, loginMultiFactor, loginMultiFactorEntry } from "./guest.ts";
import type { ScreenDefinition, ScreenForm } from "./screen-definition.ts";
import { signup, signupAuth } from "./signup.ts";

/** Where every login step of the provider's flow ends: the provider takes the site's session. */
const LOGIN_DONE = "/oidc/loginInteraction";

/** A path of the site's login as the provider's flow has it: its pages under /oidc, its calls under /zapi/oidc. */
function insideTheFlow(path: string): string {
  if (path.startsWith("/zapi/")) return path.replace(/^\/zapi\//, "/zapi/oidc/");
  return `/oidc${path}`;
}

/**
 * One of the site's login screens in the provider's flow (spec §2 OIDC): the same forms, rules and
 * steps in the OIDC layout; a step that ended the site's login (on /mypage, or where the member was
 * going) ends at /oidc/loginInteraction instead. Open to members: one is here only when the client
 * asked for a fresh login (prompt=login, max_age) or another account. No social login: coming
 * back into the provider's interaction from LINE or Google is not built (ADR 0037).
 */
function providerLogin(
  { links: _siteLinks, socialLogin: _social, ...screen }: ScreenDefinition,
  links?: ScreenDefinition["links"],
): ScreenDefinition {
  const form = ({ landsOnReturnTo: _ends, ...form }: ScreenForm): ScreenForm => ({
    ...form,
    submit: { ...form.submit, path: insideTheFlow(form.submit.path) },
    ...(form.successTo && {
      successTo: form.successTo === "/mypage" ? LOGIN_DONE : insideTheFlow(form.successTo),
    }),
  });
  return {
    ...screen,
    id: `oidc-${screen.id}`,
    paths: [insideTheFlow(screen.paths[0]), ...screen.paths.slice(1).map(insideTheFlow)],
    layout: "oidc",
    access: "any",
    ...(screen.screenData ? { screenData: `oidc/${screen.screenData}` } : {}),
    forms: screen.forms.map(form),
    ...(links && { links }),
  };
}

export const oidcLogin = providerLogin(login, [
  // Outside the flow: in a tab of its own, so the authorization waits here.
  { to: "/password/forgot", labelKey: "screens.login.forgotPassword", external: true },
  { to: "/oidc/signup", labelKey: "screens.login.signup" },
]);

export const oidcLoginCode = providerLogin(loginCode);

/** /oidc/login/multi-factor: goes on to the pending login's default type (its screen data redirects). */
export const oidcLoginMultiFactorEntry = providerLogin(loginMultiFactorEntry);

export const oidcLoginMultiFactor = providerLogin(loginMultiFactor);

export const oidcConsent = {
  id: "oidc-consent",
  paths: ["/oidc/consent"],
  layout: "oidc",
  access: "any",
  titleKey: "oidcConsent.title",
  screenData: "oidc/consent",
  content: "oidcConsent",
  forms: [],
} as const satisfies ScreenDefinition;

export const oidcSelectAccount = {
  id: "oidc-select-account",
  paths: ["/oidc/select-account"],
  layout: "oidc",
  access: "any",
  titleKey: "oidcSelectAccount.title",
  screenData: "oidc/select-account",
  content: "oidcSelectAccount",
  forms: [],
} as const satisfies ScreenDefinition;

/**
 * Sign-up inside the provider's flow (issue 47 §1; spec §2 /oidc/signup, /oidc/signup/auth): the
 * site's policy and e-mail steps in the OIDC layout. The e-mail step's call marks the sign-up as
 * the interaction's; the PIN and the registration form are then the site's own pages, and the
 * finished sign-up goes back into the interaction (server/identity/signup.ts).
 */
export const oidcSignup = {
  ...signup,
  id: "oidc-signup",
  paths: ["/oidc/signup"],
  layout: "oidc",
  access: "any",
  screenData: "oidc/signup",
  forms: signup.forms.map((form) => ({ ...form, successTo: "/oidc/signup/auth" })),
} as const satisfies ScreenDefinition;

const { socialLogin: _social, ...signupAuthWithoutSocial } = signupAuth;

export const oidcSignupAuth = {
  ...signupAuthWithoutSocial,
  id: "oidc-signup-auth",
  paths: ["/oidc/signup/auth"],
  layout: "oidc",
  access: "any",
  screenData: "oidc/signup/auth",
  forms: signupAuth.forms.map((form) => ({
    ...form,
    submit: { ...form.submit, path: "/zapi/oidc/signup/email" },
  })),
  links: [{ to: "/oidc/login", labelKey: "screens.signupAuth.toLogin" }],
} as const satisfies ScreenDefinition;
