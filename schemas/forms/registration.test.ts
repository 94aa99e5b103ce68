import { describe, expect, it } from "vitest";
import storeJson from "../../config/store.json" with { type: "json" };
import type { FieldUiSchema, FormDefinition, PasswordStrength } from "../form-definition.ts";
import { errorsOf } from "../test-helpers.ts";
import type { AccountRegistrationSetting } from "../types/account-registration-setting.gen.ts";
import {
  buildRegistrationForm,
  fromRegistrationPayload,
  REGISTRATION_FIELDS,
  type RegistrationField,
  type RegistrationFormInput,
  registrationPayloadSchema,
  toRegistrationPayload,
} from "./registration.ts";

const demoSetting = storeJson.accountRegistrationSetting as AccountRegistrationSetting;

function every(rule: "REQUIRED" | "OPTIONAL" | "NOT_USE"): AccountRegistrationSetting {
  return Object.fromEntries(REGISTRATION_FIELDS.map((name) => [name, rule]));
}

function build(
  setting: AccountRegistrationSetting,
  overrides: Partial<RegistrationFormInput> = {},
): FormDefinition {
  return buildRegistrationForm({ setting, purpose: "signup", ...overrides }, "test");
}

const propertiesOf = (form: FormDefinition) => Object.keys(form.schema.properties ?? {});
const ui = (form: FormDefinition, field: string) => form.uiSchema[field] as FieldUiSchema;

describe("buildRegistrationForm: field rules", () => {
  it("all REQUIRED: every field is shown and mandatory", () => {
    const form = build(every("REQUIRED"));
    expect(propertiesOf(form)).toEqual([...REGISTRATION_FIELDS]);
    expect(form.schema.required).toEqual([...REGISTRATION_FIELDS]);
    expect(form.uiSchema["ui:order"]).toEqual([...REGISTRATION_FIELDS]);
  });

  it("all OPTIONAL, or no rules at all: every field is shown and none is mandatory", () => {
    for (const setting of [every("OPTIONAL"), {}]) {
      const form = build(setting);
      expect(propertiesOf(form)).toEqual([...REGISTRATION_FIELDS]);
      expect(form.schema.required).toBeUndefined();
      expect(errorsOf(form, {})).toEqual([]);
    }
  });

  it("all NOT_USE: no field is shown, and a field sent anyway is rejected", () => {
    const form = build(every("NOT_USE"));
    expect(propertiesOf(form)).toEqual([]);
    expect(errorsOf(form, { familyName: "山田" })).toEqual([
      { field: "familyName", message: "この項目は入力できません。" },
    ]);
  });

  it("mixed (the demo store): REQUIRED mandatory, OPTIONAL and omitted optional, NOT_USE absent", () => {
    const form = build(demoSetting);
    const shown = propertiesOf(form);
    expect(shown).not.toContain("name");
    expect(shown).not.toContain("nameKana");
    expect(shown).not.toContain("country");
    expect(form.schema.required).toEqual([
      "familyName",
      "givenName",
      "familyNameKana",
      "givenNameKana",
      "birthday",
      "postalCode",
      "prefecture",
      "address",
      "custom_favoriteGenre",
    ]);
    expect(shown).toEqual(expect.arrayContaining(["nickname", "sex", "phoneNumber", "address2", "userId"]));
    expect(form.uiSchema["ui:description"]).toBe(demoSetting.message);
    expect(
      errorsOf(form, {
        familyName: "山田",
        givenName: "太郎",
        familyNameKana: "ヤマダ",
        givenNameKana: "タロウ",
        birthday: "19900101",
        postalCode: "100-0001",
        prefecture: 13,
        address: "千代田区千代田1-1",
        custom_favoriteGenre: "anime",
      }),
    ).toEqual([]);
  });

  it("address fields show unless NOT_USE, and the postal search fills only fields that are there", () => {
    const both = build({ postalCode: "OPTIONAL" });
    expect(ui(both, "postalCode")["ui:options"]).toMatchObject({
      prefectureField: "prefecture",
      addressField: "address",
    });
    const noAddress = build({ prefecture: "NOT_USE", address: "NOT_USE" });
    expect(propertiesOf(noAddress)).toEqual(expect.arrayContaining(["postalCode", "address2"]));
    expect(ui(noAddress, "postalCode")["ui:options"]).not.toHaveProperty("prefectureField");
    expect(ui(noAddress, "postalCode")["ui:options"]).not.toHaveProperty("addressField");
  });

  it("my page edits neither the user ID nor the password", () => {
    const form = build(every("REQUIRED"), { purpose: "edit", isRequiredPassword: true });
    expect(propertiesOf(form)).not.toContain("userId");
    expect(propertiesOf(form)).not.toContain("password");
    expect(form.id).toBe("registration.edit");
  });

  it("the user ID follows its rule and checks availability on blur", () => {
    expect(propertiesOf(build({ userId: "NOT_USE" }))).not.toContain("userId");
    const form = build({ userId: "REQUIRED" });
    expect(ui(form, "userId")).toMatchObject({
      "ui:widget": "userId",
      "ui:options": { verifyPath: "/zapi/account/user-id/verify" },
    });
  });
});

