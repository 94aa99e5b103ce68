/**
 * A small server-rendered renderer for simple FormDefinitions (text, e-mail, password, hidden,
 * checkbox, PIN): a real `<form method="post">` to the route's action, so it works before
 * hydration and with JavaScript off; once hydrated, React Router's <Form> sends the same post
 * without a reload. It draws the markup of the rjsf theme (widgets/templates, widgets/widgets.css)
 * but imports neither rjsf nor ajv: pages such as /login stay light. Validation happens in the
 * action, with the same FormDefinition (schemas/validation.ts), and comes back as a
 * FormFailure.
 *
 *   <PlainForm form={passwordLoginForm} submitLabel={t("screens.login.submit")}
 *     failure={actionData} fieldExtras={{ password: <Link to="/password/forgot">…</Link> }} />
 */
import type { TFunction } from "i18next";
import { type FormEvent, type InputHTMLAttributes, type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { FieldError, FormDefinition } from "../../../schemas/form-definition.ts";
import { labelText } from "../../../schemas/label-text.ts";
import { useHydrated } from "../../../widgets/use-hydrated.ts";
import "../../../widgets/widgets.css";
import { FORM_ID_FIELD, type FormFailure } from "../../../schemas/form-post.ts";
import { CHECKED_VALUE, isSecret, type PlainField, plainFields } from "./form-fields.ts";

export interface PlainFormProps {
  form: FormDefinition;
  /** The submit button's text, translated. */
  submitLabel: string;
  /** The action's answer to the last post; ignored when it belongs to another form of the page. */
  failure?: FormFailure | null;
  /** Content placed under a field, by property name (e.g. the forgot-password link under the password). */
  fieldExtras?: Readonly<Record<string, ReactNode>>;
  /**
   * After a failed post the button stays disabled until this field differs from the value just
   * tried (spec §4 PIN screens and Login: the same code is not tried twice). Only with JavaScript:
   * without it the button could never come back.
   */
  retryAfterChangeOf?: string;
}

/** Element ids as the rjsf theme makes them (`<form id>_<field>`), so both renderers can be addressed alike. */
function fieldId(form: FormDefinition, name: string): string {
  return `${form.id.replace(/[^A-Za-z0-9_-]/g, "-")}_${name}`;
}

function fieldLabel(field: PlainField, t: TFunction, language: string): string {
  return labelText(field.schema.title ?? field.name, field.ui["ui:options"], language, (key) => t(key));
}

function RequirementBadge({ required }: { required: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`sf-badge ${required ? "sf-badge--required" : "sf-badge--optional"}`}>
      {t(required ? "form.required" : "form.optional")}
    </span>
  );
}

interface FieldProps {
  field: PlainField;
  id: string;
  label: string;
  errors: readonly string[];
  defaultValue: string | undefined;
  extra: ReactNode;
}

/** Keyboard hints of the rjsf widgets: digits for codes, no capitals or spelling fixes for addresses and IDs. */
function keyboardHints(field: PlainField): InputHTMLAttributes<HTMLInputElement> {
  const literal = { autoCapitalize: "none", spellCheck: false };
  if (field.widget === "pinCode") return { inputMode: "numeric" };
  if (field.widget === "email") return { inputMode: "email", ...literal };
  if (field.widget === "password" || field.ui["ui:autocomplete"] === "username") return literal;
  return {};
}

/** The input of a text-like field; `type` follows the widget. */
function TextInput({ field, id, errors, defaultValue, type }: FieldProps & { type: string }) {
  const { t, i18n } = useTranslation();
  const placeholder = field.ui["ui:placeholder"];
  const describedBy = [errors.length > 0 && `${id}__error`, field.ui["ui:help"] && `${id}__help`]
    .filter(Boolean)
    .join(" ");
  return (
    <input
      id={id}
      name={field.name}
      type={type}
      className="sf-input"
      defaultValue={defaultValue}
      autoComplete={field.ui["ui:autocomplete"]}
      placeholder={placeholder && i18n.exists(placeholder) ? t(placeholder) : placeholder}
      maxLength={field.widget === "pinCode" ? field.ui["ui:options"]?.length : field.schema.maxLength}
      required={field.required}
      aria-required={field.required || undefined}
      aria-invalid={errors.length > 0 || undefined}
      aria-describedby={describedBy || undefined}
      {...keyboardHints(field)}
    />
  );
}

