import { describe, expect, it } from "vitest";
import storeJson from "../../config/store.json" with { type: "json" };
import type { StoreSettings } from "../types/store-settings.gen.ts";
import { buildScreenForm, FORM_BUILDERS, type FormBuildContext, isFormBuilderName } from "./registry.ts";

const settings = storeJson as StoreSettings;

function context(overrides: Partial<FormBuildContext> = {}): FormBuildContext {
  return { settings, settingsVersion: "v1", screenData: {}, options: {}, ...overrides };
}

const needs: Partial<Record<keyof typeof FORM_BUILDERS, Partial<FormBuildContext>>> = {
  authCode: { options: { purpose: "signUp" } },
  multiFactor: {
    screenData: { type: "OTP", multiFactorType: ["Email", "OTP"], defaultMultiFactorType: "Email" },
  },
};

describe("FORM_BUILDERS", () => {
  it.each(Object.keys(FORM_BUILDERS))("%s builds a form from the demo store", (name) => {
    if (!isFormBuilderName(name)) throw new Error(name);
    const form = buildScreenForm(name, context(needs[name]));
    expect(form.schema.type).toBe("object");
    expect(form.version.startsWith("v1.")).toBe(true);
  });

  it("refuses a name it does not know", () => {
    expect(isFormBuilderName("registration")).toBe(true);
    expect(isFormBuilderName("toString")).toBe(false);
  });

  it("registration: sign-up or my page, with the password the sign-up data asks for", () => {
    const signup = buildScreenForm("registration", context({ screenData: { isRequiredPassword: true } }));
    expect(signup.schema.properties).toHaveProperty("password");
    expect(signup.schema.properties).toHaveProperty("userId");
    const edit = buildScreenForm("registration", context({ options: { purpose: "edit" } }));
    expect(edit.schema.properties).not.toHaveProperty("userId");
    expect(() => buildScreenForm("registration", context({ options: { purpose: "signUp" } }))).toThrow(
      /purpose/,
    );
  });

  it("authCode: names the code after options.purpose", () => {
    const form = buildScreenForm("authCode", context({ options: { purpose: "mailEdit" } }));
    expect(form.schema.properties?.pinCode).toMatchObject({ title: "メールアドレス変更用認証コード" });
    expect(() => buildScreenForm("authCode", context())).toThrow(/purpose/);
  });

  it("loginPassword: either identifier when user IDs are enabled, e-mail only otherwise", () => {
    const identifier = (screenData: Record<string, unknown>) =>
      buildScreenForm("loginPassword", context({ screenData })).schema.properties?.emailUserId;
    expect(identifier({ isEnabledUserId: true })).toMatchObject({ title: "field.emailOrUserId" });
    expect(identifier({ isEnabledUserId: false })).toMatchObject({ title: "field.email" });
  });

  it("multiFactor: offers 'preferred' from the page data", () => {
    const form = buildScreenForm("multiFactor", context(needs.multiFactor));
    expect(form.schema.properties).toHaveProperty("isPreferred");
    const single = buildScreenForm(
      "multiFactor",
      context({ screenData: { type: "OTP", multiFactorType: ["OTP"] } }),
    );
    expect(single.schema.properties).not.toHaveProperty("isPreferred");
  });

  it("passwordChange: the account's own strength wins over the store's", () => {
    const form = buildScreenForm(
      "passwordChange",
      context({ screenData: { passwordStrength: "LOWER_DIGIT_SYMBOL" } }),
    );
    expect(form.schema.properties?.newPassword).toMatchObject({ requireSymbol: true });
    expect(form.schema.properties?.newPassword).not.toHaveProperty("requireUppercase");
  });

  it("userIdChange and emailChange: the new value must differ from the account's", () => {
    expect(
      buildScreenForm("userIdChange", context({ screenData: { userId: "taro2024" } })).schema.properties
        ?.userId,
    ).toMatchObject({
      not: { const: "taro2024" },
    });
    expect(
      buildScreenForm("emailChange", context({ screenData: { email: "taro@example.jp" } })).schema.properties
        ?.email,
    ).toMatchObject({ not: { const: "taro@example.jp" } });
  });

  it("paymentMethod: the store's methods", () => {
    expect(buildScreenForm("paymentMethod", context()).schema.properties?.paymentMethodType).toMatchObject({
      enum: settings.storePaymentMethods,
    });
  });
});
