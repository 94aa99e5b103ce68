/**
 * A screen of the product as pure data (ARCHITECTURE.md "Configuration first"): where it lives, how
 * it looks, which data it loads, which forms it shows, where each form goes and how API errors land
 * on fields. One generic route renders any definition; `npm test` checks every definition
 * (screens/check.ts).
 */

import type { UiSchema } from "../schemas/form-definition.ts";
import type { FormBuilderName } from "../schemas/forms/registry.ts";
import type { RecaptchaAction } from "../schemas/recaptcha-action.ts";

export type ScreenLayout = "guest" | "login" | "account" | "oidc";

/** Who may open the screen: members only (guests go to /login), guests only (members go to /mypage), or anyone. */
export type ScreenAccess = "member" | "guest" | "any";

/**
 * Where the browser shows the API's message for an error code. The message itself is the API's,
 * in the page's language (one message per code, in the api.json of each language in locales/); a screen only places it.
 */
export interface ScreenErrorMapping {
  /** The form field that shows the message (and takes the focus); omitted = shown above the form. */
  field?: string;
  /** Translation key of a summary shown above the form as well. */
  summaryKey?: string;
}

/** How the normalised form data becomes the request body (schemas/forms payload converters). */
export type PayloadShape = "fields" | "registration" | "policyConsent" | "purchase" | "survey";

export interface ScreenSubmit {
  method: "POST" | "DELETE";
  /** The API call of spec §7. Path parameters use `:name` from the route. */
  path: string;
  /** Converts the form data; `fields` (the default) sends it as it is. */
  payload?: PayloadShape;
  /** Sends the payload under this key, e.g. `optionalInfo` of POST /zapi/account/edit. */
  wrapIn?: string;
  /** Constant members added to the body, e.g. `{ loginMethod: "Password" }`. */
  body?: Record<string, string | number | boolean>;
  /** Query parameters of the page copied into the body, e.g. the reset `token`. */
  bodyFromQuery?: readonly string[];
  /**
   * Body members taken from the screen data, by body member → screen-data member: the login code
   * names the account by the e-mail the code went to, which the API hands back in the screen data.
   */
  bodyFromScreenData?: Readonly<Record<string, string>>;
  /**
   * Form members that stay on the page: a confirmation the call does not take (the TV-profile PIN's
   * second entry; spec §7 sends only {pinCode}).
   */
  bodyWithout?: readonly string[];
  /**
   * When the store enables reCAPTCHA, a token for this action goes in the body as `token`; the API
   * checks it under the same action name (server/identity/recaptcha-guard.ts).
   */
  recaptchaAction?: RecaptchaAction;
}

export interface ScreenForm {
  /** Names a builder in schemas/forms/registry.ts. */
  builder: FormBuilderName;
  /** JSON options handed to the builder adapter (e.g. `{ "purpose": "signUp" }`). */
  builderOptions?: Record<string, string | number | boolean>;
  /** Extra uiSchema merged over the built one (labels, order, placeholders). */
  uiSchema?: UiSchema;
  submit: ScreenSubmit;
  /**
   * Show this form only while the query parameter has this value (null = absent), e.g. the login
   * modes; `labelKey` names the link that switches to it from the other modes.
   */
  showWhen?: { query: string; equals: string | null; labelKey: string };
  /**
   * Not offered while the screen data's list of this name has entries, which the page's content
   * shows instead (withdrawal while plans are in force: spec §4). The API refuses the call too.
   */
  withheldWhile?: string;
  /** The submit button stays disabled while this query parameter is missing (the reset token). */
  requireQuery?: string;
  /**
   * The screen-data member whose object holds the form's initial values (the account being edited);
   * members the form does not have are ignored.
   */
  prefillFrom?: string;
  /**
   * After a failed submit the button stays disabled until this field differs from the value just
   * tried (spec §4 PIN screens and Login).
   */
  retryAfterChangeOf?: string;
  /**
   * A "send the code again" button: disabled for 30 s after load and after each resend (spec §4);
   * `hintKey` replaces the e-mail hint shown when no code has arrived after 5 minutes.
   */
  resend?: { path: string; body?: Record<string, string>; hintKey?: string };
  /** Translation key of the submit button. */
  submitLabelKey: string;
  /**
   * A button's wording that follows the screen data, as titleByScreenData does the title: a
   * rental's confirm says レンタルする, not 契約する.
   */
  submitLabelByScreenData?: { member: string; keys: Readonly<Record<string, string>> };
  /** The submit does what cannot be undone (withdrawal): its button is styled as a danger. */
  irreversible?: boolean;
  /** Where to go after success when the API does not say (`redirectTo`). */
  successTo?: string;
  /** A login's last step: the page's `returnTo` (same-site paths only) wins over successTo. */
  landsOnReturnTo?: boolean;
  /**
   * The page's `returnTo` (same-site paths only) goes on to successTo's page, whose link back
   * follows it (a plan cancelled from the account's withdrawal returns there).
   */
  successKeepsReturnTo?: boolean;
  /** API error code → where its message goes. `HTTP_401` names a bare status. */
  errors?: Record<string, ScreenErrorMapping>;
}