/** A password with a show/hide toggle (as widgets/password): one stable name, pressed or not. */
function PasswordInput(props: FieldProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  return (
    <div className="sf-input-row">
      <TextInput {...props} type={visible ? "text" : "password"} />
      {/* Showing the password needs JavaScript; without it the button would do nothing. */}
      <button
        type="button"
        className="btn btn--secondary"
        hidden={!hydrated}
        aria-pressed={visible}
        aria-controls={props.id}
        aria-label={t("widgets.password.showNamed", { label: props.label })}
        onClick={() => setVisible((shown) => !shown)}
      >
        {t("widgets.password.show")}
      </button>
    </div>
  );
}

function FieldErrors({ id, errors }: { id: string; errors: readonly string[] }) {
  const { t } = useTranslation();
  if (errors.length === 0) return null;
  // Errors only ever come from a post the user just made, so they are announced.
  return (
    <div id={id} className="sf-field__errors" role="alert">
      {errors.map((message, index) => (
        <p key={index} className="sf-field__error">
          {t("form.fieldError", { message })}
        </p>
      ))}
    </div>
  );
}

function Field(props: FieldProps) {
  const { field, id, label, errors, defaultValue, extra } = props;
  const { t, i18n } = useTranslation();
  const data = { "data-field": field.name, "data-required": String(field.required) };
  if (field.widget === "hidden") {
    return (
      <div hidden {...data}>
        <input type="hidden" id={id} name={field.name} defaultValue={defaultValue} />
      </div>
    );
  }

  const invalid = errors.length > 0 ? " sf-field--invalid" : "";
  const help = field.ui["ui:help"];
  const after = (
    <>
      <FieldErrors id={`${id}__error`} errors={errors} />
      {help && (
        <p id={`${id}__help`} className="sf-field__help">
          {i18n.exists(help) ? t(help) : help}
        </p>
      )}
      {extra}
    </>
  );

  if (field.widget === "checkbox") {
    return (
      <div className={`sf-field sf-field--inline${invalid}`} {...data}>
        <div className="sf-field__inline">
          <label className="sf-choice" htmlFor={id}>
            <input
              type="checkbox"
              id={id}
              name={field.name}
              value={CHECKED_VALUE}
              defaultChecked={defaultValue === CHECKED_VALUE}
              required={field.required}
              aria-required={field.required || undefined}
              aria-invalid={errors.length > 0 || undefined}
              aria-describedby={errors.length > 0 ? `${id}__error` : undefined}
            />
            <span>{label}</span>
          </label>
          <RequirementBadge required={field.required} />
        </div>
        {after}
      </div>
    );
  }

  const control =
    field.widget === "password" ? (
      <PasswordInput {...props} />
    ) : (
      <TextInput
        {...props}
        type={isSecret(field) ? "password" : field.widget === "email" ? "email" : "text"}
      />
    );
  return (
    <div className={`sf-field sf-field--control${invalid}`} {...data}>
      <label id={`${id}__title`} htmlFor={id} className="sf-field__label">
        <span className="sf-field__label-text">{label}</span> <RequirementBadge required={field.required} />
      </label>
      {control}
      {after}
    </div>
  );
}

/** A posted value as an input's default: text as it was, a ticked box as its posted value. */
function echoed(value: unknown): string | undefined {
  if (value === true) return CHECKED_VALUE;
  return typeof value === "string" || typeof value === "number" ? String(value) : undefined;
}

