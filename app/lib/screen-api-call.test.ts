import { describe, expect, it } from "vitest";
import demoStore from "../../config/store.json" with { type: "json" };
import { createI18n } from "../../locales/i18n.ts";
import ja from "../../locales/ja/index.ts";
import type { FormDefinition } from "../../schemas/form-definition.ts";
import { buildRegistrationForm } from "../../schemas/forms/registration.ts";
import { buildScreenForm } from "../../schemas/forms/registry.ts";
import type { StoreSettings } from "../../schemas/types/store-settings.gen.ts";
import { SCREENS } from "../../screens/index.ts";
import { signupAuth, signupForm } from "../../screens/signup.ts";
import { ApiClientError } from "./api-client.ts";
import { screenFailure, screenPayload } from "./screen-api-call.ts";

const settings = demoStore as StoreSettings;
const translate = createI18n("ja", { ja }).t;

const registration = buildRegistrationForm(
  { setting: settings.accountRegistrationSetting, purpose: "signup", isRequiredPassword: false },
  "test",
);
const policies = [
  {
    policyId: "terms",
    revision: 2,
    key: "terms-2",
    title: "利用規約",
    renderData: "<p>…</p>",
    isExternal: false,
  },
  {
    policyId: "privacy",
    revision: 1,
    key: "privacy-1",
    title: "プライバシー",
    renderData: "<p>…</p>",
    isExternal: false,
  },
];
const query = new URLSearchParams();

describe("screenPayload", () => {
  it("sends registration fields with custom items as [{id, value}], empty ones as null", () => {
    const body = screenPayload(
      signupForm.forms[0].submit,
      registration,
      { familyName: "山田", custom_favoriteGenre: "anime", custom_receiveRecommendations: true },
      { screenData: {}, query },
    );
    expect(body).toMatchObject({ familyName: "山田", nickname: null });
    expect(body.customAssociatedInfo).toEqual([
      { id: "favoriteGenre", value: "anime" },
      { id: "referralSource", value: null },
      { id: "receiveRecommendations", value: "true" },
    ]);
  });

  it("turns agreed policy fields into policyConsentData and adds the constant body", () => {
    const form = buildScreenForm("signupEmail", {
      settings,
      settingsVersion: "test",
      screenData: { policies },
      options: {},
    });
    const body = screenPayload(
      signupAuth.forms[0].submit,
      form,
      { email: "a@example.jp", policy_terms: true, policy_privacy: true },
      { screenData: { policies }, query },
    );
    expect(body).toEqual({
      email: "a@example.jp",
      type: "signUp",
      policyConsentData: [
        { policyId: "terms", revision: 2, key: "terms-2" },
        { policyId: "privacy", revision: 1, key: "privacy-1" },
      ],
    });
  });

  it("wraps the payload and copies query values", () => {
    const body = screenPayload(
      { method: "POST", path: "/x", wrapIn: "optionalInfo", bodyFromQuery: ["token", "absent"] },
      registration,
      { nickname: "hana" },
      { screenData: {}, query: new URLSearchParams("token=abc") },
    );
    expect(body).toEqual({ optionalInfo: { nickname: "hana" }, token: "abc" });
  });
});

describe("screenFailure", () => {
  const mappings = signupForm.forms[0].errors;
  const conflict = (code: string, status = 409, message = "conflict") =>
    new ApiClientError(status, { code, message, requestId: "r1" });
  const userIdInUse = "このユーザIDは既に使用されています。別のユーザIDを登録してください。";

  it("puts a user ID already in use on the field, with the sign-up summary and a scroll (spec §8)", () => {
    const failure = screenFailure(
      conflict("ACCOUNT_ALREADY_EXISTS_USER_ID", 409, userIdInUse),
      mappings,
      registration,
      translate,
    );
    expect(failure).toEqual({
      serverErrors: [{ field: "userId", message: userIdInUse }],
      summary: "登録処理に失敗しました。上記エラー内容をご確認ください。",
    });
  });

  it("moves the message above the form when this store's form has no such field", () => {
    const withoutUserId: FormDefinition = buildRegistrationForm(
      { setting: { ...settings.accountRegistrationSetting, userId: "NOT_USE" }, purpose: "signup" },
      "test",
    );
    const failure = screenFailure(
      conflict("ACCOUNT_ALREADY_EXISTS_USER_ID", 409, userIdInUse),
      mappings,
      withoutUserId,
      translate,
    );
    expect(failure.serverErrors).toEqual([]);
    expect(failure.summary).toContain("このユーザIDは既に使用されています。");
  });

  it("lands the API's per-field validation errors on their fields with the summary", () => {
    const error = new ApiClientError(400, {
      code: "VALIDATION_ERROR",
      message: "入力内容をご確認ください。",
      requestId: "r2",
      errors: [{ field: "phoneNumber", message: "電話番号の形式が正しくありません" }],
    });
    const failure = screenFailure(error, mappings, registration, translate);
    expect(failure.serverErrors).toEqual([
      { field: "phoneNumber", message: "電話番号の形式が正しくありません" },
    ]);
    expect(failure.summary).toBe("登録処理に失敗しました。上記エラー内容をご確認ください。");
  });

  it("maps a bare status (HTTP_401 → the old password field)", () => {
    const form = buildScreenForm("passwordChange", {
      settings,
      settingsVersion: "t",
      screenData: {},
      options: {},
    });
    const failure = screenFailure(
      new ApiClientError(401, {
        code: "SOMETHING",
        message: "現在のパスワードが正しくありません。",
        requestId: "r",
      }),
      { HTTP_401: { field: "oldPassword" } },
      form,
      translate,
    );
    expect(failure.serverErrors).toEqual([
      { field: "oldPassword", message: "現在のパスワードが正しくありません。" },
    ]);
  });

  it("shows the wait the API states on every screen that sends mail or checks a code (429)", () => {
    const wait = "メールの送信が続いたため、しばらくお待ちください。2分後にもう一度お試しください。";
    const slowed = new ApiClientError(429, { code: "TOO_MANY_ATTEMPTS", message: wait, requestId: "r1" });
    for (const screen of SCREENS) {
      for (const form of screen.forms ?? []) {
        const failure = screenFailure(slowed, form.errors, registration, translate);
        expect(failure.summary, `${screen.id} ${form.builder}`).toBe(wait);
      }
    }
  });

  it("shows the API's message for an unmapped code, else エラーが発生しました。", () => {
    expect(screenFailure(conflict("OTHER"), mappings, registration, translate).summary).toBe("conflict");
    expect(screenFailure(new Error("boom"), mappings, registration, translate).summary).toBe(
      "エラーが発生しました。",
    );
  });
});
