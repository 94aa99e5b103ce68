import type { Registry } from "@rjsf/utils";
import type { ReactNode } from "react";

/**
 * The page's helper for API calls that do not navigate (spec §7 "Handling of answers":
 * app/lib/api-client.ts): resolves with the body (a 404 too), rejects with an {@link ApiFailure}.
 */
export type ApiRequest = (
  path: string,
  init: { method: "GET" | "POST"; body?: unknown },
) => Promise<Record<string, unknown>>;

/** What an {@link ApiRequest} rejects with: the status (0: no answer) and the API's own message. */
export interface ApiFailure {
  status: number;
  apiMessage: string | null;
}

/** The failure of a rejected {@link ApiRequest}, whatever was thrown. */
export function apiFailureOf(error: unknown): ApiFailure {
  const { status, apiMessage } = (error ?? {}) as Partial<ApiFailure>;
  return {
    status: typeof status === "number" ? status : 0,
    apiMessage: typeof apiMessage === "string" && apiMessage ? apiMessage : null,
  };
}

/**
 * What SchemaForm hands every template and widget through rjsf's `registry.formContext`.
 *
 * rjsf lets a widget change only its own value. The few widgets that act on the rest of the form
 * go through here instead of custom fields, so every field keeps the plain widget contract and the
 * uiSchema stays JSON:
 * - the postal-code search fills the prefecture and address fields (`setFieldValues`);
 * - the postal-code search and the user-ID check show a server message on their field (`setFieldError`);
 * - the security code reads the card number's brand (`formData`);
 * - the postal-code search and the user-ID check call the API through the page's helper (`request`).
 */
export interface SchemaFormContext {
  /** The form's current (not yet normalised) data. */
  formData: Record<string, unknown>;
  /** Sets other top-level fields, as if the user had typed them. */
  setFieldValues(patch: Record<string, unknown>): void;
  /** Shows a message under a field (null removes it); it goes away when the field is edited. */
  setFieldError(field: string, message: string | null): void;
  /**
   * True once the user has tried to submit (or a widget reported a problem on request, such as a
   * failed address search): from then on field errors are announced (role="alert").
   */
  announceErrors: boolean;
  /** The form is being sent: the submit button shows its loading state. */
  busy: boolean;
  /** The submit button is disabled (a page rule such as "until the PIN changed"). */
  submitDisabled: boolean;
  /** The form's id: the submit button posts it, so the route action knows which form was sent. */
  formId: string;
  /** The submit button's text, already translated. */
  submitLabel: string;
  /** The submit cannot be undone: a danger button. */
  irreversible: boolean;
  /** A message about the last submit, shown right above the submit button (e.g. 登録処理に失敗しました。…). */
  summary: string;
  /** API calls that do not navigate (postal search, user-ID check). */
  request: ApiRequest;
  /** Content the page places under a field, by property name. */
  fieldExtras: Readonly<Record<string, ReactNode>>;
}

/** Outside a page that gives its helper (gallery, a widget alone) no call is made. */
export const noApi: ApiRequest = () => Promise.reject({ status: 0, apiMessage: null } satisfies ApiFailure);

const standalone: SchemaFormContext = {
  formData: {},
  setFieldValues: () => {},
  setFieldError: () => {},
  announceErrors: false,
  busy: false,
  submitDisabled: false,
  formId: "",
  submitLabel: "",
  irreversible: false,
  summary: "",
  request: noApi,
  fieldExtras: {},
};

/** The SchemaForm context of a registry; a widget rendered outside SchemaForm gets inert defaults. */
export function schemaFormContext(registry: Registry): SchemaFormContext {
  const context = registry.formContext as Partial<SchemaFormContext> | undefined;
  return { ...standalone, ...context };
}
