import type { WidgetProps } from "@rjsf/utils";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormattedInput } from "../shared/formatted-input.tsx";
import {
  BIRTHDAY_DISPLAY_LENGTH,
  type BirthdayCorrection,
  birthdayCorrection,
  formatBirthdayInput,
  typedBirthdayDigits,
} from "./birthday-input.ts";

/**
 * A birthday typed as YYYY/MM/DD and stored as YYYYMMDD (see birthday-input.ts for the rules).
 * When a rule changes what was typed (2030/13/40 becomes 2026/01/31), a line under the field says
 * so, announced politely, until the date is edited again: a corrected date is never saved unseen.
 */
export function BirthdayWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const typed = useRef("");
  const [correction, setCorrection] = useState<BirthdayCorrection | null>(null);
  const format = (raw: string) => {
    const { digits, display } = formatBirthdayInput(raw, new Date());
    return { display, value: digits };
  };
  // A value posted back without JavaScript is as typed ("1990/04/15"), not digits.
  const shownDigits = typeof props.value === "string" ? format(props.value).value : "";
  const onInput = (raw: string) => {
    const now = new Date();
    typed.current = typedBirthdayDigits(typed.current, shownDigits, raw, now);
    setCorrection(birthdayCorrection(typed.current, now));
  };
  const noticeId = `${props.id}__correction`;
  const notice = correction
    ? t("widgets.birthday.corrected", { from: correction.from, to: correction.to })
    : "";
  return (
    <>
      <FormattedInput
        widget={{ ...props, placeholder: props.placeholder || t("widgets.birthday.placeholder") }}
        inputMode="numeric"
        autoComplete="bday"
        maxLength={BIRTHDAY_DISPLAY_LENGTH}
        format={format}
        display={(value) => (typeof value === "string" ? format(value).display : "")}
        onInput={onInput}
        describedBy={correction ? noticeId : undefined}
      />
      {correction && (
        <p id={noticeId} className="sf-field__notice">
          {notice}
        </p>
      )}
      <p className="sf-visually-hidden" role="status">
        {notice}
      </p>
    </>
  );
}
