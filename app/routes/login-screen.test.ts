import { describe, expect, it } from "vitest";
import type { StoreSettings } from "../../schemas/types/store-settings.gen.ts";
import { login, loginCode } from "../../screens/guest.ts";
import { demoStore } from "../../tests/render.tsx";
import { buildFormOfScreen } from "../lib/screen-form-build.server.ts";
import { formsOfMode, type LoginOptions, loginModeOf, loginOptions, modeSwitchOf } from "./login-screen.ts";

const both: LoginOptions = {
  passwordEnabled: true,
  codeEnabled: true,
  defaultMode: "password",
  recaptchaEnabled: false,
};

function withLogin(overrides: Partial<StoreSettings["login"]>): StoreSettings {
  return { ...demoStore, login: { ...demoStore.login, ...overrides } };
}

describe("loginOptions", () => {
  it("follows the store settings", () => {
    const settings = withLogin({
      isEnabledAuthCode: false,
      defaultLoginType: "password",
      recaptcha: { enabled: true },
    });
    expect(loginOptions(settings, {})).toEqual({
      passwordEnabled: true,
      codeEnabled: false,
      defaultMode: "password",
      recaptchaEnabled: true,
    });
  });

  it("lets the login page data override them", () => {
    const screenData = {
      isEnabledPassword: false,
      isEnabledAuthCode: true,
      defaultLoginType: "authCode",
      isRecaptchaEnabled: false,
    };
    expect(loginOptions(withLogin({ recaptcha: { enabled: true } }), screenData)).toEqual({
      passwordEnabled: false,
      codeEnabled: true,
      defaultMode: "authCode",
      recaptchaEnabled: false,
    });
  });
});

describe("loginModeOf", () => {
  it("is password mode without a query, code mode with loginType=authCode (spec §2)", () => {
    expect(loginModeOf(new URLSearchParams(), both)).toBe("password");
    expect(loginModeOf(new URLSearchParams("loginType=authCode"), both)).toBe("authCode");
  });

  it("starts in the store's default mode", () => {
    expect(loginModeOf(new URLSearchParams(), { ...both, defaultMode: "authCode" })).toBe("authCode");
    expect(loginModeOf(new URLSearchParams("loginType=password"), { ...both, defaultMode: "authCode" })).toBe(
      "password",
    );
  });

  it("ignores a mode the store does not offer", () => {
    expect(loginModeOf(new URLSearchParams("loginType=authCode"), { ...both, codeEnabled: false })).toBe(
      "password",
    );
    expect(loginModeOf(new URLSearchParams("loginType=password"), { ...both, passwordEnabled: false })).toBe(
      "authCode",
    );
  });
});

describe("formsOfMode", () => {
  it("shows the password form in password mode and the code form in code mode", () => {
    expect(formsOfMode(login, "password").map((form) => form.builder)).toEqual(["loginPassword"]);
    expect(formsOfMode(login, "authCode").map((form) => form.builder)).toEqual(["loginCode"]);
  });

  it("shows every form of a screen without modes", () => {
    expect(formsOfMode(loginCode, "password").map((form) => form.builder)).toEqual(["loginCodeEntry"]);
  });
});

describe("modeSwitchOf", () => {
  it("links to code mode keeping the other parameters (returnTo)", () => {
    const query = new URLSearchParams("returnTo=%2Fmypage%2Fedit");
    expect(modeSwitchOf(login, query, "password", both)).toEqual({
      labelKey: "screens.login.codeMode",
      search: "?returnTo=%2Fmypage%2Fedit&loginType=authCode",
    });
  });

  it("links back to the default mode by dropping loginType", () => {
    const query = new URLSearchParams("loginType=authCode&returnTo=%2Fplans");
    expect(modeSwitchOf(login, query, "authCode", both)).toEqual({
      labelKey: "screens.login.passwordMode",
      search: "?returnTo=%2Fplans",
    });
  });

  it("names password mode in the query when code mode is the default", () => {
    const options = { ...both, defaultMode: "authCode" as const };
    expect(modeSwitchOf(login, new URLSearchParams(), "authCode", options)?.search).toBe(
      "?loginType=password",
    );
  });

  it("offers no switch when the store offers one mode, or on a screen without modes", () => {
    expect(
      modeSwitchOf(login, new URLSearchParams(), "password", { ...both, codeEnabled: false }),
    ).toBeNull();
    expect(modeSwitchOf(loginCode, new URLSearchParams(), "password", both)).toBeNull();
  });
});

describe("buildFormOfScreen", () => {
  const context = { settings: demoStore, settingsVersion: "v1" };

  it("labels the identifier per the store: e-mail or user ID when user IDs are enabled, else e-mail", () => {
    const [passwordForm] = formsOfMode(login, "password");
    if (!passwordForm) throw new Error("the login screen has a password form");
    const withUserIds = buildFormOfScreen(passwordForm, {
      ...context,
      screenData: { isEnabledUserId: true },
    });
    const emailOnly = buildFormOfScreen(passwordForm, { ...context, screenData: { isEnabledUserId: false } });
    expect(withUserIds.schema.properties?.emailUserId).toMatchObject({ title: "field.emailOrUserId" });
    expect(emailOnly.schema.properties?.emailUserId).toMatchObject({ title: "field.email" });
  });

  it("applies the definition's uiSchema over the built one", () => {
    const [passwordForm] = formsOfMode(login, "password");
    if (!passwordForm) throw new Error("the login screen has a password form");
    const definition = { ...passwordForm, uiSchema: { "ui:order": ["password", "emailUserId"] } };
    expect(buildFormOfScreen(definition, { ...context, screenData: {} }).uiSchema["ui:order"]).toEqual([
      "password",
      "emailUserId",
    ]);
  });
});