/** The page bodies a route can draw (app/components/screen/contents/). */
export type ScreenContentName =
  | "consentSwitches"
  | "connectedApps"
  | "connectedApp"
  | "oidcConsent"
  | "oidcSelectAccount"
  | "multiFactorLoginGuide"
  | "multiFactorOtherTypes"
  | "otpSetupGuide"
  | "multiFactorSettings"
  | "multiFactorEmail"
  | "multiFactorSms"
  | "passkeyList"
  | "deviceList"
  | "backupCodeCount"
  | "backupCodeGenerate"
  | "withdrawalNotes"
  | "socialSignupEmail"
  | "contractedPlans"
  | "savedPaymentMethods"
  | "planToBuy"
  | "purchaseQuote"
  | "planChoices"
  | "purchaseComplete"
  | "subscriptionList"
  | "subscriptionSummary"
  | "subscriptionDetail"
  | "subscriptionEnding";

export interface ScreenLink {
  to: string;
  labelKey: string;
  /** Open in a new tab (external pages). */
  external?: boolean;
  /** Shown only when the screen data's `returnTo` (which the API checks) is this link's `to`. */
  onlyAsReturnTo?: boolean;
}

export interface ScreenDefinition {
  /** The first path with slashes turned into dashes: `/signup/form` → `signup-form`. */
  id: string;
  /** Route paths (React Router syntax, `:param`); the first is canonical. */
  paths: readonly [string, ...string[]];
  layout: ScreenLayout;
  access: ScreenAccess;
  /** Translation key of the page title (heading and <title>). */
  titleKey: string;
  /**
   * A title that follows the screen data: when `screenData[member]` names one of `keys`, that
   * translation key is the title instead of `titleKey` (/mypage/consent's type). The loader
   * chooses it (app/lib/screen-loader.server.ts), so the page gets the screen with its words.
   */
  titleByScreenData?: { member: string; keys: Readonly<Record<string, string>> };
  /** Translation key of a lead paragraph under the title; the screen data's strings fill its {{data.<name>}} placeholders. */
  leadKey?: string;
  /** The page path of GET /zapi/internal/{path}/screen-data; omitted = the screen loads no data. */
  screenData?: string;
  forms: readonly ScreenForm[];
  /**
   * How the forms are drawn: "schema" (the default: rjsf with every widget, checked in the browser
   * before it is sent) or "plain" (plain inputs without rjsf, checked by the action: pages that
   * must stay light, /login).
   */
  formRenderer?: "schema" | "plain";
  /**
   * A named page body drawn from the screen data (app/components/screen/contents/), for
   * pages whose controls each make a call of their own rather than submit a form.
   */
  content?: ScreenContentName;
  /** A named page body drawn above the forms (what the form asks for, drawn from the screen data). */
  intro?: ScreenContentName;
  /**
   * The social login buttons under the forms (LINE, Google, Yahoo! JAPAN, Facebook: the screen
   * data's userIdentifierList, which the API fills from the store), to log in or to sign up.
   */
  socialLogin?: "login" | "signup";
  /** Links under the form (e.g. "forgot your password?"). */
  links?: readonly ScreenLink[];
  /** Completion and error pages hide the account menu (spec §2 Account area). */
  hideMenu?: boolean;
  /** Account pages other than the menu's own show only a Back link to this path. */
  backTo?: string;
  /**
   * The page changes what protects the account (second factors, the e-mail address, withdrawal):
   * it shows only within 10 minutes of the member proving who they are in this browser, and asks
   * for that in its place until then (screens/reauthentication.ts; issue 39 §4).
   */
  reauthenticate?: true;
}

/** The id rule of the issue: `/mypage/pin-code` → `mypage-pin-code`, `/` → `home`. */
export function screenIdOf(path: string): string {
  const trimmed = path.replace(/^\/+|\/+$/g, "");
  return trimmed === "" ? "home" : trimmed.replaceAll("/", "-").replaceAll(":", "");
}
