/**
 * The login provider's scopes as the store settings describe them (issue 46 §2; spec §3 Consent
 * data, §6): which scopes exist, which the member cannot refuse, and which of the member's data
 * each releases. A store without `storeScopeSettings` offers openid, email and profile.
 */
import type { StoreSettings } from "../../schemas/types/store-settings.gen.ts";

export type ScopeSetting = NonNullable<StoreSettings["storeScopeSettings"]>[number];

/** The scopes of a store that does not list its own. */
export const DEFAULT_SCOPE_SETTINGS: readonly ScopeSetting[] = [
  {
    scopeKey: "openid",
    scopeName: "会員であることの確認",
    scopeNameEn: "Confirm that you are a member",
    scopeDescription: "あなたを識別する番号を連携先に伝えます。",
    scopeDescriptionEn: "Gives the service a number that identifies you.",
    required: true,
    claims: [],
  },
  {
    scopeKey: "email",
    scopeName: "メールアドレス",
    scopeNameEn: "E-mail address",
    scopeDescription: "連絡先のメールアドレスと、その確認が済んでいるかどうか。",
    scopeDescriptionEn: "Your contact e-mail address and whether it has been verified.",
    required: true,
    claims: ["email", "email_verified"],
  },
  {
    scopeKey: "profile",
    scopeName: "プロフィール",
    scopeNameEn: "Profile",
    scopeDescription: "氏名、ニックネーム、生年月日。",
    scopeDescriptionEn: "Your name, nickname and date of birth.",
    required: false,
    claims: ["name", "family_name", "given_name", "nickname", "birthdate"],
  },
];

export function scopeSettingsOf(
  settings: Pick<StoreSettings, "storeScopeSettings">,
): readonly ScopeSetting[] {
  return settings.storeScopeSettings ?? DEFAULT_SCOPE_SETTINGS;
}

/** The scopes a member cannot refuse: openid always, and those the store marks required. */
export function requiredScopesOf(scopes: readonly ScopeSetting[]): ReadonlySet<string> {
  return new Set(["openid", ...scopes.filter((scope) => scope.required).map((scope) => scope.scopeKey)]);
}

/**
 * oidc-provider's `claims` option: each scope's claims; under openid, sub and amr (how the login
 * was made, such as a passkey, in every ID token whose login said it).
 */
export function claimsConfiguration(scopes: readonly ScopeSetting[]): Record<string, string[]> {
  return Object.fromEntries(
    scopes.map((scope) => [scope.scopeKey, scope.scopeKey === "openid" ? ["sub", "amr"] : [...scope.claims]]),
  );
}

/** What the provider is built from: it is made again when this changes (a store edit). */
export function scopesFingerprint(scopes: readonly ScopeSetting[]): string {
  return JSON.stringify(scopes.map((scope) => [scope.scopeKey, scope.claims]));
}
