import { ariaDescribedByIds, getTemplate, type WidgetProps } from "@rjsf/utils";
import { useTranslation } from "react-i18next";
import { useFieldText } from "../labels.ts";

export function TextWidget(props: WidgetProps) {
  const BaseInputTemplate = getTemplate("BaseInputTemplate", props.registry, props.options);
  return <BaseInputTemplate {...props} type="text" />;
}

export function EmailWidget(props: WidgetProps) {
  const BaseInputTemplate = getTemplate("BaseInputTemplate", props.registry, props.options);
  return (
    <BaseInputTemplate
      {...props}
      type="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      options={{ autocomplete: "email", ...props.options }}
    />
  );
}

export function HiddenWidget({ id, htmlName, value }: WidgetProps) {
  return <input type="hidden" id={id} name={htmlName || id} value={value ?? ""} />;
}

/** A multi-line text with a character count when the schema limits its length (survey answers, 300). */
export function TextareaWidget(props: WidgetProps) {
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
    rawErrors,
  } = props;
  const { t } = useTranslation();
  const text = useFieldText();
  const current = typeof value === "string" ? value : "";
  const countId = `${id}__count`;
  return (
    <>
      <textarea
        id={id}
        name={htmlName || id}
        className="sf-input sf-textarea"
        value={current}
        rows={typeof options.rows === "number" ? options.rows : 5}
        maxLength={schema.maxLength}
        required={required}
        aria-required={required || undefined}
        aria-invalid={(rawErrors?.length ?? 0) > 0 || undefined}
        disabled={disabled}
        readOnly={readonly}
        // biome-ignore lint/a11y/noAutofocus: only when a uiSchema asks for it (ui:autofocus)
        autoFocus={autofocus}
        placeholder={placeholder ? text.text(placeholder) : undefined}
        onChange={(event) =>
          props.onChange(event.target.value === "" ? options.emptyValue : event.target.value)
        }
        onBlur={(event) => props.onBlur(id, event.target.value)}
        onFocus={(event) => props.onFocus(id, event.target.value)}
        aria-describedby={[ariaDescribedByIds(id), schema.maxLength ? countId : ""].join(" ").trim()}
      />
      {schema.maxLength !== undefined && (
        <p id={countId} className="sf-field__count">
          {t("widgets.textarea.count", { count: current.length, max: schema.maxLength })}
        </p>
      )}
    </>
  );
}
