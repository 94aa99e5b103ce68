/**
 * A screen form's API call, as the route action makes it (screen-action.server.ts): the request
 * body of spec §7 from the form's validated data, and where the API's failure shows (spec §8).
 */

import type { Translate } from "../../locales/i18n.ts";
import type { FieldError, FormDefinition } from "../../schemas/form-definition.ts";
import { policyProperty, toPolicyConsentData } from "../../schemas/forms/consent.ts";
import { toPurchasePayload } from "../../schemas/forms/purchase.ts";
import { toRegistrationPayload } from "../../schemas/forms/registration.ts";
import { toSurveyAnswers } from "../../schemas/forms/survey.ts";
import type { FormScreenData } from "../../schemas/types/form-screen-data.gen.ts";
import type { ScreenErrorMapping, ScreenSubmit } from "../../screens/screen-definition.ts";
import { ApiClientError, errorMessage } from "./api-client.ts";

/** The request body of a screen form (spec §7) from its normalised data. */
export function screenPayload(
  submit: ScreenSubmit,
  form: FormDefinition,
  data: Record<string, unknown>,
  context: { screenData: FormScreenData; query: URLSearchParams },
): Record<string, unknown> {
  let payload: Record<string, unknown> = { ...data };
  const policies = context.screenData.policies ?? [];
  if (submit.payload === "registration") {
    payload = { ...toRegistrationPayload(form, data) };
    // A social sign-up agrees to the policies on its registration form.
    if (policies.length > 0) payload.policyConsentData = toPolicyConsentData(policies, data);
  } else if (submit.payload === "policyConsent") {
    for (const policy of policies) delete payload[policyProperty(policy.policyId)];
    payload.policyConsentData = toPolicyConsentData(policies, data);
  } else if (submit.payload === "purchase") {
    payload = { ...toPurchasePayload(context.screenData.survey ?? null, data) };
  } else if (submit.payload === "survey") {
    const { survey } = context.screenData;
    payload = { survey: survey ? toSurveyAnswers(survey, data) : [] };
  }
  for (const name of submit.bodyWithout ?? []) delete payload[name];
  if (submit.wrapIn) payload = { [submit.wrapIn]: payload };
  for (const name of submit.bodyFromQuery ?? []) {
    const value = context.query.get(name);
    if (value !== null) payload[name] = value;
  }
  for (const [member, source] of Object.entries(submit.bodyFromScreenData ?? {})) {
    const value = context.screenData[source];
    if (typeof value === "string") payload[member] = value;
  }
  return { ...payload, ...submit.body };
}

export interface ScreenFailure {
  serverErrors: FieldError[];
  summary: string;
}

function validationErrors(body: unknown): FieldError[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (entry): entry is FieldError =>
      typeof entry === "object" &&
      entry !== null &&
      typeof entry.field === "string" &&
      typeof entry.message === "string",
  );
}

/**
 * Where an API failure shows (spec §8): the mapping of its code (or `HTTP_<status>`) puts a message
 * on a field and/or a summary above the button; per-field validation errors land on their fields;
 * anything else shows the API's message, falling back to エラーが発生しました。
 */
export function screenFailure(
  error: unknown,
  mappings: Readonly<Record<string, ScreenErrorMapping>> | undefined,
  form: FormDefinition,
  t: Translate,
): ScreenFailure {
  const apiError = error instanceof ApiClientError ? error : null;
  const mapping =
    (apiError?.code ? mappings?.[apiError.code] : undefined) ??
    (apiError ? mappings?.[`HTTP_${apiError.status}`] : undefined);
  const fieldErrors = validationErrors(apiError?.body);
  const message = errorMessage(error, t);
  const hasField = (name: string | undefined): name is string =>
    name !== undefined && Object.hasOwn(form.schema.properties ?? {}, name);

  if (hasField(mapping?.field)) {
    return {
      serverErrors: [...fieldErrors, { field: mapping.field, message }],
      summary: mapping.summaryKey ? t(mapping.summaryKey) : "",
    };
  }
  if (fieldErrors.length > 0) {
    return {
      serverErrors: fieldErrors,
      summary: mapping?.summaryKey ? t(mapping.summaryKey) : message,
    };
  }
  // The mapped field is not on this store's form (e.g. user ID is NOT_USE): the message goes above.
  const summary = mapping?.summaryKey ? `${message} ${t(mapping.summaryKey)}` : message;
  return { serverErrors: [], summary };
}
