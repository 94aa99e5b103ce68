import { describe, expect, it } from "vitest";
import { demoStore } from "../tests/render.tsx";
import type { FormDefinition } from "./form-definition.ts";
import {
  asFormSubmission,
  echoedValues,
  FORM_ID_FIELD,
  isSecretField,
  RECAPTCHA_TOKEN_FIELD,
  valuesFromFormPost,
} from "./form-post.ts";
import { buildProfilePinForm } from "./forms/codes.ts";
import { buildPasswordLoginForm } from "./forms/login.ts";
import { buildScreenForm, type FormBuilderName } from "./forms/registry.ts";
import { normalizeFormData } from "./normalize.ts";
import { validateFormData } from "./validation.ts";

/** A form with a hidden id, an optional checkbox, a required consent and a multiple choice. */
const preferences: FormDefinition = {
  id: "test.preferences",
  version: "1",
  schema: {
    type: "object",
    required: ["nickname", "consent"],
    properties: {
      requestId: { type: "string" },
      nickname: { type: "string" },
      newsletter: { type: "boolean" },
      consent: { type: "boolean" },
      genres: { type: "array", items: { type: "string", enum: ["anime", "drama", "news"] } },
    },
  },
  uiSchema: { requestId: { "ui:widget": "hidden" }, genres: { "ui:widget": "checkboxGroup" } },
};

function built(builder: FormBuilderName, options: Record<string, string> = {}): FormDefinition {
  return buildScreenForm(builder, { settings: demoStore, settingsVersion: "v1", screenData: {}, options });
}

function post(entries: ReadonlyArray<readonly [string, string]> | Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Array.isArray(entries) ? entries : Object.entries(entries)) {
    data.append(name, value);
  }
  return data;
}

describe("valuesFromFormPost", () => {
  it("reads the form's own fields and ignores anything else posted", () => {
    const form = buildPasswordLoginForm({ identifier: "emailOrUserId" }, "v1");
    const values = valuesFromFormPost(
      form,
      post({ emailUserId: " taro ", password: "secret", [FORM_ID_FIELD]: "x", extra: "1" }),
    );
    expect(values).toEqual({ emailUserId: " taro ", password: "secret" });
  });

  it("gives true for a ticked checkbox (whatever it posts) and false for an optional one left unticked", () => {
    expect(valuesFromFormPost(preferences, post({ newsletter: "on", consent: "true" }))).toMatchObject({
      newsletter: true,
      consent: true,
    });
    expect(valuesFromFormPost(preferences, post({ consent: "on" }))).toMatchObject({ newsletter: false });
    expect(valuesFromFormPost(preferences, post({ newsletter: "false" }))).toMatchObject({
      newsletter: false,
    });
  });

  it("leaves a required checkbox left unticked unanswered, so `required` reports it", () => {
    expect(valuesFromFormPost(preferences, post({ nickname: "taro" }))).not.toHaveProperty("consent");
  });

  it("collects every ticked value of a multiple choice, and an empty list when none is ticked", () => {
    expect(
      valuesFromFormPost(
        preferences,
        post([
          ["genres", "anime"],
          ["genres", "news"],
        ]),
      ).genres,
    ).toEqual(["anime", "news"]);
    expect(valuesFromFormPost(preferences, post({})).genres).toEqual([]);
  });

  it("joins the boxes of a PIN, or takes the whole code typed into the first box", () => {
    const form = built("authCode", { purpose: "signUp" });
    const boxes = ["1", "2", "3", "4", "5", "6"].map((digit) => ["pinCode", digit] as const);
    expect(valuesFromFormPost(form, post(boxes))).toEqual({ pinCode: "123456" });
    const firstOnly = [
      ["pinCode", "654321"] as const,
      ...Array.from({ length: 5 }, () => ["pinCode", ""] as const),
    ];
    expect(valuesFromFormPost(form, post(firstOnly))).toEqual({ pinCode: "654321" });
    // A new code typed into the first box of boxes that still show the last try.
    const overTried = [
      ["pinCode", "654321"] as const,
      ...Array.from({ length: 5 }, () => ["pinCode", "0"] as const),
    ];
    expect(valuesFromFormPost(form, post(overTried))).toEqual({ pinCode: "654321" });
  });

  it("reads a registration form posted by a browser into data that passes the API's validation", () => {
    const form = built("registration", { purpose: "signup" });
    const posted = post({
      userId: "taro2024",
      familyName: "山田",
      givenName: "太郎",
      familyNameKana: "ヤマダ",
      givenNameKana: "タロウ",
      nickname: "",
      sex: "1",
      birthday: "19900102",
      phoneNumber: "090-1234-5678",
      postalCode: "100-0001",
      prefecture: "13",
      address: "千代田区千代田1-1",
      address2: "",
      custom_favoriteGenre: "anime",
    });
    const values = valuesFromFormPost(form, posted);
    const normalized = normalizeFormData(form, values);
    expect(normalized).toMatchObject({
      sex: 1,
      prefecture: 13,
      phoneNumber: "09012345678",
      postalCode: "1000001",
    });
    const result = validateFormData(form, values);
    expect(
      result.ok ? [] : result.errors.map((error) => [error.instancePath, error.message, error.params]),
    ).toEqual([]);
  });
});

describe("asFormSubmission", () => {
  it("accepts the form's id, its values and a token", () => {
    const body = {
      [FORM_ID_FIELD]: "signup.email",
      values: { email: "a@example.jp" },
      [RECAPTCHA_TOKEN_FIELD]: "t",
    };
    expect(asFormSubmission(body)).toEqual(body);
  });

  it.each([
    null,
    "text",
    [],
    { values: {} },
    { [FORM_ID_FIELD]: 1, values: {} },
    { [FORM_ID_FIELD]: "f", values: [] },
    { [FORM_ID_FIELD]: "f", values: "x" },
    { [FORM_ID_FIELD]: "f", values: {}, [RECAPTCHA_TOKEN_FIELD]: 3 },
  ])("refuses %j", (body) => {
    expect(asFormSubmission(body)).toBeNull();
  });
});

describe("echoedValues", () => {
  it("sends back what was posted for the form's own fields, except passwords", () => {
    const form = buildPasswordLoginForm({ identifier: "email" }, "v1");
    expect(echoedValues(form, { emailUserId: "taro@example.jp", password: "secret", other: "x" })).toEqual({
      emailUserId: "taro@example.jp",
    });
  });

  it("treats a masked PIN as a secret and a visible code as text", () => {
    const pin = buildProfilePinForm({ withConfirmation: true }, "v1");
    expect(isSecretField(pin, "pinCode")).toBe(true);
    expect(echoedValues(pin, { pinCode: "1234", pinCodeConfirm: "1234" })).toEqual({});
    const code = built("authCode", { purpose: "signUp" });
    expect(echoedValues(code, { pinCode: "123456" })).toEqual({ pinCode: "123456" });
  });
});
