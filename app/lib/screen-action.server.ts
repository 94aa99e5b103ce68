/**
 * The action of every form screen (issue 22, ADR 0015): the one way a form reaches the API.
 *
 * A post arrives either as an HTML form (no JavaScript yet) or as a JSON FormSubmission (the
 * page's script, after checking the form with the same schema). The action finds the form the
 * page showed, validates the data with the FormDefinition the API runs too, makes the screen's
 * API call through the zapi client, and answers with a redirect (carrying the API's cookies) or a
 * FormFailure for the page to show. Server-only: it brings ajv.
 */

import type { ActionFunctionArgs } from "react-router";
import { data, redirect, redirectDocument } from "react-router";
import { detectLanguage, translatorFor } from "../../locales/language.ts";
import type { FieldError, FormDefinition } from "../../schemas/form-definition.ts";
import {
  asFormSubmission,
  echoedValues,
  FORM_ID_FIELD,
  type FormFailure,
  RECAPTCHA_TOKEN_FIELD,
  valuesFromFormPost,
} from "../../schemas/form-post.ts";
import { isProviderServedPath } from "../../schemas/oidc-paths.ts";
import { safeRedirectOr, safeRedirectPath } from "../../schemas/safe-redirect.ts";
import type { FormScreenData } from "../../schemas/types/form-screen-data.gen.ts";
import type { StoreSettings } from "../../schemas/types/store-settings.gen.ts";
import { validateFormData } from "../../schemas/validation.ts";
import { translateValidationErrors } from "../../schemas/validation-messages.ts";
import type { ScreenDefinition, ScreenForm } from "../../screens/screen-definition.ts";
import { ApiClientError } from "./api-client.ts";
import { screenFailure, screenPayload } from "./screen-api-call.ts";
import { ROOT_SCREEN_DATA } from "./screen-data-shapes.server.ts";
import { formsShownBy } from "./screen-form.ts";
import { buildFormOfScreen, formScreenData } from "./screen-form-build.server.ts";
import { loadScreen } from "./screen-loader.server.ts";
import { fillPath } from "./screens.ts";
import { forwardCookies, loadScreenData, pageUrl, zapiFetch } from "./zapi.server.ts";

export interface ScreenActionOptions {
  /** The forms the page shows for this query and store (default: the screen's `showWhen` rules). */
  offeredForms?(screen: ScreenDefinition, query: URLSearchParams, context: OfferContext): ScreenForm[];
  /** Where a success goes when the API does not say (default: the form's `successTo`). */
  landing?(screen: ScreenDefinition, definition: ScreenForm, query: URLSearchParams): string | null;
  /**
   * Whether a destination the API names is outside the app's pages (a payment provider's page),
   * to be loaded as another document rather than routed in place (default: never).
   */
  leavesApp?(destination: string): boolean;
}

export interface OfferContext {
  settings: StoreSettings;
  screenData: Readonly<Record<string, unknown>>;
}

/** Spec §7 names some calls by the page's own path (POST /login): the API serves them under /zapi. */
export function apiPathOf(submitPath: string): string {
  return submitPath.startsWith("/zapi/") ? submitPath : `/zapi${submitPath}`;
}

/** The post as the form's id, the raw data of that form, and a reCAPTCHA token; null when unreadable. */
async function readPost(request: Request): Promise<{
  formId: string | null;
  valuesOf(form: FormDefinition): Record<string, unknown>;
  token: string | null;
} | null> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("application/json")) {
    const submission = asFormSubmission(await request.json().catch(() => null));
    if (!submission) return null;
    return {
      formId: submission[FORM_ID_FIELD],
      valuesOf: () => submission.values,
      token: submission[RECAPTCHA_TOKEN_FIELD] ?? null,
    };
  }
  const posted = await request.formData().catch(() => null);
  if (!posted) return null;
  const formId = posted.get(FORM_ID_FIELD);
  const token = posted.get(RECAPTCHA_TOKEN_FIELD);
  return {
    formId: typeof formId === "string" ? formId : null,
    valuesOf: (form) => valuesFromFormPost(form, posted),
    token: typeof token === "string" && token !== "" ? token : null,
  };
}

