import { ariaDescribedByIds, type WidgetProps } from "@rjsf/utils";
import { useFieldText } from "../labels.ts";
import { autocompleteOf } from "../shared/autocomplete.ts";
import { PinBoxes } from "./pin-boxes.tsx";

/**
 * The PIN boxes (pin-boxes.tsx) as a schema form's widget: TV-profile PIN (4, masked), e-mail PIN
 * and authenticator code (6). `ui:options`: length 4 | 6, masked; the first box offers
 * one-time-code autofill unless the uiSchema says otherwise (the TV-profile PIN).
 */
export function PinCodeWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, autofocus, required, options, rawErrors } = props;
  const text = typeof value === "string" ? value : "";
  const fieldText = useFieldText();
  return (
    <PinBoxes
      id={id}
      label={fieldText.label(props.schema, props.uiSchema, props.label)}
      name={htmlName || id}
      value={text}
      onChange={(joined) => props.onChange(joined === "" ? options.emptyValue : joined)}
      length={options.length === 6 ? 6 : 4}
      masked={options.masked === true}
      autoComplete={autocompleteOf(options, "one-time-code")}
      required={required}
      invalid={(rawErrors?.length ?? 0) > 0}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      describedBy={ariaDescribedByIds(id)}
      onFocus={() => props.onFocus(id, value)}
      onBlur={() => props.onBlur(id, value)}
    />
  );
}
