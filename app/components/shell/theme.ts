import type { StoreSettings } from "../../../schemas/types/store-settings.gen.ts";

/** The store's colours as CSS custom properties (values are #rrggbb, enforced by the settings schema). */
export function themeStyle(colors: StoreSettings["colors"]): string {
  return `:root{--color-accent:${colors.accentColor};--color-accent-secondary:${colors.secondaryAccentColor};--color-player:${colors.playerColor};}`;
}
