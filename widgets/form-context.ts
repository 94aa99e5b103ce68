import type { Registry } from "@rjsf/utils";

/**
 * What SchemaForm hands every template and widget through rjsf's `registry.formContext`.
 *
 * rjsf lets a widget change only its own value. The few widgets that act on the rest of the form
 * go through here instead of custom fields, so every field keeps the plain widget contract and the
 * uiSchema stays JSON:
 * - the postal-code search fills the prefecture and address fields (`setFieldValues`);
 * - the postal-code search and the user-ID check show a server message on their field (`setFieldError`);
 * - the security code reads the card number's brand (`formData`).
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
  /** A message about the last submit, shown right above the submit button (e.g. 登録処理に失敗しました。…). */
  summary: string;
  /** Fields whose own update is in flight (e.g. a consent switch saved on toggle); they are disabled. */
  pendingFields: readonly string[];
}

const standalone: SchemaFormContext = {
  formData: {},
  setFieldValues: () => {},
  setFieldError: () => {},
  announceErrors: false,
  busy: false,
  submitDisabled: false,
  formId: "",
  submitLabel: "",
  summary: "",
  pendingFields: [],
};

/** The SchemaForm context of a registry; a widget rendered outside SchemaForm gets inert defaults. */
export function schemaFormContext(registry: Registry): SchemaFormContext {
  const context = registry.formContext as Partial<SchemaFormContext> | undefined;
  return { ...standalone, ...context };
}
