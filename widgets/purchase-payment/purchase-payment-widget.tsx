import { ariaDescribedByIds, type WidgetProps } from "@rjsf/utils";
import type { PurchasePaymentChoice } from "../../schemas/form-definition.ts";

/**
 * What pays for a purchase (spec §2 purchase form): the member's saved methods, and the payment
 * code when the store offers it, as a column of radio cards. The choices come from the uiSchema
 * (the member's own data), so the field's schema stays one for every member.
 */
export function PurchasePaymentWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, options } = props;
  const choices = (options.choices ?? []) as PurchasePaymentChoice[];
  return (
    <div className="sf-cards">
      {choices.map((choice, index) => (
        <label key={choice.value} className={`sf-card${choice.value === value ? " sf-card--selected" : ""}`}>
          <input
            type="radio"
            id={`${id}-${index}`}
            name={htmlName || id}
            value={choice.value}
            checked={choice.value === value}
            required={required}
            disabled={disabled || readonly}
            onChange={() => props.onChange(choice.value)}
            onBlur={() => props.onBlur(id, value)}
            onFocus={() => props.onFocus(id, value)}
            aria-describedby={ariaDescribedByIds(id)}
          />
          <span className="sf-card__title">{choice.label}</span>
          {choice.hint && <span className="sf-card__hint">{choice.hint}</span>}
        </label>
      ))}
    </div>
  );
}
