/**
 * The light form renderer (widgets/form-renderer.ts): plain inputs for FormDefinitions made of
 * text, e-mail, password, hidden, checkbox and PIN fields, drawn with the theme's markup and
 * styles (widgets/templates, widgets/widgets.css) but without rjsf or ajv, so that /login stays
 * light. It is a real `<form method="post">`: before hydration (or without JavaScript) the browser
 * posts it to the route's action; once hydrated it hands the page the form's data, read from the
 * inputs exactly as the action reads a post (schemas/form-post.ts), and the page sends it
 * (app/components/screen/screen-forms.tsx). Once the form's precompiled validator has loaded
 * (browser-check.ts, on demand) it checks on blur and on submit, as SchemaForm does; the action
 * validates again with the same FormDefinition.
 */

import {
  type FocusEvent,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { hasText, type Translate } from "../../../locales/i18n.ts";
import type { FieldError, FormDefinition } from "../../../schemas/form-definition.ts";
import { FORM_ID_FIELD, valuesFromFormPost } from "../../../schemas/form-post.ts";
import { labelText } from "../../../schemas/label-text.ts";
import { normalizeFormData } from "../../../schemas/normalize.ts";
import type { FormRendererProps } from "../../../widgets/form-renderer.ts";
import { isSubmitButtonPress } from "../../../widgets/submit-button.ts";
import { useHydrated } from "../../../widgets/use-hydrated.ts";
import "../../../widgets/widgets.css";
import { PinBoxes } from "../../../widgets/pin-code/pin-boxes.tsx";
import type { FormCheck } from "./browser-check.ts";
import { CHECKED_VALUE, isSecret, type PlainField, plainFields } from "./form-fields.ts";

/** Element ids as the rjsf theme makes them (`<form id>_<field>`), so both renderers can be addressed alike. */
function fieldId(form: FormDefinition, name: string): string {
  return `${form.id.replace(/[^A-Za-z0-9_-]/g, "-")}_${name}`;
}

function fieldLabel(field: PlainField, t: Translate, language: string): string {
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
  /** Whether labels carry 必須/任意: not when every field is required (the login form, issue 41 §17). */
  badges: boolean;
  /** Told of a change the form's own change event does not see (the PIN boxes take their keys). */
  onEdited(name: string): void;
}

/** Keyboard hints of the rjsf widgets: digits for codes, no capitals or spelling fixes for addresses and IDs. */
function keyboardHints(field: PlainField): InputHTMLAttributes<HTMLInputElement> {
  const literal = { autoCapitalize: "none", spellCheck: false };
  if (field.widget === "email") return { inputMode: "email", ...literal };
  if (field.widget === "password" || field.ui["ui:autocomplete"]?.startsWith("username")) return literal;
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
      placeholder={placeholder && hasText(i18n, placeholder) ? t(placeholder) : placeholder}
      maxLength={field.schema.maxLength}
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
        aria-label={t("common.passwordShowNamed", { label: props.label })}
        onClick={() => setVisible((shown) => !shown)}
      >
        {t("common.passwordShow")}
      </button>
    </div>
  );
}

