import { describe, expect, it } from "vitest";
import { errorsOf } from "../test-helpers.ts";
import { buildCodeLoginForm, buildLoginCodeEntryForm, buildPasswordLoginForm } from "./login.ts";

describe("login forms", () => {
  it("password mode needs the identifier and the password, labelled by the store's identifiers", () => {
    const form = buildPasswordLoginForm({ identifier: "emailOrUserId" }, "test");
    expect(form.schema.properties?.emailUserId).toMatchObject({ title: "field.emailOrUserId" });
    expect(errorsOf(form, {})).toEqual([
      { field: "emailUserId", message: "メールアドレスまたはユーザIDを入力してください。" },
      { field: "password", message: "パスワードを入力してください。" },
    ]);
    expect(errorsOf(form, { emailUserId: "taro2024", password: "x" })).toEqual([]);
    expect(
      buildPasswordLoginForm({ identifier: "userId" }, "test").schema.properties?.emailUserId,
    ).toMatchObject({
      title: "field.userId",
    });
    expect(
      errorsOf(buildPasswordLoginForm({ identifier: "email" }, "test"), {
        emailUserId: "taro2024",
        password: "x",
      }),
    ).toEqual([{ field: "emailUserId", message: "メールアドレスの形式が正しくありません。" }]);
  });

  it("code mode sends the code to an e-mail address, then asks for it by the login purpose's name", () => {
    expect(errorsOf(buildCodeLoginForm({}, "test"), { email: "taro@example.jp" })).toEqual([]);
    const entry = buildLoginCodeEntryForm(
      { codeName: { displayName: "ログイン用認証コード", displayNameEn: "login code" } },
      "test",
    );
    expect(errorsOf(entry, {})).toEqual([
      { field: "authCode", message: "ログイン用認証コードを入力してください。" },
    ]);
    expect(errorsOf(entry, {}, "en")).toEqual([{ field: "authCode", message: "Enter the login code." }]);
  });
});
