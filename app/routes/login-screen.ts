/**
 * The login screens' rules (spec §2 Login, §4 Login) shared by the page and its action, so the
 * action always judges the form the page showed: the modes (password or e-mail code, chosen by
 * the `loginType` query as far as the store and the login page data allow) and the forms of each.
 */
import type { StoreSettings } from "../../schemas/types/store-settings.gen.ts";
import type { ScreenDefinition, ScreenForm } from "../../screens/screen-definition.ts";

export type LoginMode = "password" | "authCode";

export const LOGIN_TYPE_QUERY = "loginType";

export interface LoginOptions {
  passwordEnabled: boolean;
  codeEnabled: boolean;
  /** The mode of /login without a loginType query. */
  defaultMode: LoginMode;
  recaptchaEnabled: boolean;
}

function flag(value: unknown, fallback: boolean): boolean {
  return typeof value === "boolean" ? value : fallback;
}

/** Login page data (spec §3: isEnabledPassword, isEnabledAuthCode, …) wins over the store settings. */
export function loginOptions(
  settings: Pick<StoreSettings, "login" | "features">,
  screenData: Readonly<Record<string, unknown>>,
): LoginOptions {
  const defaultType = screenData.defaultLoginType ?? settings.login.defaultLoginType;
  return {
    passwordEnabled: flag(screenData.isEnabledPassword, settings.features.isEnabledPassword),
    codeEnabled: flag(screenData.isEnabledAuthCode, settings.login.isEnabledAuthCode),
    defaultMode: defaultType === "authCode" ? "authCode" : "password",
    recaptchaEnabled: flag(screenData.isRecaptchaEnabled, settings.login.recaptcha?.enabled === true),
  };
}

/** The mode the query asks for, when the store offers it; otherwise the one it does offer. */
export function loginModeOf(query: URLSearchParams, options: LoginOptions): LoginMode {
  if (!options.codeEnabled) return "password";
  if (!options.passwordEnabled) return "authCode";
  const asked = query.get(LOGIN_TYPE_QUERY);
  return asked === "password" || asked === "authCode" ? asked : options.defaultMode;
}

/** The mode a form of the definition belongs to (`showWhen` loginType), or null when it shows in every mode. */
function modeOfForm(form: ScreenForm): LoginMode | null {
  if (!form.showWhen) return null;
  return form.showWhen.equals === "authCode" ? "authCode" : "password";
}

/** The forms the screen shows in this mode (all of them on a screen without modes, such as /login/code). */
export function formsOfMode(screen: ScreenDefinition, mode: LoginMode): ScreenForm[] {
  return screen.forms.filter((form) => {
    const formMode = modeOfForm(form);
    return formMode === null || formMode === mode;
  });
}

export interface ModeSwitch {
  /** The link's text: the `showWhen.labelKey` of the other mode's form. */
  labelKey: string;
  /** The query of the other mode, keeping every other parameter (returnTo). */
  search: string;
}

/** The link to the other mode, or null when the screen or the store offers only one. */
export function modeSwitchOf(
  screen: ScreenDefinition,
  query: URLSearchParams,
  mode: LoginMode,
  options: LoginOptions,
): ModeSwitch | null {
  if (!options.passwordEnabled || !options.codeEnabled) return null;
  const other: LoginMode = mode === "password" ? "authCode" : "password";
  const target = screen.forms.find((form) => modeOfForm(form) === other);
  if (!target?.showWhen) return null;
  const next = new URLSearchParams(query);
  if (other === options.defaultMode) next.delete(LOGIN_TYPE_QUERY);
  else next.set(LOGIN_TYPE_QUERY, other);
  const search = next.toString();
  return { labelKey: target.showWhen.labelKey, search: search ? `?${search}` : "" };
}
