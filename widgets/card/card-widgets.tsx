import { ariaDescribedByIds, type WidgetProps } from "@rjsf/utils";
import { useTranslation } from "react-i18next";
import {
  CARD_BRAND_NAMES,
  detectCardBrand,
  maxCardNumberLength,
  securityCodeLength,
} from "../../schemas/card.ts";
import { schemaFormContext } from "../form-context.ts";
import { autocompleteOf } from "../shared/autocomplete.ts";
import { digitsOnly } from "../shared/digits.ts";
import { FormattedInput } from "../shared/formatted-input.tsx";
import { EXPIRY_MONTHS, expiryYears, formatCardNumber } from "./card-rules.ts";

/**
 * The card widgets have no `name`: card data is never part of a form post, not even one made
 * before the page's script runs; only the provider's token script sends it (issue 42).
 *
 * The card number, grouped as printed on the card ("4111 1111 1111 1111", Amex "3782 822463 10005");
 * the stored value keeps the spaces, since the rule counts 14 to 19 characters of digits and spaces.
 * The detected brand is shown beside it.
 */
export function CardNumberWidget(props: WidgetProps) {
  const current = typeof props.value === "string" ? props.value : "";
  const brand = detectCardBrand(current);
  return (
    <FormattedInput
      widget={props}
      inputMode="numeric"
      autoComplete="cc-number"
      unnamed
      maxLength={maxCardNumberLength(brand)}
      format={(raw) => {
        const formatted = formatCardNumber(digitsOnly(raw));
        return { display: formatted, value: formatted };
      }}
      display={() => current}
    >
      <span className="sf-card-brand" aria-live="polite">
        {brand === "Unknown" ? "" : CARD_BRAND_NAMES[brand]}
      </span>
    </FormattedInput>
  );
}

/**
 * The security code: 3 digits, or 4 when the card number is an American Express. The number is
 * the field the schema's own rule names (`securityCodeForCard`), "cardNumber" otherwise.
 */
export function SecurityCodeWidget(props: WidgetProps) {
  const { formData } = schemaFormContext(props.registry);
  const { securityCodeForCard } = props.schema as { securityCodeForCard?: unknown };
  const numberField = typeof securityCodeForCard === "string" ? securityCodeForCard : "cardNumber";
  const cardNumber = formData[numberField];
  const length = securityCodeLength(detectCardBrand(typeof cardNumber === "string" ? cardNumber : ""));
  return (
    <FormattedInput
      widget={props}
      inputMode="numeric"
      autoComplete="cc-csc"
      unnamed
      maxLength={length}
      format={(raw) => {
        const digits = digitsOnly(raw, length);
        return { display: digits, value: digits };
      }}
      display={(value) => (typeof value === "string" ? value : "")}
    />
  );
}

interface ExpirySelectProps {
  widget: WidgetProps;
  choices: readonly string[];
  autoComplete: string;
}

function ExpirySelect({ widget, choices, autoComplete }: ExpirySelectProps) {
  const { id, value, required, disabled, readonly, options, rawErrors } = widget;
  const { t } = useTranslation();
  const decode = (choice: string) => (choice === "" ? options.emptyValue : choice);
  return (
    <select
      id={id}
      className="sf-input sf-select sf-select--short"
      value={typeof value === "string" ? value : ""}
      autoComplete={autocompleteOf(options, autoComplete)}
      required={required}
      aria-required={required || undefined}
      aria-invalid={(rawErrors?.length ?? 0) > 0 || undefined}
      disabled={disabled || readonly}
      onChange={(event) => widget.onChange(decode(event.target.value))}
      onBlur={(event) => widget.onBlur(id, decode(event.target.value))}
      onFocus={(event) => widget.onFocus(id, decode(event.target.value))}
      aria-describedby={ariaDescribedByIds(id)}
    >
      <option value="">{t("form.selectPlaceholder")}</option>
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {choice}
        </option>
      ))}
    </select>
  );
}

/** Expiry month 01 … 12. */
export function CardExpiryMonthWidget(props: WidgetProps) {
  return <ExpirySelect widget={props} choices={EXPIRY_MONTHS} autoComplete="cc-exp-month" />;
}

/** Expiry year: this year and the 9 following, two digits. */
export function CardExpiryYearWidget(props: WidgetProps) {
  return <ExpirySelect widget={props} choices={expiryYears(new Date())} autoComplete="cc-exp-year" />;
}
