import type { WidgetProps } from "@rjsf/utils";
import { digitsOnly } from "../shared/digits.ts";
import { FormattedInput } from "../shared/formatted-input.tsx";

/** Spec §5: 10 or 11 digits, no hyphens, at most 11 characters; hyphens typed or pasted are dropped. */
export const PHONE_MAX_DIGITS = 11;

function formatPhone(raw: string) {
  const digits = digitsOnly(raw, PHONE_MAX_DIGITS);
  return { display: digits, value: digits };
}

export function PhoneWidget(props: WidgetProps) {
  return (
    <FormattedInput
      widget={props}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      maxLength={PHONE_MAX_DIGITS}
      format={formatPhone}
      display={(value) => (typeof value === "string" ? value : "")}
    />
  );
}