describe("buildRegistrationForm: gender", () => {
  it("is a select by default and radio buttons when the store says Radio", () => {
    expect(ui(build({}), "sex")["ui:widget"]).toBe("select");
    expect(ui(build({ genderInputType: "Select" }), "sex")["ui:widget"]).toBe("select");
    expect(ui(build({ genderInputType: "Radio" }), "sex")["ui:widget"]).toBe("radio");
  });

  it("offers prefer-not-to-answer (0) unless the store disallows unknown gender", () => {
    const allowed = build({});
    expect(allowed.schema.properties?.sex).toMatchObject({ enum: [1, 2, 9, 0] });
    expect(ui(allowed, "sex")["ui:enumNames"]).toEqual([
      "field.sexOptions.male",
      "field.sexOptions.female",
      "field.sexOptions.other",
      "field.sexOptions.unanswered",
    ]);
    const disallowed = build({ disallowUnknownGender: true, sex: "REQUIRED" });
    expect(disallowed.schema.properties?.sex).toMatchObject({ enum: [1, 2, 9] });
    expect(ui(disallowed, "sex")["ui:enumNames"]).toHaveLength(3);
    expect(errorsOf(disallowed, { sex: 0 })).toEqual([{ field: "sex", message: "性別を選択してください。" }]);
  });
});

describe("buildRegistrationForm: password", () => {
  it("is asked for, with a confirmation, only when the sign-up requires one", () => {
    expect(propertiesOf(build({}))).not.toContain("password");
    const form = build({}, { isRequiredPassword: true });
    expect(propertiesOf(form).slice(-2)).toEqual(["password", "passwordConfirm"]);
    expect(form.schema.required).toEqual(["password", "passwordConfirm"]);
  });

  it.each<[PasswordStrength | undefined, string[]]>([
    [undefined, ["requireLowercase", "requireDigit"]],
    ["LOWER_DIGIT", ["requireLowercase", "requireDigit"]],
    ["LOWER_DIGIT_SYMBOL", ["requireLowercase", "requireDigit", "requireSymbol"]],
    ["LOWER_DIGIT_UPPER", ["requireLowercase", "requireDigit", "requireUppercase"]],
    ["LOWER_DIGIT_UPPER_SYMBOL", ["requireLowercase", "requireDigit", "requireUppercase", "requireSymbol"]],
  ])("strength %s requires %j", (passwordStrength, keywords) => {
    const form = build(passwordStrength ? { passwordStrength } : {}, { isRequiredPassword: true });
    const schema = form.schema.properties?.password as Record<string, unknown>;
    expect(Object.keys(schema).filter((key) => key.startsWith("require"))).toEqual(keywords);
    expect(ui(form, "password")["ui:options"]?.passwordStrength).toBe(passwordStrength ?? "LOWER_DIGIT");
  });
});

