import { ariaDescribedByIds, optionId, type WidgetProps } from "@rjsf/utils";
import { useFieldText } from "../labels.ts";

/** The choice of payment method type as a column of radio cards (spec §4 Payment method selection). */
export function PaymentMethodTypeWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, options, schema, uiSchema } = props;
  const text = useFieldText();
  const { enumOptions = [], enumDisabled = [] } = options;
  return (
    <div className="sf-cards">
      {enumOptions.map((option, index) => (
        <label
          key={String(option.value)}
          className={`sf-card${option.value === value ? " sf-card--selected" : ""}`}
        >
          <input
            type="radio"
            id={optionId(id, index)}
            name={htmlName || id}
            value={String(option.value)}
            checked={option.value === value}
            required={required}
            disabled={disabled || readonly || enumDisabled.includes(option.value)}
            onChange={() => props.onChange(option.value)}
            onBlur={() => props.onBlur(id, value)}
            onFocus={() => props.onFocus(id, value)}
            aria-describedby={ariaDescribedByIds(id)}
          />
          <span className="sf-card__title">{text.option(option, schema, uiSchema)}</span>
        </label>
      ))}
    </div>
  );
}
