import { describe, expect, it } from "vitest";
import type { FieldUiSchema } from "../form-definition.ts";
import { errorsOf } from "../test-helpers.ts";
import type { Survey } from "../types/survey.gen.ts";
import { buildSurveyForm, toSurveyAnswers } from "./survey.ts";

const options = [
  { optionId: "a", optionTitle: "映画", optionTitleEn: "Movies" },
  { optionId: "b", optionTitle: "アニメ" },
  { optionId: "c", optionTitle: "ドラマ" },
];

const survey: Survey = {
  surveyName: "ご利用アンケート",
  surveyDescription: "サービス向上のためご協力ください。",
  questions: [
    {
      questionId: "age",
      questionType: "TEXT",
      questionTitle: "年齢",
      required: true,
      validationPattern: "^[0-9]+$",
    },
    {
      questionId: "opinion",
      questionType: "TEXTAREA",
      questionTitle: "ご意見",
      required: false,
      questionDescription: "自由記述",
    },
    {
      questionId: "device",
      questionType: "SELECT",
      questionTitle: "端末",
      required: false,
      answerOptions: options,
    },
    {
      questionId: "how",
      questionType: "RADIO",
      questionTitle: "きっかけ",
      required: true,
      answerOptions: options,
    },
    {
      questionId: "genres",
      questionType: "CHECKBOX",
      questionTitle: "ジャンル",
      required: false,
      minCount: 1,
      maxCount: 2,
      answerOptions: options,
    },
  ],
};

describe("buildSurveyForm", () => {
  const form = buildSurveyForm({ survey }, "test");

  it("has a field per question, with the widget of its type", () => {
    const widgets = Object.fromEntries(
      (form.uiSchema["ui:order"] ?? []).map((name) => [
        name,
        (form.uiSchema[name] as FieldUiSchema)["ui:widget"],
      ]),
    );
    expect(widgets).toEqual({
      question_age: "text",
      question_opinion: "textarea",
      question_device: "select",
      question_how: "radio",
      question_genres: "checkboxGroup",
    });
    expect(form.uiSchema["ui:description"]).toBe("サービス向上のためご協力ください。");
    expect(form.uiSchema.question_opinion as FieldUiSchema).toMatchObject({
      "ui:options": { descriptionText: "自由記述" },
    });
    expect(form.uiSchema.question_genres as FieldUiSchema).toMatchObject({
      "ui:enumNames": ["映画", "アニメ", "ドラマ"],
      "ui:options": { minCount: 1, maxCount: 2, enumNamesEn: ["Movies", "アニメ", "ドラマ"] },
    });
    expect(form.schema.required).toEqual(["question_age", "question_how"]);
  });

  it("checks each answer by the question's rules", () => {
    expect(
      errorsOf(form, {
        question_age: "二十",
        question_opinion: "あ".repeat(301),
        question_genres: ["a", "b", "c"],
      }),
    ).toEqual([
      { field: "question_age", message: "回答の形式が正しくありません。" },
      { field: "question_opinion", message: "300文字以内で入力してください。" },
      { field: "question_how", message: "回答を選択してください。" },
      { field: "question_genres", message: "2個以内で選択してください。" },
    ]);
    expect(errorsOf(form, { question_age: "20", question_how: "b" })).toEqual([]);
  });

  it("turns answers into the survey answers of the API, leaving out unanswered questions", () => {
    expect(
      toSurveyAnswers(survey, {
        question_age: "20",
        question_how: "b",
        question_genres: ["a", "c"],
        question_device: undefined,
      }),
    ).toEqual([
      { questionId: "age", answer: "20" },
      { questionId: "how", answer: "b" },
      { questionId: "genres", answer: ["a", "c"] },
    ]);
  });
});
