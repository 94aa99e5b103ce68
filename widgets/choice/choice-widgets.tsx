import { ariaDescribedByIds, optionId, type WidgetProps } from "@rjsf/utils";
import { useTranslation } from "react-i18next";
import { useFieldText } from "../labels.ts";
import { PolicyScrollWidget } from "../policy-scroll/policy-scroll-widget.tsx";
import { decodeOption, encodeOption } from "./enum-value.ts";

/** A drop-down of the schema's enum, with an empty first choice unless the field has a default. */
export function SelectWidget(props: WidgetProps) {
  const {
    id,
    htmlName,
    value,
    required,
    disabled,
    readonly,
    autofocus,
    options,
    schema,
    uiSchema,
    rawErrors,
  } = props;
  const { t } = useTranslation();
  const text = useFieldText();
  const { enumOptions = [], enumDisabled = [] } = options;
  const decode = (encoded: string) =>
    encoded === "" ? options.emptyValue : decodeOption(encoded, enumOptions);
  return (
    <select
      id={id}
      name={htmlName || id}
      className="sf-input sf-select"
      value={value === undefined || value === null ? "" : encodeOption(value)}
      required={required}
      aria-required={required || undefined}
      aria-invalid={(rawErrors?.length ?? 0) > 0 || undefined}
      disabled={disabled || readonly}
      // biome-ignore lint/a11y/noAutofocus: only when a uiSchema asks for it (ui:autofocus)
      autoFocus={autofocus}
      onChange={(event) => props.onChange(decode(event.target.value))}
      onBlur={(event) => props.onBlur(id, decode(event.target.value))}
      onFocus={(event) => props.onFocus(id, decode(event.target.value))}
      aria-describedby={ariaDescribedByIds(id)}
    >
      {schema.default === undefined && <option value="">{t("form.selectPlaceholder")}</option>}
      {enumOptions.map((option) => (
        <option
          key={encodeOption(option.value)}
          value={encodeOption(option.value)}
          disabled={enumDisabled.includes(option.value)}
        >
          {text.option(option, schema, uiSchema)}
        </option>
      ))}
    </select>
  );
}

/** Radio buttons; the field's fieldset legend names the group. */
export function RadioWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, options, schema, uiSchema } = props;
  const text = useFieldText();
  const { enumOptions = [], enumDisabled = [] } = options;
  return (
    <div className={`sf-choices${options.inline ? " sf-choices--inline" : ""}`}>
      {enumOptions.map((option, index) => (
        <label key={encodeOption(option.value)} className="sf-choice">
          <input
            type="radio"
            id={optionId(id, index)}
            name={htmlName || id}
            value={encodeOption(option.value)}
            checked={option.value === value}
            required={required}
            disabled={disabled || readonly || enumDisabled.includes(option.value)}
            // biome-ignore lint/a11y/noAutofocus: only when a uiSchema asks for it (ui:autofocus)
            autoFocus={autofocus && index === 0}
            onChange={() => props.onChange(option.value)}
            onBlur={() => props.onBlur(id, value)}
            onFocus={() => props.onFocus(id, value)}
            aria-describedby={ariaDescribedByIds(id)}
          />
          <span>{text.option(option, schema, uiSchema)}</span>
        </label>
      ))}
    </div>
  );
}

/**
 * A single yes/no box, its label beside it. An external policy's consent comes as a checkbox too
 * (ui:options isExternal, url): it is drawn as the policy widget draws one, with the link to read it.
 */
export function CheckboxWidget(props: WidgetProps) {
  return props.options.isExternal === true ? <PolicyScrollWidget {...props} /> : <PlainCheckbox {...props} />;
}

function PlainCheckbox(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, schema, uiSchema, label, rawErrors } =
    props;
  const text = useFieldText();
  return (
    <label className="sf-choice" htmlFor={id}>
      <input
        type="checkbox"
        id={id}
        name={htmlName || id}
        checked={value === true}
        required={required}
        aria-required={required || undefined}
        aria-invalid={(rawErrors?.length ?? 0) > 0 || undefined}
        disabled={disabled || readonly}
        // biome-ignore lint/a11y/noAutofocus: only when a uiSchema asks for it (ui:autofocus)
        autoFocus={autofocus}
        onChange={(event) => props.onChange(event.target.checked)}
        onBlur={(event) => props.onBlur(id, event.target.checked)}
        onFocus={(event) => props.onFocus(id, event.target.checked)}
        aria-describedby={ariaDescribedByIds(id)}
      />
      <span>{text.label(schema, uiSchema, label)}</span>
    </label>
  );
}
