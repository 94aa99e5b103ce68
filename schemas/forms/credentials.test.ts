import { describe, expect, it } from "vitest";
import { errorsOf } from "../test-helpers.ts";
import { buildSignupEmailForm } from "./consent.ts";
import {
  buildEmailChangeForm,
  buildForgotPasswordForm,
  buildPasswordChangeForm,
  buildPasswordResetForm,
  buildPasswordSetForm,
  buildUserIdChangeForm,
} from "./credentials.ts";

describe("password forms", () => {
  it("set: the mailed code and a password per the store's strength, confirmed", () => {
    const form = buildPasswordSetForm(
      { strength: "LOWER_DIGIT_SYMBOL", codeName: { displayName: "パスワード設定用認証コード" } },
      "test",
    );
    expect(form.uiSchema["ui:order"]).toEqual(["pinCode", "password", "passwordConfirm"]);
    expect(errorsOf(form, { pinCode: "123456", password: "abcdefg1", passwordConfirm: "abcdefg1" })).toEqual([
      { field: "password", message: "パスワードには記号を1文字以上含めてください。" },
    ]);
    expect(errorsOf(form, { password: "abcdef1!", passwordConfirm: "abcdef1!" })).toEqual([
      { field: "pinCode", message: "パスワード設定用認証コードを入力してください。" },
    ]);
  });

  it("change: the current password, and a new one that differs; the API form has no confirmation", () => {
    const screen = buildPasswordChangeForm({ strength: "LOWER_DIGIT", withConfirmation: true }, "test");
    expect(screen.uiSchema["ui:order"]).toEqual(["oldPassword", "newPassword", "newPasswordConfirm"]);
    expect(
      errorsOf(screen, { oldPassword: "abcdef12", newPassword: "abcdef13", newPasswordConfirm: "abcdef14" }),
    ).toEqual([{ field: "newPasswordConfirm", message: "パスワードが一致しません" }]);
    const api = buildPasswordChangeForm({ strength: "LOWER_DIGIT", withConfirmation: false }, "test");
    expect(errorsOf(api, { oldPassword: "abcdef12", newPassword: "abcdef12" })).toEqual([
      { field: "newPassword", message: "現在のパスワードとは異なるパスワードを設定してください。" },
    ]);
    expect(errorsOf(api, { oldPassword: "abcdef12", newPassword: "abcdef13" })).toEqual([]);
  });

  it("reset: nothing can be sent without the mailed token", () => {
    const form = buildPasswordResetForm({ strength: "LOWER_DIGIT" }, "test");
    expect(errorsOf(form, { password: "abcdef12", passwordConfirm: "abcdef12" })).toEqual([
      {
        field: "token",
        message:
          "パスワード再設定用のURLが正しくありません。メールに記載されたURLからもう一度お試しください。",
      },
    ]);
    expect(errorsOf(form, { token: "t0ken", password: "abcdef12", passwordConfirm: "abcdef12" })).toEqual([]);
  });

  it("forgot: a valid e-mail address", () => {
    const form = buildForgotPasswordForm({}, "test");
    expect(errorsOf(form, { email: "taro" })).toEqual([
      { field: "email", message: "メールアドレスの形式が正しくありません。" },
    ]);
  });
});

describe("user ID change", () => {
  it("needs a new ID and the password", () => {
    const form = buildUserIdChangeForm({ currentUserId: "taro2024" }, "test");
    expect(errorsOf(form, { userId: "taro2024", password: "short" })).toEqual([
      { field: "userId", message: "ユーザIDを変更してください。" },
      { field: "password", message: "パスワードは8文字以上です" },
    ]);
    expect(errorsOf(form, { userId: "jiro2024", password: "abcdefgh" })).toEqual([]);
  });

  it("is a different form, with its own validator, for each current ID", () => {
    const taro = buildUserIdChangeForm({ currentUserId: "taro2024" }, "test");
    const jiro = buildUserIdChangeForm({ currentUserId: "jiro2024" }, "test");
    expect(taro.version).not.toBe(jiro.version);
    expect(errorsOf(jiro, { userId: "taro2024", password: "abcdefgh" })).toEqual([]);
    expect(errorsOf(taro, { userId: "taro2024", password: "abcdefgh" })).toHaveLength(1);
  });
});

describe("e-mail forms", () => {
  it("change: a new address that differs, confirmed on the screen", () => {
    const screen = buildEmailChangeForm({ currentEmail: "taro@example.jp", withConfirmation: true }, "test");
    expect(errorsOf(screen, { email: "taro@example.jp", emailConfirm: "taro@example.jp" })).toEqual([
      { field: "email", message: "メールアドレスを変更してください。" },
    ]);
    const api = buildEmailChangeForm({ currentEmail: "taro@example.jp", withConfirmation: false }, "test");
    expect(errorsOf(api, { email: "new@example.jp" })).toEqual([]);
  });

  it("sign-up: the address the PIN goes to", () => {
    expect(errorsOf(buildSignupEmailForm({ policies: [] }, "test"), {})).toEqual([
      { field: "email", message: "メールアドレスを入力してください。" },
    ]);
  });
});
