/**
 * The member screens the console's preview shows for each configuration: those it shapes most —
 * for the store settings the registration form, the sign-up steps, login, the profile form, the
 * plan cards and the login provider's consent; for the plans and the campaign codes the plan cards;
 * for a client its consent screen. The policies have none (their text is shown as written).
 */
import type { EditableKind } from "./forms/configuration-forms.ts";

export const PREVIEW_SCREENS = [
  "signup-form",
  "signup-auth",
  "login",
  "mypage-edit",
  "signup-plans",
  "oidc-consent",
] as const;
export type PreviewScreen = (typeof PREVIEW_SCREENS)[number];

export const PREVIEW_SCREENS_OF: Readonly<Record<EditableKind, readonly PreviewScreen[]>> = {
  store: PREVIEW_SCREENS,
  plans: ["signup-plans"],
  campaigns: ["signup-plans"],
  clients: ["oidc-consent"],
  policies: [],
};

export function isPreviewScreen(value: unknown): value is PreviewScreen {
  return typeof value === "string" && (PREVIEW_SCREENS as readonly string[]).includes(value);
}
