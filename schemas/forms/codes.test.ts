import { describe, expect, it } from "vitest";
import type { FieldUiSchema } from "../form-definition.ts";
import { errorsOf } from "../test-helpers.ts";
import {
  buildAuthCodeForm,
  buildMultiFactorForm,
  buildOtpSetupForm,
  buildProfilePinForm,
  type MultiFactorFormInput,
  offersPreferredType,
} from "./codes.ts";

const emailCodeName = { displayName: "2段階認証コード", displayNameEn: "two-step verification code" };

describe("buildAuthCodeForm", () => {
  it("asks for the purpose's 6-digit code by its display name", () => {
    const form = buildAuthCodeForm({ codeName: { displayName: "メールアドレス変更用認証コード" } }, "test");
    expect(form.schema.properties?.pinCode).toMatchObject({ title: "メールアドレス変更用認証コード" });
    expect(form.uiSchema.pinCode as FieldUiSchema).toMatchObject({
      "ui:widget": "pinCode",
      "ui:options": { length: 6 },
    });
    expect(errorsOf(form, {})).toEqual([
      { field: "pinCode", message: "メールアドレス変更用認証コードを入力してください。" },
    ]);
    expect(errorsOf(form, { pinCode: "123456" })).toEqual([]);
  });
});

describe("buildProfilePinForm", () => {
  it("asks for the PIN twice on the screen; submit waits until all boxes are filled", () => {
    const form = buildProfilePinForm({ withConfirmation: true }, "test");
    expect(form.uiSchema["ui:order"]).toEqual(["pinCode", "pinCodeConfirm"]);
    expect(form.uiSchema["ui:options"]).toEqual({ submitDisabledUntil: "filled" });
    expect(form.uiSchema.pinCode as FieldUiSchema).toMatchObject({
      "ui:options": { length: 4, masked: true },
    });
    expect(errorsOf(form, { pinCode: "1234", pinCodeConfirm: "4321" })).toEqual([
      { field: "pinCodeConfirm", message: "確認用PINコードが一致しません。" },
    ]);
  });

  it("checks the API's {pinCode} without a confirmation", () => {
    const form = buildProfilePinForm({ withConfirmation: false }, "test");
    expect(errorsOf(form, { pinCode: "1234" })).toEqual([]);
    expect(errorsOf(form, { pinCode: "1234", pinCodeConfirm: "1234" })).toEqual([
      { field: "pinCodeConfirm", message: "この項目は入力できません。" },
    ]);
  });
});

describe("buildMultiFactorForm", () => {
  const input = (overrides: Partial<MultiFactorFormInput>): MultiFactorFormInput => ({
    type: "OTP",
    availableTypes: ["Email", "OTP"],
    defaultType: "Email",
    emailCodeName,
    ...overrides,
  });

  it.each<[Partial<MultiFactorFormInput>, boolean]>([
    [{}, true],
    [{ type: "Email" }, false],
    [{ type: "BackupCode" }, false],
    [{ availableTypes: ["OTP"], defaultType: "OTP" }, false],
    [{ availableTypes: ["OTP"] }, false],
  ])("offers 'set as preferred' for %j: %s", (overrides, offered) => {
    expect(offersPreferredType(input(overrides))).toBe(offered);
    const form = buildMultiFactorForm(input(overrides), "test");
    expect(Object.keys(form.schema.properties ?? {}).includes("isPreferred")).toBe(offered);
  });

  it.each<[MultiFactorFormInput["type"], string, string]>([
    ["Email", "12", "2段階認証コードは半角数字6桁で入力してください。"],
    ["SMS", "12", "認証コードは半角数字6桁で入力してください。"],
    ["OTP", "12", "6桁のワンタイムパスワードを入力してください。"],
    ["BackupCode", "12", "バックアップコードは半角英数字8文字で入力してください。"],
  ])("checks a %s code by its own rule", (type, value, message) => {
    expect(errorsOf(buildMultiFactorForm(input({ type }), "test"), { value })).toEqual([
      { field: "value", message },
    ]);
  });

  it("accepts {value, isPreferred}", () => {
    expect(errorsOf(buildMultiFactorForm(input({}), "test"), { value: "123456", isPreferred: true })).toEqual(
      [],
    );
  });
});

describe("buildOtpSetupForm", () => {
  it("asks for the app's first one-time password as `token`", () => {
    const form = buildOtpSetupForm({}, "test");
    expect(errorsOf(form, { token: "123456" })).toEqual([]);
    expect(errorsOf(form, {})).toEqual([
      { field: "token", message: "6桁のワンタイムパスワードを入力してください。" },
    ]);
  });
});
