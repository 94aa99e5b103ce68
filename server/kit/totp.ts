/**
 * Authenticator-app codes (TOTP, RFC 6238: SHA-1, 6 digits, 30 s, one step either side, each step
 * accepted once), for members' two-step verification and staff's mandatory second factor alike.
 */
import { Secret, TOTP } from "otpauth";
import { OTP_LENGTH } from "../../schemas/rules.ts";

export const OTP_PERIOD_SECONDS = 30;

/** A new 160-bit secret (RFC 4226's recommended length), in base32 as apps take it. */
export function newOtpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secretBase32: string, label = "", issuer = ""): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: OTP_LENGTH,
    period: OTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The otpauth:// URL an authenticator app scans (Key Uri Format). */
export function otpauthUrl(secretBase32: string, label: string, issuer: string): string {
  return totp(secretBase32, label, issuer).toString();
}

/**
 * The time step a code is valid for (now, one before or one after), or null. A step at or before
 * `lastStep` is refused: each code works once.
 */
export function acceptedOtpStep(
  secretBase32: string,
  token: string,
  now: Date,
  lastStep: number | null,
): number | null {
  if (!new RegExp(`^[0-9]{${OTP_LENGTH}}$`).test(token)) return null;
  const delta = totp(secretBase32).validate({ token, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now.getTime() / 1000 / OTP_PERIOD_SECONDS) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}
