/**
 * The member screens a store settings preview shows (/console/settings/store/preview): those the
 * settings shape most — the registration form, the sign-up steps, login, the profile form, the plan
 * cards and the login provider's consent — at a phone's and a desktop's width, in both languages.
 */
export const PREVIEW_SCREENS = [
  "signup-form",
  "signup-auth",
  "login",
  "mypage-edit",
  "signup-plans",
  "oidc-consent",
] as const;
export type PreviewScreen = (typeof PREVIEW_SCREENS)[number];

export const PREVIEW_WIDTHS = [375, 1280] as const;
export type PreviewWidth = (typeof PREVIEW_WIDTHS)[number];

export function isPreviewScreen(value: unknown): value is PreviewScreen {
  return typeof value === "string" && (PREVIEW_SCREENS as readonly string[]).includes(value);
}

/** Where the preview document of a screen is: the draft's, or the version in force's. */
export function previewDocumentPath(
  screen: PreviewScreen,
  of: "draft" | "inForce",
  language: string,
): string {
  return `/console/settings/store/preview/${screen}?${new URLSearchParams({ of, lng: language })}`;
}
