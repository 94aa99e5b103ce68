/**
 * A login's second factors (spec §3 Multi-factor page data: Email, SMS, OTP, BackupCode) and the URL
 * segment of each (spec §2 /login/multi-factor/{email|sms|otp|backup-code}); one list for the API,
 * the forms and the pages.
 */
export const SECOND_FACTOR_TYPES = ["Email", "SMS", "OTP", "BackupCode"] as const;
export type SecondFactorType = (typeof SECOND_FACTOR_TYPES)[number];

export const SECOND_FACTOR_SLUGS: Readonly<Record<SecondFactorType, string>> = {
  Email: "email",
  SMS: "sms",
  OTP: "otp",
  BackupCode: "backup-code",
};

export function isSecondFactorType(value: unknown): value is SecondFactorType {
  return typeof value === "string" && (SECOND_FACTOR_TYPES as readonly string[]).includes(value);
}

/** The type a URL segment names, or null. */
export function secondFactorOfSlug(slug: string): SecondFactorType | null {
  return SECOND_FACTOR_TYPES.find((type) => SECOND_FACTOR_SLUGS[type] === slug) ?? null;
}

/** A list from screen data or a request, keeping only known types. */
export function secondFactorTypesOf(value: unknown): SecondFactorType[] {
  return Array.isArray(value) ? value.filter(isSecondFactorType) : [];
}
