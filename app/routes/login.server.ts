/**
 * The action of the login screens (/login, /login/code). A post, from a plain HTML form or from
 * React Router's <Form>, is validated with the screen's FormDefinition (the ajv rules the API runs
 * too), sent to the API, and answered either with a redirect carrying the API's Set-Cookie headers
 * or with a PlainFormFailure for the page to show. Server-only: it brings ajv, which the login
 * page must not ship (scripts/bundle-weight.ts checks that).
 */
import type { ActionFunctionArgs } from "react-router";
import { data, redirect } from "react-router";
import { detectLanguage, translatorFor } from "../../locales/language.ts";
import type { FieldError, FormDefinition } from "../../schemas/form-definition.ts";
import { safeRedirectOr, safeRedirectPath } from "../../schemas/safe-redirect.ts";
import type { StoreSettings } from "../../schemas/types/store-settings.gen.ts";
import { validateFormData } from "../../schemas/validation.ts";
import { translateValidationErrors } from "../../schemas/validation-messages.ts";
import { screenById } from "../../screens/index.ts";
import {
  RECAPTCHA_TOKEN_FIELD,
  type ScreenDefinition,
  type ScreenForm,
} from "../../screens/screen-definition.ts";
import {
  echoedValues,
  FORM_ID_FIELD,
  type PlainFormFailure,
  postedValues,
} from "../components/plain-form/form-fields.ts";
import { ApiClientError } from "../lib/api-client.ts";
import { loadScreen } from "../lib/screen-loader.server.ts";
import { screenFailure, screenPayload } from "../lib/screen-submit.ts";
import { fillPath } from "../lib/screens.ts";
import { loadScreenData, pageUrl, zapiFetch } from "../lib/zapi.server.ts";
import { buildLoginForm, formsOfMode, loginModeOf, loginOptions } from "./login-screen.ts";

/** Where logging in ends when neither the query (returnTo) nor the screen says. */
const DEFAULT_LANDING = "/mypage";

/** The reCAPTCHA token the page puts into a protected form (components/recaptcha.tsx). */
export { RECAPTCHA_TOKEN_FIELD };

interface RootSettings {
  storeSettingData: StoreSettings;
  storeSettingVersion: string;
}

/**
 * Spec §7 names the login calls by the page's own path (POST /login, POST /login/code): the page
 * posts to its action, and the action makes the call to the API, which serves it under /zapi.
 */
export function apiPathOf(submitPath: string): string {
  return submitPath.startsWith("/zapi/") ? submitPath : `/zapi${submitPath}`;
}

/**
 * Where a successful post goes: a further login step (the code entry after a code was sent) keeps
 * the query's returnTo for later; logging in ends at returnTo (same-site paths only) or the
 * screen's destination.
 */
export function successTarget(
  screen: ScreenDefinition,
  definition: ScreenForm,
  query: URLSearchParams,
): string {
  const returnTo = safeRedirectPath(query.get("returnTo"));
  const next = definition.successTo ?? DEFAULT_LANDING;
  const isFurtherStep = next.startsWith(`${screen.paths[0]}/`);
  if (isFurtherStep) return returnTo ? `${next}?${new URLSearchParams({ returnTo })}` : next;
  return returnTo ?? next;
}

function failed(
  form: FormDefinition,
  posted: FormData,
  failure: { errors: FieldError[]; summary: string },
  init: { status: number; headers?: Headers },
) {
  const body: PlainFormFailure = { formId: form.id, ...failure, values: echoedValues(form, posted) };
  return data(body, init);
}

async function readJson(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  try {
    const parsed: unknown = text ? JSON.parse(text) : null;
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The body of the API call (spec §7 Authentication calls). */
function requestBody(
  definition: ScreenForm,
  form: FormDefinition,
  value: Record<string, unknown>,
  context: { screenData: Record<string, unknown>; query: URLSearchParams; posted: FormData },
): Record<string, unknown> {
  const body = screenPayload(definition.submit, form, value, context);
  // The code entry names the account by the e-mail the code went to, which the API keeps with
  // the session of the code request and hands back in the login/code screen data.
  if (definition.builder === "loginCodeEntry" && typeof context.screenData.email === "string") {
    body.emailUserId = context.screenData.email;
  }
  // The token of a form the screen protects (password login, code request) goes to the API as is.
  const token = context.posted.get(RECAPTCHA_TOKEN_FIELD);
  if (definition.submit.recaptchaAction && typeof token === "string" && token !== "") {
    body[RECAPTCHA_TOKEN_FIELD] = token;
  }
  return body;
}

export async function loginAction(args: ActionFunctionArgs) {
  const { request } = args;
  const query = pageUrl(args).searchParams;
  // The screen loader's guard applies to posts too: members are sent on, not logged in again.
  const { screenId, params, screenData } = await loadScreen(args);
  const screen = screenById(screenId);
  if (!screen) throw data({ code: "NOT_FOUND" }, { status: 404 });
  const { storeSettingData: settings, storeSettingVersion } = await loadScreenData<RootSettings>(
    args,
    "/root",
  );
  const language = detectLanguage(request);
  const t = await translatorFor(language);
  const generic = { errors: [], summary: t("apiError.fallback") };

  const posted = await request.formData();
  const mode = loginModeOf(query, loginOptions(settings, screenData));
  const offered = formsOfMode(screen, mode).map((definition) => ({
    definition,
    form: buildLoginForm(definition, { settings, settingsVersion: storeSettingVersion, screenData }),
  }));
  const chosen = offered.find(({ form }) => form.id === posted.get(FORM_ID_FIELD));
  if (!chosen) {
    // The page showed another mode or store setting than the one now in force: show the page anew.
    const [first] = offered;
    if (!first) throw data({ code: "NOT_FOUND" }, { status: 404 });
    return failed(first.form, posted, generic, { status: 409 });
  }
  const { definition, form } = chosen;

  const validation = validateFormData(form, postedValues(form, posted));
  if (!validation.ok) {
    const errors = translateValidationErrors(validation.errors, form, t, language);
    return failed(form, posted, { errors, summary: "" }, { status: 400 });
  }

  const body = requestBody(definition, form, validation.value, { screenData, query, posted });
  let response: Response;
  try {
    response = await zapiFetch(args, apiPathOf(fillPath(definition.submit.path, params)), {
      method: definition.submit.method,
      body: JSON.stringify(body),
      redirect: "manual",
    });
  } catch (error) {
    console.error(`[login] ${definition.submit.path} could not reach the API`, error);
    return failed(form, posted, generic, { status: 502 });
  }

  // The session (sid, auid) and the login-alert token (latid) are the API's cookies: pass them on.
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  const answer = await readJson(response);

  // A redirect or a redirectTo is the API asking for a navigation (spec §7), e.g. to multi-factor.
  const location = response.status >= 300 && response.status < 400 ? response.headers.get("Location") : null;
  const redirectTo =
    typeof answer.redirectTo === "string" && answer.redirectTo ? answer.redirectTo : location;
  if (redirectTo) return redirect(safeRedirectOr(redirectTo, DEFAULT_LANDING), { headers });
  if (response.ok) return redirect(successTarget(screen, definition, query), { headers });

  // A missing call is a fault of the site, not of what the user typed.
  if (response.status === 404) return failed(form, posted, generic, { status: 502, headers });
  const failure = screenFailure(new ApiClientError(response.status, answer), definition.errors, form, t);
  return failed(
    form,
    posted,
    { errors: failure.serverErrors, summary: failure.summary },
    { status: response.status, headers },
  );
}
