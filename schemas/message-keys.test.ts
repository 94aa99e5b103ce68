import { describe, expect, it } from "vitest";
import storeJson from "../config/store.json" with { type: "json" };
import type { FieldUiSchema, FormDefinition } from "./form-definition.ts";
import { fieldUiSchema } from "./form-definition.ts";
import {
  buildAuthCodeForm,
  buildMultiFactorForm,
  buildOtpSetupForm,
  buildProfilePinForm,
} from "./forms/codes.ts";
import { buildPolicyConsentForm, buildSignupEmailForm, buildWithdrawalForm } from "./forms/consent.ts";
import {
  buildEmailChangeForm,
  buildForgotPasswordForm,
  buildPasswordChangeForm,
  buildPasswordResetForm,
  buildPasswordSetForm,
  buildUserIdChangeForm,
} from "./forms/credentials.ts";
import { buildCodeLoginForm, buildLoginCodeEntryForm, buildPasswordLoginForm } from "./forms/login.ts";
import { buildCardForm, buildInvoiceAddresseeForm, buildPaymentMethodForm } from "./forms/payment.ts";
import { buildRegistrationForm, REGISTRATION_FIELDS } from "./forms/registration.ts";
import { buildSurveyForm } from "./forms/survey.ts";
import { propertySchemas } from "./normalize.ts";
import { hasTranslation } from "./test-helpers.ts";
import type { AccountRegistrationSetting } from "./types/account-registration-setting.gen.ts";

const codeName = { displayName: "認証コード" };
const options = [{ optionId: "a", optionTitle: "A" }];

/** One form of every builder, with every optional part switched on. */
const forms: FormDefinition[] = [
  buildRegistrationForm(
    {
      setting: {
        ...(Object.fromEntries(
          REGISTRATION_FIELDS.map((name) => [name, "REQUIRED"]),
        ) as AccountRegistrationSetting),
        customAssociatedInfo: storeJson.accountRegistrationSetting
          .customAssociatedInfo as AccountRegistrationSetting["customAssociatedInfo"],
      },
      purpose: "signup",
      isRequiredPassword: true,
    },
    "keys",
  ),
  buildPasswordLoginForm({ identifier: "emailOrUserId" }, "keys"),
  buildPasswordLoginForm({ identifier: "userId" }, "keys"),
  buildCodeLoginForm({}, "keys"),
  buildLoginCodeEntryForm({ codeName }, "keys"),
  buildAuthCodeForm({ codeName }, "keys"),
  buildProfilePinForm({ withConfirmation: true }, "keys"),
  ...(["Email", "SMS", "OTP", "BackupCode"] as const).map((type) =>
    buildMultiFactorForm(
      { type, availableTypes: ["Email", "SMS"], defaultType: "Email", emailCodeName: codeName },
      "keys",
    ),
  ),
  buildOtpSetupForm({}, "keys"),
  buildPasswordSetForm({ strength: "LOWER_DIGIT_UPPER_SYMBOL", codeName }, "keys"),
  buildPasswordChangeForm({ strength: "LOWER_DIGIT_UPPER_SYMBOL", withConfirmation: true }, "keys"),
  buildPasswordResetForm({ strength: "LOWER_DIGIT" }, "keys"),
  buildForgotPasswordForm({}, "keys"),
  buildUserIdChangeForm({ currentUserId: "taro2024" }, "keys"),
  buildEmailChangeForm({ currentEmail: "taro@example.jp", withConfirmation: true }, "keys"),
  buildSignupEmailForm({ policies: [] }, "keys"),
  buildPolicyConsentForm(
    { policies: [{ policyId: "t", revision: 1, key: "t", title: "T", renderData: "", isExternal: false }] },
    "keys",
  ),
  buildWithdrawalForm({ survey: null }, "keys"),
  buildSurveyForm(
    {
      survey: {
        surveyName: "S",
        questions: [
          {
            questionId: "t",
            questionType: "TEXT",
            questionTitle: "T",
            required: true,
            validationPattern: "^a$",
          },
          {
            questionId: "r",
            questionType: "RADIO",
            questionTitle: "R",
            required: true,
            answerOptions: options,
          },
          {
            questionId: "c",
            questionType: "CHECKBOX",
            questionTitle: "C",
            required: true,
            maxCount: 1,
            answerOptions: options,
          },
        ],
      },
    },
    "keys",
  ),
  buildPaymentMethodForm(
    {
      types: [
        "SbpsCredit",
        "CampaignCode",
        "PaypalNvp",
        "PaypalRest",
        "SbpsAuSimple",
        "SbpsAuone",
        "SbpsDocomo",
        "SbpsPaypay",
        "SbpsSoftbank",
        "SbpsSoftbankYahoo",
      ],
    },
    "keys",
  ),
  buildCardForm({}, "keys"),
  buildInvoiceAddresseeForm({}, "keys"),
];

function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(strings);
  return [];
}

/** The texts of every ajv-errors `errorMessage` anywhere in a schema. */
function errorMessages(node: unknown): string[] {
  if (typeof node !== "object" || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === "errorMessage" ? strings(value) : errorMessages(value),
  );
}

/** Every translation key a form refers to: messages, translated labels and option names. */
function keysOf(form: FormDefinition): string[] {
  const keys = errorMessages(form.schema);
  for (const [name, schema] of propertySchemas(form.schema)) {
    const ui: FieldUiSchema | undefined = fieldUiSchema(form, name);
    if (ui?.["ui:options"]?.labelKey && schema.title) keys.push(schema.title);
    if (ui?.["ui:options"]?.enumNamesKeys) keys.push(...(ui["ui:enumNames"] ?? []));
    if (ui?.["ui:help"]) keys.push(ui["ui:help"]);
  }
  return keys;
}

describe("translation keys of every form", () => {
  it.each(forms.map((form) => [form.id, form] as const))(
    "%s: each key exists in Japanese and English",
    (_id, form) => {
      const missing = keysOf(form).flatMap((key) =>
        (["ja", "en"] as const)
          .filter((language) => !hasTranslation(language, key))
          .map((language) => `${language}: ${key}`),
      );
      expect(missing).toEqual([]);
    },
  );

  it.each(forms.map((form) => [form.id, form] as const))(
    "%s: every field is listed in ui:order and has a uiSchema",
    (_id, form) => {
      const names = [...propertySchemas(form.schema).keys()];
      expect([...(form.uiSchema["ui:order"] ?? [])].sort()).toEqual([...names].sort());
      for (const name of names) expect(fieldUiSchema(form, name)?.["ui:widget"], name).toBeDefined();
    },
  );

  it("the forms survive a JSON round trip unchanged (they are pure data)", () => {
    for (const form of forms) expect(JSON.parse(JSON.stringify(form))).toStrictEqual(form);
  });

  it("the key collector finds message keys, labels and option names", () => {
    const keys = keysOf(buildPaymentMethodForm({ types: ["CampaignCode"] }, "keys"));
    expect(keys).toEqual(
      expect.arrayContaining([
        "validation.paymentMethod.required",
        "validation.campaignCode.required",
        "field.paymentMethodType",
        "field.paymentMethodTypes.CampaignCode",
      ]),
    );
  });
});
