import { index, layout, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";
import { SCREENS } from "../screens/index.ts";
import type { ScreenDefinition } from "../screens/screen-definition.ts";

/**
 * Special screens with a route module of their own (ARCHITECTURE.md "Configuration first"), by
 * screen id. The login screens post plain HTML forms, so they work before hydration and do not
 * ship rjsf and ajv.
 */
const SCREEN_ROUTE_FILES: Readonly<Record<string, string>> = {
  login: "routes/login.tsx",
  "login-code": "routes/login.tsx",
  "mypage-consent": "routes/mypage-consent.tsx",
  "mypage-connections": "routes/mypage-connections.tsx",
  "mypage-connections-client-clientId": "routes/mypage-connections.tsx",
  "oidc-login": "routes/login.tsx",
  "oidc-login-code": "routes/login.tsx",
  "oidc-consent": "routes/oidc-consent.tsx",
  "oidc-select-account": "routes/oidc-select-account.tsx",
  "mypage-multi-factor": "routes/mypage-multi-factor.tsx",
  "mypage-passkeys": "routes/mypage-passkeys.tsx",
  "mypage-devices": "routes/mypage-devices.tsx",
  "mypage-multi-factor-email": "routes/mypage-multi-factor.tsx",
  "mypage-multi-factor-sms": "routes/mypage-multi-factor.tsx",
  "mypage-multi-factor-backup-code-generate": "routes/mypage-multi-factor.tsx",
  "mypage-payment-method": "routes/mypage-payment-method.tsx",
  "mypage-invoice-earningsId": "routes/mypage-invoice.tsx",
  "plans-planId": "routes/plans-purchase.tsx",
  "mypage-subscription-subscriptionId": "routes/mypage-subscription.tsx",
  "mypage-plans": "routes/mypage-subscription.tsx",
  "plans-planId-confirm": "routes/plans-purchase-confirm.tsx",
  "signup-plans-planId": "routes/plans-purchase.tsx",
  "signup-plans-planId-confirm": "routes/plans-purchase-confirm.tsx",
};

/**
 * A declarative screen's route module: its own if it is special, else by what it has — forms, a
 * page body drawn from data, or neither.
 */
export function screenRouteFile(screen: ScreenDefinition): string {
  const special = SCREEN_ROUTE_FILES[screen.id];
  if (special) return special;
  if (screen.forms.length > 0) return "routes/form-screen.tsx";
  return screen.content || screen.intro ? "routes/content-screen.tsx" : "routes/screen.tsx";
}

/**
 * The route of the declarative screen that owns `path`: screens with forms use the form route, the
 * others a route that ships no form code, special screens their own. The route id is
 * `screen:<screen id>`, plus `:<n>` for the screen's n-th alias path; the screen loader finds its
 * screen from the route's pattern (app/lib/screens.ts).
 */
function screen(path: string): RouteConfigEntry {
  const owner = SCREENS.find((candidate) => candidate.paths.includes(path));
  if (!owner) throw new Error(`app/routes.ts: no screen in screens/ has the path ${path}`);
  const file = screenRouteFile(owner);
  const alias = owner.paths.indexOf(path);
  return route(path, file, { id: `screen:${owner.id}${alias === 0 ? "" : `:${alias}`}` });
}

/**
 * Every URL of the site, written out. A declarative screen (screens/) is routed by naming one of
 * its paths with `screen(…)`; a screen whose API is not built yet is not listed here, so its URL is
 * a plain 404 and the gallery shows it as "not built" (issue 21). `npm test` checks that every
 * screen listed here has its API (tests/unit/screen-api-contract.test.ts) and sits under its layout.
 */
export default [
  layout("layouts/guest-layout.tsx", [
    index("routes/home.tsx"),
    route("/logout", "routes/logout.tsx"),
    route("/app/licenses", "routes/app-licenses.tsx"),
    route("/terms", "routes/policy.tsx", { id: "policy:terms" }),
    route("/privacy", "routes/policy.tsx", { id: "policy:privacy" }),
    route("/policies/:policyId", "routes/policy.tsx", { id: "policy" }),
  ]),
  layout("layouts/login-layout.tsx", [
    screen("/login"),
    screen("/login/code"),
    screen("/login/multi-factor"),
    screen("/login/multi-factor/:type"),
    screen("/password/forgot"),
    screen("/forgetpassword"),
    screen("/password/forgot/complete"),
    screen("/password/reset"),
    screen("/newpassword"),
    screen("/password/reset/complete"),
    screen("/email/recover"),
    screen("/email/recover/complete"),
    screen("/signup"),
    screen("/signup/auth"),
    screen("/signup/email"),
    screen("/signup/pin-code"),
    screen("/signup/form"),
    screen("/signup/policy"),
    screen("/signup/plans"),
    screen("/signup/plans/:planId"),
    screen("/signup/plans/:planId/confirm"),
    screen("/signup/plans/:planId/complete"),
    route("/signup/plans/:planId/return", "routes/plans-purchase-return.tsx", {
      id: "purchase-return:signup",
    }),
    screen("/signup/complete"),
    screen("/withdraw/complete"),
    route("/auth/authorize", "routes/social-authorize.tsx"),
    route("/auth/callback", "routes/social-callback.tsx"),
    screen("/auth/callback/form"),
  ]),
  layout("layouts/account-layout.tsx", [
    route("/mypage", "routes/mypage.tsx"),
    route("/plans", "routes/plans.tsx"),
    screen("/plans/:planId"),
    screen("/plans/:planId/confirm"),
    screen("/plans/:planId/complete"),
    route("/plans/:planId/return", "routes/plans-purchase-return.tsx", { id: "purchase-return" }),
    route("/mypage/login-history", "routes/mypage-login-history.tsx"),
    screen("/mypage/social/enable/complete"),
    screen("/mypage/social/disable/complete"),
    screen("/social/relate/error"),
    screen("/mypage/plans"),
    screen("/mypage/subscription/:subscriptionId"),
    screen("/mypage/subscription/:subscriptionId/payment-method"),
    screen("/mypage/subscription/:subscriptionId/payment-method/complete"),
    screen("/mypage/subscription/:subscriptionId/withdraw"),
    screen("/mypage/subscription/:subscriptionId/withdraw/complete"),
    route("/mypage/profile/edit", "routes/mypage-profile-edit.tsx"),
    screen("/mypage/edit"),
    screen("/mypage/edit/complete"),
    screen("/mypage/email/edit"),
    screen("/mypage/email/edit/pin-code"),
    screen("/mypage/email/edit/complete"),
    screen("/mypage/email/verify"),
    screen("/mypage/email/verify/code"),
    screen("/mypage/email/verify/complete"),
    screen("/mypage/enable-password"),
    screen("/mypage/enable-password/complete"),
    screen("/mypage/password/edit"),
    screen("/mypage/password/edit/complete"),
    screen("/mypage/user-id/edit"),
    screen("/mypage/user-id/edit/complete"),
    screen("/mypage/consent"),
    screen("/mypage/connections"),
    screen("/mypage/connections/client/:clientId"),
    screen("/mypage/multi-factor"),
    screen("/mypage/multi-factor/email"),
    screen("/mypage/multi-factor/sms"),
    screen("/mypage/multi-factor/sms/code"),
    screen("/mypage/multi-factor/otp"),
    screen("/mypage/multi-factor/backup-code"),
    screen("/mypage/multi-factor/backup-code/generate"),
    screen("/mypage/multi-factor/complete"),
    screen("/mypage/passkeys"),
    screen("/mypage/devices"),
    screen("/mypage/pin-code"),
    screen("/mypage/pin-code/complete"),
    screen("/mypage/payment-method"),
    screen("/mypage/payment-method/complete"),
    screen("/mypage/payment-method/delete/complete"),
    route("/mypage/payment-method/return", "routes/mypage-payment-method-return.tsx"),
    route("/mypage/payment-history", "routes/mypage-payment-history.tsx"),
    screen("/mypage/invoice/:earningsId"),
    route("/mypage/return-invoice/:refundId", "routes/mypage-return-invoice.tsx"),
    screen("/withdraw"),
    screen("/withdraw/pin-code"),
  ]),
  layout("layouts/oidc-layout.tsx", [
    route("/oidc/error", "routes/oidc-error.tsx"),
    screen("/oidc/login"),
    screen("/oidc/login/code"),
    screen("/oidc/login/multi-factor"),
    screen("/oidc/login/multi-factor/:type"),
    screen("/oidc/signup"),
    screen("/oidc/signup/auth"),
    screen("/oidc/consent"),
    screen("/oidc/select-account"),
  ]),
  // A member screen under the console's draft settings, for the preview's frames (no layout).
  route("/console/settings/:kind/preview/:screen", "routes/console-settings-preview-document.ts"),
  // The settings form's image upload (JSON in, JSON out; no page).
  route("/console/assets", "routes/console-assets.ts"),
  // The operator console: its own frame, sign-in and session (server/console/).
  layout("layouts/console-layout.tsx", [
    route("/console", "routes/console-home.tsx"),
    route("/console/audit", "routes/console-audit.tsx"),
    route("/console/members", "routes/console-members.tsx"),
    route("/console/members/:publicId", "routes/console-member.tsx"),
    route("/console/reports", "routes/console-reports.tsx"),
    route("/console/staff", "routes/console-staff.tsx"),
    route("/console/versions", "routes/console-versions.tsx"),
    route("/console/settings/:kind", "routes/console-settings.tsx"),
    route("/console/settings/:kind/preview", "routes/console-settings-preview.tsx"),
    route("/console/settings/:kind/:section", "routes/console-settings-section.tsx"),
    route("/console/login", "routes/console-login.tsx"),
    route("/console/setup", "routes/console-setup.tsx"),
  ]),
  // Precompiled form validators (ADR 0012): a resource route, no page.
  route("/form-validators/:file", "routes/form-validator.ts"),
  // The social login area's own address: on to the login page's buttons (a resource route).
  route("/auth", "routes/social-entry.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
