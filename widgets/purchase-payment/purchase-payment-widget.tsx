import { ariaDescribedByIds, type WidgetProps } from "@rjsf/utils";
import { useTranslation } from "react-i18next";
import type { PurchasePaymentChoice } from "../../schemas/form-definition.ts";

/**
 * What pays for a purchase (spec §2 purchase form): the member's saved methods, and the payment
 * code when the store offers it, as a column of radio cards. The choices come from the uiSchema
 * (the member's own data), so the field's schema stays one for every member. While none is chosen
 * the group says so: the form's button waits for a choice, and must not wait without a word.
 */
export function PurchasePaymentWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const { id, htmlName, value, required, disabled, readonly, options } = props;
  const choices = (options.choices ?? []) as PurchasePaymentChoice[];
  const unchosen = choices.length > 0 && !choices.some((choice) => choice.value === value);
  const hintId = `${id}__choose`;
  const describedBy = [ariaDescribedByIds(id), unchosen ? hintId : ""].filter(Boolean).join(" ");
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
            aria-describedby={describedBy}
          />
          <span className="sf-card__title">{choice.label}</span>
          {choice.hint && <span className="sf-card__hint">{choice.hint}</span>}
        </label>
      ))}
      {unchosen && (
        <p id={hintId} className="sf-cards__hint">
          {t("validation.paymentMethod.required")}
        </p>
      )}
    </div>
  );
}
