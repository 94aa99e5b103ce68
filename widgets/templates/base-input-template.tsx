import { ariaDescribedByIds, type BaseInputTemplateProps, getInputProps } from "@rjsf/utils";
import type { ChangeEvent, FocusEvent } from "react";
import { useFieldText } from "../labels.ts";

/**
 * The plain <input> behind the text, e-mail and number widgets: `name={id}`, '' stored as
 * `options.emptyValue`, described by the field's error/description/help ids.
 */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, value, required, readonly, disabled, autofocus, placeholder, type } = props;
  const { onChange, onChangeOverride, onBlur, onFocus, options, schema, rawErrors } = props;
  // Keyboard hints a widget may add (EmailWidget, UserIdWidget).
  const { inputMode, autoCapitalize, spellCheck } = props;
  const text = useFieldText();
  const inputProps = getInputProps(schema, type, options);
  const invalid = (rawErrors?.length ?? 0) > 0;
  return (
    <input
      id={id}
      name={htmlName || id}
      className="sf-input"
      value={value ?? ""}
      required={required}
      aria-required={required || undefined}
      aria-invalid={invalid || undefined}
      readOnly={readonly}
      disabled={disabled}
      // biome-ignore lint/a11y/noAutofocus: only when a uiSchema asks for it (ui:autofocus)
      autoFocus={autofocus}
      placeholder={placeholder ? text.text(placeholder) : undefined}
      maxLength={schema.maxLength}
      inputMode={inputMode}
      autoCapitalize={autoCapitalize}
      spellCheck={spellCheck}
      {...inputProps}
      onChange={
        onChangeOverride ??
        ((event: ChangeEvent<HTMLInputElement>) =>
          onChange(event.target.value === "" ? options.emptyValue : event.target.value))
      }
      onBlur={(event: FocusEvent<HTMLInputElement>) => onBlur(id, event.target.value)}
      onFocus={(event: FocusEvent<HTMLInputElement>) => onFocus(id, event.target.value)}
      aria-describedby={ariaDescribedByIds(id)}
    />
  );
}