/** A code as the same boxes every code of the site uses (widgets/pin-code/pin-boxes.tsx). */
function PinInput({ field, id, label, errors, defaultValue, onEdited }: FieldProps) {
  const [value, setValue] = useState(defaultValue ?? "");
  const options = field.ui["ui:options"];
  const edited = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: told once the boxes show the new value
  useEffect(() => {
    if (edited.current) onEdited(field.name);
  }, [value]);
  return (
    <PinBoxes
      id={id}
      label={label}
      name={field.name}
      value={value}
      onChange={(next) => {
        edited.current = true;
        setValue(next);
      }}
      length={options?.length === 4 ? 4 : 6}
      masked={options?.masked === true}
      autoComplete={field.ui["ui:autocomplete"] ?? "one-time-code"}
      required={field.required}
      invalid={errors.length > 0}
      describedBy={errors.length > 0 ? `${id}__error` : undefined}
    />
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
  const { field, id, label, errors, defaultValue, extra, badges } = props;
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
          {hasText(i18n, help) ? t(help) : help}
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
          {badges && <RequirementBadge required={field.required} />}
        </div>
        {after}
      </div>
    );
  }

  const control =
    field.widget === "password" ? (
      <PasswordInput {...props} />
    ) : field.widget === "pinCode" ? (
      <PinInput {...props} />
    ) : (
      <TextInput
        {...props}
        type={isSecret(field) ? "password" : field.widget === "email" ? "email" : "text"}
      />
    );
  return (
    <div className={`sf-field sf-field--control${invalid}`} {...data}>
      <label id={`${id}__title`} htmlFor={id} className="sf-field__label">
        <span className="sf-field__label-text">{label}</span>{" "}
        {badges && <RequirementBadge required={field.required} />}
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

/** The browser check of the form, once its module and ajv's runtime have loaded (after hydration). */
function useFormCheck(url: string | undefined): FormCheck | null {
  const [check, setCheck] = useState<FormCheck | null>(null);
  useEffect(() => {
    if (!url) return;
    let current = true;
    import("./browser-check.ts")
      .then(({ loadFormCheck }) => loadFormCheck(url))
      .then((loaded) => current && setCheck(() => loaded))
      .catch((error: unknown) => console.warn(`The form is checked by the server only: ${url}`, error));
    return () => {
      current = false;
    };
  }, [url]);
  return check;
}

export function PlainForm(props: FormRendererProps) {
  const { form, serverErrors, summary = "", submitLabelKey, fieldExtras = {}, busy = false } = props;
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const fields = plainFields(form);
  const badges = fields.some((field) => field.widget !== "hidden" && !field.required);
  const check = useFormCheck(props.validatorUrl);
  // A field's error goes away once it is edited; a new list of errors shows in full again.
  const [edited, setEdited] = useState<{ of: typeof serverErrors; fields: ReadonlySet<string> }>({
    of: serverErrors,
    fields: new Set(),
  });
  if (edited.of !== serverErrors) setEdited({ of: serverErrors, fields: new Set() });
  // The browser's own check: a field's message shows once the visitor has left it, every message
  // after a submit, and each change re-checks them.
  const [checked, setChecked] = useState<{ errors: FieldError[]; left: ReadonlySet<string>; all: boolean }>({
    errors: [],
    left: new Set(),
    all: false,
  });
  const fromCheck = checked.errors.filter(({ field }) => checked.all || checked.left.has(field));
  const checkedFields = new Set(fromCheck.map(({ field }) => field));
  const errors = [
    ...fromCheck,
    ...(serverErrors ?? []).filter(({ field }) => !edited.fields.has(field) && !checkedFields.has(field)),
  ];
  // Messages about the form as a whole, or about a field this form does not show, go in the summary
  // at the top, as on every form.
  const shown = new Set(fields.map((field) => field.name));
  const summaryText = [
    summary,
    ...errors.filter(({ field }) => !shown.has(field)).map(({ message }) => message),
  ]
    .filter(Boolean)
    .join(" ");

  // After a failed post (or a submit the check stopped), take the user to the first field that
  // needs attention (spec §8 "scroll to the field"), or to the summary when the failure is about
  // the form as a whole; once the messages have rendered.
  const [focusRequests, setFocusRequests] = useState(0);
  const firstProblems = [...fromCheck, ...(serverErrors ?? [])];
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for a new answer or a new stopped submit, not on each edit
  useEffect(() => {
    const formElement = formRef.current;
    if (!formElement || (!firstProblems.length && !summary)) return;
    for (const { field } of firstProblems) {
      const input = formElement.querySelector<HTMLInputElement>(
        `[data-field="${field}"] input:not([type="hidden"])`,
      );
      if (input) {
        input.focus();
        return;
      }
    }
    formElement.querySelector<HTMLElement>(".sf-error-summary")?.focus();
  }, [serverErrors, summary, focusRequests]);

  // A refused post leaves no secret behind: the password (or a masked PIN) is typed afresh, as
  // the browser would show the page anew without the script. Only on a new answer of the server.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for a new answer, not on each render
  useEffect(() => {
    const formElement = formRef.current;
    if (!formElement || (!serverErrors?.length && !summary)) return;
    for (const field of fields) {
      if (!isSecret(field)) continue;
      const input = formElement.elements.namedItem(field.name);
      if (input instanceof HTMLInputElement) input.value = "";
    }
  }, [serverErrors, summary]);

  const dataOf = (element: HTMLFormElement) =>
    normalizeFormData(form, valuesFromFormPost(form, new FormData(element)));

  const checkOf = (data: Record<string, unknown>) => (check ? check(form, data, t, i18n.language) : []);

  const noteChange = (name: string, formElement: HTMLFormElement) => {
    if (name && !edited.fields.has(name)) {
      setEdited((previous) => ({ of: previous.of, fields: new Set([...previous.fields, name]) }));
    }
    const data = dataOf(formElement);
    if (checked.all || checked.left.size > 0) setChecked({ ...checked, errors: checkOf(data) });
    props.onChange?.(data);
  };
  const onChange = (event: FormEvent<HTMLFormElement>) =>
    noteChange((event.target as HTMLInputElement).name, event.currentTarget);
  const onEdited = (name: string) => {
    if (formRef.current) noteChange(name, formRef.current);
  };

  // A field left for a press on the submit button shows nothing yet (widgets/submit-button.ts).
  const pressingSubmit = useRef(false);
  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const { name } = event.target as unknown as HTMLInputElement;
    if (!check || !name || !shown.has(name) || pressingSubmit.current) return;
    const left = new Set([...checked.left, name]);
    setChecked({ ...checked, errors: checkOf(dataOf(event.currentTarget)), left });
  };

  // With the script running the page sends the data once it passes the check; without the
  // script the browser posts the form.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || (hydrated && props.disabled)) return;
    const data = dataOf(event.currentTarget);
    const problems = checkOf(data);
    setChecked({ ...checked, errors: problems, all: true });
    if (problems.length > 0) {
      setFocusRequests((requests) => requests + 1);
      return;
    }
    props.onSubmit(data);
  };

  return (
    <form
      ref={formRef}
      method="post"
      className="sf-form"
      noValidate
      onChange={onChange}
      onBlur={onBlur}
      onPointerDown={(event) => {
        pressingSubmit.current = isSubmitButtonPress(event.target);
      }}
      onPointerUp={() => {
        pressingSubmit.current = false;
      }}
      onPointerCancel={() => {
        pressingSubmit.current = false;
      }}
      onSubmit={onSubmit}
    >
      <input type="hidden" name={FORM_ID_FIELD} value={form.id} />
      {summaryText && (
        <div className="sf-error-summary" role="alert" tabIndex={-1}>
          <p className="sf-error-summary__title">{summaryText}</p>
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
              defaultValue={echoed(props.formData?.[field.name])}
              extra={fieldExtras[field.name]}
              onEdited={onEdited}
              badges={badges}
            />
          );
        })}
      </div>
      <div className="sf-actions">
        <button
          type="submit"
          className={props.irreversible ? "btn btn--danger" : "btn btn--primary"}
          disabled={busy || (hydrated && props.disabled)}
          aria-busy={busy || undefined}
        >
          {t(submitLabelKey ?? "form.submit")}
        </button>
      </div>
      <p className="sf-visually-hidden" role="status">
        {busy ? t("form.sending") : ""}
      </p>
    </form>
  );
}
