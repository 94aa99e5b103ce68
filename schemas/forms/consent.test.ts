import { describe, expect, it } from "vitest";
import type { FieldUiSchema } from "../form-definition.ts";
import { errorsOf } from "../test-helpers.ts";
import type { Policy } from "../types/policy.gen.ts";
import type { Survey } from "../types/survey.gen.ts";
import { buildPolicyConsentForm, buildWithdrawalForm, toPolicyConsentData } from "./consent.ts";

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
