import { ariaDescribedByIds, optionId, type WidgetProps } from "@rjsf/utils";
import { useTranslation } from "react-i18next";
import { useFieldText } from "../labels.ts";

function countOption(
  options: WidgetProps["options"],
  schema: WidgetProps["schema"],
  key: "minCount" | "maxCount",
) {
  const fromOptions = options[key];
  if (typeof fromOptions === "number") return fromOptions;
  const fromSchema = key === "minCount" ? schema.minItems : schema.maxItems;
  return typeof fromSchema === "number" ? fromSchema : undefined;
}

/**
 * Several boxes for one array answer (custom checkbox items, survey questions). With a maximum
 * count, the remaining boxes are disabled once it is reached, so the rule cannot be broken by
 * accident; the hint states the range. The value keeps the schema's option order.
 */
export function CheckboxGroupWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, autofocus, options, schema, uiSchema } = props;
  const { t } = useTranslation();
  const text = useFieldText();
  const { enumOptions = [], enumDisabled = [] } = options;
  const selected: unknown[] = Array.isArray(value) ? value : [];
  const minCount = countOption(options, schema, "minCount");
  const maxCount = countOption(options, schema, "maxCount");
  const full = maxCount !== undefined && selected.length >= maxCount;
  const hintId = `${id}__count`;
  const hint = countHint(t, minCount, maxCount);

  const toggle = (optionValue: unknown, checked: boolean) => {
    const next = enumOptions
      .map((option) => option.value)
      .filter((v) => (v === optionValue ? checked : selected.includes(v)));
    props.onChange(next.length === 0 ? (options.emptyValue ?? []) : next);
  };

  return (
    <>
      {hint && (
        <p id={hintId} className="sf-field__help">
          {hint}
        </p>
      )}
      <div className={`sf-choices${options.inline ? " sf-choices--inline" : ""}`}>
        {enumOptions.map((option, index) => {
          const checked = selected.includes(option.value);
          return (
            <label key={String(option.value)} className="sf-choice">
              <input
                type="checkbox"
                id={optionId(id, index)}
                name={htmlName || id}
                value={String(option.value)}
                checked={checked}
                disabled={disabled || readonly || enumDisabled.includes(option.value) || (full && !checked)}
                // biome-ignore lint/a11y/noAutofocus: only when a uiSchema asks for it (ui:autofocus)
                autoFocus={autofocus && index === 0}
                onChange={(event) => toggle(option.value, event.target.checked)}
                onBlur={() => props.onBlur(id, selected)}
                onFocus={() => props.onFocus(id, selected)}
                aria-describedby={[ariaDescribedByIds(id), hint ? hintId : ""].join(" ").trim()}
              />
              <span>{text.option(option, schema, uiSchema)}</span>
            </label>
          );
        })}
      </div>
    </>
  );
}

function countHint(t: (key: string, values: Record<string, number>) => string, min?: number, max?: number) {
  if (min !== undefined && min > 1 && max !== undefined)
    return t("widgets.checkboxGroup.between", { min, max });
  if (max !== undefined) return t("widgets.checkboxGroup.atMost", { max });
  if (min !== undefined && min > 1) return t("widgets.checkboxGroup.atLeast", { min });
  return undefined;
}
