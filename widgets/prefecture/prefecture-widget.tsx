import { ariaDescribedByIds, type WidgetProps } from "@rjsf/utils";
import { useTranslation } from "react-i18next";
import { PREFECTURES } from "../../schemas/prefectures.ts";
import { autocompleteOf } from "../shared/autocomplete.ts";

/**
 * The 47 prefectures by code, named in the page language. The value is a number when the schema
 * says integer (the registration form) and the code as text otherwise.
 */
export function PrefectureWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, options, schema, rawErrors } = props;
  const { t, i18n } = useTranslation();
  const numeric = schema.type === "integer" || schema.type === "number";
  const decode = (code: string) => {
    if (code === "") return options.emptyValue;
    return numeric ? Number(code) : code;
  };
  return (
    <select
      id={id}
      name={htmlName || id}
      className="sf-input sf-select"
      value={value === undefined || value === null ? "" : String(value)}
      autoComplete={autocompleteOf(options, "address-level1")}
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
      <option value="">{t("form.selectPlaceholder")}</option>
      {PREFECTURES.map((prefecture) => (
        <option key={prefecture.code} value={String(prefecture.code)}>
          {i18n.language === "en" ? prefecture.en : prefecture.ja}
        </option>
      ))}
    </select>
  );
}
