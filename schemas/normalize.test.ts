import { describe, expect, it } from "vitest";
import type { FormDefinition } from "./form-definition.ts";
import { composeForm } from "./forms/compose.ts";
import { normalizeFormData, propertySchemas } from "./normalize.ts";
import {
  birthdayField,
  campaignCodeField,
  kanaField,
  newPasswordField,
  phoneNumberField,
  postalCodeField,
  prefectureField,
  surveyCheckboxesField,
  textField,
} from "./rules.ts";

const form: FormDefinition = {
  ...composeForm({
    id: "normalize-test",
    fields: [
      { name: "nickname", spec: textField("field.nickname", 30), required: false },
      { name: "familyNameKana", spec: kanaField("field.familyNameKana", 50), required: false },
      { name: "birthday", spec: birthdayField(), required: false },
      { name: "phoneNumber", spec: phoneNumberField(), required: false },
      { name: "postalCode", spec: postalCodeField(), required: false },
      { name: "prefecture", spec: prefectureField(), required: false },
      { name: "password", spec: newPasswordField("LOWER_DIGIT"), required: false },
      {
        name: "question_q",
        spec: surveyCheckboxesField({ title: "Q" }, [{ value: "a", label: "A" }], { required: false }),
        required: false,
      },
    ],
    conditional: [
      {
        when: { field: "nickname", values: ["code"] },
        fields: [{ name: "campaignCode", spec: campaignCodeField(), required: true }],
      },
    ],
  }),
  version: "test",
};

describe("normalizeFormData", () => {
  it("trims text and drops empty, null and undefined values so `required` reports them", () => {
    expect(
      normalizeFormData(form, {
        nickname: "  たろう ",
        familyNameKana: "",
        birthday: null,
        phoneNumber: undefined,
      }),
    ).toEqual({
      nickname: "たろう",
    });
    expect(normalizeFormData(form, { nickname: "   " })).toEqual({});
  });

  it("turns half-width and full-width forms into one (NFKC) where the field asks for it", () => {
    expect(normalizeFormData(form, { familyNameKana: " ﾔﾏﾀﾞ ", birthday: "１９９００１０１" })).toEqual({
      familyNameKana: "ヤマダ",
      birthday: "19900101",
    });
    // A plain text field keeps what was typed apart from the surrounding spaces.
    expect(normalizeFormData(form, { nickname: "ＴＡＲＯ" })).toEqual({ nickname: "ＴＡＲＯ" });
  });

  it("removes the separators of phone numbers and postal codes, but not other characters", () => {
    expect(
      normalizeFormData(form, { phoneNumber: "０９０ー1234-5678", postalCode: "１００－０００１" }),
    ).toEqual({ phoneNumber: "09012345678", postalCode: "1000001" });
    expect(normalizeFormData(form, { phoneNumber: "(03) 1234 5678" })).toEqual({ phoneNumber: "0312345678" });
    expect(normalizeFormData(form, { phoneNumber: "090-abcd-5678" })).toEqual({ phoneNumber: "090abcd5678" });
    expect(normalizeFormData(form, { postalCode: "---" })).toEqual({});
  });

  it("removes the separators of a date typed as the page shows it", () => {
    expect(normalizeFormData(form, { birthday: "1990/04/15" })).toEqual({ birthday: "19900415" });
    expect(normalizeFormData(form, { birthday: "１９９０－０４－１５" })).toEqual({ birthday: "19900415" });
    expect(normalizeFormData(form, { birthday: "1990.4.15" })).toEqual({ birthday: "1990415" });
  });

  it("leaves passwords exactly as typed", () => {
    expect(normalizeFormData(form, { password: " Ｐass word " })).toEqual({ password: " Ｐass word " });
    expect(normalizeFormData(form, { password: "" })).toEqual({});
  });

  it("turns numeric strings of number fields into numbers and leaves other strings for ajv to reject", () => {
    expect(normalizeFormData(form, { prefecture: "13" })).toEqual({ prefecture: 13 });
    expect(normalizeFormData(form, { prefecture: "１３" })).toEqual({ prefecture: 13 });
    expect(normalizeFormData(form, { prefecture: "Tokyo" })).toEqual({ prefecture: "Tokyo" });
    expect(normalizeFormData(form, { prefecture: 47 })).toEqual({ prefecture: 47 });
  });

  it("cleans the items of lists and keeps booleans", () => {
    expect(normalizeFormData(form, { question_q: [" a ", "", null], agreed: false })).toEqual({
      question_q: ["a"],
      agreed: false,
    });
  });

  it("applies a field's kind to fields of if/then branches too", () => {
    expect(normalizeFormData(form, { campaignCode: "  SPRING  " })).toEqual({ campaignCode: "SPRING" });
  });

  it("returns values that are not objects unchanged", () => {
    expect(normalizeFormData(form, "text")).toBe("text");
    expect(normalizeFormData(form, null)).toBe(null);
    expect(normalizeFormData(form, [1])).toEqual([1]);
  });

  it("does not change its input", () => {
    const data = { nickname: " たろう " };
    normalizeFormData(form, data);
    expect(data).toEqual({ nickname: " たろう " });
  });
});

describe("propertySchemas", () => {
  it("finds the properties of the form and of its conditional branches", () => {
    expect([...propertySchemas(form.schema).keys()]).toEqual([
      "nickname",
      "familyNameKana",
      "birthday",
      "phoneNumber",
      "postalCode",
      "prefecture",
      "password",
      "question_q",
      "campaignCode",
    ]);
  });
});
