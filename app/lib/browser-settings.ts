/**
 * The store settings the browser gets with every page (the root data): what the shell, the login
 * screen and the player read. Forms are built on the server (registration fields, consent options,
 * the survey, the code mail), so those sections stay there: every page serialises its root data,
 * and they were half of it. An allow-list, so a section added to the settings later stays on the
 * server until a component needs it.
 */
import type { StoreSettings } from "../../schemas/types/store-settings.gen.ts";

const SETTINGS_FOR_THE_BROWSER = [
  "serviceName",
  "serviceNameEn",
  "serviceDescription",
  "serviceDescriptionEn",
  "theme",
  "gtmId",
  "env",
  "images",
  "colors",
  "footers",
  "player",
  "appUserAgentPattern",
  "features",
  "login",
] as const satisfies readonly (keyof StoreSettings)[];

export type BrowserStoreSettings = Pick<StoreSettings, (typeof SETTINGS_FOR_THE_BROWSER)[number]>;

export function settingsForTheBrowser(settings: BrowserStoreSettings): BrowserStoreSettings {
  const picked: Partial<Record<keyof BrowserStoreSettings, unknown>> = {};
  for (const key of SETTINGS_FOR_THE_BROWSER) {
    if (settings[key] !== undefined) picked[key] = settings[key];
  }
  return picked as BrowserStoreSettings;
}
