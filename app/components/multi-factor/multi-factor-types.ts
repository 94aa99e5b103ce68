/** The second-factor types as pages name and link them (spec §2 /login/multi-factor/{type}). */
export type SecondFactorType = "Email" | "SMS" | "OTP" | "BackupCode";

export const SECOND_FACTOR_TYPES: readonly SecondFactorType[] = ["Email", "SMS", "OTP", "BackupCode"];

/** The URL segment of each type. */
export const SECOND_FACTOR_SLUG: Readonly<Record<SecondFactorType, string>> = {
  Email: "email",
  SMS: "sms",
  OTP: "otp",
  BackupCode: "backup-code",
};

export function isSecondFactorType(value: unknown): value is SecondFactorType {
  return typeof value === "string" && (SECOND_FACTOR_TYPES as readonly string[]).includes(value);
}

/** The screen data's list of types, keeping only known ones. */
export function secondFactorTypesOf(value: unknown): SecondFactorType[] {
  return Array.isArray(value) ? value.filter(isSecondFactorType) : [];
}
