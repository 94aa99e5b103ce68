/** Survey questions of a plan (purchase) or of the withdrawal screen as form fields (spec §5 Survey). */
import type { FieldSpec, LiteralOption } from "../rules.ts";
import { surveyCheckboxesField, surveyChoiceField, surveyTextField } from "../rules.ts";
import type { Survey, SurveyQuestion } from "../types/survey.gen.ts";
import type { SurveyAnswers } from "../types/survey-answers.gen.ts";
import { composeForm, dynamicProperty, type FormField } from "./compose.ts";
import { memoizeByVersion } from "./memoize.ts";

export const QUESTION_PREFIX = "question";

export function questionProperty(questionId: string): string {
  return dynamicProperty(QUESTION_PREFIX, questionId);
}

function questionSpec(question: SurveyQuestion): FieldSpec {
  const label = {
    title: question.questionTitle,
    ...(question.questionTitleEn ? { titleEn: question.questionTitleEn } : {}),
  };
  const options: LiteralOption[] = (question.answerOptions ?? []).map((option) => ({
    value: option.optionId,
    label: option.optionTitle,
    ...(option.optionTitleEn ? { labelEn: option.optionTitleEn } : {}),
  }));
  const spec = (() => {
    switch (question.questionType) {
      case "TEXT":
      case "TEXTAREA":
        return surveyTextField(
          label,
          question.validationPattern ?? undefined,
          question.questionType === "TEXTAREA",
        );
      case "RADIO":
      case "SELECT":
        return surveyChoiceField(label, options, question.questionType === "RADIO" ? "radio" : "select");
      case "CHECKBOX":
        return surveyCheckboxesField(label, options, {
          required: question.required,
          ...(question.minCount != null ? { minCount: question.minCount } : {}),
          ...(question.maxCount != null ? { maxCount: question.maxCount } : {}),
        });
    }
  })();
  if (!question.questionDescription) return spec;
  return {
    ...spec,
    ui: {
      ...spec.ui,
      "ui:options": { ...spec.ui["ui:options"], descriptionText: question.questionDescription },
    },
  };
}

/** The fields of a survey's questions, for the survey form and forms that embed one (withdrawal). */
export function surveyFields(survey: Survey): FormField[] {
  return survey.questions.map((question) => ({
    name: questionProperty(question.questionId),
    spec: questionSpec(question),
    // A required CHECKBOX question is enforced by its minimum count: an empty list is "no answer".
    required: question.required,
  }));
}

export interface SurveyFormInput {
  survey: Survey;
}

export const buildSurveyForm = memoizeByVersion(({ survey }: SurveyFormInput) =>
  composeForm({
    id: "survey",
    fields: surveyFields(survey),
    ...(survey.surveyDescription ? { description: survey.surveyDescription } : {}),
  }),
);

/** The survey answers of (normalised) form data, in question order; unanswered questions are left out. */
export function toSurveyAnswers(survey: Survey, data: Record<string, unknown>): SurveyAnswers {
  return survey.questions.flatMap((question): SurveyAnswers => {
    const answer = data[questionProperty(question.questionId)];
    if (typeof answer === "string") return [{ questionId: question.questionId, answer }];
    if (Array.isArray(answer) && answer.length > 0) {
      return [
        {
          questionId: question.questionId,
          answer: answer.filter((item): item is string => typeof item === "string"),
        },
      ];
    }
    return [];
  });
}

/** Survey answers as the survey form's data (the reverse of toSurveyAnswers), for validation. */
export function fromSurveyAnswers(answers: SurveyAnswers): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const { questionId, answer } of answers) {
    try {
      data[questionProperty(questionId)] = answer;
    } catch {
      // An id that cannot name a field is not a question of any survey: the form refuses it.
      data[`unknown_${Object.keys(data).length}`] = answer;
    }
  }
  return data;
}
