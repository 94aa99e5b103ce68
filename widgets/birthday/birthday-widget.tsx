import type { WidgetProps } from "@rjsf/utils";
import { useTranslation } from "react-i18next";
import { FormattedInput } from "../shared/formatted-input.tsx";
import { BIRTHDAY_DISPLAY_LENGTH, formatBirthdayInput } from "./birthday-input.ts";

/** A birthday typed as YYYY/MM/DD and stored as YYYYMMDD (see birthday-input.ts for the rules). */
export function BirthdayWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const format = (raw: string) => {
    const { digits, display } = formatBirthdayInput(raw, new Date());
    return { display, value: digits };
  };
  return (
    <FormattedInput
      widget={{ ...props, placeholder: props.placeholder || t("widgets.birthday.placeholder") }}
      inputMode="numeric"
      autoComplete="bday"
      maxLength={BIRTHDAY_DISPLAY_LENGTH}
      format={format}
      // A value posted back without JavaScript is as typed ("1990/04/15"), not digits.
      display={(value) => (typeof value === "string" ? format(value).display : "")}
    />
  );
}
