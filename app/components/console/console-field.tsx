import { type InputHTMLAttributes, useId } from "react";

/**
 * One labelled input of a console form, with the API's message for it below, tied to the input
 * for screen readers (aria-describedby) and marked invalid while it stands.
 */
export function ConsoleField({
  label,
  error,
  ...input
}: { label: string; error?: string | undefined } & InputHTMLAttributes<HTMLInputElement>) {
  const errorId = useId();
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <input
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <span id={errorId} className="field__error">
          {error}
        </span>
      )}
    </label>
  );
}

/** The authenticator app's six-digit code, as every console form asks for it. */
export const OTP_CODE_INPUT = {
  type: "text",
  name: "code",
  inputMode: "numeric",
  autoComplete: "one-time-code",
  pattern: "[0-9]{6}",
  maxLength: 6,
  required: true,
} as const;