function messagesOf(errors: readonly FieldError[], field: string): string[] {
  return errors.filter((error) => error.field === field).map((error) => error.message);
}

export function PlainForm({
  form,
  submitLabel,
  failure,
  fieldExtras = {},
  retryAfterChangeOf,
}: PlainFormProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const fields = plainFields(form);
  const ownFailure = failure?.formId === form.id ? failure : null;
  // A field's error goes away once it is edited; a new failure shows in full again.
  const [edited, setEdited] = useState<{ of: FormFailure | null; fields: ReadonlySet<string> }>({
    of: ownFailure,
    fields: new Set(),
  });
  if (edited.of !== ownFailure) setEdited({ of: ownFailure, fields: new Set() });

  const errors = (ownFailure?.errors ?? []).filter(({ field }) => !edited.fields.has(field));
  // Messages about the form as a whole, or about a field this form does not show, go in the summary
  // at the top, as on every form.
  const shown = new Set(fields.map((field) => field.name));
  const summary = [
    ownFailure?.summary,
    ...errors.filter(({ field }) => !shown.has(field)).map(({ message }) => message),
  ]
    .filter(Boolean)
    .join(" ");
  // React Router keeps the posted data while it sends the form and while it follows a redirect.
  const busy = navigation.formData?.get(FORM_ID_FIELD) === form.id;
  // The watched field's value in the last post, and as it is now.
  const [tried, setTried] = useState<FormDataEntryValue | null>(null);
  const [current, setCurrent] = useState<string | null>(null);
  const waitingForChange = hydrated && ownFailure !== null && tried !== null && tried === current;

  // After a failed post, take the user to the first field that needs attention (spec §8 "scroll to
  // the field"), or to the summary when the failure is about the form as a whole.
  useEffect(() => {
    const formElement = formRef.current;
    if (!ownFailure || !formElement) return;
    for (const { field } of ownFailure.errors) {
      const input = formElement.querySelector<HTMLInputElement>(
        `[data-field="${field}"] input:not([type="hidden"])`,
      );
      if (input) {
        input.focus();
        return;
      }
    }
    formElement.querySelector<HTMLElement>(".sf-error-summary")?.focus();
  }, [ownFailure]);

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const { name, value } = event.target as HTMLInputElement;
    if (name && name === retryAfterChangeOf) setCurrent(value);
    if (!name || edited.fields.has(name)) return;
    setEdited((previous) => ({ of: previous.of, fields: new Set([...previous.fields, name]) }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!retryAfterChangeOf) return;
    const value = new FormData(event.currentTarget).get(retryAfterChangeOf);
    setTried(value);
    setCurrent(typeof value === "string" ? value : null);
  };

  return (
    <Form ref={formRef} method="post" className="sf-form" noValidate onChange={onChange} onSubmit={onSubmit}>
      <input type="hidden" name={FORM_ID_FIELD} value={form.id} />
      {summary && (
        <div className="sf-error-summary" role="alert" tabIndex={-1}>
          <p className="sf-error-summary__title">{summary}</p>
        </div>
      )}
      <div className="sf-fields">
        {fields.map((field) => {
          const id = fieldId(form, field.name);
          return (
            <Field
              key={field.name}
              field={field}
              id={id}
              label={fieldLabel(field, t, i18n.language)}
              errors={messagesOf(errors, field.name)}
              defaultValue={echoed(ownFailure?.values[field.name])}
              extra={fieldExtras[field.name]}
            />
          );
        })}
      </div>
      <div className="sf-actions">
        <button
          type="submit"
          className="btn btn--primary"
          disabled={busy || waitingForChange}
          aria-busy={busy || undefined}
        >
          {submitLabel}
        </button>
      </div>
      <p className="sf-visually-hidden" role="status">
        {busy ? t("form.sending") : ""}
      </p>
    </Form>
  );
}