/** successTo's page, with the page's returnTo carried on when the form says so. */
function withReturnTo(path: string, definition: ScreenForm, returnTo: string | null): string {
  return definition.successKeepsReturnTo && returnTo ? `${path}?${new URLSearchParams({ returnTo })}` : path;
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

/** The request body of the screen's API call (spec §7), from the validated data. */
function requestBody(
  definition: ScreenForm,
  form: FormDefinition,
  value: Record<string, unknown>,
  context: { screenData: FormScreenData; query: URLSearchParams; token: string | null },
): Record<string, unknown> {
  const body = screenPayload(definition.submit, form, value, context);
  // The token of a form the screen protects (password login, code request) goes to the API as is.
  if (definition.submit.recaptchaAction && context.token) body[RECAPTCHA_TOKEN_FIELD] = context.token;
  return body;
}

export async function screenAction(args: ActionFunctionArgs, options: ScreenActionOptions = {}) {
  const { request } = args;
  const query = pageUrl(args).searchParams;
  // The screen loader's guard applies to posts too (a member posting to a guests-only form is sent on).
  const { screen, params, screenData } = await loadScreen(args);
  const { storeSettingData: settings, storeSettingVersion } = await loadScreenData(
    args,
    "/root",
    undefined,
    ROOT_SCREEN_DATA,
  );
  const language = detectLanguage(request);
  const t = await translatorFor(language);

  const definitions =
    options.offeredForms?.(screen, query, { settings, screenData }) ?? formsShownBy(screen, query);
  const offered = definitions.map((definition) => ({
    definition,
    form: buildFormOfScreen(definition, { settings, settingsVersion: storeSettingVersion, screenData }),
  }));
  const [first] = offered;
  if (!first) throw data({ code: "METHOD_NOT_ALLOWED" }, { status: 405 });

  const fail = (
    form: FormDefinition,
    values: Record<string, unknown>,
    failure: { errors: FieldError[]; summary: string },
    init: { status: number; headers?: Headers },
  ) => {
    const body: FormFailure = { formId: form.id, ...failure, values: echoedValues(form, values) };
    return data(body, init);
  };
  const generic = { errors: [], summary: t("apiError.fallback") };

  const post = await readPost(request);
  if (!post) return fail(first.form, {}, generic, { status: 400 });
  const chosen = offered.find(({ form }) => form.id === post.formId);
  // The page showed another mode or store setting than the one now in force: show the page anew.
  if (!chosen) return fail(first.form, {}, generic, { status: 409 });
  const { definition, form } = chosen;

  const values = post.valuesOf(form);
  const validation = validateFormData(form, values);
  if (!validation.ok) {
    const errors = translateValidationErrors(validation.errors, form, t, language);
    return fail(form, values, { errors, summary: "" }, { status: 400 });
  }

  const body = requestBody(definition, form, validation.value, {
    screenData: formScreenData(screenData),
    query,
    token: post.token,
  });
  let response: Response;
  try {
    response = await zapiFetch(args, apiPathOf(fillPath(definition.submit.path, params)), {
      method: definition.submit.method,
      body: JSON.stringify(body),
      redirect: "manual",
    });
  } catch (error) {
    console.error(`[screen action] ${definition.submit.path} could not reach the API`, error);
    return fail(form, values, generic, { status: 502 });
  }

  // The session and flow cookies are the API's: pass them on to the browser.
  const headers = forwardCookies(response);
  const answer = await readJson(response);

  // A redirect or a redirectTo is the API asking for a navigation (spec §7), e.g. to multi-factor.
  const location = response.status >= 300 && response.status < 400 ? response.headers.get("Location") : null;
  const redirectTo =
    typeof answer.redirectTo === "string" && answer.redirectTo ? answer.redirectTo : location;
  // Without a destination the page itself shows again, with its data loaded afresh.
  const here = `${pageUrl(args).pathname}${pageUrl(args).search}`;
  const returnTo = safeRedirectPath(query.get("returnTo"));
  const landing =
    options.landing?.(screen, definition, query) ??
    ((definition.landsOnReturnTo && returnTo) ||
      (definition.successTo && withReturnTo(fillPath(definition.successTo, params), definition, returnTo)) ||
      here);
  if (redirectTo) {
    const next = safeRedirectOr(redirectTo, landing);
    // A further step of this screen's flow (the login's second factor) carries returnTo along.
    const flowRoot = `/${screen.paths[0].split("/")[1]}/`;
    const furtherStep = returnTo && next.startsWith(flowRoot) && !next.includes("?");
    if (options.leavesApp?.(next) || isProviderServedPath(next)) return redirectDocument(next, { headers });
    return redirect(furtherStep ? `${next}?${new URLSearchParams({ returnTo })}` : next, { headers });
  }
  // The login provider's requests are not pages: loaded as a document, not routed in place.
  if (response.ok) return (isProviderServedPath(landing) ? redirectDocument : redirect)(landing, { headers });

  // A 404 the screen does not map is a call the site lacks: a fault of the site, not of the input.
  const code = typeof answer.code === "string" ? answer.code : "";
  if (response.status === 404 && !definition.errors?.[code] && !definition.errors?.HTTP_404) {
    return fail(form, values, generic, { status: 502, headers });
  }
  const failure = screenFailure(new ApiClientError(response.status, answer), definition.errors, form, t);
  const status = response.status;
  return fail(form, values, { errors: failure.serverErrors, summary: failure.summary }, { status, headers });
}
