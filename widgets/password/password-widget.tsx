import { ariaDescribedByIds, type WidgetProps } from "@rjsf/utils";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PasswordStrength } from "../../schemas/form-definition.ts";
import { CHARACTER_CLASSES } from "../../schemas/standalone-validators-runtime.ts";
import { useFieldText } from "../labels.ts";
import { autocompleteOf } from "../shared/autocomplete.ts";
import { useHydrated } from "../use-hydrated.ts";

interface PasswordInputProps {
  widget: WidgetProps;
  autoComplete: string;
  /** Extra ids for aria-describedby (the strength hint). */
  describedBy?: string;
  children?: ReactNode;
}

/**
 * A password input with a show/hide toggle. The toggle is a pressed/unpressed button with one
 * stable name, "<label>を表示": a name that flipped between 表示 and 非表示 would contradict the
 * pressed state it is announced with.
 */
function PasswordInput({ widget, autoComplete, describedBy, children }: PasswordInputProps) {
  const {
    id,
    htmlName,
    value,
    required,
    disabled,
    readonly,
    autofocus,
    placeholder,
    options,
    schema,
    uiSchema,
  } = widget;
  const { t } = useTranslation();
  const text = useFieldText();
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  const label = text.label(schema, uiSchema, widget.label);
  return (
    <>
      <div className="sf-input-row">
        <input
          id={id}
          name={htmlName || id}
          type={visible ? "text" : "password"}
          className="sf-input"
          value={value ?? ""}
          autoComplete={autocompleteOf(options, autoComplete)}
          autoCapitalize="none"
          spellCheck={false}
          maxLength={schema.maxLength}
          required={required}
          aria-required={required || undefined}
          aria-invalid={(widget.rawErrors?.length ?? 0) > 0 || undefined}
          disabled={disabled}
          readOnly={readonly}
          // biome-ignore lint/a11y/noAutofocus: only when a uiSchema asks for it (ui:autofocus)
          autoFocus={autofocus}
          placeholder={placeholder ? text.text(placeholder) : undefined}
          onChange={(event) =>
            widget.onChange(event.target.value === "" ? options.emptyValue : event.target.value)
          }
          onBlur={(event) => widget.onBlur(id, event.target.value)}
          onFocus={(event) => widget.onFocus(id, event.target.value)}
          aria-describedby={[ariaDescribedByIds(id), describedBy].filter(Boolean).join(" ")}
        />
        {/* Showing the password needs the script; before it runs the button would do nothing. */}
        <button
          type="button"
          className="btn btn--secondary"
          hidden={!hydrated}
          aria-pressed={visible}
          aria-controls={id}
          aria-label={t("common.passwordShowNamed", { label })}
          disabled={disabled}
          onClick={() => setVisible((shown) => !shown)}
        >
          {t("common.passwordShow")}
        </button>
      </div>
      {children}
    </>
  );
}

export function PasswordWidget(props: WidgetProps) {
  return <PasswordInput widget={props} autoComplete="current-password" />;
}

/** One line of the new-password checklist. */
export interface PasswordRule {
  key: string;
  met: boolean;
}

const DEFAULT_LENGTH = { min: 8, max: 30 };

/**
 * The rules a new password must meet (spec §5 Password): its length, a lowercase letter and a
 * digit, plus an uppercase letter and/or a symbol as the store's strength setting asks. The
 * character classes are the ones the validator checks (schemas/keywords.ts).
 */
export function passwordRules(
  password: string,
  strength: PasswordStrength | undefined,
  length: { min: number; max: number } = DEFAULT_LENGTH,
): PasswordRule[] {
  const rules: PasswordRule[] = [
    {
      key: "widgets.newPassword.length",
      met: password.length >= length.min && password.length <= length.max,
    },
    { key: "widgets.newPassword.lowercase", met: CHARACTER_CLASSES.requireLowercase.test(password) },
    { key: "widgets.newPassword.digit", met: CHARACTER_CLASSES.requireDigit.test(password) },
  ];
  if (strength?.includes("UPPER")) {
    rules.push({
      key: "widgets.newPassword.uppercase",
      met: CHARACTER_CLASSES.requireUppercase.test(password),
    });
  }
  if (strength?.includes("SYMBOL")) {
    rules.push({ key: "widgets.newPassword.symbol", met: CHARACTER_CLASSES.requireSymbol.test(password) });
  }
  return rules;
}

/**
 * A new password with a checklist of the rules it must meet, ticked as they are met. The list is
 * part of the input's description, so it is read once on focus, not at every keystroke.
 */
export function NewPasswordWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const hintId = `${props.id}__rules`;
  const password = typeof props.value === "string" ? props.value : "";
  const length = {
    min: props.schema.minLength ?? DEFAULT_LENGTH.min,
    max: props.schema.maxLength ?? DEFAULT_LENGTH.max,
  };
  const strength = props.options.passwordStrength as PasswordStrength | undefined;
  return (
    <PasswordInput widget={props} autoComplete="new-password" describedBy={hintId}>
      <ul id={hintId} className="sf-password-rules">
        {passwordRules(password, strength, length).map((rule) => (
          <li key={rule.key} className={rule.met ? "sf-password-rules__met" : undefined}>
            <span aria-hidden="true">{rule.met ? "✓ " : "・"}</span>
            {t(rule.key, length)}
            {rule.met && <span className="sf-visually-hidden">{t("widgets.newPassword.met")}</span>}
          </li>
        ))}
      </ul>
    </PasswordInput>
  );
}
