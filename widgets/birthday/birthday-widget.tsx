import type { WidgetProps } from "@rjsf/utils";
import { useTranslation } from "react-i18next";
import { FormattedInput } from "../shared/formatted-input.tsx";
import { BIRTHDAY_DISPLAY_LENGTH, displayBirthday, formatBirthdayInput } from "./birthday-input.ts";

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
      display={(value) => (typeof value === "string" ? displayBirthday(value) : "")}
    />
  );
}
