import { type InputHTMLAttributes, useId } from "react";

/**
 * One labelled input of a console form, with an optional hint and the API's message for it below,
 * both tied to the input for screen readers (aria-describedby); marked invalid while the message stands.
 */
export function ConsoleField({
  label,
  hint,
  error,
  ...input
}: { label: string; hint?: string; error?: string | undefined } & InputHTMLAttributes<HTMLInputElement>) {
  const hintId = useId();
  const errorId = useId();
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(" ");
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <input {...input} aria-invalid={error ? true : undefined} aria-describedby={describedBy || undefined} />
      {hint && (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      )}
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