describe("buildRegistrationForm: custom associated info", () => {
  const setting: AccountRegistrationSetting = {
    ...every("NOT_USE"),
    customAssociatedInfo: [
      {
        id: "referral",
        title: "きっかけ",
        titleEn: "Referral",
        type: "TEXT",
        rule: "OPTIONAL",
        maxLength: 20,
      },
      { id: "memo", title: "メモ", type: "TEXT", rule: "REQUIRED" },
      {
        id: "genre",
        title: "ジャンル",
        type: "SELECT",
        rule: "REQUIRED",
        selectOptions: [
          { id: "movie", label: "映画", labelEn: "Movies" },
          { id: "anime", label: "アニメ" },
        ],
      },
      { id: "news", title: "お知らせ", type: "CHECKBOX", rule: "REQUIRED" },
      { id: "hidden", title: "使わない", type: "TEXT", rule: "NOT_USE" },
    ],
  };
  const form = build(setting);

  it("adds one field per item that is not NOT_USE, required per its rule", () => {
    expect(propertiesOf(form)).toEqual(["custom_referral", "custom_memo", "custom_genre", "custom_news"]);
    expect(form.schema.required).toEqual(["custom_memo", "custom_genre", "custom_news"]);
  });

  it("TEXT has the item's maximum length, or 255", () => {
    expect(form.schema.properties?.custom_referral).toMatchObject({
      type: "string",
      maxLength: 20,
      title: "きっかけ",
    });
    expect(ui(form, "custom_referral")["ui:options"]).toMatchObject({ titleEn: "Referral" });
    expect(form.schema.properties?.custom_memo).toMatchObject({ maxLength: 255 });
  });

  it("SELECT offers the item's options, with English names where given", () => {
    expect(form.schema.properties?.custom_genre).toMatchObject({ enum: ["movie", "anime"] });
    expect(ui(form, "custom_genre")).toMatchObject({
      "ui:widget": "select",
      "ui:enumNames": ["映画", "アニメ"],
      "ui:options": { enumNamesEn: ["Movies", "アニメ"] },
    });
  });

  it("CHECKBOX is a single box that must be ticked when required", () => {
    expect(form.schema.properties?.custom_news).toMatchObject({ type: "boolean", enum: [true] });
    expect(ui(form, "custom_news")["ui:widget"]).toBe("checkbox");
  });

  it("is sent as customAssociatedInfo [{id, value}], a checkbox as the text true or false", () => {
    const data = { custom_memo: "よろしく", custom_genre: "anime", custom_news: true };
    const payload = toRegistrationPayload(form, data);
    expect(payload).toEqual({
      customAssociatedInfo: [
        { id: "referral", value: null },
        { id: "memo", value: "よろしく" },
        { id: "genre", value: "anime" },
        { id: "news", value: "true" },
      ],
    });
    expect(toRegistrationPayload(form, {}).customAssociatedInfo).toContainEqual({
      id: "news",
      value: "false",
    });
    expect(fromRegistrationPayload(form, payload)).toEqual({ ...data, custom_referral: null });
    expect(errorsOf(form, fromRegistrationPayload(form, payload))).toEqual([]);
  });

  it("an item the store does not define is rejected", () => {
    const payload = {
      customAssociatedInfo: [
        { id: "memo", value: "x" },
        { id: "unknown", value: "x" },
      ],
    };
    expect(errorsOf(form, fromRegistrationPayload(form, payload))).toContainEqual({
      field: "custom_unknown",
      message: "この項目は入力できません。",
    });
    expect(errorsOf(form, fromRegistrationPayload(form, { customAssociatedInfo: "memo" }))).toContainEqual({
      field: "customAssociatedInfo",
      message: "この項目は入力できません。",
    });
  });

  it("refuses an item id that cannot name a field", () => {
    expect(() =>
      build({ customAssociatedInfo: [{ id: "a.b", title: "x", type: "TEXT", rule: "OPTIONAL" }] }),
    ).toThrow(/a\.b/);
  });
});

describe("registration payload", () => {
  it("sends every field of the form, an empty one as null", () => {
    const form = build({ ...every("NOT_USE"), familyName: "REQUIRED", nickname: "OPTIONAL" });
    expect(toRegistrationPayload(form, { familyName: "山田" })).toEqual({
      familyName: "山田",
      nickname: null,
    });
  });

  it("has a schema of nullable values and the custom item list", () => {
    const schema = registrationPayloadSchema(build({ sex: "OPTIONAL", nickname: "OPTIONAL" }));
    expect(schema.properties?.nickname).toEqual({ type: ["string", "null"], maxLength: 30 });
    expect(schema.properties?.sex).toEqual({ type: ["integer", "null"], enum: [1, 2, 9, 0, null] });
    expect(schema.properties?.customAssociatedInfo).toMatchObject({ type: "array" });
  });
});

describe("memoisation", () => {
  it("returns the same definition for the same settings version and input, a new one otherwise", () => {
    const input = { setting: demoSetting, purpose: "signup" as const };
    const first = buildRegistrationForm(input, "v1");
    expect(buildRegistrationForm({ ...input, setting: { ...demoSetting } }, "v1")).toBe(first);
    const nextVersion = buildRegistrationForm(input, "v2");
    expect(nextVersion).not.toBe(first);
    expect(nextVersion.version).not.toBe(first.version);
    const otherInput = buildRegistrationForm({ ...input, isRequiredPassword: true }, "v1");
    expect(otherInput.version).not.toBe(first.version);
  });
});

it.each<RegistrationField>([...REGISTRATION_FIELDS])("%s has a translated label", (name) => {
  const form = build(every("OPTIONAL"));
  expect(form.schema.properties?.[name]).toMatchObject({ title: `field.${name}` });
  expect(ui(form, name)["ui:options"]?.labelKey).toBe(true);
});
