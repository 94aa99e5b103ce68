import { describe, expect, it } from "vitest";
import type { FieldUiSchema } from "../form-definition.ts";
import { errorsOf } from "../test-helpers.ts";
import type { Policy } from "../types/policy.gen.ts";
import type { Survey } from "../types/survey.gen.ts";
import {
  buildConsentOptionsForm,
  buildPolicyConsentForm,
  buildWithdrawalForm,
  toPolicyConsentData,
} from "./consent.ts";

const policies: Policy[] = [
  {
    policyId: "terms",
    revision: 3,
    key: "terms",
    title: "利用規約",
    renderData: "<p>第1条</p>",
    isExternal: false,
  },
  {
    policyId: "privacy",
    revision: 2,
    key: "privacy",
    title: "プライバシーポリシー",
    renderData: "",
    isExternal: true,
    dataSource: "https://example.jp/privacy",
  },
];

describe("buildPolicyConsentForm", () => {
  const form = buildPolicyConsentForm({ policies }, "test");

  it("shows non-external policies in scroll boxes and external ones as checkboxes with their link", () => {
    expect(form.uiSchema.policy_terms as FieldUiSchema).toMatchObject({
      "ui:widget": "policyScroll",
      "ui:options": { policyTitle: "利用規約", renderData: "<p>第1条</p>", isExternal: false },
    });
    expect(form.uiSchema.policy_privacy as FieldUiSchema).toMatchObject({
      "ui:widget": "checkbox",
      "ui:options": { isExternal: true, url: "https://example.jp/privacy" },
    });
    expect(form.uiSchema["ui:options"]).toEqual({ submitDisabledUntil: "valid" });
  });

  it("needs every policy agreed to", () => {
    expect(errorsOf(form, { policy_terms: true })).toEqual([
      { field: "policy_privacy", message: "同意が必須です。" },
    ]);
    expect(errorsOf(form, { policy_terms: true, policy_privacy: true })).toEqual([]);
  });

  it("gives the policyConsentData of the agreed policies", () => {
    expect(toPolicyConsentData(policies, { policy_terms: true, policy_privacy: true })).toEqual([
      { policyId: "terms", revision: 3, key: "terms" },
      { policyId: "privacy", revision: 2, key: "privacy" },
    ]);
    expect(toPolicyConsentData(policies, { policy_terms: true })).toEqual([
      { policyId: "terms", revision: 3, key: "terms" },
    ]);
  });
});

describe("buildConsentOptionsForm", () => {
  it("has one optional switch per option, starting at its stored value", () => {
    const form = buildConsentOptionsForm(
      {
        options: [
          {
            consentOptionId: "news",
            key: "newsletter",
            title: "お知らせメール",
            description: "新作情報",
            value: true,
          },
          { consentOptionId: "ads", key: "ads", title: "広告", titleEn: "Ads", value: false },
        ],
      },
      "test",
    );
    expect(form.schema.properties).toEqual({
      consent_news: { title: "お知らせメール", type: "boolean", default: true },
      consent_ads: { title: "広告", type: "boolean", default: false },
    });
    expect(form.uiSchema.consent_news as FieldUiSchema).toMatchObject({
      "ui:widget": "consentSwitch",
      "ui:options": { descriptionText: "新作情報" },
    });
    expect(form.uiSchema.consent_ads as FieldUiSchema).toMatchObject({ "ui:options": { titleEn: "Ads" } });
    expect(errorsOf(form, {})).toEqual([]);
  });
});

describe("buildWithdrawalForm", () => {
  const survey: Survey = {
    surveyName: "退会理由",
    questions: [
      {
        questionId: "reason",
        questionType: "RADIO",
        questionTitle: "退会の理由",
        required: true,
        answerOptions: [
          { optionId: "price", optionTitle: "料金" },
          { optionId: "content", optionTitle: "作品" },
        ],
      },
    ],
  };

  it("is the survey and the consent", () => {
    const form = buildWithdrawalForm({ survey }, "test");
    expect(form.uiSchema["ui:order"]).toEqual(["question_reason", "consent"]);
    expect(errorsOf(form, {})).toEqual([
      { field: "question_reason", message: "回答を選択してください。" },
      { field: "consent", message: "同意は必須です" },
    ]);
    expect(errorsOf(form, { question_reason: "price", consent: true })).toEqual([]);
  });

  it("is only the consent without a survey", () => {
    expect(buildWithdrawalForm({ survey: null }, "test").uiSchema["ui:order"]).toEqual(["consent"]);
  });
});
