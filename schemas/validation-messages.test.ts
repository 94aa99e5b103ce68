import type { RJSFValidationError } from "@rjsf/utils";
import { describe, expect, it } from "vitest";
import type { FormDefinition } from "./form-definition.ts";
import { composeForm } from "./forms/compose.ts";
import { campaignCodeField, literalTextField, surveyCheckboxesField, textField } from "./rules.ts";
import { errorsOf, translators } from "./test-helpers.ts";
import { validateFormData } from "./validation.ts";
import { createErrorTransformer, translateValidationErrors } from "./validation-messages.ts";

const form: FormDefinition = {
  ...composeForm({
    id: "messages-test",
    fields: [
      { name: "method", spec: textField("field.paymentMethodType", 20), required: true },
      { name: "custom_note", spec: literalTextField({ title: "備考", titleEn: "Note" }, 5), required: false },
      {
        name: "question_q",
        spec: surveyCheckboxesField({ title: "Q" }, [{ value: "a", label: "A" }], { required: false }),
        required: false,
      },
    ],
    conditional: [
      {
        when: { field: "method", values: ["code"] },
        fields: [{ name: "campaignCode", spec: campaignCodeField(), required: true }],
      },
    ],
  }),
  version: "v1",
};

describe("translateValidationErrors", () => {
  it("puts a missing required field on that field, not on the form", () => {
    expect(errorsOf(form, {})).toEqual([{ field: "method", message: "お支払い方法を入力してください。" }]);
  });

  it("reports a field of an inactive branch as not allowed, and one of an active branch by its own rule", () => {
    expect(errorsOf(form, { method: "card", campaignCode: "SPRING" })).toEqual([
      { field: "campaignCode", message: "この項目は入力できません。" },
    ]);
    expect(errorsOf(form, { method: "code", campaignCode: "SPRING-1" })).toEqual([
      { field: "campaignCode", message: "キャンペーンコードは半角英数字で入力してください。" },
    ]);
    expect(errorsOf(form, { method: "code" })).toEqual([
      { field: "campaignCode", message: "キャンペーンコードを入力してください" },
    ]);
  });

  it("uses the generic message of a keyword no rule names a message for", () => {
    expect(errorsOf(form, { method: "card", question_q: ["a", "a"] })).toEqual([
      { field: "question_q", message: "入力内容が正しくありません。" },
    ]);
  });

  it("labels store-supplied fields with their English title in English", () => {
    expect(errorsOf(form, { method: "card", custom_note: "123456" }, "en")).toEqual([
      { field: "custom_note", message: "Note must be 5 characters or fewer." },
    ]);
    expect(errorsOf(form, { method: "card", custom_note: "123456" }, "ja")).toEqual([
      { field: "custom_note", message: "備考は5文字以内で入力してください。" },
    ]);
  });

  it("lists form-level errors first, then fields in the order they are shown", () => {
    const result = validateFormData(form, { custom_note: "123456" });
    if (result.ok) throw new Error("expected errors");
    const rootError = { ...result.errors[0]!, keyword: "type", instancePath: "", params: { type: "object" } };
    expect(
      translateValidationErrors([...result.errors, rootError], form, translators.ja).map(
        ({ field }) => field,
      ),
    ).toEqual(["root", "method", "custom_note"]);
  });

  it("reports the same message for a field once", () => {
    const result = validateFormData(form, {});
    if (result.ok) throw new Error("expected errors");
    expect(
      translateValidationErrors([...result.errors, ...result.errors], form, translators.ja),
    ).toHaveLength(1);
  });
});

describe("createErrorTransformer", () => {
  it("moves each rjsf error onto its field with the translated message", () => {
    const result = validateFormData(form, { custom_note: "123456" });
    if (result.ok) throw new Error("expected errors");
    const rjsfErrors: RJSFValidationError[] = result.errors.map((error) => ({
      name: error.keyword,
      property: error.instancePath.replaceAll("/", "."),
      message: error.message,
      params: error.params,
      stack: "",
    }));
    expect(createErrorTransformer(form, translators.en, "en")(rjsfErrors)).toEqual([
      {
        name: "validation",
        property: ".method",
        message: "Payment method is required.",
        stack: "Payment method is required.",
        params: {},
      },
      {
        name: "validation",
        property: ".custom_note",
        message: "Note must be 5 characters or fewer.",
        stack: "Note must be 5 characters or fewer.",
        params: {},
      },
    ]);
  });
});
